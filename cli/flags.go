package cli

import (
	"flag"
	"fmt"
	"io"
)

// parseOptions parses a subcommand that takes options and no arguments.
// It reports false when the command must stop (a bad flag, -h, or a stray
// argument, named on stderr as "camelot NAME: unexpected argument …").
func parseOptions(fs *flag.FlagSet, args []string, name string, stderr io.Writer) bool {
	if err := fs.Parse(args); err != nil {
		return false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "camelot %s: unexpected argument %q\n", name, fs.Arg(0))
		return false
	}
	return true
}
