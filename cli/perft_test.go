package cli

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

func run(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestPerftOutput checks the divide format other tools parse: one
// `MOVE: COUNT` line per root move, a blank line, `Nodes searched: N`.
func TestPerftOutput(t *testing.T) {
	code, out, errText := run("perft", "2")
	if code != 0 || errText != "" {
		t.Fatalf("exit %d, stderr %q", code, errText)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 102 {
		t.Fatalf("got %d lines, want 100 moves + blank + total", len(lines))
	}
	line := regexp.MustCompile(`^[A-L]\d{1,2}([-x][A-L]\d{1,2})+: \d+$`)
	sum := 0
	for _, l := range lines[:100] {
		if !line.MatchString(l) {
			t.Fatalf("bad divide line %q", l)
		}
		var n int
		if _, err := fmt.Sscan(l[strings.LastIndex(l, " ")+1:], &n); err != nil {
			t.Fatal(err)
		}
		sum += n
	}
	if lines[100] != "" || lines[101] != "Nodes searched: 10026" || sum != 10026 {
		t.Fatalf("tail %q %q, sum %d", lines[100], lines[101], sum)
	}
	// Splitting the root moves over threads changes nothing.
	if _, out2, _ := run("perft", "-threads", "3", "2"); out2 != out {
		t.Error("perft -threads 3 output differs from 1 thread")
	}
}

func TestPerftFromCFEN(t *testing.T) {
	// R13: White's Man on G16 may make a castle move; the Man on A13 has
	// four plain moves (A12, B12, B13, B14; A14 does not exist, R1).
	cfen := "1M/8/10/M11/12/12/12/12/12/12/12/12/11n/10/8/2 w 0/0 0 1"
	code, out, _ := run("perft", "1", cfen)
	want := "A13-A12: 1\nA13-B12: 1\nA13-B13: 1\nA13-B14: 1\nG16-F16: 1\n\nNodes searched: 5\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d, output %q, want %q", code, out, want)
	}
}

func TestPerftErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft"}, "usage"},
		{[]string{"perft", "x"}, "bad depth"},
		{[]string{"perft", "-1"}, "flag provided but not defined"},
		{[]string{"perft", "-threads", "-2", "1"}, "bad -threads"},
		{[]string{"perft", "1", "2/8/10 w"}, "CFEN field 1 (board)"},
		{[]string{"perft", "1", "x", "y"}, "usage"},
		{[]string{"nosuch"}, "unknown command"},
	} {
		code, out, errText := run(tc.args...)
		if code == 0 || out != "" || !strings.Contains(errText, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want non-zero exit and %q", tc.args, code, out, errText, tc.want)
		}
	}
}
