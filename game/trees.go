package game

// River Camelot's tree phase (V10), seen from any board: what the page,
// the engine for every board and the tools ask of a position. The rules
// of placements themselves are each grid's (movegen); these only read
// the variant's data and the position.

// InTreePhase reports whether p's side to move places its trees now: the
// board has a tree phase and no tree stands on the side's own tree
// squares (V10).
func (p Position) InTreePhase() bool {
	v := p.Variant()
	if !v.HasTrees() {
		return false
	}
	for _, s := range v.TreeSquares(p.Side()) {
		if p.PieceAt(s) == Tree {
			return false
		}
	}
	return true
}

// TreeChoices lists, in reading order, the squares where p's side to move
// may place a tree: its tree squares holding nothing (V10). None outside
// the tree phase.
func (p Position) TreeChoices() []Square {
	var out []Square
	if !p.InTreePhase() {
		return out
	}
	var set SquareSet
	for _, s := range p.Variant().TreeSquares(p.Side()) {
		if p.PieceAt(s) == Empty {
			set.Set(s)
		}
	}
	return set.Squares()
}

// Placement returns the placement (V10) of trees on the given squares: a
// Move with no origin or destination whose Captured set holds them.
func Placement(trees ...Square) Move {
	m := Move{From: NoSquare, To: NoSquare}
	for _, s := range trees {
		m.Captured.Set(s)
	}
	return m
}

// WithTrees returns p with trees added on the given squares and White to
// make the first piece move, a move number on: what a placement and the
// reply to it lead to. It is not a move: the engine scores placements by
// searching such positions, a single tree included.
func (p Position) WithTrees(trees SquareSet) Position { return Position{p.s.WithTrees(trees)} }

// HalfTurn returns the square s is turned to by a half turn of v's board:
// River's only symmetry, which maps each side's tree squares onto the
// other's (V9).
func (v Variant) HalfTurn(s Square) Square {
	return SquareAt(v.Files()-1-s.File(), v.Ranks()-1-s.Rank())
}

// Bridges lists the board's bridges (V9): D7 D8 I9 I10 on River's board,
// none on the others.
func (v Variant) Bridges() []Square { return mustSquares(specs[v%NumVariants].Bridges) }
