package netgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// fake stands in for the children: it records each command and writes
// what the real one would (files, and output lines of the real format).
type fake struct {
	cmds     [][]string
	match    string              // the match's output: a testdata sample
	fail     map[string]error    // a subcommand's error
	onRun    func(args []string) // called before each command
	newNodes uint64
	// nps are the nodes/s of the benches in turn, where set (else their
	// nodes); drift is added to the new net's nodes at each of its runs.
	nps    []uint64
	drift  uint64
	benchN int
}

func (f *fake) run(ctx context.Context, c Command) error {
	f.cmds = append(f.cmds, slices.Clone(c.Args))
	if f.onRun != nil {
		f.onRun(c.Args)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := f.fail[c.Args[0]]; err != nil {
		return err
	}
	out := argValue(c.Args, "-out")
	switch c.Args[0] {
	case "datagen":
		text := "# camelot-datagen 1\n# seed=2001 games=2 variant=cam\n"
		for g := range 2 {
			text += fmt.Sprintf("%s | 10 | 1\n%s | 12 | 1\n# game %d 1 30 2\n", game.StartCFEN, game.StartCFEN, g)
		}
		if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(c.Stdout, "datagen: %s: 2 games and 4 positions written in 2.0 s (2.0 positions/s, 2 threads); 0 games were there already\n", out)
	case "train":
		data, err := nnue.Encode(nnue.RandomFor(game.Cam, 9, 16))
		if err != nil {
			return err
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			return err
		}
		fmt.Fprint(c.Stdout, "epoch 0 validation 0.018210 (x as given)\nepoch 1 train 0.020057 validation 0.018139 lr 0.0003 (0.1 s)\n"+
			"epoch 2 train 0.019675 validation 0.018100 lr 3e-06 (0.0 s)\nepoch 3 train 0.019600 validation 0.018000 lr 3e-06 (0.0 s)\n")
	case "openings":
		return os.WriteFile(out, []byte("# Variant: Cam\n"), 0o644)
	case "match":
		fmt.Fprint(c.Stdout, f.match)
	case "bench":
		nodes := uint64(2010920)
		if !strings.HasSuffix(argValue(c.Args, "-net"), "current.nnue") {
			nodes = f.newNodes
			f.newNodes += f.drift
		}
		nps := nodes
		if f.benchN < len(f.nps) {
			nps = f.nps[f.benchN]
		}
		f.benchN++
		fmt.Fprintf(c.Stdout, "Position 1/1: best D5-D6 score cp 4 nodes %d\nTotal time (ms): 1000\nNodes searched: %d\nNodes/second: %d\n", nodes, nodes, nps)
	}
	return nil
}

// argValue is the word after name in args.
func argValue(args []string, name string) string {
	for i, a := range args[:len(args)-1] {
		if a == name {
			return args[i+1]
		}
	}
	return ""
}

func sample(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// setUp makes a repository root of Cam's net (three output buckets),
// Camelot's, and a copy of docs/variants.md, and a Config of generation 2
// of Cam's net in it, run by a fake.
func setUp(t *testing.T) (Config, *fake, *bytes.Buffer) {
	t.Helper()
	root := t.TempDir()
	def := filepath.Join(root, "nnue", "default")
	if err := os.MkdirAll(def, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []*nnue.Net{nnue.RandomBucketed(game.Cam, 1, 16, 3), nnue.Random(2, 16)} {
		writeNet(t, def, n)
	}
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "variants.md"), []byte(sample(t, "variants.md")), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &fake{match: sample(t, "match-h1.txt"), newNodes: 1785575}
	var out bytes.Buffer
	c := DefaultConfig(game.Cam, 2)
	c.Root, c.Dir, c.Self = root, filepath.Join(root, "work"), "/bin/camelot-self"
	c.Threads, c.Concurrency = 2, 2
	c.Run, c.Stdout, c.Stderr = f.run, &out, &out
	clock := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	c.now = func() time.Time { clock = clock.Add(90 * time.Second); return clock }
	return c, f, &out
}

// writeNet writes n into dir under its name and returns the path.
func writeNet(t *testing.T, dir string, n *nnue.Net) string {
	t.Helper()
	data, err := nnue.Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, nnue.FileName(data))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func defaultNets(t *testing.T, c Config) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(c.Root, "nnue", "default"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Every step's command, exactly, for the settings given; the install
// names the new net after its bytes, removes the old one of the board
// alone and changes one row of the signatures.
func TestNetStepsAndInstall(t *testing.T) {
	c, f, out := setUp(t)
	// The benches in turn, current first: each net's fastest run counts.
	f.nps = []uint64{1500000, 1785575, 2010920, 1200000, 1900000, 1700000}
	before := defaultNets(t, c)
	if err := Run(context.Background(), c); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	w, self := c.Dir, c.Self
	def := filepath.Join(c.Root, "nnue", "default")
	candidate, err := os.ReadFile(filepath.Join(w, "candidate.nnue"))
	if err != nil {
		t.Fatal(err)
	}
	newName := InstallName(candidate)
	if !regexp.MustCompile(`^cam-[0-9a-f]{12}\.nnue$`).MatchString(newName) || newName != nnue.FileName(candidate) {
		t.Errorf("install name %q", newName)
	}
	want := [][]string{
		{"datagen", "-variant", "cam", "-net", filepath.Join(w, "current.nnue"), "-seed", "2001", "-games", "12000", "-threads", "2", "-out", filepath.Join(w, "data.txt")},
		{"train", "-variant", "cam", "-init", filepath.Join(w, "current.nnue"), "-epochs", "3", "-lr", "0.0003", "-lambda", "0.3", "-threads", "2", "-seed", "2", "-buckets", "3",
			"-out", filepath.Join(w, "candidate.nnue"), filepath.Join(w, "data.txt")},
		{"openings", "-variant", "cam", "-count", "400", "-seed", "2", "-threads", "2", "-out", filepath.Join(w, "openings.cfen")},
		{"match", "-variant", "cam", "-engine", "cmd=" + self, "name=candidate", "option.EvalFile=" + filepath.Join(w, "candidate.nnue"),
			"-engine", "cmd=" + self, "name=current", "option.EvalFile=" + filepath.Join(w, "current.nnue"),
			"-each", "tc=1+0.01", "option.Threads=1", "option.Hash=16", "option.OwnBook=false",
			"-openings", "file=" + filepath.Join(w, "openings.cfen"), "order=random", "-concurrency", "2", "-games", "800", "-srand", "2",
			"-sprt", "elo0=0", "elo1=10", "-pgnout", filepath.Join(w, "match.pgn")},
		{"bench", "-variant", "cam", "-net", filepath.Join(w, "current.nnue")},
		{"bench", "-variant", "cam", "-net", filepath.Join(def, newName)},
		{"bench", "-variant", "cam", "-net", filepath.Join(w, "current.nnue")},
		{"bench", "-variant", "cam", "-net", filepath.Join(def, newName)},
		{"bench", "-variant", "cam", "-net", filepath.Join(w, "current.nnue")},
		{"bench", "-variant", "cam", "-net", filepath.Join(def, newName)},
	}
	if !reflect.DeepEqual(f.cmds, want) {
		t.Errorf("commands:\n%q\nwant\n%q", f.cmds, want)
	}
	// Camelot's net stays, Cam's is replaced.
	after := defaultNets(t, c)
	wantNets := []string{newName, before[1]}
	if before[0][:4] != "cam-" || !strings.HasPrefix(before[1], "nn-") {
		t.Fatalf("the root's nets: %q", before)
	}
	slices.Sort(wantNets)
	if !reflect.DeepEqual(after, wantNets) {
		t.Errorf("nnue/default holds %q, want %q", after, wantNets)
	}
	// One row of the page changed: Cam's with-net count.
	doc, _ := os.ReadFile(filepath.Join(c.Root, "docs", "variants.md"))
	changed := diffLines(t, sample(t, "variants.md"), string(doc))
	if len(changed) != 1 || changed[0] != "| Cam | 1,785,575 | 1,703,323 |" {
		t.Errorf("changed lines %q", changed)
	}
	for _, s := range []string{
		"net: datagen took 1m30s\n", "net: train took 1m30s\n", "net: match took 1m30s\n", "net: install took 1m30s\n",
		"| datagen | 1m30s | 2 games, 4 positions; 2.0 positions/s |",
		"| train | 1m30s | validation loss 0.018210 at epoch 0 (the current net), 0.018000 after epoch 3; " + newName + " |",
		"| match | 1m30s | 39 − 0 − 0, Elo +754.6 ± 24.0, pentanomial [0, 0, 0, 0, 19]; H1 accepted after 39 games, LLR 3.19 |",
		"| install | 1m30s | " + newName + ", " + commas(uint64(len(candidate))) + " bytes, in place of " + before[0] +
			"; bench 1,785,575 nodes at 1,785,575 nodes/s (current net: 2,010,920 at 2,010,920), the fastest of 3 runs each, in turn; nodes/s 88.8% of the current net's |",
	} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	report, err := os.ReadFile(filepath.Join(w, "report.md"))
	if err != nil || !strings.Contains(out.String(), string(report)) || !strings.HasPrefix(string(report), "# Generation 2 of Cam's net\n") {
		t.Errorf("report.md %q, %v", report, err)
	}
	var d done
	if ok, err := readDone(filepath.Join(w, "install.done"), &d); !ok || err != nil || d.Install.NewNodes != 1785575 || d.Seconds != 90 {
		t.Errorf("install.done: %v %v %+v", ok, err, d)
	}
	for _, name := range []string{"current.nnue", "data.txt", "candidate.nnue", "settings.json", "datagen.log", "train.log", "match.log"} {
		if _, err := os.Stat(filepath.Join(w, name)); err != nil {
			t.Errorf("after install: %v", err)
		}
	}

	// The same command again runs nothing: every step is done, though
	// nnue/default/ holds the new net now.
	f.cmds = nil
	out.Reset()
	if err := Run(context.Background(), c); err != nil {
		t.Fatalf("rerun: %v\n%s", err, out)
	}
	if len(f.cmds) != 0 {
		t.Errorf("rerun ran %q", f.cmds)
	}
	for _, step := range Steps {
		if s := "net: " + step + ": done earlier (1m30s)\n"; !strings.Contains(out.String(), s) {
			t.Errorf("rerun: no %q in\n%s", s, out)
		}
	}
}

// diffLines returns the lines of b that differ from a's, which must have
// as many.
func diffLines(t *testing.T, a, b string) []string {
	t.Helper()
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(la) != len(lb) {
		t.Fatalf("%d lines, then %d", len(la), len(lb))
	}
	var changed []string
	for i := range la {
		if la[i] != lb[i] {
			changed = append(changed, lb[i])
		}
	}
	return changed
}

// A failed step stops the run; run again, the finished steps are skipped
// and the failed one runs again with the same command.
func TestNetResumeAfterFailure(t *testing.T) {
	c, f, out := setUp(t)
	f.fail = map[string]error{"train": errors.New("camelot train exited with status 1")}
	err := Run(context.Background(), c)
	if err == nil || err.Error() != "train: camelot train exited with status 1" {
		t.Fatalf("error %v", err)
	}
	first := f.cmds
	for name, want := range map[string]bool{"datagen.done": true, "train.done": false, "train.spent": true, "data.txt": true} {
		if _, err := os.Stat(filepath.Join(c.Dir, name)); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", name, err == nil, want)
		}
	}
	f.fail, f.cmds = nil, nil
	out.Reset()
	if err := Run(context.Background(), c); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(f.cmds) != 3+2*benchRounds || !reflect.DeepEqual(f.cmds[0], first[1]) || f.cmds[1][0] != "openings" {
		t.Errorf("second run: %q; the train command before: %q", f.cmds, first[1])
	}
	// The failed attempt's time counts: 90 s then and 90 s now.
	if !strings.Contains(out.String(), "net: datagen: done earlier (1m30s)\n") || !strings.Contains(out.String(), "net: train took 3m0s\n") {
		t.Errorf("output:\n%s", out)
	}
}

// Ctrl-C in the match: Run returns *Interrupted; the match starts again
// from nothing on the next run, its old games removed first.
func TestNetInterruptedMatch(t *testing.T) {
	c, f, out := setUp(t)
	ctx, cancel := context.WithCancel(context.Background())
	f.onRun = func(args []string) {
		if args[0] == "match" {
			cancel()
		}
	}
	err := Run(ctx, c)
	var stopped *Interrupted
	if !errors.As(err, &stopped) || stopped.Step != StepMatch || !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v", err)
	}
	if _, err := os.Stat(filepath.Join(c.Dir, "match.done")); err == nil {
		t.Error("match.done written")
	}
	pgn := filepath.Join(c.Dir, "match.pgn")
	if err := os.WriteFile(pgn, []byte("[Event \"stopped\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.cmds = nil
	f.onRun = func(args []string) {
		if _, err := os.Stat(pgn); args[0] == "match" && err == nil {
			t.Error("the stopped match's games were kept")
		}
	}
	if err := Run(context.Background(), c); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The openings were made before the match stopped: kept.
	if len(f.cmds) != 1+2*benchRounds || f.cmds[0][0] != "match" {
		t.Errorf("second run: %q", f.cmds)
	}
}

// A work folder of other settings is refused, naming the setting.
func TestNetRefusesChangedSettings(t *testing.T) {
	c, _, _ := setUp(t)
	c.Steps = []string{StepDatagen}
	if err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	other := writeNet(t, t.TempDir(), nnue.RandomBucketed(game.Cam, 5, 16, 3))
	for _, tc := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Games = 6000 }, "-games 12000 then, 6000 now"},
		{func(c *Config) { c.Seed = 7 }, "-seed 2001 then, 7 now"},
		{func(c *Config) { c.Threads = 1 }, "-threads 2 then, 1 now"},
		{func(c *Config) { c.Epochs = 4 }, "-epochs 3 then, 4 now"},
		{func(c *Config) { c.LR = 1e-3 }, "-lr 0.0003 then, 0.001 now"},
		{func(c *Config) { c.Lambda = 0 }, "-lambda 0.3 then, 0 now"},
		{func(c *Config) { c.TC = "10+0.1" }, "-tc 1+0.01 then, 10+0.1 now"},
		{func(c *Config) { c.MatchGames = 400 }, "-match-games 800 then, 400 now"},
		{func(c *Config) { c.From = other }, "the current net (-from) "},
		{func(c *Config) { c.Gen = 3 }, "-gen 2 then, 3 now"},
	} {
		changed := c
		tc.change(&changed)
		err := Run(context.Background(), changed)
		if err == nil || !strings.Contains(err.Error(), "was made with other settings: "+tc.want) {
			t.Errorf("want %q, got %v", tc.want, err)
		}
	}
	// Concurrency is no setting of the files.
	c.Concurrency = 1
	if err := Run(context.Background(), c); err != nil {
		t.Errorf("-concurrency 1: %v", err)
	}
}

