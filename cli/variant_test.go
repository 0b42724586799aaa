package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// TestPerftVariants checks `perft -variant NAME` against the counts from
// each variant's start (V3, V7).
func TestPerftVariants(t *testing.T) {
	for _, tc := range []struct {
		variant string
		counts  []int
	}{
		{"camette", []int{22, 345, 4926, 65908, 774222}},
		{"Cam", []int{54, 2916, 166212}},
		{"camelot", []int{100, 10026}},
		{"chivalry", []int{132, 17470}}, // on the 14-file grid
	} {
		for d, want := range tc.counts {
			code, out, errText := run("perft", "-variant", tc.variant, "-threads", "2", itoa(d+1))
			if code != 0 || errText != "" || !strings.HasSuffix(out, "\nNodes searched: "+itoa(want)+"\n") {
				t.Errorf("perft -variant %s %d: exit %d, stderr %q, tail %q; want %d", tc.variant, d+1, code, errText, tail(out), want)
			}
		}
	}
	// A CFEN is read on the variant's board: Camette's start, given
	// as text, counts as the start does.
	code, out, _ := run("perft", "-variant", "camette", "2", "1/1n1/1mmm1/5/1MMM1/1N1/1 w 0/0 0 1")
	if code != 0 || !strings.HasSuffix(out, "Nodes searched: 345\n") {
		t.Errorf("perft -variant camette 2 CFEN: exit %d, tail %q", code, tail(out))
	}
	// Camette's start is no Cam position.
	code, out, errText := run("perft", "-variant", "cam", "1", "1/1n1/1mmm1/5/1MMM1/1N1/1 w 0/0 0 1")
	if code != 2 || out != "" || !strings.Contains(errText, "Cam board") {
		t.Errorf("perft -variant cam with Camette's CFEN: exit %d, stdout %q, stderr %q", code, out, errText)
	}
}

