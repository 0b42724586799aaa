package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/protocol"
	"github.com/camelot-engine/camelot/solve"
	"github.com/camelot-engine/camelot/solve/verify"
)

// runSolve implements `camelot solve -variant camette -out DIR`,
// `camelot solve verify DIR` and `camelot solve stats DIR`.
func runSolve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "verify" {
		return runSolveVerify(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "stats" {
		return runSolveStats(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := variantFlag(fs)
	rules := fs.String("rules", game.WCF.String(), "the rule set: only wcf, whose game the table solves (V14)")
	out := fs.String("out", "", "the table directory (created if missing; an interrupted solve there resumes)")
	threads := fs.Int("threads", 0, "threads (0: one per physical core)")
	memory := fs.Int("memory", 7, "soft limit of the heap, GiB (the largest layer needs about 5.5)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot solve -variant camette [-rules wcf] -out DIR [-threads N] [-memory GIB]")
		fmt.Fprintln(stderr, "       camelot solve verify [-threads N] DIR")
		fmt.Fprintln(stderr, "       camelot solve stats [-reach] [-stretch] [-pv N] [-threads N] DIR")
		fmt.Fprintln(stderr, "Solves every position of Camette by retrograde analysis, layer by layer (docs/camette.md).")
		fs.PrintDefaults()
	}
	if !parseOptions(fs, args, "solve", stderr) {
		return 2
	}
	v, ok := variantOf("solve", *variant, stderr)
	if !ok {
		return 2
	}
	if v, ok = rulesOf("solve", v, *rules, stderr); !ok {
		return 2
	}
	if r := v.Rules(); r != game.WCF {
		fmt.Fprintf(stderr, "camelot solve: -rules %s: the table solves Camette under the WCF's rules only (V14 changes its moves and its ends); give -rules wcf\n", r)
		return 2
	}
	if v != game.Camette {
		fmt.Fprintf(stderr, "camelot solve: %s is too large to solve; only camette is (-variant camette)\n", v)
		return 2
	}
	if strings.TrimSpace(*out) == "" {
		fmt.Fprintln(stderr, "camelot solve: -out DIR is required")
		return 2
	}
	if *threads == 0 {
		*threads = protocol.DefaultThreads()
	}
	if *threads < 1 || *threads > 1024 {
		fmt.Fprintf(stderr, "camelot solve: bad -threads %d: want 0 to 1024\n", *threads)
		return 2
	}
	if *memory < 1 || *memory > 1<<20 {
		fmt.Fprintf(stderr, "camelot solve: bad -memory %d: want a number of GiB from 1\n", *memory)
		return 2
	}
	m, err := solve.Solve(solve.Config{Dir: *out, Threads: *threads, Log: stderr, MemoryLimit: int64(*memory) << 30})
	if err != nil {
		fmt.Fprintf(stderr, "camelot solve: %v\n", err)
		return 1
	}
	var won, lost, drawn, positions uint64
	for _, l := range m.Layers {
		won, lost, drawn, positions = won+l.Won, lost+l.Lost, drawn+l.Drawn, positions+l.Positions
	}
	fmt.Fprintf(stdout, "solved %d layers, %d positions: %d won, %d lost, %d drawn for the side to move\n", len(m.Layers), positions, won, lost, drawn)
	t, err := solve.Open(*out)
	if err != nil {
		fmt.Fprintf(stderr, "camelot solve: %v\n", err)
		return 1
	}
	val, _, err := t.ProbeCFEN(game.Camette.StartCFEN())
	if err != nil {
		fmt.Fprintf(stderr, "camelot solve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "start position: %s\n", val)
	return 0
}

// runSolveVerify implements `camelot solve verify DIR`.
func runSolveVerify(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	threads := fs.Int("threads", 0, "threads (0: one per physical core)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot solve verify [-threads N] DIR")
		fmt.Fprintln(stderr, "Checks every value of the table in DIR against its successors, generated independently.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *threads == 0 {
		*threads = protocol.DefaultThreads()
	}
	if *threads < 1 || *threads > 1024 {
		fmt.Fprintf(stderr, "camelot solve verify: bad -threads %d: want 0 to 1024\n", *threads)
		return 2
	}
	rep, err := verify.Check(fs.Arg(0), *threads, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "camelot solve verify: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "verified %d positions of %d layers: every value agrees with its successors and its mirror image\n", rep.Positions, rep.Layers)
	return 0
}

// runSolveStats implements `camelot solve stats DIR`: the table's counts
// per layer, the start position's value and line, and with -reach the
// positions that play from the start can reach (docs/camette.md).
func runSolveStats(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	threads := fs.Int("threads", 0, "threads for -reach (0: one per physical core)")
	reach := fs.Bool("reach", false, "also count the positions reachable from the start, by value (minutes)")
	stretch := fs.Bool("stretch", false, "also find the longest run of plies without capture or castle entry that optimal play needs (R16's 100-ply rule; minutes)")
	pvPlies := fs.Int("pv", 40, "longest principal variation to print, in plies")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot solve stats [-reach] [-stretch] [-pv N] [-threads N] DIR")
		fmt.Fprintln(stderr, "Prints a solved table's figures as Markdown: per layer, the start's value and line.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *threads == 0 {
		*threads = protocol.DefaultThreads()
	}
	if *threads < 1 || *threads > 1024 || *pvPlies < 0 {
		fmt.Fprintln(stderr, "camelot solve stats: bad -threads or -pv")
		return 2
	}
	t, err := solve.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "camelot solve stats: %v\n", err)
		return 1
	}
	m := t.Manifest()
	fmt.Fprintln(stdout, "| layer | positions | won | lost | drawn | longest win | longest loss |")
	fmt.Fprintln(stdout, "|---|---:|---:|---:|---:|---:|---:|")
	var sum solve.LayerEntry
	for _, l := range m.Layers {
		fmt.Fprintf(stdout, "| %s | %d | %d | %d | %d | %d | %d |\n", l.Signature, l.Positions, l.Won, l.Lost, l.Drawn, l.LongestWin, l.LongestLoss)
		sum.Positions += l.Positions
		sum.Won, sum.Lost, sum.Drawn = sum.Won+l.Won, sum.Lost+l.Lost, sum.Drawn+l.Drawn
		sum.LongestWin, sum.LongestLoss = max(sum.LongestWin, l.LongestWin), max(sum.LongestLoss, l.LongestLoss)
	}
	fmt.Fprintf(stdout, "| all | %d | %d | %d | %d | %d | %d |\n\n", sum.Positions, sum.Won, sum.Lost, sum.Drawn, sum.LongestWin, sum.LongestLoss)
	if !t.Complete() {
		fmt.Fprintf(stdout, "The table holds %d of %d layers: the solve was interrupted.\n", len(m.Layers), len(solve.Signatures()))
		return 0
	}
	pos := boards.StartPosition(game.Camette)
	v, _, err := t.ProbeCFEN(pos.CFEN())
	if err != nil {
		fmt.Fprintf(stderr, "camelot solve stats: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Start position: %s.\n\nWhite's first moves:", v)
	for i, m := range pos.Moves() {
		qv, _, err := t.ProbeCFEN(pos.Play(m).CFEN())
		if err != nil {
			fmt.Fprintf(stderr, "camelot solve stats: %v\n", err)
			return 1
		}
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(stdout, "%s %s (%s)", sep, pos.MoveText(m), forMover(qv))
	}
	fmt.Fprint(stdout, ".\n\nPrincipal variation:")
	g := game.NewGame(pos)
	for ply := 0; ply < *pvPlies; ply++ {
		p := g.Position()
		if p.Outcome().IsOver() {
			fmt.Fprintf(stdout, " (%s)", p.Outcome())
			break
		}
		best, ok, err := t.BestMoveOf(p)
		if err != nil || !ok {
			break
		}
		if p.Side() == game.White {
			fmt.Fprintf(stdout, " %d.", p.MoveNumber())
		} else if ply == 0 {
			fmt.Fprintf(stdout, " %d...", p.MoveNumber())
		}
		fmt.Fprintf(stdout, " %s", p.MoveText(best))
		if err := g.Play(best); err != nil {
			break
		}
	}
	fmt.Fprintln(stdout)
	if *stretch {
		n, err := t.LongestStretch(*threads)
		if err != nil {
			fmt.Fprintf(stderr, "camelot solve stats: %v\n", err)
			return 1
		}
		verdict := "within the 100-ply rule (R16), which therefore changes no value"
		if n > 100 {
			verdict = "beyond the 100-ply rule (R16): some wins of the table are draws under it"
		}
		fmt.Fprintf(stdout, "\nLongest stretch without capture or castle entry in optimal play: %d plies, %s.\n", n, verdict)
	}
	if !*reach {
		return 0
	}
	stats, err := t.Reachable(*threads)
	if err != nil {
		fmt.Fprintf(stderr, "camelot solve stats: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "\nReachable from the start:\n\n| layer | positions | won | lost | drawn |\n|---|---:|---:|---:|---:|")
	var total solve.ReachStats
	for _, r := range stats {
		if r.Won+r.Lost+r.Drawn == 0 {
			continue
		}
		fmt.Fprintf(stdout, "| %s | %d | %d | %d | %d |\n", r.Signature, r.Won+r.Lost+r.Drawn, r.Won, r.Lost, r.Drawn)
		total.Won, total.Lost, total.Drawn = total.Won+r.Won, total.Lost+r.Lost, total.Drawn+r.Drawn
	}
	fmt.Fprintf(stdout, "| all | %d | %d | %d | %d |\n", total.Won+total.Lost+total.Drawn, total.Won, total.Lost, total.Drawn)
	return 0
}

// forMover turns a successor's value, which is for the side to move there,
// into the value of the move for the side that made it.
func forMover(v solve.Value) string {
	switch {
	case v.IsLoss():
		return fmt.Sprintf("wins in %d plies", v.Plies()+1)
	case v.IsWin():
		return fmt.Sprintf("loses in %d plies", v.Plies()+1)
	}
	return "draws"
}
