package cli

import (
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/bench"
)

// runBench implements `camelot bench [depth] [threads] [hash]`.
func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if err := bench.Command(stdout, args); err != nil {
		fmt.Fprintf(stderr, "camelot %v\n", err)
		return 2
	}
	return 0
}
