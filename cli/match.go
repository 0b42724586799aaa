package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/camelot-engine/camelot/match"
)

// runMatch implements `camelot match`: a match between two engines (see
// package match and `camelot match -h`). Ctrl-C stops it cleanly: no new
// games, running games abandoned, engines killed, finished games kept and
// the summary printed; a second Ctrl-C kills the runner at once.
func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // restore the default: a second Ctrl-C ends the process
	}()
	return match.Main(ctx, args, stdout, stderr, isTerminal(stdout))
}

// isTerminal reports whether w is a character device such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
