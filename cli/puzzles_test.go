package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/puzzles"
)

// A castle entry that must be made now (Black threatens its own), and
// the same position with a second White man that can enter too.
const (
	castleCFEN = "M1/4M3/10/12/n9mm/12/12/12/12/12/12/MM9N/12/5m4/8/m1 b 0/0 0 30"
	twoWinCFEN = "M1/3MM3/10/12/n9mm/12/12/12/12/12/12/MM9N/12/5m4/8/m1 b 0/0 0 30"
)

func puzzleLine(id, cfen, moves string) string {
	return id + "," + cfen + "," + moves + ",1103,100,castle oneMove,Camelot,test\n"
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPuzzlesVerify(t *testing.T) {
	good := writeFile(t, "good.csv", puzzles.Header+"\n"+puzzleLine("good1", castleCFEN, "G3-G2 G15-G16"))
	if code, out, errText := run("puzzles", "verify", "-nodes", "20000", good); code != 0 || !strings.Contains(out, "1 unique (100.0%)") {
		t.Fatalf("a good file: exit %d, %q %q", code, out, errText)
	}
	bad := writeFile(t, "bad.csv", puzzles.Header+"\n"+
		puzzleLine("good1", castleCFEN, "G3-G2 G15-G16")+
		puzzleLine("twice", twoWinCFEN, "G3-G2 G15-G16")+
		puzzleLine("wrong", castleCFEN, "G3-G2 A5-A6"))
	code, out, _ := run("puzzles", "verify", "-nodes", "20000", bad)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{bad + ":3: twice: move 2: second solution", bad + ":4: wrong: move 2: second solution", "1 unique"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "good1:") {
		t.Errorf("the good puzzle is listed:\n%s", out)
	}
	// An illegal move is listed with the others; a line with a bad
	// field other than Moves is one line on stderr.
	illegal := writeFile(t, "illegal.csv", puzzles.Header+"\n"+puzzleLine("good1", castleCFEN, "G3-G2 G15-G16")+
		puzzleLine("ill", castleCFEN, "G3-G2 G15-G13")+puzzleLine("ill2", castleCFEN, "G3-G2 G15-G16 A12-A11 G14-G13"))
	code, out, errText := run("puzzles", "verify", "-nodes", "20000", illegal)
	if code != 1 || errText != "" {
		t.Errorf("illegal moves: exit %d, stderr %q", code, errText)
	}
	for _, want := range []string{illegal + ":3: ill: move 2 \"G15-G13\"", illegal + ":4: ill2: move 3", "verified 3 puzzles", "1 unique"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	broken := writeFile(t, "broken.csv", puzzles.Header+"\n"+puzzleLine("good1", castleCFEN, "G3-G2 G15-G16")+"x,y\n")
	code, _, errText = run("puzzles", "verify", "-nodes", "20000", broken)
	if code != 1 || !strings.HasPrefix(errText, broken+":3: ") || strings.Count(errText, "\n") != 1 {
		t.Errorf("a malformed line: exit %d, stderr %q", code, errText)
	}
}

func TestPuzzlesUsage(t *testing.T) {
	for _, args := range [][]string{
		{"puzzles"},
		{"puzzles", "solve"},
		{"puzzles", "generate", "-selfplay", "1"},
		{"puzzles", "generate", "-out", "x.csv"},
		{"puzzles", "generate", "-selfplay", "1", "-records", "a.pgn", "-out", "x.csv"},
		{"puzzles", "generate", "-variant", "chess", "-selfplay", "1", "-out", "x.csv"},
		{"puzzles", "verify"},
		{"puzzles", "verify", "-nodes", "x", "f.csv"},
		{"puzzles", "export"},
		{"puzzles", "export", "-variant", "chess", "-out", "x.csv"},
		{"puzzles", "verify", "-x", "f.csv"},
		{"puzzles", "generate", "-selfplay", "1", "-nodes", "-3", "-out", "x.csv"},
	} {
		code, _, errText := run(args...)
		if code != 2 || errText == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errText)
		}
		if len(args) > 1 && strings.Count(errText, "\n") != 1 {
			t.Errorf("%q: stderr %q, want one line", args, errText)
		}
	}
	if code, _, errText := run("puzzles", "verify", filepath.Join(t.TempDir(), "none.csv")); code != 1 || strings.Count(errText, "\n") != 1 {
		t.Errorf("a missing file: exit %d, %q", code, errText)
	}
}

func TestPuzzlesGenerateResumes(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.csv")
	args := []string{"puzzles", "generate", "-records", "../testdata/games/chaxx-nolan-2008.txt", "-nodes", "3000", "-recheck", "2", "-threads", "1", "-out", out}
	code, _, errText := run(args...)
	if code != 0 || !strings.Contains(errText, "puzzles: games 1/1, candidates ") {
		t.Fatalf("exit %d, stderr %q", code, errText)
	}
	first, _ := os.ReadFile(out)
	ps, err := puzzles.ReadCSV(bytes.NewReader(first))
	if err != nil || len(ps) == 0 {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	for _, p := range ps {
		if !strings.HasPrefix(p.Source, "2008 game against the computer program Chaxx 1.05 ply ") {
			t.Errorf("source %q", p.Source)
		}
	}
	// Done: a second run adds nothing.
	if code, _, errText := run(args...); code != 0 {
		t.Fatalf("again: exit %d, %s", code, errText)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, first) {
		t.Errorf("a finished run wrote again")
	}
	// Killed in the middle of a line, before the game was marked done:
	// the cut line is dropped, the game scanned again, nothing written twice.
	cut := first[:len(first)-10]
	if err := os.WriteFile(out, cut, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(out + ".progress")
	if code, _, errText := run(args...); code != 0 {
		t.Fatalf("resumed: exit %d, %s", code, errText)
	}
	resumed, _ := os.ReadFile(out)
	if !bytes.Equal(resumed, first) {
		t.Errorf("resumed file differs:\n%s\nwant\n%s", resumed, first)
	}
	if code, out, _ := run("puzzles", "verify", "-nodes", "6000", out); code != 0 {
		t.Errorf("verify at the recheck's nodes: exit %d\n%s", code, out)
	}
}

func TestPuzzlesExport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "all.csv")
	if code, _, errText := run("puzzles", "export", "-out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errText)
	}
	data, _ := os.ReadFile(out)
	ps, err := puzzles.ReadCSV(bytes.NewReader(data))
	if err != nil || len(ps) != len(puzzles.BuiltIn()) {
		t.Fatalf("%d puzzles of %d, %v", len(ps), len(puzzles.BuiltIn()), err)
	}
	if code, stdout, _ := run("puzzles", "export", "-variant", "cam", "-out", "-"); code != 0 || !strings.HasPrefix(stdout, puzzles.Header+"\n") || strings.Contains(stdout, ",Camelot,") {
		t.Errorf("export -variant cam: exit %d", code)
	}
}
