package book

// The embedded books of every board: Camelot's, Cam's and Chivalry's (and
// Camette's, had it one), each on its own grid through the one surface of
// package boards.

import (
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// Every variant's embedded book is of its own board, every move it offers
// is legal there, and it is never consulted on another board: the start
// of every other variant finds no move in it.
func TestEmbeddedVariantBooks(t *testing.T) {
	for _, v := range game.Variants() {
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
		for _, w := range game.Variants() {
			if w != v {
				start := boards.StartPosition(w)
				if cs := b.Moves(&start, DefaultVariety); len(cs) != 0 {
					t.Errorf("%s's book offers %d moves at %s's start", v, len(cs), w)
				}
			}
		}
	}
}
