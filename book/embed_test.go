package book

import (
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// The embedded book loads, and every move it offers, in every position it
// holds, is legal there (checkBook walks them all from the start).
func TestEmbeddedBook(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if b.Size() > 2<<20 {
		t.Errorf("the embedded book has %d bytes, more than 2 MB", b.Size())
	}
	if testing.Short() {
		t.Skip("the walk over the whole book is left to the full run (the race run is -short)")
	}
	checkBook(t, b)
}

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
