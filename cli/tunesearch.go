package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/camelot-engine/camelot/spsa"
)

// runTuneSearch implements `camelot tune-search`: SPSA over the search's
// constants through the match runner (package spsa). Ctrl-C stops it; the
// state file keeps every finished batch, and the same command resumes.
func runTuneSearch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return spsa.Main(ctx, args, stdout, stderr)
}
