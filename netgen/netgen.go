// Package netgen makes the next generation of a board's net in one
// command, `camelot net`: from the net built in today (the board's file
// in nnue/default/, or another given), it plays self-play data with it
// (`camelot datagen`), trains a candidate from it on that data (`camelot
// train -init`), plays an SPRT of the candidate against it (`camelot
// openings`, `camelot match`) and, when the candidate passes, installs it
// in nnue/default/ in the old one's place and writes its bench signature
// into docs/variants.md. It ends with a report, DIR/report.md.
//
// Each step runs the subcommands of this same binary as child processes,
// so that every figure is the one those commands print and a run can be
// repeated by hand. The steps write their files into one folder, DIR
// (net-work/<variant>-gen<N>/ by default), and each finished step leaves
// DIR/<step>.done: run again, the command skips the finished steps and
// reruns the unfinished one (datagen and train resume by themselves, the
// match starts again). DIR/settings.json holds the settings of the first
// run; a run of other settings is refused.
package netgen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// The steps, in the order they run.
const (
	StepDatagen = "datagen"
	StepTrain   = "train"
	StepMatch   = "match"
	StepInstall = "install"
)

// Steps lists every step in order: the default of Config.Steps.
var Steps = []string{StepDatagen, StepTrain, StepMatch, StepInstall}

// Defaults of the settings.
const (
	DefaultGames         = 12000
	DefaultEpochs        = 3
	DefaultLR            = 3e-4
	DefaultLambda        = 0.3 // train's own default
	DefaultTC            = "1+0.01"
	DefaultMatchGames    = 800
	DefaultOpeningsCount = 400
	maxGen               = 1_000_000
)

// The SPRT bounds of the match: a candidate must be shown no weaker than
// the current net, tested against a gain of 10 Elo (as each generation
// of the shipped net was, docs/training.md).
const sprtBounds = "elo0=0 elo1=10"

// Config is one `camelot net` run. DefaultConfig fills it in.
type Config struct {
	Variant game.Variant
	Gen     int    // the generation to make, from 1
	From    string // a net file to start from instead of the board's in Root/nnue/default/
	Dir     string // the work folder (default net-work/<variant>-gen<N>)
	// Root is the repository's root: the current net is looked for in
	// Root/nnue/default/, a new one installed there, and the bench
	// signature written into Root/docs/variants.md. Tests point it at a
	// copy.
	Root string

	Seed          uint64 // datagen's seed (0: 1000·Gen+1, so that each generation has games of its own)
	Games         int    // datagen's games
	Threads       int    // datagen's, train's and openings' threads
	Epochs        int
	LR            float64
	Lambda        float64 // the game result's share of train's target (-lambda)
	TC            string  // the match's clock, each engine
	Concurrency   int     // the match's games at once
	MatchGames    int     // the most games of the SPRT
	Openings      string  // an openings file for the match (default: DIR/openings.cfen, made by `camelot openings`)
	OpeningsCount int     // openings made when Openings is ""

	Steps  []string // the steps to run (default: all), in any order; they run in Steps' order
	Force  bool     // install even when the SPRT did not accept H1
	DryRun bool     // print the commands instead of running them

	// Self is the program the children run, and the engine of both sides
	// of the match: this binary (os.Executable).
	Self string
	// Run runs one child; nil: ExecRunner(Self). Tests record the
	// commands instead.
	Run            Runner
	Stdout, Stderr io.Writer

	now func() time.Time // the clock; tests stop it
}

// DefaultConfig returns the defaults for generation gen of v's net.
func DefaultConfig(v game.Variant, gen int) Config {
	return Config{
		Variant: v, Gen: gen, Root: ".",
		Games: DefaultGames, Threads: runtime.NumCPU(), Epochs: DefaultEpochs, LR: DefaultLR, Lambda: BoardLambda(v),
		TC: DefaultTC, Concurrency: runtime.NumCPU(), MatchGames: DefaultMatchGames, OpeningsCount: DefaultOpeningsCount,
	}
}

// BoardLambda is the game result's share of the training target that v's
// nets are made with (docs/variants.md): Chivalry's and River's built-in
// nets fit the search's scores alone (on Chivalry -lambda 0.3 cost 232.8
// Elo against 0, its results following the scores weakly, four games in
// five R16's draws; on River -lambda 0 gained 177.2), and so do their
// Anti forms'; every other board takes train's default.
func BoardLambda(v game.Variant) float64 {
	if b := v.Spec().Board; b == game.Chivalry || b == game.River {
		return 0
	}
	return DefaultLambda
}

// DefaultDir is the work folder of generation gen of v's net.
func DefaultDir(v game.Variant, gen int) string {
	return filepath.Join("net-work", fmt.Sprintf("%s-gen%d", v, gen))
}

// Interrupted is the error of a run stopped by its context (Ctrl-C):
// the steps finished so far are kept, and the same command resumes.
type Interrupted struct{ Step string }

func (e *Interrupted) Error() string { return "interrupted in the " + e.Step + " step" }
func (e *Interrupted) Unwrap() error { return context.Canceled }

