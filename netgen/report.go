package netgen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/camelot-engine/camelot/internal/plural"
)

// report is DIR/report.md: a table of the steps, their wall time and
// their key figures, from the done files.
func (r *run) report() (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# Generation %d of %s's net\n\n", r.Gen, r.Variant.Title())
	fmt.Fprintf(&b, "From %s; %s games of datagen (seed %d), %s at lr %g, an SPRT (%s) of at most %d games at %s.\n\n",
		r.current.Name, commas(uint64(r.Games)), r.Seed, plural.Of(r.Epochs, "epoch", "epochs"), r.LR, sprtBounds, r.MatchGames, r.TC)
	b.WriteString("| step | wall time | figures |\n|---|---|---|\n")
	var match *MatchResult
	for _, step := range Steps {
		var d done
		ok, err := readDone(r.path(step+".done"), &d)
		if err != nil {
			return "", err
		}
		if !ok {
			what := "not run"
			if step == StepInstall && match != nil && match.Verdict != VerdictH1 {
				what = "nothing installed: the SPRT did not pass (" + match.verdictText(r.MatchGames) + ")"
			}
			fmt.Fprintf(&b, "| %s | – | %s |\n", step, what)
			continue
		}
		var figures string
		switch {
		case d.Datagen != nil:
			g := d.Datagen
			figures = fmt.Sprintf("%s games, %s positions; %.1f positions/s", commas(uint64(g.Games)), commas(uint64(g.Positions)), g.PositionsPerSecond)
		case d.Train != nil:
			t := d.Train
			figures = fmt.Sprintf("validation loss %s at epoch 0 (the current net), %s after epoch %d; %s", t.Epoch0Loss, t.FinalLoss, t.FinalEpoch, t.Net)
			if t.FinalLoss == "-" {
				figures = "no validation loss (no games held out); " + t.Net
			}
		case d.Match != nil:
			m := d.Match
			match = m
			p := m.Ptnml
			figures = fmt.Sprintf("%d − %d − %d, Elo %s ± %s, pentanomial [%d, %d, %d, %d, %d]; %s",
				m.Wins, m.Losses, m.Draws, signed(m.Elo), m.Margin, p[0], p[1], p[2], p[3], p[4], m.verdictText(r.MatchGames))
		case d.Install != nil:
			f := d.Install
			figures = fmt.Sprintf("%s, %s bytes, in place of %s", f.File, commas(uint64(f.Bytes)), orNone(strings.Join(f.Removed, ", ")))
			if f.Forced {
				figures += " (-force)"
			}
			ratio := 0.0
			if f.OldNPS > 0 {
				ratio = 100 * float64(f.NewNPS) / float64(f.OldNPS)
			}
			figures += fmt.Sprintf("; bench %s nodes at %s nodes/s (current net: %s at %s), the fastest of %d runs each, in turn; nodes/s %.1f%% of the current net's",
				commas(f.NewNodes), commas(f.NewNPS), commas(f.OldNodes), commas(f.OldNPS), benchRounds, ratio)
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", step, d.Took, figures)
	}
	return b.String(), nil
}

// signed writes a number as printed with its sign: +100.5, -3.2.
func signed(s string) string {
	if s != "" && s[0] != '-' && s[0] != '+' {
		return "+" + s
	}
	return s
}

// writeReport writes DIR/report.md and prints it.
func (r *run) writeReport() error {
	text, err := r.report()
	if err != nil {
		return err
	}
	if err := writeFile(r.path("report.md"), []byte(text)); err != nil {
		return err
	}
	r.printf("\n%s\nnet: the report is %s\n", text, filepath.Join(r.Dir, "report.md"))
	return nil
}

// dryRun prints what Run would run, and runs and writes nothing.
func (r *run) dryRun() error {
	r.printf("net: dry run (nothing is run or written): generation %d of %s's net from %s (%s), copied to %s, in %s\n",
		r.Gen, r.Variant.Title(), r.current.Name, r.currentFrom, r.currentPath(), r.Dir)
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
		var cmds [][]string
		after := ""
		switch step {
		case StepDatagen:
			cmds = [][]string{r.datagenArgs()}
		case StepTrain:
			cmds = [][]string{r.trainArgs()}
		case StepMatch:
			if _, err := os.Stat(r.openingsPath()); err != nil {
				cmds = append(cmds, r.openingsArgs())
			}
			cmds = append(cmds, r.matchArgs())
		case StepInstall:
			// The new net's name is its bytes', with the current one's prefix.
			prefix := r.current.Name[:max(strings.LastIndex(r.current.Name, "-"), 0)]
			dest := filepath.Join(r.defaultDir(), prefix+"-<hash>.nnue")
			when := "if the SPRT accepts H1"
			if r.Force {
				when = "whatever the SPRT decides (-force)"
			}
			r.printf("net: %s: %s: copy %s to %s (named after its bytes), removing the net of %s there\n", step, when, r.candidate(), dest, r.Variant.Title())
			cmds = [][]string{r.benchArgs(r.currentPath()), r.benchArgs(dest)}
			after = fmt.Sprintf("net: %s: the two benches %d times each, in turn, keeping each net's fastest run\n", step, benchRounds) +
				fmt.Sprintf("net: %s: write the second bench's nodes into the %s row of the bench signatures in %s\n", step, r.Variant.Title(), r.docPath())
		}
		for _, args := range cmds {
			r.printf("net: %s: %s\n", step, Command{Args: args})
		}
		r.printf("%s", after)
	}
	return nil
}
