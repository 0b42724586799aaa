package book

// The embedded books of every board this build plays: the narrow build's
// Cam (and Camette's, had it one), and, in the copy internal/widegen
// writes for the wide grid, Chivalry's as well (files named
// *_boards_test.go run on both grids).

import (
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// Every variant's embedded book is of its own board, every move it offers
// is legal there, and it is never consulted on another board: the start
// of every other variant finds no move in it.
func TestEmbeddedVariantBooks(t *testing.T) {
	for _, v := range movegen.Variants() {
		if v == movegen.Camelot || v.Geometry() == nil {
			continue
		}
		b, err := DefaultFor(v)
		if err != nil {
			t.Fatal(err)
		}
		if b == nil {
			continue // no book of v built in
		}
		if b.Variant != v {
			t.Fatalf("the embedded book of %s holds %s's positions", v, b.Variant)
		}
		checkBook(t, b)
		for _, w := range movegen.Variants() {
			if p := w.StartPosition; w != v && w.Geometry() != nil {
				start := p()
				if cs := b.Moves(&start, DefaultVariety); len(cs) != 0 {
					t.Errorf("%s's book offers %d moves at %s's start", v, len(cs), w)
				}
			}
		}
	}
}