// H0, or no verdict when the games run out: nothing installed, exit
// without error, and a line saying so; -force installs all the same.
func TestNetNotPassed(t *testing.T) {
	for _, tc := range []struct{ sample, why string }{
		{"match-h0.txt", "H0 accepted after 39 games, LLR -3.29"},
		{"match-none.txt", "no verdict after 4 of at most 800 games, LLR 0.212"},
	} {
		c, f, out := setUp(t)
		f.match = sample(t, tc.sample)
		before := defaultNets(t, c)
		if err := Run(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		line := "net: generation 2 of cam did not pass the SPRT (" + tc.why + "): nothing installed\n"
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out)
		}
		if f.cmds[len(f.cmds)-1][0] != "match" || !reflect.DeepEqual(defaultNets(t, c), before) {
			t.Errorf("%s: commands %q; nets %q", tc.sample, f.cmds, defaultNets(t, c))
		}
		if doc, _ := os.ReadFile(filepath.Join(c.Root, "docs", "variants.md")); string(doc) != sample(t, "variants.md") {
			t.Error("docs/variants.md changed")
		}
		f.cmds = nil
		c.Force = true
		if err := Run(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		if len(f.cmds) != 2*benchRounds || f.cmds[0][0] != "bench" || reflect.DeepEqual(defaultNets(t, c), before) {
			t.Errorf("-force: commands %q; nets %q", f.cmds, defaultNets(t, c))
		}
	}
}

