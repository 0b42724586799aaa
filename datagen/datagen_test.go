package datagen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// tiny is a run small enough for a unit test.
func tiny(seed uint64, threads int) Config {
	c := DefaultConfig(seed)
	c.Games, c.Nodes, c.VerifyNodes, c.Hash, c.Threads = 6, 400, 800, 1, threads
	return c
}

// gamesOf splits a data file into its games, keyed by the trailer line,
// each the text of its records and trailer.
func gamesOf(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]string{}
	var cur strings.Builder
	for _, line := range strings.SplitAfter(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "# game "):
			cur.WriteString(line)
			games[strings.Fields(line)[2]] = cur.String()
			cur.Reset()
		case strings.HasPrefix(line, "#") || line == "":
		default:
			cur.WriteString(line)
		}
	}
	return games
}

func run(t *testing.T, cfg Config, path string) Summary {
	t.Helper()
	sum, err := Run(context.Background(), cfg, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// A run is the same games whatever the number of threads, and every kept
// position is one the data format promises: quiet (no compulsory capture,
// R11) with a score that is not a win.
func TestDeterministicForSeed(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	run(t, tiny(7, 1), a)
	run(t, tiny(7, 2), b)
	ga, gb := gamesOf(t, a), gamesOf(t, b)
	if len(ga) != 6 {
		t.Fatalf("%d games written, want 6", len(ga))
	}
	for i, g := range ga {
		if gb[i] != g {
			t.Errorf("game %s differs between 1 and 2 threads:\n%s\nvs\n%s", i, g, gb[i])
		}
	}
	positions := 0
	f, _ := os.Open(a)
	defer f.Close()
	err := Scan(f, a, func(r Record) error {
		positions++
		if r.Pos.MustCapture() {
			t.Errorf("%s: a capture is compulsory (R11) but the position was kept", r.Pos.CFEN())
		}
		if r.Score >= 20000 || r.Score <= -20000 {
			t.Errorf("%s: a win score %d was kept", r.Pos.CFEN(), r.Score)
		}
		return nil
	})
	if err != nil || positions == 0 {
		t.Fatalf("reading back: %v (%d positions)", err, positions)
	}
	// Another seed plays other games.
	c := filepath.Join(dir, "c.txt")
	run(t, tiny(8, 2), c)
	if gc := gamesOf(t, c); gc["0"] == ga["0"] {
		t.Error("seeds 7 and 8 played the same first game")
	}
}

// A run killed in the middle of writing a game and started again with the
// same settings ends with the same games as a run never stopped: the cut
// game is removed and played again, the finished ones are kept.
func TestKilledRunResumes(t *testing.T) {
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.txt"), filepath.Join(dir, "cut.txt")
	run(t, tiny(3, 1), whole)
	data, _ := os.ReadFile(whole)
	// Cut after the third game's trailer and half of the fourth game's
	// first record, as a kill during a write would.
	idx := 0
	for range 3 {
		idx += strings.Index(string(data[idx:]), "# game ") + 1
	}
	idx += strings.Index(string(data[idx:]), "\n") + 1
	half := idx + 40
	if err := os.WriteFile(cut, data[:half], 0o644); err != nil {
		t.Fatal(err)
	}
	sum := run(t, tiny(3, 1), cut)
	if sum.Resumed != 3 || sum.Games != 3 {
		t.Errorf("resumed %d games and played %d, want 3 and 3", sum.Resumed, sum.Games)
	}
	want, got := gamesOf(t, whole), gamesOf(t, cut)
	if len(got) != len(want) {
		t.Fatalf("%d games after resuming, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("game %s differs after resuming", i)
		}
	}
	// Every line of the resumed file is whole: the half record is gone.
	f, _ := os.Open(cut)
	defer f.Close()
	if err := Scan(f, cut, func(Record) error { return nil }); err != nil {
		t.Error(err)
	}
	// Resuming a finished run plays nothing more.
	if sum := run(t, tiny(3, 1), cut); sum.Games != 0 || sum.Resumed != 6 {
		t.Errorf("a finished run played %d more games (resumed %d)", sum.Games, sum.Resumed)
	}
	// Other settings are refused rather than mixed into the file.
	other := tiny(3, 1)
	other.Nodes = 500
	if _, err := Run(context.Background(), other, cut, nil); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("resuming with other settings: %v", err)
	}
}

func TestParseLineErrors(t *testing.T) {
	start := game.StartCFEN
	for _, c := range []struct{ line, want string }{
		{start + " | 12", "3 fields"},
		{"2/8/10 w | 12 | 1", "CFEN"},
		{start + " | twelve | 1", "score"},
		{start + " | 12 | 2", "result"},
		{start + " | 12 | 1 | 4", "3 fields"},
	} {
		if _, err := ParseLine(c.line); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one naming %q", c.line, err, c.want)
		}
	}
	// The CFEN reader's errors name the CFEN and its field already: the
	// line's error is that text, with no second prefix.
	for _, cfen := range []string{"2/8/10", "2/8/10 w", start + " x"} {
		_, want := boards.ParseCFEN(game.Camelot, cfen)
		if _, err := ParseLine(cfen + " | 12 | 1"); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("CFEN %q: error %v, want %v", cfen, err, want)
		}
	}
	r, err := ParseLine(start + " | -35 | 0.5")
	if err != nil || r.Score != -35 || r.Result != 0.5 || r.Pos.CFEN() != start {
		t.Errorf("good line read as %+v, %v", r, err)
	}
	if got := r.String(); got != start+" | -35 | 0.5" {
		t.Errorf("String() = %q", got)
	}
}

