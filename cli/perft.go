package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/protocol"
)

// runPerft implements `camelot perft [-threads N] [-variant NAME] [-rules
// NAME] DEPTH [CFEN]`: the counts from the variant's start, or from the
// CFEN read on the variant's board (V6, V7), under the rule set (V14).
func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	threads := fs.Int("threads", 1, "goroutines to split the root moves over (0: one per physical core)")
	variant := variantFlag(fs)
	rules := rulesFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot perft [-threads N] [-variant NAME] [-rules NAME] DEPTH [CFEN]")
		fmt.Fprintln(stderr, "Counts the leaf nodes of the move tree from the variant's start, or from CFEN read on its board.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, ok := variantOf("perft", *variant, stderr)
	if !ok {
		return 2
	}
	if v, ok = rulesOf("perft", v, *rules, stderr); !ok {
		return 2
	}
	rest := fs.Args()
	if len(rest) < 1 || len(rest) > 2 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(rest[0])
	if err != nil || depth < 0 || depth > 64 {
		fmt.Fprintf(stderr, "camelot perft: bad depth %q: want a whole number from 0 to 64\n", rest[0])
		return 2
	}
	if *threads == 0 {
		*threads = protocol.DefaultThreads()
	}
	if *threads < 1 || *threads > 1024 {
		fmt.Fprintf(stderr, "camelot perft: bad -threads %d: want 0 to 1024\n", *threads)
		return 2
	}
	pos := boards.StartPosition(v)
	if len(rest) == 2 {
		if pos, err = boards.ParseCFEN(v, rest[1]); err != nil {
			if v.WithRules(game.WCF) != game.Camelot {
				err = fmt.Errorf("%v (read on the %s board)", err, v.Title())
			}
			fmt.Fprintf(stderr, "camelot perft: %v\n", err)
			return 2
		}
	}
	entries, total := pos.Divide(depth, *threads)
	game.WriteDivide(stdout, entries, total)
	return 0
}
