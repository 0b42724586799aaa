package search

import "fmt"

// Scores are in centi-men from the side to move's point of view. A won
// game scores MateScore minus the plies to the win, so quicker wins score
// higher; "mate" here means any decided game (R14, R15).
const (
	MaxPly    = 128
	Infinity  = 32000
	MateScore = 31000
	MateBound = MateScore - 2*MaxPly // scores beyond it are wins or losses
	DrawScore = 0
)

// Bound says how a score relates to the true value.
type Bound uint8

// Bounds of a score.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // score <= true value is not known: all moves failed low
	BoundLower Bound = 2 // a move failed high
	BoundExact Bound = 3
)

// Score is a search score as the protocol reports it.
type Score struct {
	CP    int   // centi-men, when Mate == 0
	Mate  int   // moves to a win (> 0) or a loss (< 0); 0 when not decided
	Bound Bound // BoundLower or BoundUpper when the score is only a bound; else BoundNone
}

// MakeScore converts an internal score.
func MakeScore(v int) Score {
	switch {
	case v >= MateBound:
		return Score{Mate: (MateScore - v + 1) / 2}
	case v <= -MateBound:
		return Score{Mate: -(MateScore + v) / 2}
	}
	return Score{CP: v}
}

// Value is MakeScore's inverse on the search's scale, a win in n moves
// scoring as the search scored it.
func (s Score) Value() int {
	switch {
	case s.Mate > 0:
		return MateScore - 2*s.Mate + 1
	case s.Mate < 0:
		return -MateScore - 2*s.Mate
	}
	return s.CP
}

// String formats s as UCI does: "cp 35", "mate -3", "cp 35 lowerbound".
func (s Score) String() string {
	v := fmt.Sprintf("cp %d", s.CP)
	if s.Mate != 0 {
		v = fmt.Sprintf("mate %d", s.Mate)
	}
	switch s.Bound {
	case BoundLower:
		v += " lowerbound"
	case BoundUpper:
		v += " upperbound"
	}
	return v
}

// Exact is a position's value with best play on both sides, for the side
// to move, as a solved board's table (an engine's Oracle) gives it.
type Exact struct {
	Result int // +1: the side to move wins; -1: it loses; 0: a draw
	Plies  int // plies to the end of the game when it is won or lost (0: over now)
}

// Score is the value as the protocol reports it: a win or loss in moves
// (MakeScore's convention), or 0 for a draw.
func (x Exact) Score() Score { return MakeScore(x.ScoreAt(0)) }

// String is "win in 7 plies", "loss in 4 plies" or "draw".
func (x Exact) String() string {
	switch x.Result {
	case 1:
		return fmt.Sprintf("win in %d plies", x.Plies)
	case -1:
		return fmt.Sprintf("loss in %d plies", x.Plies)
	}
	return "draw"
}

// Before is the value, for the side that moved, of the move into a
// position worth x: the other result, one ply further from the end.
func (x Exact) Before() Exact {
	if x.Result == 0 {
		return x
	}
	return Exact{Result: -x.Result, Plies: x.Plies + 1}
}

// ScoreAt is the value as a search score at ply: a win ends the game ply
// + Plies plies from the root. A distance beyond the mate scores' range
// is cut to its edge, which keeps it a win or a loss.
func (x Exact) ScoreAt(ply int) int {
	d := min(ply+x.Plies, MateScore-MateBound)
	switch x.Result {
	case 1:
		return MateScore - d
	case -1:
		return -MateScore + d
	}
	return DrawScore
}