func TestScanNamesFileAndLine(t *testing.T) {
	in := Header + "\n# comment\n" + game.StartCFEN + " | 3 | 1\n\n" + game.StartCFEN + " | x | 1\n"
	err := Scan(strings.NewReader(in), "d.txt", func(Record) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "d.txt:5: score") {
		t.Errorf("error %v, want d.txt:5: score …", err)
	}
	err = Scan(strings.NewReader(Header+"\n2/8/10 | 3 | 1\n"), "c.txt", func(Record) error { return nil })
	if want := "c.txt:2: CFEN: want 2 to 5 fields (board, side, castle moves, plies, move number), got 1"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	err = Scan(strings.NewReader("# camelot-datagen 9\n"), "v.txt", func(Record) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "v.txt:1: data format version") {
		t.Errorf("error %v, want a version error at v.txt:1", err)
	}
	var n int
	concat := in[:strings.LastIndex(in[:len(in)-1], "\n")+1] + in[:strings.LastIndex(in[:len(in)-1], "\n")+1]
	if err := Scan(strings.NewReader(concat), "c.txt", func(Record) error { n++; return nil }); err != nil || n != 2 {
		t.Errorf("two concatenated files: %d records, %v", n, err)
	}
}

// A run with a net plays other games than with the tuned evaluation,
// names the net in its settings, and a file of one is never resumed with
// the other.
func TestRunWithNet(t *testing.T) {
	dir := t.TempDir()
	classic, withNet := tiny(3, 2), tiny(3, 2)
	withNet.Net = nnue.Random(1, 32)
	a, b := filepath.Join(dir, "classic.txt"), filepath.Join(dir, "net.txt")
	run(t, classic, a)
	run(t, withNet, b)
	data, _ := os.ReadFile(b)
	if !strings.Contains(string(data), " eval="+withNet.Net.Name+"\n") {
		t.Errorf("the settings do not name the net:\n%.300s", data)
	}
	ga, gb := gamesOf(t, a), gamesOf(t, b)
	same := 0
	for k, v := range ga {
		if gb[k] == v {
			same++
		}
	}
	if same == len(ga) {
		t.Error("the net played the same games as the tuned evaluation")
	}
	if _, err := Run(context.Background(), classic, b, nil); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("resuming a net's file with the tuned evaluation: %v", err)
	}
}

// The folders of the output file are made when missing, as the tasks of a
// batch job expect of data/datagen-N.txt.
func TestRunMakesFolders(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "shards", "datagen-1.txt")
	cfg := tiny(1, 1)
	cfg.Games = 1
	if sum := run(t, cfg, path); sum.Games != 1 {
		t.Errorf("played %d games, want 1", sum.Games)
	}
	if len(gamesOf(t, path)) != 1 {
		t.Errorf("%s does not hold the game", path)
	}
}

// The number of games is one of the settings: a finished file is neither
// extended by a run of more games nor cut by one of fewer; it is refused
// and left as it is.
func TestOtherGameCountRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.txt")
	cfg := tiny(5, 2)
	cfg.Games = 2
	run(t, cfg, path)
	before, _ := os.ReadFile(path)
	for _, games := range []int{3, 1} {
		other := cfg
		other.Games = games
		if _, err := Run(context.Background(), other, path, nil); err == nil || !strings.Contains(err.Error(), "other settings") {
			t.Errorf("resuming a file of 2 games with -games %d: %v, want it refused", games, err)
		}
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a refused file was changed")
	}
}
