package game

import (
	"fmt"
	"strings"
)

// State is a position as a grid's rules core implements it: the one
// surface through which everything above the cores (records, books,
// matches, the protocol, the page) sees a position, whichever grid holds
// it. Implementations are immutable values: Play returns a new State.
type State interface {
	Variant() Variant
	Side() Color
	Key() uint64 // Zobrist key of board, side to move and castle moves used
	// DrawKey is the key repetition compares: Key under the WCF's rules
	// (R16); under AbstractPlay's the board and side to move alone, castle
	// moves used and trees left out (V14.3).
	DrawKey() uint64
	Plies() int // plies since the last capture or castle-square entry (R16)
	MoveNumber() int
	CastleMoves(c Color) int // castle moves c has used (R13)
	PieceAt(s Square) Piece
	CFEN() string
	// Moves lists the legal moves in the generator's order.
	Moves() []Move
	// IsLegal reports whether m is one of Moves.
	IsLegal(m Move) bool
	// MustCapture reports whether the side to move is bound to capture
	// (R11, R12): a capture is compulsory for some piece.
	MustCapture() bool
	// Play returns the position after m, which must be legal.
	Play(m Move) State
	// ParseMove reads a move in WCF notation (R3) and returns the legal
	// move it names.
	ParseMove(text string) (Move, error)
	MoveText(m Move) string
	// Route returns m's canonical route (R3).
	Route(m Move) (Route, bool)
	// Outcome applies R14, R15 and the R16 draws the position itself
	// shows; repetition needs the history (Game.Outcome).
	Outcome() Outcome
	// Perft counts the leaves of the move tree depth plies deep; Divide
	// does so per root move, on up to threads threads.
	Perft(depth int) uint64
	Divide(depth, threads int) ([]DivideEntry, uint64)
	// WithTrees returns the position with trees added and White to make
	// the first piece move (see Position.WithTrees).
	WithTrees(trees SquareSet) State
}

// Position is a position of any board: a value that copies like a
// movegen.Position does. MakeMove replaces the State it holds, so a copy
// taken before is unchanged. The zero Position holds nothing and must not
// be used; positions come from a grid (package boards).
type Position struct{ s State }

// Wrap makes a Position of a grid's State.
func Wrap(s State) Position { return Position{s} }

// State returns the grid's State the position holds.
func (p Position) State() State { return p.s }

// IsZero reports whether p holds no position.
func (p Position) IsZero() bool { return p.s == nil }

// Variant returns the position's board.
func (p Position) Variant() Variant { return p.s.Variant() }

// Side returns the side to move.
func (p Position) Side() Color { return p.s.Side() }

// Key returns the position's Zobrist key (board, side to move and castle
// moves used: what R16's repetition compares).
func (p Position) Key() uint64 { return p.s.Key() }

// DrawKey returns the key repetition compares (R16, V14.3).
func (p Position) DrawKey() uint64 { return p.s.DrawKey() }

// Plies returns the plies since the last capture or castle-square entry
// (R16); under AbstractPlay's rules since the last capture or move from
// outside onto an opponent's castle square (V14.3).
func (p Position) Plies() int { return p.s.Plies() }

// MoveNumber returns the move number (R5).
func (p Position) MoveNumber() int { return p.s.MoveNumber() }

// CastleMoves returns the castle moves c has used (R13).
func (p Position) CastleMoves(c Color) int { return p.s.CastleMoves(c) }

// PieceAt returns what stands on s (Empty off the board).
func (p Position) PieceAt(s Square) Piece { return p.s.PieceAt(s) }

// CFEN writes the position in CFEN (R5).
func (p Position) CFEN() string { return p.s.CFEN() }

// String is CFEN.
func (p Position) String() string { return p.s.CFEN() }

// Moves lists the legal moves in the generator's order.
func (p Position) Moves() []Move { return p.s.Moves() }

// IsLegal reports whether m is a legal move.
func (p Position) IsLegal(m Move) bool { return p.s.IsLegal(m) }

// MustCapture reports whether a capture is compulsory (R11, R12).
func (p Position) MustCapture() bool { return p.s.MustCapture() }

// MakeMove plays m, which must be legal. The draw claim (V14.3) ends the
// game and leaves the position as it stands: the game records it
// (Game.Play).
func (p *Position) MakeMove(m Move) {
	if !m.IsClaim() {
		p.s = p.s.Play(m)
	}
}

// Play returns the position after m, which must be legal; after the draw
// claim, the position itself (MakeMove).
func (p Position) Play(m Move) Position {
	p.MakeMove(m)
	return p
}

// ParseMove reads a move in WCF notation (R3) or AbstractPlay's (V12).
// `draw` is the claim (V14.3) under AbstractPlay's rules, whether or not
// it is open: that is the game's to judge (Game.Play).
func (p Position) ParseMove(text string) (Move, error) {
	if strings.EqualFold(strings.TrimSpace(text), ClaimText) {
		if p.Variant().RuleSet().ClaimPlies == 0 {
			return NullMove, fmt.Errorf("illegal move %q: a draw is claimed only under abstractplay rules (V14.3); under %s it is automatic (R16)", text, p.Variant().Rules())
		}
		return ClaimDraw, nil
	}
	return p.s.ParseMove(text)
}

// MoveText writes m in WCF notation (R3); the claim as `draw` (V14.3).
func (p Position) MoveText(m Move) string {
	if m.IsClaim() {
		return ClaimText
	}
	return p.s.MoveText(m)
}

// Route returns m's canonical route (R3).
func (p Position) Route(m Move) (Route, bool) { return p.s.Route(m) }

// Outcome applies R14, R15 and the R16 draws the position shows.
func (p Position) Outcome() Outcome { return p.s.Outcome() }

// Perft counts the leaves of the move tree depth plies deep.
func (p Position) Perft(depth int) uint64 { return p.s.Perft(depth) }

// Divide counts the leaves below each root move.
func (p Position) Divide(depth, threads int) ([]DivideEntry, uint64) {
	return p.s.Divide(depth, threads)
}
