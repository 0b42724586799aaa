package engine

import "github.com/camelot-engine/camelot/search"

// Scores are in centi-men from the side to move's point of view
// (search.MateScore and the rest).
const (
	MaxPly     = search.MaxPly
	Infinity   = search.Infinity
	MateScore  = search.MateScore
	MateBound  = search.MateBound
	DrawScore  = search.DrawScore
	noScore    = -Infinity - 1
	maxDepth   = MaxPly - 1
	scoreLimit = MateBound - 1 // static scores are clamped below wins
)

// Score is a search score as the protocol reports it (search.Score).
type Score = search.Score

// MakeScore converts an internal score.
func MakeScore(v int) Score { return search.MakeScore(v) }

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
