package movegen

import (
	"sort"
	"sync"
	"sync/atomic"
)

// maxPerftDepth bounds perft depth; deeper runs would take years anyway.
const maxPerftDepth = 64

// perfter owns one move buffer per ply so counting allocates nothing.
type perfter struct {
	lists [maxPerftDepth]MoveList
}

// Perft counts the leaf nodes of the legal move tree of p to the given
// depth (R17: a finished game has no moves; repetition and the 100-ply rule
// are ignored). The last ply is bulk-counted: the leaves are not made.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > maxPerftDepth {
		depth = maxPerftDepth
	}
	return new(perfter).count(&p, depth)
}

func (pf *perfter) count(p *Position, depth int) uint64 {
	if p.InTreePhase() {
		return pf.countPlacements(p, depth)
	}
	ml := &pf.lists[depth-1]
	if depth == 1 {
		return uint64(p.CountMoves(ml))
	}
	p.GenerateMoves(ml)
	var n uint64
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		u := p.MakeMove(m)
		n += pf.count(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return n
}

// countPlacements is count in the tree phase (V10): a placement is one
// move, so the last ply is C(n,3).
func (pf *perfter) countPlacements(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountPlacements())
	}
	var n uint64
	for _, m := range p.Placements(nil) {
		child := *p
		child.PlaceTrees(m)
		n += pf.count(&child, depth-1)
	}
	return n
}

// LegalMoves lists every legal move of p, placements included (V10); it
// allocates, so the search uses GenerateMoves.
func (p *Position) LegalMoves() []Move {
	if p.InTreePhase() {
		return p.Placements(nil)
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	return append([]Move(nil), ml.Slice()...)
}

// DivideEntry is one root move of a perft divide and its leaf count.
type DivideEntry struct {
	Move  Move
	Text  string // canonical WCF notation (R3)
	Nodes uint64
}

// Divide runs perft to depth from p, splitting the root moves over the given
// number of goroutines, and returns one entry per root move sorted by move
// text, plus the total.
func Divide(p Position, depth, threads int) ([]DivideEntry, uint64) {
	if depth <= 0 {
		return nil, 1
	}
	moves := p.LegalMoves()
	entries := make([]DivideEntry, len(moves))
	for i, m := range moves {
		entries[i] = DivideEntry{Move: m, Text: p.MoveText(m)}
	}
	if threads < 1 {
		threads = 1
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pf := new(perfter)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(entries) {
					return
				}
				child := p
				child.Play(entries[i].Move)
				if depth == 1 {
					entries[i].Nodes = 1
				} else {
					entries[i].Nodes = pf.count(&child, depth-1)
				}
			}
		}()
	}
	wg.Wait()
	sort.Slice(entries, func(i, j int) bool { return entries[i].Text < entries[j].Text })
	var total uint64
	for _, e := range entries {
		total += e.Nodes
	}
	return entries, total
}