// A net whose bench counts other nodes from one run to the next is not
// installed silently: the search it signs is not deterministic.
func TestNetInstallRefusesDriftingBench(t *testing.T) {
	c, f, out := setUp(t)
	f.drift = 1
	err := Run(context.Background(), c)
	if err == nil || !strings.Contains(err.Error(), "1785575 nodes, then 1785576: the search is not deterministic") {
		t.Fatalf("error %v\n%s", err, out)
	}
	if doc, _ := os.ReadFile(filepath.Join(c.Root, "docs", "variants.md")); string(doc) != sample(t, "variants.md") {
		t.Error("docs/variants.md changed")
	}
}

// -steps runs the steps named; a step whose input is missing says which
// step makes it.
func TestNetStepsOption(t *testing.T) {
	c, f, _ := setUp(t)
	c.Steps = []string{StepMatch}
	err := Run(context.Background(), c)
	if err == nil || !strings.Contains(err.Error(), "candidate.nnue is missing: run the train step first") || len(f.cmds) != 0 {
		t.Errorf("match alone: %v, %q", err, f.cmds)
	}
	c.Steps = []string{StepInstall}
	err = Run(context.Background(), c)
	if err == nil || !strings.Contains(err.Error(), "the match has not been played") {
		t.Errorf("install alone: %v", err)
	}
	c.Steps = []string{StepTrain, StepDatagen} // run in the order of Steps
	if err := Run(context.Background(), c); err != nil || len(f.cmds) != 2 || f.cmds[0][0] != "datagen" || f.cmds[1][0] != "train" {
		t.Errorf("datagen,train: %v, %q", err, f.cmds)
	}
	c.Steps = []string{"play"}
	if err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), `unknown step "play"`) {
		t.Errorf("-steps play: %v", err)
	}
}

