package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/book"
	"github.com/camelot-engine/camelot/game"
)

// TestRulesFlagErrors: every command with -rules (V14) refuses an unknown
// rule set in one line, "camelot CMD: -rules: …", with status 2, and
// documents the flag in its help.
func TestRulesFlagErrors(t *testing.T) {
	open := "../testdata/openings/balanced.cfen"
	for _, c := range [][]string{
		{"perft", "-rules", "foo", "1"},
		{"bench", "-rules", "foo"},
		{"match", "-rules", "foo"},
		{"openings", "-rules", "foo"},
		{"openings", "pick", "-rules", "foo"},
		{"datagen", "-rules", "foo"},
		{"book", "build", "-rules", "foo"},
		{"book", "probe", "-rules", "foo"},
		{"book", "stats", "-rules", "foo"},
		{"tune", "-rules", "foo", "data.txt"},
		{"solve", "-variant", "camette", "-rules", "foo"},
		{"tune-search", "-state", filepath.Join(t.TempDir(), "s.json"), "-openings", open, "-rules", "foo"},
	} {
		cmd := c[0]
		if cmd == "openings" && c[1] == "pick" || cmd == "book" {
			cmd += " " + c[1]
		}
		want := "camelot " + cmd + ": -rules: unknown rules \"foo\" (want wcf or abstractplay)\n"
		code, out, errText := run(c...)
		if code != 2 || out != "" || errText != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c, code, out, errText, want)
		}
	}
	for _, c := range []string{"perft", "bench", "openings", "openings pick", "datagen", "book build", "book probe", "book stats", "tune", "solve", "tune-search"} {
		_, _, errText := run(append(strings.Fields(c), "-h")...)
		if !strings.Contains(errText, "-rules") {
			t.Errorf("%s -h does not document -rules:\n%s", c, errText)
		}
	}
	if code, out, _ := run("match", "-h"); code != 0 || !strings.Contains(out, "-rules NAME") {
		t.Errorf("match -h does not document -rules")
	}
}

// TestSolveRules: the solution table is Camette's under the WCF's rules,
// so solve refuses -rules abstractplay in one line; -rules wcf is the
// default.
func TestSolveRules(t *testing.T) {
	code, out, errText := run("solve", "-variant", "camette", "-rules", "abstractplay", "-out", t.TempDir())
	if code != 2 || out != "" || strings.Count(errText, "\n") != 1 || !strings.HasPrefix(errText, "camelot solve: -rules abstractplay: the table solves Camette under the WCF's rules only") {
		t.Errorf("solve -rules abstractplay: exit %d, stdout %q, stderr %q", code, out, errText)
	}
	code, _, errText = run("solve", "-variant", "camette", "-rules", "wcf")
	if code != 2 || !strings.Contains(errText, "-out DIR is required") {
		t.Errorf("solve -rules wcf: exit %d, stderr %q; want it to get as far as -out", code, errText)
	}
}

// TestBenchRules: bench -rules abstractplay searches the suite under
// AbstractPlay's rules: the same report, another node count.
func TestBenchRules(t *testing.T) {
	nodes := map[string]string{}
	for _, r := range []string{"wcf", "abstractplay"} {
		code, out, errText := run("bench", "3", "1", "1", "-rules", r)
		if code != 0 || errText != "" || !strings.Contains(out, "Position 39/39: ") {
			t.Fatalf("bench -rules %s: exit %d, stderr %q\n%s", r, code, errText, out)
		}
		_, nodes[r], _ = strings.Cut(out, "\nNodes searched: ")
		nodes[r], _, _ = strings.Cut(nodes[r], "\n")
	}
	if nodes["wcf"] == nodes["abstractplay"] {
		t.Errorf("bench 3 searched %s nodes under both rule sets", nodes["wcf"])
	}
}

// TestOpeningsRules: openings -rules abstractplay plays its random plies
// and scores them under AbstractPlay's rules and says so in its header;
// the suite names only its board, which both rule sets share.
func TestOpeningsRules(t *testing.T) {
	code, out, errText := run("openings", "-rules", "abstractplay", "-variant", "cam", "-count", "2", "-depth", "1", "-plies", "2-4", "-score", "0-300", "-threads", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errText)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if lines[0] != "# Variant: Cam" || !strings.HasSuffix(lines[1], "-variant cam -rules abstractplay") || !strings.Contains(out, "from Cam's start position (V3) under AbstractPlay's rules (V14)") {
		t.Errorf("header:\n%s", out)
	}
	code, out, _ = run("openings", "-count", "1", "-depth", "1", "-plies", "2-2", "-score", "0-300", "-threads", "1")
	if code != 0 || strings.Contains(out, "rules") || strings.Contains(out, "Variant") {
		t.Errorf("openings under the WCF's rules: exit %d, a header naming a variant or rules:\n%s", code, out)
	}
}

