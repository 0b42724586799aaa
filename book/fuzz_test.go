package book

import (
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// FuzzLoad feeds arbitrary bytes to the reader: it must refuse or accept
// without panicking, and a book it accepts must answer lookups and probes.
// The seed corpus is in testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	good, _ := Encode(sampleEntries())
	f.Add(good)
	f.Add(good[:len(good)-1])
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Load(data)
		if err != nil {
			return
		}
		for i := range b.Len() {
			e := b.At(i)
			if got, ok := b.Lookup(e.Key); !ok || got != e {
				t.Fatalf("entry %d: Lookup gives %+v, %v", i, got, ok)
			}
		}
		start := boards.StartPosition(game.Camelot)
		b.Moves(&start, DefaultVariety)
	})
}