// -dry-run prints the commands and neither runs nor writes anything.
func TestNetDryRun(t *testing.T) {
	c, f, out := setUp(t)
	c.DryRun = true
	if err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(c.Dir); !errors.Is(err, os.ErrNotExist) || len(f.cmds) != 0 {
		t.Errorf("dry run: %v, %q", err, f.cmds)
	}
	for _, s := range []string{
		"net: datagen: camelot datagen -variant cam -net " + c.Dir + "/current.nnue -seed 2001 ",
		"net: train: camelot train -variant cam -init ",
		"net: match: camelot openings -variant cam -count 400 ",
		"net: match: camelot match -variant cam -engine cmd=/bin/camelot-self name=candidate ",
		"net: install: camelot bench -variant cam -net '" + c.Root + "/nnue/default/cam-<hash>.nnue'\n",
	} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("no %q in\n%s", s, out)
		}
	}
}

// A board without a net needs -from; a net of another board is refused.
func TestNetCurrentNet(t *testing.T) {
	c, _, _ := setUp(t)
	c.Variant = game.Camette
	err := Run(context.Background(), c)
	if err == nil || !strings.Contains(err.Error(), "holds no net of Camette: give the net to start from with -from FILE") {
		t.Errorf("camette: %v", err)
	}
	c.From = filepath.Join(c.Root, "nnue", "default", defaultNets(t, c)[0])
	err = Run(context.Background(), c)
	if err == nil || !strings.Contains(err.Error(), "a net of Cam, not of Camette") {
		t.Errorf("camette from a net of Cam: %v", err)
	}
	c.From = filepath.Join(c.Root, "missing.nnue")
	if err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "missing.nnue") {
		t.Errorf("missing -from: %v", err)
	}
	c, _, _ = setUp(t)
	c.Root = t.TempDir()
	if err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "no folder") {
		t.Errorf("no nnue/default: %v", err)
	}
	c.Gen = 0
	if err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "-gen 0: want a generation number") {
		t.Errorf("-gen 0: %v", err)
	}
}

