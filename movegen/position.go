package movegen

import "github.com/camelot-engine/camelot/game"

// The grid-neutral small types, shared with every grid and the tools.
type (
	Color = game.Color
	Kind  = game.Kind
	Piece = game.Piece
)

// The sides, piece kinds and square contents (see package game).
const (
	White       = game.White
	Black       = game.Black
	Man         = game.Man
	Knight      = game.Knight
	Empty       = game.Empty
	WhiteMan    = game.WhiteMan
	WhiteKnight = game.WhiteKnight
	BlackMan    = game.BlackMan
	BlackKnight = game.BlackKnight
	Tree        = game.Tree
)

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return game.MakePiece(c, k) }

// Position is a position of one variant's game: the pieces as bitboards,
// the side to move, the castle moves used per side (R13), the plies since
// the last capture or move onto an opponent's castle square (R16) and the
// move number (R5). The zero Variant is Camelot. It is a small value:
// copying it is a valid way to keep a position.
type Position struct {
	Pieces      [2]Bitboard // by colour
	Knights     Bitboard    // Knights of both colours; the other pieces are Men
	Trees       Bitboard    // River's trees (V10): squares no move enters or crosses
	Key         uint64      // Zobrist key of board, side to move and castle moves used
	Side        Color
	Variant     Variant  // the board; set by ParseCFEN and never changed by a move
	CastleMoves [2]uint8 // castle moves used, 0..2 (R13)
	Plies       int      // plies since the last capture or castle-square entry (R16)
	MoveNumber  int      // starts at 1, incremented after Black moves (R5)
}

// StartCFEN is the start position of R2 in CFEN (R5).
const StartCFEN = game.StartCFEN

// StartPosition returns the position of R2.
func StartPosition() Position { return StartOf(Camelot) }

// geo returns the tables of p's board. The mask keeps the index in range
// without a bounds check; a Position of a variant this package cannot play
// is never made (ParseCFEN refuses it).
func (p *Position) geo() *Geometry { return &geometries[p.Variant&(variantSlots-1)] }

// Geometry returns the tables of p's board (V2).
func (p *Position) Geometry() *Geometry { return p.geo() }

// Occupied returns the squares holding a piece.
func (p *Position) Occupied() Bitboard { return p.Pieces[White].Or(p.Pieces[Black]) }

// emptySquares returns the squares of p's board (geo) that hold neither a
// piece nor a tree: where a move may land. Trees block as river squares
// do (V10): nothing lands on one, and no leap crosses one, since a leap's
// middle square must hold a piece.
func (p *Position) emptySquares(geo *Geometry) Bitboard {
	return geo.Board.AndNot(p.Occupied().Or(p.Trees))
}

// PieceAt returns what stands on s: a piece, a tree (V10) or nothing.
func (p *Position) PieceAt(s Square) Piece {
	if p.Trees.Has(s) {
		return Tree
	}
	k := Man
	if p.Knights.Has(s) {
		k = Knight
	}
	switch {
	case p.Pieces[White].Has(s):
		return MakePiece(White, k)
	case p.Pieces[Black].Has(s):
		return MakePiece(Black, k)
	}
	return Empty
}

// put places piece pc on the empty square s, keeping the key up to date.
func (p *Position) put(s Square, pc Piece) {
	p.Pieces[pc.Color()].Set(s)
	if pc.Kind() == Knight {
		p.Knights.Set(s)
	}
	p.Key ^= zobristPiece[pc.Color()][pc.Kind()][s]
}

// computeKey derives the Zobrist key from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for c := White; c <= Black; c++ {
		b := p.Pieces[c]
		for !b.IsEmpty() {
			s := b.PopFirst()
			kind := Man
			if p.Knights.Has(s) {
				kind = Knight
			}
			k ^= zobristPiece[c][kind][s]
		}
		k ^= zobristCastle[c][p.CastleMoves[c]]
	}
	for b := p.Trees; !b.IsEmpty(); {
		k ^= zobristTree[b.PopFirst()]
	}
	if p.Side == Black {
		k ^= zobristSide
	}
	return k
}

// ComputeKey returns the Zobrist key computed from scratch; it always
// equals p.Key, which MakeMove maintains incrementally.
func (p *Position) ComputeKey() uint64 { return p.computeKey() }

// Undo holds what MakeMove needs to restore a position in UnmakeMove.
type Undo struct {
	capturedKnights Bitboard
	key             uint64
	plies           int
	castleMoves     [2]uint8
	moveNumber      int
}

// MakeMove plays the legal move m. Captured pieces are removed (R8); a
// castle move is counted (R13); the R16 ply counter resets on a capture or
// on a move onto a square of the opponent's castle.
func (p *Position) MakeMove(m Move) Undo {
	u := Undo{key: p.Key, plies: p.Plies, castleMoves: p.CastleMoves, moveNumber: p.MoveNumber}
	us, them := p.Side, p.Side.Other()
	kind := Man
	if p.Knights.Has(m.From) {
		kind = Knight
		p.Knights.Toggle(m.From)
		p.Knights.Toggle(m.To)
	}
	p.Pieces[us].Toggle(m.From)
	p.Pieces[us].Toggle(m.To)
	key := p.Key ^ zobristPiece[us][kind][m.From] ^ zobristPiece[us][kind][m.To] ^ zobristSide
	p.Plies++
	if !m.Captured.IsEmpty() {
		u.capturedKnights = m.Captured.And(p.Knights)
		p.Pieces[them] = p.Pieces[them].Xor(m.Captured)
		p.Knights = p.Knights.AndNot(m.Captured)
		c := m.Captured
		for !c.IsEmpty() {
			s := c.PopFirst()
			k := Man
			if u.capturedKnights.Has(s) {
				k = Knight
			}
			key ^= zobristPiece[them][k][s]
		}
		p.Plies = 0
	}
	if geo := p.geo(); geo.Castle[them].Has(m.To) {
		if !geo.Castle[them].Has(m.From) {
			p.Plies = 0
		} else { // a castle move (R13): progress for R16, not for V14.3
			if geo.castleMovesResetPlies {
				p.Plies = 0
			}
			key ^= zobristCastle[us][p.CastleMoves[us]] ^ zobristCastle[us][p.CastleMoves[us]+1]
			p.CastleMoves[us]++
		}
	}
	if us == Black {
		p.MoveNumber++
	}
	p.Side = them
	p.Key = key
	return u
}

// UnmakeMove takes back m, which must be the move MakeMove last played
// with undo record u; the position and key are restored exactly.
func (p *Position) UnmakeMove(m Move, u Undo) {
	them := p.Side
	us := them.Other()
	if p.Knights.Has(m.To) {
		p.Knights.Toggle(m.To)
		p.Knights.Toggle(m.From)
	}
	p.Pieces[us].Toggle(m.To)
	p.Pieces[us].Toggle(m.From)
	if !m.Captured.IsEmpty() {
		p.Pieces[them] = p.Pieces[them].Or(m.Captured)
		p.Knights = p.Knights.Or(u.capturedKnights)
	}
	p.Side = us
	p.Key, p.Plies, p.CastleMoves, p.MoveNumber = u.key, u.plies, u.castleMoves, u.moveNumber
}

// MakeNullMove passes the turn without moving, for the search's null-move
// test; it is never a legal move. UnmakeNullMove takes it back.
func (p *Position) MakeNullMove() {
	p.Side = p.Side.Other()
	p.Key ^= zobristSide
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() { p.MakeNullMove() }
