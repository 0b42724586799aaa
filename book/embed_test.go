package book

import "testing"

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
