// Command camelot is a Camelot engine and its tools. Each subcommand lives
// in package cli; this file only dispatches.
package main

import (
	"os"

	"github.com/camelot-engine/camelot/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
