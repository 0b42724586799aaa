package solve

import (
	"math/bits"
	"sync/atomic"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/parallel"
	"github.com/camelot-engine/camelot/movegen"
)

// bitset is a set of a layer's indices, safe for concurrent adds.
type bitset []uint64

func newBitset(n uint64) bitset { return make(bitset, (n+63)/64) }

// add adds i and reports whether it was new.
func (b bitset) add(i uint64) bool {
	w, m := &b[i/64], uint64(1)<<(i%64)
	for {
		old := atomic.LoadUint64(w)
		if old&m != 0 {
			return false
		}
		if atomic.CompareAndSwapUint64(w, old, old|m) {
			return true
		}
	}
}

// ReachStats counts the positions of one layer that play from the start
// can reach, by their value.
type ReachStats struct {
	Signature        Signature
	Won, Lost, Drawn uint64
}

// Reachable walks every position that legal play from Camette's start can
// reach (repetitions aside: a position is counted once however often it
// recurs) and counts them by layer and by value. Layers are walked from
// the start's down, since captures only lead to layers of less material;
// within a layer the walk goes in waves, each a scan of the positions
// found by the one before.
func (t *Table) Reachable(threads int) ([]ReachStats, error) {
	sigs := Signatures()
	seen := map[Signature]bitset{}
	for _, s := range sigs {
		seen[s] = newBitset(s.Size())
	}
	start := movegen.StartOf(movegen.Camette)
	startPl := PlacementOf(&start)
	seen[startPl.Signature()].add(Index(startPl))
	var out []ReachStats
	for i := len(sigs) - 1; i >= 0; i-- {
		s := sigs[i]
		values, err := t.layer(s)
		if err != nil {
			return nil, err
		}
		frontier := append(bitset(nil), seen[s]...)
		for {
			next := newBitset(s.Size())
			var found atomic.Uint64
			parallel.Parts(threads, len(frontier), func(_, lo, hi int) {
				var ml movegen.MoveList
				var n uint64
				for w := lo; w < hi; w++ {
					for word := frontier[w]; word != 0; word &= word - 1 {
						idx := uint64(w)*64 + uint64(bits.TrailingZeros64(word))
						pl := Unrank(s, idx)
						p := pl.position()
						p.GenerateMoves(&ml)
						for _, m := range ml.Slice() {
							q := pl.after(m)
							if q.Pieces[0] == 0 || q.Pieces[1] == 0 {
								continue // the game is over: no layer holds it
							}
							qs := q.Signature()
							qi := Index(q)
							if seen[qs].add(qi) && qs == s {
								next.add(qi)
								n++
							}
						}
					}
				}
				found.Add(n)
			})
			if found.Load() == 0 {
				break
			}
			frontier = next
		}
		r := ReachStats{Signature: s}
		for w, word := range seen[s] {
			for ; word != 0; word &= word - 1 {
				v := values[uint64(w)*64+uint64(bits.TrailingZeros64(word))]
				switch {
				case v.IsWin():
					r.Won++
				case v.IsLoss():
					r.Lost++
				default:
					r.Drawn++
				}
			}
		}
		delete(seen, s)
		out = append(out, r)
	}
	return out, nil
}

// BestMove returns the move that keeps p's value: from a won position one
// to a successor lost in the fewest plies, from a lost one to a successor
// won in the most, from a drawn one to a drawn successor; the first in
// generation order among equals. ok is false when p is over or not in
// the table.
func (t *Table) BestMove(p *movegen.Position) (best movegen.Move, v Value, ok bool, err error) {
	if v, ok, err = t.Probe(p); !ok || err != nil {
		return best, v, false, err
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	found := false
	var bestScore int
	for _, m := range ml.Slice() {
		q := *p
		q.MakeMove(m)
		sv, ok, err := t.Probe(&q)
		if err != nil {
			return best, v, false, err
		}
		if !ok {
			continue
		}
		score := preference(sv)
		if !found || score > bestScore {
			best, bestScore, found = m, score, true
		}
	}
	return best, v, found, nil
}

// preference orders a successor's value from the mover's side: a lost
// successor first (the sooner the better), then a drawn one, then a won
// one (the later the better).
func preference(v Value) int {
	switch {
	case v.IsLoss():
		return 1000 - v.Plies()
	case v.IsWin():
		return -1000 + v.Plies()
	}
	return 0
}

// BestMoveOf is BestMove for a position handed over through the
// grid-neutral surface (package game), as the tools hold it; ok is false
// for a position of another grid.
func (t *Table) BestMoveOf(gp game.Position) (best game.Move, ok bool, err error) {
	p, onGrid := movegen.Unwrap(gp)
	if !onGrid {
		return game.NullMove, false, nil
	}
	m, _, ok, err := t.BestMove(&p)
	return m.Neutral(), ok, err
}
