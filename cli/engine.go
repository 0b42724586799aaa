package cli

import (
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/bench"
	"github.com/camelot-engine/camelot/protocol"
)

// runProtocol runs the engine's UCI-style protocol on stdin and stdout:
// what a GUI or match runner talks to. With -tune, uci announces the
// search's tunable constants as options too (camelot tune-search).
func runProtocol(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	tune := false
	for _, a := range args {
		switch a {
		case "-tune", "--tune":
			tune = true
		default:
			fmt.Fprintf(stderr, "camelot uci: unknown argument %q (want -tune or nothing)\n", a)
			return 2
		}
	}
	s := protocol.NewSession(nil)
	s.ShowTunables = tune
	s.BenchFunc = bench.Command
	if err := s.Run(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "camelot: %v\n", err)
		return 1
	}
	return 0
}
