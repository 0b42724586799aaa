package cli

import (
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/bench"
	"github.com/camelot-engine/camelot/game"
)

// runBench implements `camelot bench [depth] [threads] [hash] [-variant
// NAME] [-rules NAME] [-net FILE | -classic]`: the suite of Camelot, or of
// the variant named (V7), under the rule set named (V14), each with its
// own signature.
func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintln(stderr, "usage: camelot "+bench.Usage)
		fmt.Fprintln(stderr, "Searches the benchmark suite to a fixed depth; with one thread the node count is the bench signature.")
		fmt.Fprintf(stderr, "  depth    plies a position (default %d; %d for chivalry)\n", bench.DefaultDepth, bench.ChivalryDepth)
		fmt.Fprintf(stderr, "  threads  search threads (default %d)\n", bench.DefaultThreads)
		fmt.Fprintf(stderr, "  hash     transposition table MB (default %d)\n", bench.DefaultHashMB)
		fmt.Fprintln(stderr, "  -variant NAME")
		fmt.Fprintln(stderr, "           the suite of "+game.Names()+" (default camelot): each has its own signature (V7)")
		fmt.Fprintln(stderr, "  -rules NAME")
		fmt.Fprintln(stderr, "           the rule set the suite is searched under: "+game.RulesNames()+" (default wcf, V14); each has its own signature")
		fmt.Fprintln(stderr, "  -net FILE")
		fmt.Fprintln(stderr, "           search with this net of the suite's board (default: the board's built-in net, if any)")
		fmt.Fprintln(stderr, "  -classic")
		fmt.Fprintln(stderr, "           search with the tuned evaluation")
		return 0
	}
	if err := bench.Command(stdout, args); err != nil {
		fmt.Fprintf(stderr, "camelot %v\n", err)
		return 2
	}
	return 0
}
