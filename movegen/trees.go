package movegen

import (
	"fmt"
	"sort"
	"strings"
)

// River Camelot's tree phase (V10). Before the first piece move White, then
// Black, places three trees on three of its own tree squares, as one move.
// A placement is a Move with no origin or destination (From and To are
// NoSquare) whose Captured set holds the three trees. Placements are far
// too many for a MoveList (C(41,3) = 10,660 a side), so GenerateMoves lists
// none and a position in the phase is never searched like the others:
// Placements lists them, PlaceTrees plays one, and perft, the engine and
// the grid-neutral surface ask InTreePhase first.

// IsPlacement reports whether m is a tree placement (V10).
func (m Move) IsPlacement() bool { return m.From == NoSquare }

// Placement returns the placement of the trees on the given squares.
func Placement(trees Bitboard) Move { return Move{From: NoSquare, To: NoSquare, Captured: trees} }

// treePhase reports whether the side to move places its trees now: the
// board has a tree phase and the side's own tree squares hold none (V10).
func (p *Position) treePhase(geo *Geometry) bool {
	return !p.Trees.Intersects(geo.TreeSquares[p.Side])
}

// InTreePhase reports whether p's side to move places trees (V10).
func (p *Position) InTreePhase() bool {
	geo := p.geo()
	return geo.hasTrees && p.treePhase(geo)
}

// TreeChoices returns the squares where the side to move may place a
// tree: its tree squares not holding a piece (V10). Empty outside the
// tree phase.
func (p *Position) TreeChoices() Bitboard {
	if !p.InTreePhase() {
		return Bitboard{}
	}
	return p.geo().TreeSquares[p.Side].AndNot(p.Occupied())
}

// CountPlacements returns the number of legal placements: C(n, 3) for n
// free tree squares (perft 1 from River's start: C(41,3) = 10,660).
func (p *Position) CountPlacements() int {
	n := p.TreeChoices().Count()
	return n * (n - 1) * (n - 2) / 6
}

// Placements appends every legal placement to dst, the trees' squares in
// ascending order, and returns it.
func (p *Position) Placements(dst []Move) []Move {
	sq := p.TreeChoices().Squares()
	for i := 0; i < len(sq); i++ {
		for j := i + 1; j < len(sq); j++ {
			for k := j + 1; k < len(sq); k++ {
				var b Bitboard
				b.Set(sq[i])
				b.Set(sq[j])
				b.Set(sq[k])
				dst = append(dst, Placement(b))
			}
		}
	}
	return dst
}

// IsLegalPlacement reports whether m is a legal placement of p.
func (p *Position) IsLegalPlacement(m Move) bool {
	return m.IsPlacement() && m.To == NoSquare && m.Captured.Count() == 3 &&
		m.Captured.AndNot(p.TreeChoices()).IsEmpty()
}

// PlaceTrees plays the legal placement m: the trees stand for the rest of
// the game. It counts in the move number but not in R16's ply clock (V10).
func (p *Position) PlaceTrees(m Move) {
	for b := m.Captured; !b.IsEmpty(); {
		p.Key ^= zobristTree[b.PopFirst()]
	}
	p.Trees = p.Trees.Or(m.Captured)
	if p.Side == Black {
		p.MoveNumber++
	}
	p.Side = p.Side.Other()
	p.Key ^= zobristSide
}

// Play plays m, a placement or a piece move; m must be legal. It is the
// one entry for callers off the search path that may meet either.
func (p *Position) Play(m Move) {
	if m.IsPlacement() {
		p.PlaceTrees(m)
		return
	}
	p.MakeMove(m)
}

// placementText writes a placement as V10 does: the squares sorted by file
// and then by rank, joined by commas (C2,D2,I2).
func placementText(m Move) string {
	sq := m.Captured.Squares()
	sort.Slice(sq, func(i, j int) bool {
		if sq[i].File() != sq[j].File() {
			return sq[i].File() < sq[j].File()
		}
		return sq[i].Rank() < sq[j].Rank()
	})
	names := make([]string, len(sq))
	for i, s := range sq {
		names[i] = s.String()
	}
	return strings.Join(names, ",")
}

// parsePlacement reads a placement text: three squares joined by commas,
// in any order and case (V10; AbstractPlay writes c2,d2,i2, V12), and
// returns the legal placement it names.
func (p *Position) parsePlacement(text string) (Move, error) {
	if !p.InTreePhase() {
		if !p.geo().hasTrees {
			return NullMove, fmt.Errorf("illegal move %q: %s has no trees (V10)", text, p.Variant.Title())
		}
		return NullMove, fmt.Errorf("illegal move %q: %s has placed its trees; the tree phase is over (V10)", text, p.Side)
	}
	parts := strings.Split(text, ",")
	if len(parts) != 3 {
		return NullMove, fmt.Errorf("bad placement %q: want three tree squares joined by commas, such as C2,D2,I2 (V10)", text)
	}
	var trees Bitboard
	for _, part := range parts {
		s, err := p.geo().ParseSquare(part)
		if err != nil {
			return NullMove, fmt.Errorf("bad placement %q: %v", text, err)
		}
		switch {
		case trees.Has(s):
			return NullMove, fmt.Errorf("illegal placement %q: %s is named twice; the three trees go on different squares (V10)", text, s)
		case !p.geo().TreeSquares[p.Side].Has(s):
			return NullMove, fmt.Errorf("illegal placement %q: %s is not one of %s's tree squares (V9)", text, s, p.Side)
		case p.Occupied().Has(s):
			return NullMove, fmt.Errorf("illegal placement %q: a piece stands on %s", text, s)
		}
		trees.Set(s)
	}
	return Placement(trees), nil
}

// WithTrees returns p with the given trees standing and White to make the
// first piece move, a move number on: the position a placement, with the
// opponent's reply to it, leads to. It is not a move: the engine for every
// board scores placements by searching such positions (game.WithTrees).
func (p Position) WithTrees(trees Bitboard) Position {
	p.Trees = p.Trees.Or(trees)
	p.Side = White
	p.MoveNumber++
	p.Key = p.computeKey()
	return p
}

// RandomPlacement returns a placement of p drawn with intn (such as
// rand.IntN), uniformly from the C(n,3) of Placements without listing
// them; NullMove outside the tree phase. Random games, tests and data
// generation start River's games with it.
func (p *Position) RandomPlacement(intn func(int) int) Move {
	free := p.TreeChoices().Squares()
	if len(free) < 3 {
		return NullMove
	}
	var trees Bitboard
	for trees.Count() < 3 {
		trees.Set(free[intn(len(free))])
	}
	return Placement(trees)
}
