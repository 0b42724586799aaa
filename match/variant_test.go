package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// TestVariantMatch plays Cam games between two camelot engines end to
// end (V7, V8): both are switched with UCI_Variant, the games start from
// Cam's start or from a Cam suite, the records carry the Variant tag and
// replay on Cam's board, and the referee's verdicts are Cam's rules (V5).
func TestVariantMatch(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "cam.cfen")
	var b bytes.Buffer
	if err := GenerateVariantOpenings(&b, game.Cam, 2, 1, 2); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "# Variant: Cam\n") {
		t.Fatalf("suite does not name its variant:\n%s", b.String())
	}
	if err := os.WriteFile(suite, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, withOpenings := range []bool{false, true} {
		pgn := filepath.Join(dir, "games.pgn")
		os.Remove(pgn)
		args := []string{"-variant", "Cam",
			"-engine", "cmd=" + camelotBin, "name=Alpha",
			"-engine", "cmd=" + camelotBin, "name=Beta",
			"-each", "depth=2", "option.Threads=1", "option.Hash=1",
			"-games", "2", "-pgnout", pgn, "-debug"}
		if withOpenings {
			args = append(args, "-openings", "file="+suite)
		}
		code, out, errOut := runMatch(t, context.Background(), false, args...)
		if code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
		checkSummary(t, out, false)
		// The engines were switched before their first game.
		for _, name := range []string{"Alpha", "Beta"} {
			set := strings.Index(errOut, name+" > setoption name UCI_Variant value cam")
			newGame := strings.Index(errOut, name+" > ucinewgame")
			if set < 0 || newGame < set || !strings.Contains(errOut, "info string variant cam files 7 ranks 13") {
				t.Errorf("%s: UCI_Variant at %d, ucinewgame at %d in the debug log", name, set, newGame)
			}
		}
		games := readGames(t, pgn)
		if len(games) != 2 {
			t.Fatalf("%d games, want 2", len(games))
		}
		for _, g := range games {
			if g.Variant != game.Cam || g.Start.Variant() != game.Cam {
				t.Errorf("game %s: variant %s, start on %s", g.Tag("Round"), g.Variant, g.Start.Variant())
			}
			if (g.Tag("CFEN") != "") != withOpenings {
				t.Errorf("game %s: CFEN tag %q", g.Tag("Round"), g.Tag("CFEN"))
			}
			mg, err := g.Replay()
			if err != nil {
				t.Fatal(err)
			}
			if o := mg.Outcome(); o.IsOver() && o.Result.String() != g.Result {
				t.Errorf("game %s: result %s, the rules say %s", g.Tag("Round"), g.Result, o)
			}
			if strings.Contains(g.Tag("Termination"), "R14") || strings.Contains(g.Tag("Termination"), "R15") {
				t.Errorf("game %s ended by Camelot's rules: %s", g.Tag("Round"), g.Tag("Termination"))
			}
		}
		var w bytes.Buffer
		if err := record.Write(&w, games[0]); err != nil || !strings.Contains(w.String(), "[Variant \"Cam\"]") {
			t.Errorf("record of game 1 (%v):\n%s", err, w.String())
		}
	}
}

// TestVariantOpeningsRefused: an openings file of another board is refused
// before any engine starts, in one error naming the file and the line.
func TestVariantOpeningsRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	camLine := "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w 0/0 0 1"
	camRecord := "[Event \"x\"]\n[Variant \"Cam\"]\n\n1. D5-D6 *\n"
	camelotRecord := "[Event \"y\"]\n\n1. E7-E8 *\n"
	for _, c := range []struct {
		variant, file, want string
	}{
		{"camelot", write("cam.cfen", "# a suite\n"+camLine+"\n"), "cam.cfen:2: a position of Cam, not of Camelot"},
		{"cam", write("camelot.cfen", "\n"+game.StartCFEN+"\n"), "camelot.cfen:2: a position of Camelot, not of Cam"},
		{"camette", write("named.cfen", "# Variant: Cam\n"+camLine+"\n"), "named.cfen:1: the suite is of Cam, not Camette"},
		{"camelot", write("cam.pgn", camelotRecord+"\n"+camRecord), "cam.pgn:5: game 2: x is a game of Cam, the openings are of Camelot"},
		{"cam", write("camelot.pgn", camRecord+"\n"+camelotRecord), "camelot.pgn:6: game 2: y is a game of Camelot, the openings are of Cam"},
	} {
		code, out, errOut := runMatch(t, context.Background(), false, "-variant", c.variant,
			"-engine", "cmd="+camelotBin, "name=a", "-engine", "cmd="+camelotBin, "name=b",
			"-each", "depth=1", "-games", "2", "-openings", "file="+c.file)
		if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("-variant %s %s: exit %d, stdout %q, stderr %q; want one line with %q", c.variant, filepath.Base(c.file), code, out, errOut, c.want)
		}
	}
}

