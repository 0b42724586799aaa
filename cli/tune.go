package cli

import (
	"io"

	"github.com/camelot-engine/camelot/tune"
)

// runTune implements `camelot tune`: fit the evaluation weights to
// datagen files (package tune).
func runTune(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return tune.Main(args, stdout, stderr)
}