// The final summary of real `camelot match` runs (testdata, made by tiny
// matches of Cam's net against a random net and against itself).
func TestNetParseMatch(t *testing.T) {
	for _, tc := range []struct {
		file string
		want MatchResult
	}{
		{"match-h1.txt", MatchResult{Wins: 39, Games: 39, Elo: "754.6", Margin: "24.0", Ptnml: [5]int{0, 0, 0, 0, 19}, LLR: "3.19", Verdict: VerdictH1}},
		{"match-h0.txt", MatchResult{Losses: 39, Games: 39, Elo: "-754.6", Margin: "24.0", Ptnml: [5]int{19, 0, 0, 0, 0}, LLR: "-3.29", Verdict: VerdictH0}},
		{"match-none.txt", MatchResult{Wins: 1, Draws: 3, Games: 4, Elo: "88.7", Margin: "172.5", Ptnml: [5]int{0, 0, 1, 1, 0}, LLR: "0.212", Verdict: VerdictNone}},
	} {
		got, err := ParseMatch(sample(t, tc.file))
		if err != nil || got != tc.want {
			t.Errorf("%s: %+v, %v; want %+v", tc.file, got, err, tc.want)
		}
	}
	// A match stopped before its end has no summary.
	text := sample(t, "match-h1.txt")
	if _, err := ParseMatch(text[:strings.Index(text, "Finished match")]); err == nil {
		t.Error("no error without a summary")
	}
}

