package nnue

import "github.com/camelot-engine/camelot/movegen"

// Inputs is the number of input features: colour (own, other) × kind
// (Man, Knight) × the 160 squares of R1.
const Inputs = 2 * 2 * movegen.NumSquares

// dense numbers the 160 squares 0..159 in reading order (rank 1 first);
// denseSquare is its inverse.
var (
	dense       [movegen.SquareSpan]int16
	denseSquare [movegen.NumSquares]movegen.Square
	// flipRank and mirrorFile map a dense square to the one with the rank
	// turned (rank r to 17−r) or the file mirrored (A to L); both keep
	// the board (R1 is symmetric both ways).
	flipRank, mirrorFile [movegen.NumSquares]int16
)

func init() {
	for s := range dense {
		dense[s] = -1
	}
	n := 0
	for r := 0; r < movegen.NumRanks; r++ {
		for f := 0; f < movegen.NumFiles; f++ {
			if s := movegen.SquareAt(f, r); s != movegen.NoSquare {
				dense[s], denseSquare[n] = int16(n), s
				n++
			}
		}
	}
	files, ranks := movegen.Camelot.Files(), movegen.Camelot.Ranks() // R1's board, whatever the grid
	for i, s := range denseSquare {
		flipRank[i] = dense[movegen.SquareAt(s.File(), ranks-1-s.Rank())]
		mirrorFile[i] = dense[movegen.SquareAt(files-1-s.File(), s.Rank())]
	}
}

// Feature is an input index, 0..Inputs-1, of one piece in one side's
// view: own pieces first, then the other side's; Men, then Knights; the
// square in dense order, the board turned for Black.
type Feature uint16

// FeatureOf returns the feature of a piece of colour c and kind k on
// square s, seen from side view.
func FeatureOf(view, c movegen.Color, k movegen.Kind, s movegen.Square) Feature {
	sq := dense[s]
	if view == movegen.Black {
		sq = flipRank[sq]
	}
	f := int(k)*movegen.NumSquares + int(sq)
	if c != view {
		f += 2 * movegen.NumSquares
	}
	return Feature(f)
}

// Mirror returns the feature of the same piece on the square mirrored
// left to right (file A to L).
func (f Feature) Mirror() Feature {
	sq := int(f) % movegen.NumSquares
	return f - Feature(sq) + Feature(mirrorFile[sq])
}

// Features appends the features of every piece of p seen from side view.
func Features(dst []Feature, p *movegen.Position, view movegen.Color) []Feature {
	for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
		pieces := p.Pieces[c]
		for !pieces.IsEmpty() {
			s := pieces.PopFirst()
			k := movegen.Man
			if p.Knights.Has(s) {
				k = movegen.Knight
			}
			dst = append(dst, FeatureOf(view, c, k, s))
		}
	}
	return dst
}

// twin is hidden unit j's mirror twin σ(j).
func twin(j int) int { return j ^ 1 }
