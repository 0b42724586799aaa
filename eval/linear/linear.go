// Package linear is the vocabulary of the tuned evaluation that every
// grid shares: a weight, a feature of a position, the phase scale. Each
// grid's package eval computes features and scores with them; package
// tune fits the weights over features, whichever grid made them.
package linear

// MaxPhase is the phase of a full board, taken from the material left: a
// Knight counts 2 and a Man 1, so the start position (R2) is 8·2+20 = 36.
// A feature's weight is its middlegame part at MaxPhase and its endgame
// part at 0, linear in between.
const MaxPhase = 36

// Weight is one weight of the evaluation in centi-men (a Man is about
// 100): its middlegame and endgame parts.
type Weight struct{ MG, EG int }

// Feature is one term of a position's linear evaluation: Coef times
// weight Index. In a position's features, Coef is White's count minus
// Black's.
type Feature struct {
	Index uint16
	Coef  int16
}