// run is the state of one Run.
type run struct {
	Config
	current     *nnue.Net
	currentData []byte
	currentFrom string // where the current net was read from, for messages
	settings    Settings
}

// path returns DIR/name.
func (r *run) path(name string) string { return filepath.Join(r.Dir, name) }

// currentPath is the work folder's copy of the current net, which every
// step uses: it stays when install removes the file in nnue/default/.
func (r *run) currentPath() string { return r.path("current.nnue") }
func (r *run) dataPath() string    { return r.path("data.txt") }
func (r *run) candidate() string   { return r.path("candidate.nnue") }
func (r *run) defaultDir() string  { return filepath.Join(r.Root, "nnue", "default") }
func (r *run) docPath() string     { return filepath.Join(r.Root, "docs", "variants.md") }

func (r *run) openingsPath() string {
	if r.Openings != "" {
		return r.Openings
	}
	return r.path("openings.cfen")
}

func (r *run) printf(format string, a ...any) { fmt.Fprintf(r.Stdout, format, a...) }

// Run makes the generation c describes. A candidate that fails the SPRT
// is not an error: nothing is installed, and Run says so and returns nil.
// A run stopped through ctx returns an *Interrupted.
func Run(ctx context.Context, c Config) error {
	r := &run{Config: c}
	if err := r.setUp(); err != nil {
		return err
	}
	if r.DryRun {
		return r.dryRun()
	}
	if err := r.prepareDir(); err != nil {
		return err
	}
	r.printf("net: generation %d of %s's net from %s (%s) in %s\n", r.Gen, r.Variant.Title(), r.current.Name, r.currentFrom, r.Dir)
	for _, step := range Steps {
		if !r.selected(step) {
			continue
		}
		var d done
		if ok, err := readDone(r.path(step+".done"), &d); err != nil {
			return err
		} else if ok {
			r.printf("net: %s: done earlier (%s)\n", step, fmtDuration(d.Seconds))
			continue
		}
		if step == StepInstall {
			pass, why, err := r.mayInstall()
			if err != nil {
				return err
			}
			if !pass {
				r.printf("net: generation %d of %s did not pass the SPRT (%s): nothing installed\n", r.Gen, r.Variant, why)
				continue
			}
		}
		if err := r.runStep(ctx, step); err != nil {
			if ctx.Err() != nil {
				return &Interrupted{Step: step}
			}
			return fmt.Errorf("%s: %w", step, err)
		}
	}
	return r.writeReport()
}

// setUp checks the settings, fills in the defaults, finds the current
// net and compares the settings with the work folder's, if any.
func (r *run) setUp() error {
	if r.Gen < 1 || r.Gen > maxGen {
		return fmt.Errorf("-gen %d: want a generation number from 1 to %d", r.Gen, maxGen)
	}
	if r.Root == "" {
		r.Root = "."
	}
	if r.Dir == "" {
		r.Dir = DefaultDir(r.Variant, r.Gen)
	}
	if r.Seed == 0 {
		r.Seed = 1000*uint64(r.Gen) + 1
	}
	if r.Threads == 0 {
		r.Threads = runtime.NumCPU()
	}
	if r.Concurrency == 0 {
		r.Concurrency = runtime.NumCPU()
	}
	if r.OpeningsCount == 0 {
		r.OpeningsCount = DefaultOpeningsCount
	}
	switch {
	case r.Games < 1:
		return fmt.Errorf("-games %d: want at least 1", r.Games)
	case r.Threads < 1:
		return fmt.Errorf("-threads %d: want at least 1", r.Threads)
	case r.Epochs < 1:
		return fmt.Errorf("-epochs %d: want at least 1", r.Epochs)
	case !(r.LR > 0):
		return fmt.Errorf("-lr %v: want a positive step size", r.LR)
	case !(r.Lambda >= 0 && r.Lambda <= 1):
		return fmt.Errorf("-lambda %v: want a share from 0 to 1", r.Lambda)
	case r.Concurrency < 1:
		return fmt.Errorf("-concurrency %d: want at least 1", r.Concurrency)
	case r.MatchGames < 2:
		return fmt.Errorf("-match-games %d: want at least 2", r.MatchGames)
	case strings.TrimSpace(r.TC) == "" || strings.ContainsAny(r.TC, " \t"):
		return fmt.Errorf("-tc %q: want a clock such as %s", r.TC, DefaultTC)
	}
	for _, s := range r.Steps {
		if !isStep(s) {
			return fmt.Errorf("-steps: unknown step %q (want a comma list of %s)", s, strings.Join(Steps, ","))
		}
	}
	if r.Openings != "" {
		if _, err := os.Stat(r.Openings); err != nil {
			return fmt.Errorf("-openings: %v", err)
		}
	}
	if r.now == nil {
		r.now = time.Now
	}
	if r.Stdout == nil {
		r.Stdout = io.Discard
	}
	if r.Stderr == nil {
		r.Stderr = io.Discard
	}
	if r.Self == "" {
		self, err := os.Executable()
		if err != nil {
			return fmt.Errorf("this program's path: %v", err)
		}
		r.Self = self
	}
	if r.Run == nil {
		r.Run = ExecRunner(r.Self)
	}
	old, haveOld, err := readSettings(r.path("settings.json"))
	if err != nil {
		return err
	}
	if err := r.findCurrent(haveOld); err != nil {
		return err
	}
	r.settings = r.settingsNow()
	if haveOld {
		if diff := old.differ(r.settings); diff != "" {
			return fmt.Errorf("%s was made with other settings: %s; run with those, use another -dir, or remove %s to start afresh", r.Dir, diff, r.Dir)
		}
	}
	return nil
}

