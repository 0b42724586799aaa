package tune

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -pst-by-rank writes the board's table with piece-square entries that
// grow with the rank, and refuses a malformed pair or data files.
func TestRankTable(t *testing.T) {
	out := filepath.Join(t.TempDir(), "river.go")
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"-variant", "river", "-pst-by-rank", "12,6", "-out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"register(game.River,", "{MG: 24, EG: 12},", "// pst.man.B3", "{MG: 168, EG: 84},    // pst.knight.F15"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the table lacks %q", want)
		}
	}
	for _, args := range [][]string{{"-pst-by-rank", "12"}, {"-pst-by-rank", "a,b"}, {"-pst-by-rank", "1,2", "data.txt"}} {
		stderr.Reset()
		if code := Main(append([]string{"-variant", "river", "-out", out}, args...), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-pst-by-rank") {
			t.Errorf("%v: exit %d, %q", args, code, stderr.String())
		}
	}
}
