package book

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"

	"github.com/camelot-engine/camelot/game"
)

// Book is a loaded book: the sorted entry bytes, searched in place.
type Book struct {
	Variant game.Variant // the board of its positions (the WCF's form): it is consulted on that board only, under either rule set (V14)
	body    []byte
	n       int
}

// Len returns the number of positions.
func (b *Book) Len() int { return b.n }

// Size returns the size of the book file in bytes.
func (b *Book) Size() int { return headerSize + len(b.body) + footerSize }

// At returns the i-th entry in key order.
func (b *Book) At(i int) Entry { return decodeEntry(b.body[i*entrySize:]) }

// Lookup finds the entry of a position key by binary search.
func (b *Book) Lookup(key uint64) (Entry, bool) {
	lo, hi := 0, b.n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if binary.LittleEndian.Uint64(b.body[mid*entrySize:]) < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < b.n && binary.LittleEndian.Uint64(b.body[lo*entrySize:]) == key {
		return b.At(lo), true
	}
	return Entry{}, false
}

// Candidate is a book move of a position.
type Candidate struct {
	Move   game.Move
	Score  int     // centi-men from the mover's view: the child's score negated
	Depth  int     // the depth behind the child's score
	Weight float64 // the chance Pick plays it, 0 to 1
}

// Variety says how Pick chooses. For the first Plies plies of a game
// (counted from the move number and side to move, R5) it picks at random
// among the moves within Margin centi-men of the best, a move losing l
// getting weight Margin+1-l, so the best is the likeliest; after that it
// plays the best move.
type Variety struct {
	Plies  int
	Margin int
}

// DefaultVariety is the engine's default: 8 plies, 20 centi-men.
var DefaultVariety = Variety{Plies: 8, Margin: 20}

// Ply returns the plies played before p in a game from the start.
func Ply(p *game.Position) int { return 2*(p.MoveNumber()-1) + int(p.Side()) }

// Moves returns the book moves of p, best first (ties in move generation
// order), with the weights Pick gives them under v. It returns none unless
// p itself is an expanded book position, so that a position met only as a
// leaf, whose moves the book has not looked at, is never played from a
// partial list. A book move leads to a position one ply further from the
// build's root than p, as the builder's values flow (Build), so a move
// back to an earlier book position is not offered.
func (b *Book) Moves(p *game.Position, v Variety) []Candidate {
	if p.Variant().WithRules(game.WCF) != b.Variant {
		return nil // a position of another board: never consulted (keys are per board)
	}
	e, ok := b.Lookup(p.Key())
	if !ok || !e.Expanded {
		return nil
	}
	if p.Outcome().IsOver() {
		return nil
	}
	var cs []Candidate
	for _, m := range p.Moves() {
		child := p.Play(m)
		if c, ok := b.Lookup(child.Key()); ok && c.Ply == e.Ply+1 {
			e := c
			cs = append(cs, Candidate{Move: m, Score: parentScore(int(e.Score)), Depth: int(e.Depth)})
		}
	}
	slices.SortStableFunc(cs, func(a, b Candidate) int { return b.Score - a.Score })
	weigh(cs, v, Ply(p))
	return cs
}

// parentScore turns a child's score into its parent's view: negated, and
// a decided game one ply further away.
func parentScore(child int) int {
	switch {
	case child >= winBound:
		return -(child - 1)
	case child <= -winBound:
		return -(child + 1)
	}
	return -child
}

// weigh sets the weights of cs, sorted best first.
func weigh(cs []Candidate, v Variety, ply int) {
	if len(cs) == 0 {
		return
	}
	if ply >= v.Plies || v.Margin <= 0 {
		cs[0].Weight = 1
		return
	}
	best, sum := cs[0].Score, 0.0
	for i := range cs {
		if loss := best - cs[i].Score; loss <= v.Margin {
			cs[i].Weight = float64(v.Margin + 1 - loss)
			sum += cs[i].Weight
		}
	}
	for i := range cs {
		cs[i].Weight /= sum
	}
}

// Pick chooses a book move for p under v, drawing from rng; ok is false
// when the book has no move for p.
func (b *Book) Pick(p *game.Position, v Variety, rng *rand.Rand) (c Candidate, ok bool) {
	cs := b.Moves(p, v)
	if len(cs) == 0 {
		return Candidate{}, false
	}
	r := rng.Float64()
	for _, c := range cs {
		if r < c.Weight {
			return c, true
		}
		r -= c.Weight
	}
	return cs[0], true // rounding left r just above the last weight
}

// Line returns first, played from p, followed by the book's best move in
// each position after it while the book has one, up to n moves in all:
// the line a GUI shows for a book move. A move that would return to a
// position already on the line ends it.
func (b *Book) Line(p *game.Position, first game.Move, n int) []game.Move {
	line := []game.Move{first}
	pos := p.Play(first)
	seen := map[uint64]bool{p.Key(): true, pos.Key(): true}
	for len(line) < n {
		cs := b.Moves(&pos, Variety{})
		if len(cs) == 0 {
			break
		}
		pos.MakeMove(cs[0].Move)
		if seen[pos.Key()] {
			break
		}
		seen[pos.Key()] = true
		line = append(line, cs[0].Move)
	}
	return line
}

// Statistics describes a book.
type Statistics struct {
	Positions, Expanded int
	MaxPly              int
	Bytes               int
	ByPly               []int // positions per ply from the build's root
}

// Stats counts a book's positions.
func Stats(b *Book) Statistics {
	s := Statistics{Positions: b.Len(), Bytes: b.Size(), ByPly: make([]int, maxPly+1)}
	for i := range b.Len() {
		e := b.At(i)
		if e.Expanded {
			s.Expanded++
		}
		s.MaxPly = max(s.MaxPly, int(e.Ply))
		s.ByPly[e.Ply]++
	}
	return s
}
