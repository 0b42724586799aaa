package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/record"
)

// apFile is an AbstractPlay record of package record's testdata.
func apFile(name string) string {
	return filepath.Join("..", "record", "testdata", "abstractplay", name)
}

// analyseJSON runs camelot analyse -json and decodes its games.
func analyseJSON(t *testing.T, args ...string) (code int, games []analysedGame, stderr string) {
	t.Helper()
	code, stdout, stderr := run(append([]string{"analyse", "-depth", "1", "-threads", "1", "-hash", "4", "-json"}, args...)...)
	var out struct {
		Games []analysedGame `json:"games"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("output %v:\n%s\nstderr: %s", err, stdout, stderr)
	}
	return code, out.Games, stderr
}

type analysedGame struct {
	Variant string            `json:"variant"`
	Rules   string            `json:"rules"`
	Tags    map[string]string `json:"tags"`
	Result  string            `json:"result"`
	Moves   []struct {
		Ply        int
		Move, Text string
	} `json:"moves"`
}

// V14: camelot analyse replays an AbstractPlay record under AbstractPlay's
// rules without being asked, so its Knight's canter C6-E8-G8 (legal there
// only, V14.1) is analysed, and says so: a "; rules:" line before the
// game and the Rules tag in its text, "rules" in its JSON. -rules wcf
// overrides the record's rules, and the record stops at that move, named
// by its ply and text.
func TestAnalyseAbstractPlayRules(t *testing.T) {
	file := apFile("camelot-canter-final-landing.json")
	code, stdout, stderr := run("analyse", "-depth", "1", "-threads", "1", "-hash", "4", file)
	if code != 0 || !strings.HasPrefix(stdout, "; rules: abstractplay (V14)\n[Event") ||
		!strings.Contains(stdout, "[Rules \"AbstractPlay\"]\n") || !strings.Contains(stdout, "2. C6-E8-G8") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, stderr, stdout)
	}
	games, err := record.Read(strings.NewReader(stdout))
	if err != nil || len(games) != 1 || games[0].Variant.Rules().String() != "abstractplay" || len(games[0].Moves) != 3 {
		t.Fatalf("output reads back as %v, %v", games, err)
	}

	code, out, stderr := analyseJSON(t, file)
	if code != 0 || len(out) != 1 || out[0].Rules != "abstractplay" || out[0].Variant != "camelot" || out[0].Tags["Rules"] != "AbstractPlay" ||
		len(out[0].Moves) != 3 || out[0].Moves[2].Move != "C6-E8-G8" || out[0].Moves[2].Text != "c6^e8^g8" {
		t.Fatalf("exit %d, stderr %q, games %+v", code, stderr, out)
	}

	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(string(data[:strings.Index(string(data), `"c6^e8^g8"`)]), "\n") - 2 // the round's
	want := file + ":" + strconv.Itoa(line) + ": game 1: AbstractPlay record: round 2, seat 1 (white): move 2. c6^e8^g8: illegal move"
	for _, args := range [][]string{
		{"analyse", "-depth", "1", "-rules", "wcf", file},
		{"analyse", "-depth", "1", "-rules", "WCF", "-json", file},
	} {
		code, _, stderr = run(args...)
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %q", args, code, stderr, want)
		}
	}

	code, stdout, stderr = run("analyse", "-depth", "1", "-rules", "foo", file)
	if code != 2 || stdout != "" || stderr != "camelot analyse: -rules: unknown rules \"foo\" (want wcf or abstractplay)\n" {
		t.Errorf("-rules foo: exit %d, stderr %q", code, stderr)
	}
}

// V14: a record in text is analysed under the rules of its Rules tag, or
// the WCF's without one; -rules overrides either.
func TestAnalyseRulesOfRecordsInText(t *testing.T) {
	dir := t.TempDir()
	canter := "1. E7-F8 D11-D9 2. C6-E8-G8 *\n"
	tagged := filepath.Join(dir, "tagged.pgn")
	plain := filepath.Join(dir, "plain.pgn")
	if err := os.WriteFile(tagged, []byte("[Rules \"abstractplay\"]\n\n"+canter), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(plain, []byte(canter), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		rules string // "": the game stops at the canter, on line
		line  int
	}{
		{[]string{tagged}, "abstractplay", 0},
		{[]string{"-rules", "abstractplay", plain}, "abstractplay", 0},
		{[]string{plain}, "", 1},
		{[]string{"-rules", "wcf", tagged}, "", 3},
	} {
		code, games, stderr := analyseJSON(t, c.args...)
		file := c.args[len(c.args)-1]
		switch {
		case c.rules == "" && (code != 1 || len(games) != 0 || !strings.Contains(stderr, file+":"+strconv.Itoa(c.line)+": game 1: move 2. C6-E8-G8: illegal move")):
			t.Errorf("%v: exit %d, stderr %q, %d games", c.args, code, stderr, len(games))
		case c.rules != "" && (code != 0 || len(games) != 1 || games[0].Rules != c.rules || len(games[0].Moves) != 3):
			t.Errorf("%v: exit %d, stderr %q, games %+v", c.args, code, stderr, games)
		}
	}
	// A game of the WCF's rules says so too.
	code, stdout, stderr := run("analyse", "-depth", "1", "-threads", "1", "-hash", "4", filepath.Join("..", "analysis", "testdata", "castle-blunder.pgn"))
	if code != 0 || !strings.HasPrefix(stdout, "; rules: wcf (R1–R17)\n[Event") || strings.Contains(stdout, "[Rules") {
		t.Errorf("exit %d, stderr %q:\n%s", code, stderr, stdout)
	}
	if _, games, _ := analyseJSON(t, filepath.Join("..", "analysis", "testdata", "castle-blunder.pgn")); len(games) != 1 || games[0].Rules != "wcf" {
		t.Errorf("JSON of a WCF game: %+v", games)
	}
}

// V14.3: AbstractPlay records past the 100-ply rule and ending with the
// draw claim are analysed to their end; the claim is written "draw".
func TestAnalyseAbstractPlayNoAutomaticDraws(t *testing.T) {
	code, games, stderr := analyseJSON(t, "-plies", "120-121", apFile("camelot-past-100-plies.json"))
	if code != 0 || len(games) != 1 || games[0].Rules != "abstractplay" || len(games[0].Moves) != 2 || games[0].Moves[1].Ply != 121 || games[0].Result != "1-0" {
		t.Errorf("past 100 plies: exit %d, stderr %q, games %+v", code, stderr, games)
	}
	code, stdout, stderr := run("analyse", "-depth", "1", "-threads", "1", "-hash", "4", "-plies", "53-53", apFile("camelot-draw-claim.json"))
	flat := strings.Join(strings.Fields(stdout), " ")
	if code != 0 || !strings.Contains(flat, "27. draw {1/2-1/2 (V14: draw claimed after 52 plies") || !strings.Contains(flat, "1/2-1/2 ; white:") {
		t.Errorf("draw claim: exit %d, stderr %q:\n%s", code, stderr, stdout)
	}
}