// TestVariantFlagErrors checks that every command with -variant refuses
// an unknown name in one line naming it, with status 2.
func TestVariantFlagErrors(t *testing.T) {
	cmds := [][]string{
		{"perft", "1"},
		{"bench"},
		{"match"},
		{"openings"},
		{"openings", "pick"},
		{"analyse", "-"},
		{"datagen"},
		{"book", "build"},
		{"book", "probe"},
		{"book", "stats"},
		{"tune", "x.txt"},
		{"train", "x.txt"},
	}
	for _, c := range cmds {
		for _, name := range []string{"nosuch"} {
			args := append(append([]string{c[0]}, c[1:]...), "-variant", name)
			if c[0] == "perft" || c[0] == "analyse" || c[0] == "tune" || c[0] == "train" {
				// Flags before the arguments.
				args = append([]string{c[0]}, append([]string{"-variant", name}, c[1:]...)...)
			}
			if c[0] == "book" || c[0] == "openings" && len(c) > 1 {
				args = []string{c[0], c[1], "-variant", name}
			}
			code, out, errText := run(args...)
			lines := strings.Split(strings.TrimSuffix(errText, "\n"), "\n")
			if code == 0 || out != "" || len(lines) != 1 || !strings.Contains(errText, name) {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line naming %s", args, code, out, errText, name)
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func tail(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestBenchVariant runs `bench -variant NAME` at a small depth: the same
// report format, the variant's suite.
func TestBenchVariant(t *testing.T) {
	for _, v := range []string{"cam", "camette"} {
		code, out, errText := run("bench", "2", "1", "1", "-variant", v)
		if code != 0 || errText != "" || !strings.Contains(out, "Position 12/12: ") || !strings.Contains(out, "\nNodes searched: ") || !strings.Contains(out, "\nNodes/second: ") {
			t.Errorf("bench -variant %s: exit %d, stderr %q, output:\n%s", v, code, errText, out)
		}
	}
	code, _, errText := run("bench", "-h")
	if code != 0 || !strings.Contains(errText, "-variant NAME") {
		t.Errorf("bench -h: exit %d, stderr %q", code, errText)
	}
}

// TestOpeningsVariant: `openings -variant camette` writes a suite that
// names its board and whose lines are Camette positions.
func TestOpeningsVariant(t *testing.T) {
	code, out, errText := run("openings", "-variant", "camette", "-count", "2", "-depth", "1", "-plies", "2-4", "-score", "0-300", "-threads", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errText)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if lines[0] != "# Variant: Camette" || !strings.Contains(lines[1], "-variant camette") || !strings.Contains(out, "Camette's start position (V3)") {
		t.Errorf("header:\n%s", out)
	}
	for _, l := range lines {
		if cf, _, _ := strings.Cut(l, "#"); strings.TrimSpace(cf) != "" {
			if _, err := boards.ParseCFEN(game.Camette, cf); err != nil {
				t.Errorf("line %q: %v", l, err)
			}
		}
	}
}

// A book holds one board's positions: book build -variant cam builds
// Cam's from its start, probe and stats read it with -variant cam, and a
// book of another board than -variant's is refused. train makes a net of
// the data's board.
func TestVariantBooksAndNets(t *testing.T) {
	camBook := filepath.Join(t.TempDir(), "cam.book")
	code, out, errText := run("book", "build", "-variant", "cam", "-out", camBook, "-positions", "12", "-nodes", "300",
		"-scout-nodes", "50", "-width", "3", "-threads", "1", "-hash", "1")
	if code != 0 || !strings.Contains(out, "book: "+camBook+": ") {
		t.Fatalf("book build -variant cam: exit %d\n%s%s", code, out, errText)
	}
	code, out, _ = run("book", "probe", "-variant", "cam", "-book", camBook)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 {
		t.Errorf("probe of Cam's start: exit %d, want a header and 3 moves:\n%s", code, out)
	}
	start := boards.StartPosition(game.Cam)
	for _, l := range lines[1:] {
		if _, err := start.ParseMove(strings.Fields(l)[0]); err != nil {
			t.Errorf("book move %q is no legal move of Cam's start: %v", l, err)
		}
	}
	for _, args := range [][]string{
		{"book", "probe", "-book", camBook},
		{"book", "stats", "-book", camBook, "-variant", "camette"},
	} {
		code, out, errText := run(args...)
		if code == 0 || out != "" || strings.Count(errText, "\n") != 1 || !strings.Contains(errText, "a book of Cam, not of") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line refusing a book of Cam", args, code, out, errText)
		}
	}
	// Cam's book is built in; Camette has none.
	if code, out, errText := run("book", "stats", "-variant", "cam"); code != 0 || !strings.Contains(out, "positions by ply: 0:1 ") {
		t.Errorf("book stats -variant cam: exit %d, stdout %q, stderr %q", code, out, errText)
	}
	if code, _, errText := run("book", "stats", "-variant", "camette"); code == 0 || !strings.Contains(errText, "no book of Camette is built in") {
		t.Errorf("book stats -variant camette without a book: exit %d, stderr %q", code, errText)
	}
	data := filepath.Join(t.TempDir(), "cam.txt")
	code, _, errText = run("datagen", "-variant", "cam", "-out", data, "-games", "1", "-nodes", "50", "-verify-nodes", "50", "-hash", "1", "-threads", "1")
	if code != 0 {
		t.Fatalf("datagen: exit %d, %s", code, errText)
	}
	net := filepath.Join(t.TempDir(), "cam.nnue")
	code, out, errText = run("train", "-epochs", "1", "-hidden", "16", "-k", "1", "-validation", "0", "-threads", "1", "-out", net, data)
	if code != 0 || !strings.Contains(out, "wrote "+net) {
		t.Errorf("train on Cam data: exit %d, stdout %q, stderr %q", code, out, errText)
	} else if n, err := nnue.LoadFile(net); err != nil || n.Variant != game.Cam || !strings.HasPrefix(n.Name, "cam-") {
		t.Errorf("the net of Cam's data: %v, %+v", err, n)
	}
	// The data's board and -variant must agree.
	code, _, errText = run("train", "-variant", "camelot", "-epochs", "1", "-hidden", "16", "-k", "1", "-out", net, data)
	if code == 0 || !strings.Contains(errText, "positions of Cam") {
		t.Errorf("train -variant camelot on Cam data: exit %d, stderr %q", code, errText)
	}
	for _, c := range []string{"train", "book build", "book probe", "book stats", "datagen", "openings", "analyse", "perft"} {
		_, _, errText := run(append(strings.Fields(c), "-h")...)
		if !strings.Contains(errText, "-variant") {
			t.Errorf("%s -h does not document -variant:\n%s", c, errText)
		}
	}
}
