package movegen

// Exported whole-board sets for the evaluation (package eval): the same
// shift-based sets the generator uses (sets.go), on the board of the
// Geometry, so that what the evaluation calls a jump or a canter is what
// the rules call one.

// JumpSources returns the squares from which a piece could jump one of
// enemy and land on a square of land (R8). Whether a piece stands there,
// and whether that piece may jump at all, is the caller's business.
func (geo *Geometry) JumpSources(enemy, land Bitboard) Bitboard { return geo.jumpSources(enemy, land) }

// CanJumpFrom reports whether a piece on s could jump one of enemy onto
// an empty square (R8); from the opponent's castle (oppCastle) no jump
// starts.
func (geo *Geometry) CanJumpFrom(s Square, enemy, empty, oppCastle Bitboard) bool {
	return geo.canJumpFrom(s, enemy, empty, oppCastle)
}

// CanterLandings returns the squares one leap from a square of from over
// a square of pivots (R7), before any rule on where a canter may land;
// mask it with the squares wanted (it may hold cells off the board).
func (geo *Geometry) CanterLandings(from, pivots Bitboard) Bitboard {
	return geo.canterLandings(from, pivots)
}

// CastleRim returns the squares next to colour c's castle.
func (geo *Geometry) CastleRim(c Color) Bitboard { return geo.castleRim[c] }

// Spread returns the squares one step from some square of b (R6): b's
// neighbours, which include squares of b itself only where two of them
// are adjacent.
func (geo *Geometry) Spread(b Bitboard) Bitboard {
	var r Bitboard
	r = r.Or(b.And(geo.stepFrom[North]).up(offN))
	r = r.Or(b.And(geo.stepFrom[NorthEast]).up(offNE))
	r = r.Or(b.And(geo.stepFrom[East]).up(offE))
	r = r.Or(b.And(geo.stepFrom[NorthWest]).up(offNW))
	r = r.Or(b.And(geo.stepFrom[South]).down(offN))
	r = r.Or(b.And(geo.stepFrom[SouthWest]).down(offNE))
	r = r.Or(b.And(geo.stepFrom[West]).down(offE))
	r = r.Or(b.And(geo.stepFrom[SouthEast]).down(offNW))
	return r
}

// JumpTargets returns the pieces of victims that a piece of attackers
// could jump (R8): an attacker next to the victim in some line and an
// empty square (in land) directly beyond it. Which attackers may jump
// (none from the opponent's castle) is the caller's business.
func (geo *Geometry) JumpTargets(attackers, victims, land Bitboard) Bitboard {
	var r Bitboard
	// An attacker on a with a leap in direction d jumps the victim on
	// a+k to a+2k; the leapFrom mask keeps the shifts off the edges.
	r = r.Or(attackers.And(geo.leapFrom[North]).up(offN).And(land.down(offN)))
	r = r.Or(attackers.And(geo.leapFrom[NorthEast]).up(offNE).And(land.down(offNE)))
	r = r.Or(attackers.And(geo.leapFrom[East]).up(offE).And(land.down(offE)))
	r = r.Or(attackers.And(geo.leapFrom[NorthWest]).up(offNW).And(land.down(offNW)))
	r = r.Or(attackers.And(geo.leapFrom[South]).down(offN).And(land.up(offN)))
	r = r.Or(attackers.And(geo.leapFrom[SouthWest]).down(offNE).And(land.up(offNE)))
	r = r.Or(attackers.And(geo.leapFrom[West]).down(offE).And(land.up(offE)))
	r = r.Or(attackers.And(geo.leapFrom[SouthEast]).down(offNW).And(land.up(offNW)))
	return r.And(victims)
}

// Backed returns the pieces of pieces that no enemy could ever jump as
// the board stands (R8): in each of the four lines through the piece, one
// of its two neighbours is a piece of guards or off the board, so no
// attacker has an empty square to land on beyond it.
func (geo *Geometry) Backed(pieces, guards Bitboard) Bitboard {
	// Squares whose neighbour in a direction is a guard or off the board:
	// open is the complement, an on-board neighbour that is no guard.
	open := geo.Board.AndNot(guards)
	r := pieces
	r = r.AndNot(open.down(offN).And(geo.stepFrom[North]).And(open.up(offN)).And(geo.stepFrom[South]))
	r = r.AndNot(open.down(offNE).And(geo.stepFrom[NorthEast]).And(open.up(offNE)).And(geo.stepFrom[SouthWest]))
	r = r.AndNot(open.down(offE).And(geo.stepFrom[East]).And(open.up(offE)).And(geo.stepFrom[West]))
	r = r.AndNot(open.down(offNW).And(geo.stepFrom[NorthWest]).And(open.up(offNW)).And(geo.stepFrom[SouthEast]))
	return r
}
