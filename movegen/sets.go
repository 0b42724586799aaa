package movegen

// Whole-board sets computed with shifts (see Square): each direction's
// contribution is a few word operations, so these cost the same whatever
// the number of pieces, and replace square-by-square loops in the hot paths.

// jumpSources returns the squares from which a piece could jump (R8): the
// adjacent square in some direction holds one of enemy and the square
// beyond it is in land. Whether a piece stands on the source, and whether
// the source is in the opponent's castle (where no jump starts), is the
// caller's business.
func (geo *Geometry) jumpSources(enemy, land Bitboard) Bitboard {
	var r Bitboard
	// Directions whose step goes up the index: the enemy sits k above the
	// source and the landing square 2k above.
	r = r.Or(geo.leapFrom[North].And(enemy.down(offN)).And(land.down(2 * offN)))
	r = r.Or(geo.leapFrom[NorthEast].And(enemy.down(offNE)).And(land.down(2 * offNE)))
	r = r.Or(geo.leapFrom[East].And(enemy.down(offE)).And(land.down(2 * offE)))
	r = r.Or(geo.leapFrom[NorthWest].And(enemy.down(offNW)).And(land.down(2 * offNW)))
	// And the opposite directions, down the index.
	r = r.Or(geo.leapFrom[South].And(enemy.up(offN)).And(land.up(2 * offN)))
	r = r.Or(geo.leapFrom[SouthWest].And(enemy.up(offNE)).And(land.up(2 * offNE)))
	r = r.Or(geo.leapFrom[West].And(enemy.up(offE)).And(land.up(2 * offE)))
	r = r.Or(geo.leapFrom[SouthEast].And(enemy.up(offNW)).And(land.up(2 * offNW)))
	return r
}

// canterLandings returns the squares reached by one leap from a square of
// from over a square of pivots (R7): where canters from those squares land,
// before the caller keeps only the squares a canter may end on, which it
// must do: the result may hold cells off the board beyond a rank's end.
func (geo *Geometry) canterLandings(from, pivots Bitboard) Bitboard {
	var r Bitboard
	// A step north or south never wraps round an edge of the grid, and a
	// pivot is on the board, so those two need no mask: a landing square
	// off the board is dropped with the caller's landable squares.
	r = r.Or(from.And(pivots.down(offN)).up(2 * offN))
	r = r.Or(from.And(geo.leapFrom[NorthEast]).And(pivots.down(offNE)).up(2 * offNE))
	r = r.Or(from.And(geo.leapFrom[East]).And(pivots.down(offE)).up(2 * offE))
	r = r.Or(from.And(geo.leapFrom[NorthWest]).And(pivots.down(offNW)).up(2 * offNW))
	r = r.Or(from.And(pivots.up(offN)).down(2 * offN))
	r = r.Or(from.And(geo.leapFrom[SouthWest]).And(pivots.up(offNE)).down(2 * offNE))
	r = r.Or(from.And(geo.leapFrom[West]).And(pivots.up(offE)).down(2 * offE))
	r = r.Or(from.And(geo.leapFrom[SouthEast]).And(pivots.up(offNW)).down(2 * offNW))
	return r
}
