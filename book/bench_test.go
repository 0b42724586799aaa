package book

import (
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// BenchmarkPick is a book move at the start position from the embedded
// book: a probe of every legal move's position by binary search.
var defaultBytes, _ = defaultFiles.ReadFile("default.book")

func BenchmarkPick(b *testing.B) {
	bk, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	start := boards.StartPosition(game.Camelot)
	rng := rand.New(rand.NewPCG(1, 1))
	if _, ok := bk.Pick(&start, DefaultVariety, rng); !ok {
		b.Skip("the embedded book has no move at the start")
	}
	for b.Loop() {
		bk.Pick(&start, DefaultVariety, rng)
	}
}

// BenchmarkLoad checks the embedded book's bytes as the first probe does.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(defaultBytes); err != nil {
			b.Fatal(err)
		}
	}
}