// TestOpeningsPickRules: openings pick keeps the openings of a pilot
// played under the rule set -rules names, and refuses one played under
// another.
func TestOpeningsPickRules(t *testing.T) {
	dir := t.TempDir()
	pgn := func(white, black, result string) string {
		return "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n[Rules \"AbstractPlay\"]\n\n1. E6-G8 " + result + "\n\n"
	}
	pilot := filepath.Join(dir, "pilot.pgn")
	if err := os.WriteFile(pilot, []byte(pgn("a", "b", "1-0")+pgn("b", "a", "0-1")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errText := run("openings", "pick", "-player", "a", "-rules", "abstractplay", pilot)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || !strings.Contains(lines[0], " -rules abstractplay ") || lines[3] != game.StartCFEN {
		t.Errorf("pick -rules abstractplay: exit %d, stderr %q\n%s", code, errText, out)
	}
	code, out, errText = run("openings", "pick", "-player", "a", pilot)
	if code != 1 || out != "" || !strings.Contains(errText, "game 1 was played under abstractplay rules, not wcf (give -rules abstractplay)") {
		t.Errorf("pick of an abstractplay pilot under wcf: exit %d, stdout %q, stderr %q", code, out, errText)
	}
}

// TestDatagenRules: datagen -rules abstractplay plays its games under
// AbstractPlay's rules and names them on the settings line, which a
// resumed run must match; its positions are the board's.
func TestDatagenRules(t *testing.T) {
	data := filepath.Join(t.TempDir(), "ap.txt")
	args := []string{"datagen", "-rules", "abstractplay", "-out", data, "-games", "1", "-nodes", "50", "-verify-nodes", "50", "-hash", "1", "-threads", "1"}
	if code, _, errText := run(args...); code != 0 {
		t.Fatalf("datagen -rules abstractplay: exit %d, %s", code, errText)
	}
	text, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "# seed=1 ") || !strings.HasSuffix(lines[1], " rules=abstractplay") || strings.Contains(lines[1], "variant=") {
		t.Errorf("settings line %q: want rules=abstractplay at its end", lines[1])
	}
	code, _, errText := run("datagen", "-out", data, "-games", "1", "-nodes", "50", "-verify-nodes", "50", "-hash", "1", "-threads", "1")
	if code != 1 || !strings.Contains(errText, "a file of games under abstractplay rules, this run plays under wcf (V14)") {
		t.Errorf("resuming under wcf: exit %d, stderr %q", code, errText)
	}
	// The data are the board's: tune reads them as Camelot's positions.
	code, out, errText := run("tune", "-epochs", "0", "-k", "1", "-validation", "0", "-threads", "1", "-out", filepath.Join(t.TempDir(), "w.go"), data)
	if code != 0 {
		t.Errorf("tune on abstractplay data: exit %d, stdout %q, stderr %q", code, out, errText)
	}
}

// TestBookRules: book build -rules abstractplay grows the book by
// AbstractPlay's moves and searches, names the rule set in its journal
// (a resumed build must match) and writes a book of the board, which
// probe reads under either rule set.
func TestBookRules(t *testing.T) {
	out := filepath.Join(t.TempDir(), "ap.book")
	build := []string{"book", "build", "-out", out, "-positions", "6", "-nodes", "200", "-scout-nodes", "50", "-width", "2", "-threads", "1", "-hash", "1"}
	if code, stdout, errText := run(append(build, "-rules", "abstractplay")...); code != 0 {
		t.Fatalf("book build -rules abstractplay: exit %d\n%s%s", code, stdout, errText)
	}
	journal, err := os.ReadFile(out + ".journal")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(string(journal), "\n"); !strings.HasSuffix(lines[1], " rules=abstractplay") {
		t.Errorf("journal settings %q: want rules=abstractplay", lines[1])
	}
	b, err := book.Open(out)
	if err != nil || b.Variant != game.Camelot {
		t.Fatalf("the book: %v, of %v; want Camelot's board", err, b)
	}
	if code, _, errText := run(build...); code != 1 || !strings.Contains(errText, "other settings") {
		t.Errorf("resuming under wcf: exit %d, stderr %q", code, errText)
	}
	for _, r := range []string{"abstractplay", "wcf"} {
		code, stdout, errText := run("book", "probe", "-book", out, "-rules", r)
		if lines := strings.Split(strings.TrimSpace(stdout), "\n"); code != 0 || len(lines) != 3 {
			t.Errorf("probe -rules %s: exit %d, stderr %q, want a header and 2 moves:\n%s", r, code, errText, stdout)
		}
	}
	// The built-in book serves both rule sets.
	if code, stdout, errText := run("book", "probe", "-rules", "abstractplay"); code != 0 || strings.HasPrefix(stdout, "no book moves") {
		t.Errorf("probe of the built-in book under abstractplay: exit %d, stderr %q\n%s", code, errText, stdout)
	}
}