// The other outputs the steps read: datagen's summaries (two attempts),
// train's epochs, bench's counts.
func TestNetParseOutputs(t *testing.T) {
	if got := datagenRate(sample(t, "datagen.txt")); fmt.Sprintf("%.1f", got) != fmt.Sprintf("%.1f", (863.0+1623)/(3.1+6.8)) {
		t.Errorf("datagen rate %v", got)
	}
	tf := parseTrain(sample(t, "train.txt"), 2)
	if *tf != (TrainFigures{Epoch0Loss: "0.018210", FinalLoss: "0.018139", FinalEpoch: 2}) {
		t.Errorf("train %+v", tf)
	}
	nodes, nps, err := parseBench(sample(t, "bench.txt"))
	if nodes != 2010920 || nps != 1501837 || err != nil {
		t.Errorf("bench %d %d %v", nodes, nps, err)
	}
	path := filepath.Join(t.TempDir(), "data.txt")
	os.WriteFile(path, []byte("# camelot-datagen 1\n# seed=1\nA | 1 | 1\nB | 2 | 1\n# game 0 1 9 2\nC | 3 | 0\n# game 1 0 9 1\n"), 0o644)
	if g, p, err := countData(path); g != 2 || p != 3 || err != nil {
		t.Errorf("countData %d %d %v", g, p, err)
	}
}

// Each board's row of a copy of docs/variants.md, and that row alone,
// takes a new with-net count.
func TestNetRewriteSignature(t *testing.T) {
	doc := sample(t, "variants.md")
	for _, v := range game.Variants() {
		text, err := RewriteSignature(doc, v, 1234567)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		changed := diffLines(t, doc, text)
		if len(changed) != 1 || !strings.HasPrefix(changed[0], "| "+v.Title()+" | 1,234,567 | ") {
			t.Errorf("%s: changed %q", v, changed)
		}
	}
	if _, err := RewriteSignature("# A page\n\n| Cam | 1 | 2 |\n", game.Cam, 5); err == nil {
		t.Error("a page without the table: no error")
	}
	if got := commas(1000); got != "1,000" || commas(999) != "999" || commas(12345678) != "12,345,678" {
		t.Errorf("commas %s", got)
	}
}

// ExecRunner runs the program with the arguments, its output where the
// command says, and stops it when the context ends.
func TestNetExecRunner(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	run := ExecRunner(sh)
	var out bytes.Buffer
	if err := run(context.Background(), Command{Args: []string{"-c", "echo hello; exit 0"}, Stdout: &out}); err != nil || out.String() != "hello\n" {
		t.Errorf("%q, %v", out.String(), err)
	}
	if err := run(context.Background(), Command{Args: []string{"-c", "exit 3"}}); err == nil || err.Error() != "camelot -c exited with status 3" {
		t.Errorf("exit 3: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := run(ctx, Command{Args: []string{"-c", "sleep 30"}}); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 10*time.Second {
		t.Errorf("cancelled: %v after %v", err, time.Since(start))
	}
}

// A settings file written before -lambda was kept (no "lambda") is read as
// train's default, so such a run resumes; the settings now write it.
func TestSettingsWithoutLambdaAreTrainsDefault(t *testing.T) {
	var old Settings
	if err := json.Unmarshal([]byte(`{"variant":"camelot","gen":5,"lr":0.0003}`), &old); err != nil {
		t.Fatal(err)
	}
	l := DefaultLambda
	now := Settings{Variant: "camelot", Gen: 5, LR: 0.0003, Lambda: &l}
	if d := old.differ(now); d != "" {
		t.Errorf("an old settings file differs from lambda %v: %s", l, d)
	}
	l = 0
	if d := old.differ(now); d != "-lambda 0.3 then, 0 now" {
		t.Errorf("got %q", d)
	}
}

// Chivalry's and River's nets (and their Anti forms') fit the scores
// alone; the other boards' take train's default (docs/variants.md).
func TestBoardLambda(t *testing.T) {
	for _, v := range game.Variants() {
		want := DefaultLambda
		if v == game.Chivalry || v == game.AntiChivalry || v == game.River || v == game.AntiRiver {
			want = 0
		}
		if got := BoardLambda(v); got != want {
			t.Errorf("%s: lambda %v, want %v", v, got, want)
		}
	}
}
