package plural

import "testing"

func TestOf(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 plies"}, {1, "1 ply"}, {2, "2 plies"}, {-1, "-1 plies"}} {
		if got := Of(c.n, "ply", "plies"); got != c.want {
			t.Errorf("Of(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
