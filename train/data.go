package train

import (
	"errors"
	"fmt"
	"math"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// Data holds training positions compactly: a position is its pieces as
// features in White's view (boards.NetFeatures), two bytes a piece, plus ten
// bytes of fixed columns. The other view's features are a fixed
// renumbering of White's (blackView), made when a batch needs them, so
// both views cost the memory of one. The features are kept in chunks of
// fixed size rather than one slice, so that the store never grows by
// copying, which would briefly need twice its memory.
type Data struct {
	// Variant is the board of every position (the first one added sets
	// it; the zero Variant is Camelot).
	Variant game.Variant
	chunks  [][]uint16 // each of cap chunkSize
	start   []uint32   // position i's features: chunk<<chunkShift | offset
	score   []int32    // the search score, centi-men, from the side to move's view
	// info packs the side to move (bit 0: Black), the game's result for
	// the side to move in half points (bits 1–2) and the number of
	// features (bits 3–9: Chivalry has 40 pieces, more than five bits
	// hold).
	info []uint16
}

const (
	chunkShift = 20
	chunkSize  = 1 << chunkShift
	// maxPieces bounds a position's pieces and so its features (R2).
	maxPieces = 2 * (game.MaxKnights + game.MaxMen)
)

// Len is the number of positions.
func (d *Data) Len() int { return len(d.info) }

// add appends a position from its record's fields: p, its search score
// and its game result, both from White's view as datagen writes them.
func (d *Data) add(p game.Position, score int, result float64) error {
	if d.Len() == 0 {
		d.Variant = p.Variant()
	} else if p.Variant() != d.Variant {
		return fmt.Errorf("a position of %s among positions of %s", p.Variant().Title(), d.Variant.Title())
	}
	if layoutOf(d.Variant) == nil {
		return fmt.Errorf("positions of %s, a board this program does not play", d.Variant.Title())
	}
	var buf [maxPieces]nnue.Feature
	fs := boards.NetFeatures(p, game.White, buf[:0])
	last := len(d.chunks) - 1
	if last < 0 || len(d.chunks[last])+len(fs) > chunkSize {
		if uint64(len(d.chunks)+1)<<chunkShift > math.MaxUint32 {
			return errors.New("too many positions for 32-bit offsets: use fewer")
		}
		d.chunks = append(d.chunks, make([]uint16, 0, chunkSize))
		last++
	}
	d.start = append(d.start, uint32(last<<chunkShift|len(d.chunks[last])))
	for _, f := range fs {
		d.chunks[last] = append(d.chunks[last], uint16(f))
	}
	half := int(math.Round(2 * result))
	if p.Side() == game.Black {
		score, half = -score, 2-half
	}
	d.score = append(d.score, int32(score))
	d.info = append(d.info, uint16(p.Side())|uint16(half)<<1|uint16(len(fs))<<3)
	return nil
}

// Score is position i's search score from the side to move's view.
func (d *Data) Score(i int) int { return int(d.score[i]) }

// Result is position i's game result for the side to move: 0, 0.5 or 1.
func (d *Data) Result(i int) float64 { return float64(d.info[i]>>1&3) / 2 }

// Views appends position i's rows of the model (model.go) to us and them:
// the bias row, then the features seen by the side to move and by the
// other side.
func (d *Data) Views(i int, us, them []uint16) ([]uint16, []uint16) {
	s := d.start[i]
	info := d.info[i]
	off := int(s & (chunkSize - 1))
	white := d.chunks[s>>chunkShift][off : off+int(info>>3)]
	w, b := us, them // the lists that get White's and Black's views
	if info&1 == 1 {
		w, b = them, us
	}
	l := layoutOf(d.Variant)
	w = append(append(w, uint16(l.bias)), white...)
	b = append(b, uint16(l.bias))
	for _, f := range white {
		b = append(b, l.blackView[f])
	}
	if info&1 == 1 {
		return b, w
	}
	return w, b
}

// Features is the number of features stored, all positions together.
func (d *Data) Features() int {
	n := 0
	for _, c := range d.chunks {
		n += len(c)
	}
	return n
}

// bytesPerPosition is the memory the store and the training's index
// lists (the split's two lists and an epoch's shuffled order, four bytes
// a position each) take a position: chunks and columns at their capacity.
func (d *Data) bytesPerPosition() float64 {
	if d.Len() == 0 {
		return 0
	}
	const indexBytes = 4 + 4
	b := 2*len(d.chunks)*chunkSize + 4*cap(d.start) + 4*cap(d.score) + 2*cap(d.info) + indexBytes*d.Len()
	return float64(b) / float64(d.Len())
}