func isStep(s string) bool { return slices.Contains(Steps, s) }

// selected reports whether step is to run.
func (r *run) selected(step string) bool { return len(r.Steps) == 0 || slices.Contains(r.Steps, step) }

// findCurrent loads the net the generation starts from: -from's; else,
// for a work folder made before, its copy (the file in nnue/default/ may
// be the new net by now); else the board's file in nnue/default/.
func (r *run) findCurrent(resumed bool) error {
	path := r.From
	if path == "" && resumed {
		if _, err := os.Stat(r.currentPath()); err == nil {
			path = r.currentPath()
		}
	}
	if path == "" {
		nets, err := boardNets(r.defaultDir(), r.Variant)
		if err != nil {
			return err
		}
		switch len(nets) {
		case 0:
			return fmt.Errorf("%s holds no net of %s: give the net to start from with -from FILE", r.defaultDir(), r.Variant.Title())
		case 1:
			path = filepath.Join(r.defaultDir(), nets[0])
		default:
			return fmt.Errorf("%s holds %d nets of %s (%s): want one", r.defaultDir(), len(nets), r.Variant.Title(), strings.Join(nets, ", "))
		}
	}
	data, err := os.ReadFile(path)
	if err != nil && r.From != "" {
		return fmt.Errorf("-from: %v", err)
	}
	if err != nil {
		return err
	}
	n, err := nnue.Load(data)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if n.Variant != r.Variant.WithRules(game.WCF) {
		return fmt.Errorf("%s: a net of %s, not of %s", path, n.Variant.Title(), r.Variant.Title())
	}
	r.current, r.currentData, r.currentFrom = n, data, path
	return nil
}

// prepareDir makes the work folder, its settings file and its copy of
// the current net, the first time.
func (r *run) prepareDir() error {
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return err
	}
	if _, err := os.Stat(r.path("settings.json")); errors.Is(err, os.ErrNotExist) {
		if err := writeJSON(r.path("settings.json"), r.settings); err != nil {
			return err
		}
	}
	// The copy is the net of the settings (a copy left by a folder whose
	// settings.json was removed is replaced).
	if data, err := os.ReadFile(r.currentPath()); err != nil || !bytes.Equal(data, r.currentData) {
		return writeFile(r.currentPath(), r.currentData)
	}
	return nil
}

// runStep runs one step and, when it finished, writes its done file. The
// time spent by an interrupted attempt is kept in DIR/<step>.spent, so
// that the step's time is the whole of it.
func (r *run) runStep(ctx context.Context, step string) error {
	start := r.now()
	spent := readSpent(r.path(step + ".spent"))
	d := done{Step: step}
	var err error
	switch step {
	case StepDatagen:
		d.Datagen, err = r.datagen(ctx)
	case StepTrain:
		d.Train, err = r.train(ctx)
	case StepMatch:
		d.Match, err = r.match(ctx)
	case StepInstall:
		d.Install, err = r.install(ctx)
	}
	elapsed := r.now().Sub(start).Seconds()
	if err != nil {
		_ = writeFile(r.path(step+".spent"), fmt.Appendf(nil, "%.3f\n", spent+elapsed))
		return err
	}
	d.Seconds = spent + elapsed
	d.Took = fmtDuration(d.Seconds)
	if err := writeJSON(r.path(step+".done"), d); err != nil {
		return err
	}
	os.Remove(r.path(step + ".spent"))
	r.printf("net: %s took %s\n", step, d.Took)
	return nil
}

// mayInstall reports whether the install step may run: the SPRT
// accepted H1, or -force. why says what the SPRT decided.
func (r *run) mayInstall() (pass bool, why string, err error) {
	var d done
	ok, err := readDone(r.path(StepMatch+".done"), &d)
	switch {
	case err != nil:
		return false, "", err
	case !ok || d.Match == nil:
		if r.Force {
			r.printf("net: no match played; installing the candidate all the same (-force)\n")
			return true, "", nil
		}
		return false, "", fmt.Errorf("install: the match has not been played (no %s): run the match step first, or give -force", r.path(StepMatch+".done"))
	case d.Match.Verdict == VerdictH1:
		return true, "", nil
	}
	why = d.Match.verdictText(r.MatchGames)
	if r.Force {
		r.printf("net: generation %d of %s did not pass the SPRT (%s); installing it all the same (-force)\n", r.Gen, r.Variant, why)
		return true, why, nil
	}
	return false, why, nil
}

// fmtDuration writes seconds as 12m34s.
func fmtDuration(seconds float64) string {
	d := time.Duration(seconds * float64(time.Second))
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
