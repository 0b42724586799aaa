package cli

import (
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/bench"
	"github.com/camelot-engine/camelot/protocol"
)

// runProtocol runs the engine's UCI-style protocol on stdin and stdout:
// what a GUI or match runner talks to.
func runProtocol(_ []string, stdin io.Reader, stdout, stderr io.Writer) int {
	s := protocol.NewSession(nil)
	s.BenchFunc = bench.Command
	if err := s.Run(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "camelot: %v\n", err)
		return 1
	}
	return 0
}
