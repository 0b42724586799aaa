// Command widegen writes internal/wide: the hot core (movegen, eval,
// engine) instantiated a second time for a 14-file grid, so that Chivalry
// (14 × 16, V2) is played by the same source as Camelot while Camelot
// keeps its three-word Bitboard. Only these packages are per grid: their
// inner loops depend on the Bitboard's width. Everything above them exists
// once and reaches the grid of each board through package boards.
//
// Each package is copied from its source with two changes: imports of the
// hot core point at their wide copies, and movegen's grid.go, the one file
// that knows the grid's size, is replaced by overlay/movegen/grid.go.
// Tests are left out, but for files named *_boards_test.go: tests written
// for every board, which so run on both grids. Files a //go:embed line
// names are copied beside the code.
//
// Run it with `go generate ./movegen` (or `make generate`) after changing
// any of those packages; a test fails while internal/wide is stale, and
// another if a package outside the hot core is generated.
//
// The idea of instantiating the rules core per board width is
// Fairy-Stockfish's "largeboards" build, done here inside one binary, as Go
// generics cannot specialise a struct type's fields without a cost on the
// hot path.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	root := flag.String("root", "", "the module's root folder (default: found from the working folder)")
	out := flag.String("out", "", "where to write the wide packages (default: ROOT/internal/wide)")
	flag.Parse()
	dir := *root
	if dir == "" {
		var err error
		if dir, err = moduleRoot(); err != nil {
			fmt.Fprintln(os.Stderr, "widegen:", err)
			os.Exit(1)
		}
	}
	dest := *out
	if dest == "" {
		dest = filepath.Join(dir, "internal", "wide")
	}
	if err := Generate(dir, dest); err != nil {
		fmt.Fprintln(os.Stderr, "widegen:", err)
		os.Exit(1)
	}
}

// moduleRoot finds the folder holding go.mod, from the working folder up.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working folder")
		}
		dir = parent
	}
}
