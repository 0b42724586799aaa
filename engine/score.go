package engine

import "fmt"

// Scores are in centi-men from the side to move's point of view. A won
// game scores MateScore minus the plies to the win, so quicker wins score
// higher; "mate" here means any decided game (R14, R15).
const (
	MaxPly     = 128
	Infinity   = 32000
	MateScore  = 31000
	MateBound  = MateScore - 2*MaxPly // scores beyond it are wins or losses
	DrawScore  = 0
	noScore    = -Infinity - 1
	maxDepth   = MaxPly - 1
	scoreLimit = MateBound - 1 // static scores are clamped below wins
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

// toTT and fromTT make win scores relative to the node, so a stored win
// keeps its meaning at another ply.
func toTT(v, ply int) int {
	switch {
	case v >= MateBound:
		return v + ply
	case v <= -MateBound:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v >= MateBound:
		return v - ply
	case v <= -MateBound:
		return v + ply
	}
	return v
}
