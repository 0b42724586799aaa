package movegen

// Move is a move by its identity (R4): origin, destination and the set of
// captured squares. Every route with the same three gives the same position,
// so it is the same move. The route itself (for notation) is derived on
// demand by MoveText; it is not stored, keeping Move small and cheap to copy.
type Move struct {
	Captured Bitboard
	From, To Square
}

// NullMove is the zero Move; it is never legal (From == To).
var NullMove Move

// IsCapture reports whether m captures (a jump or a Knight's Charge). A
// placement (V10), whose Captured set holds its trees, never reaches the
// search's move lists, which use this.
func (m Move) IsCapture() bool { return !m.Captured.IsEmpty() }

// MaxMoves bounds the legal moves of one position. A piece's leaps keep the
// parity of its file and rank, so it has at most 40 canter destinations,
// plus 8 plain moves: 14 pieces give at most 672 non-captures; captures are
// far fewer in any reachable position. The generator never writes past it.
const MaxMoves = 1024

// MoveList is a fixed-size move buffer, reused across calls so generation
// does not allocate.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Slice returns the generated moves.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for i := 0; i < ml.N; i++ {
		if ml.Moves[i] == m {
			return true
		}
	}
	return false
}