func TestVariantArgs(t *testing.T) {
	base := []string{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1"}
	cfg, err := ParseArgs(append([]string{"-variant", "CAMETTE"}, base...))
	if err != nil || cfg.Variant != game.Camette {
		t.Fatalf("ParseArgs: %v, variant %v", err, cfg)
	}
	pc := cfg.Engines[0].processConfig(nil, cfg.Variant)
	if len(pc.Options) == 0 || pc.Options[0].Name != "UCI_Variant" || pc.Options[0].Value != "camette" {
		t.Errorf("options %v: want UCI_Variant camette first", pc.Options)
	}
	if pc := cfg.Engines[0].processConfig(nil, game.Camelot); len(pc.Options) != 0 {
		t.Errorf("Camelot options %v: want none", pc.Options)
	}
	// Every board is played by the same referee: -variant takes each.
	for _, v := range game.Variants() {
		cfg, err := ParseArgs(append([]string{"-variant", v.Title()}, base...))
		if err != nil || cfg.Variant != v {
			t.Errorf("-variant %s: %v, variant %v", v.Title(), err, cfg)
			continue
		}
		pc := cfg.Engines[0].processConfig(nil, v)
		if v != game.Camelot && (len(pc.Options) == 0 || pc.Options[0].Name != "UCI_Variant" || pc.Options[0].Value != v.String()) {
			t.Errorf("%s options %v: want UCI_Variant %s first", v.Title(), pc.Options, v)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "nosuch"}, `unknown variant "nosuch"`},
		{[]string{"-variant"}, "-variant needs one value"},
		{[]string{"-each", "option.uci_variant=cam"}, "give the game with -variant NAME"},
	} {
		code, out, errOut := runMatch(t, context.Background(), false, append(c.args, base...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, errOut, c.want)
		}
		if strings.HasPrefix(c.args[0], "-variant") && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: stderr %q: want one line", c.args, errOut)
		}
	}
}

// TestChivalryMatch plays Chivalry's wide board (V2) through the same
// referee as every other board: the engines are switched with UCI_Variant,
// the games start from a Chivalry suite, and the records carry the
// Variant tag and replay on Chivalry's board. A draw adjudication after a
// few moves keeps the games short.
func TestChivalryMatch(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "chivalry.cfen")
	var b bytes.Buffer
	if err := GenerateVariantOpenings(&b, game.Chivalry, 1, 1, 1); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "# Variant: Chivalry\n") {
		t.Fatalf("suite does not name its variant:\n%s", b.String())
	}
	if err := os.WriteFile(suite, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pgn := filepath.Join(dir, "games.pgn")
	code, out, errOut := runMatch(t, context.Background(), false, "-variant", "chivalry",
		"-engine", "cmd="+camelotBin, "name=Alpha",
		"-engine", "cmd="+camelotBin, "name=Beta",
		"-each", "depth=1", "option.Threads=1", "option.Hash=1",
		"-games", "2", "-openings", "file="+suite, "-draw", "movenumber=8", "movecount=1", "score=100000",
		"-pgnout", pgn, "-debug")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	checkSummary(t, out, false)
	for _, name := range []string{"Alpha", "Beta"} {
		set := strings.Index(errOut, name+" > setoption name UCI_Variant value chivalry")
		newGame := strings.Index(errOut, name+" > ucinewgame")
		if set < 0 || newGame < set || !strings.Contains(errOut, "info string variant chivalry files 14 ranks 16") {
			t.Errorf("%s: UCI_Variant at %d, ucinewgame at %d in the debug log", name, set, newGame)
		}
	}
	games := readGames(t, pgn)
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	for _, g := range games {
		if g.Variant != game.Chivalry || g.Start.Variant() != game.Chivalry || g.Tag("CFEN") == "" {
			t.Errorf("game %s: variant %s, start on %s, CFEN tag %q", g.Tag("Round"), g.Variant, g.Start.Variant(), g.Tag("CFEN"))
		}
		mg, err := g.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if o := mg.Outcome(); o.IsOver() && o.Result.String() != g.Result {
			t.Errorf("game %s: result %s, the rules say %s", g.Tag("Round"), g.Result, o)
		}
		if len(g.Moves) == 0 {
			t.Errorf("game %s has no moves", g.Tag("Round"))
		}
	}
	var w bytes.Buffer
	if err := record.Write(&w, games[0]); err != nil || !strings.Contains(w.String(), "[Variant \"Chivalry\"]") {
		t.Errorf("record of game 1 (%v):\n%s", err, w.String())
	}
}
