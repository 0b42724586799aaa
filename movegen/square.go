package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// Square is a square of R1, numbered as a cell of the board's bounding
// 12×16 rectangle: rank·12 + file, rank 1 and file A being 0 (F1=5, G1=6,
// A4=36, …, G16=186). 160 of the 192 cells are on the board (the set
// Board). The rectangular numbering keeps the WCF reading order (rank 1
// first, files A..L within a rank) and makes every direction a fixed shift
// of a Bitboard, so a property of all squares at once (which pieces can
// jump, where canters land) costs a few word operations.
type Square uint8

// Files and ranks of the bounding 12×16 rectangle.
const (
	NumFiles = 12 // A..L
	NumRanks = 16 // 1..16
)

// NumSquares is the number of squares on the board (R1).
const NumSquares = 160

// SquareSpan is the number of Square values (on the board or not): the
// size of tables indexed by Square.
const SquareSpan = NumFiles * NumRanks

// NoSquare marks "no such square": a step that leaves the board (R1).
const NoSquare Square = SquareSpan

// Direction is one of the eight compass directions a piece steps or leaps in.
type Direction uint8

// The eight directions, in a fixed order.
const (
	North Direction = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
	NumDirections
)

// directionDelta gives the (file, rank) step of each direction.
var directionDelta = [NumDirections][2]int{
	{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1},
}

// rankSpan gives the first and last file (0 = A) of each rank (index 0 =
// rank 1), exactly as R1 lists them.
var rankSpan = [NumRanks][2]int{
	{5, 6}, {2, 9}, {1, 10},
	{0, 11}, {0, 11}, {0, 11}, {0, 11}, {0, 11}, {0, 11}, {0, 11}, {0, 11}, {0, 11}, {0, 11},
	{1, 10}, {2, 9}, {5, 6},
}

// Cell offsets of one step in each direction under the rectangular
// numbering: a step north is one rank, 12 cells, up.
const (
	offN  = NumFiles
	offNE = NumFiles + 1
	offE  = 1
	offNW = NumFiles - 1
)

// Leap is a two-step move in one direction: over the adjacent square Over
// to the square Land beyond it. Canters (R7) and jumps (R8) are leaps.
type Leap struct {
	Over, Land Square
}

// Geometry tables, derived once from R1 at start-up.
var (
	squareFile [SquareSpan]int8
	squareRank [SquareSpan]int8 // 0-based: rank 1 is 0
	squareAt   [NumRanks][NumFiles]Square

	// Neighbor[s][d] is the square one step from s in direction d, or NoSquare.
	Neighbor [SquareSpan][NumDirections]Square
	// Beyond[s][d] is the square two steps from s in direction d, or
	// NoSquare (also when the square in between does not exist).
	Beyond [SquareSpan][NumDirections]Square
	// Adjacent[s] is the set of squares one step from s.
	Adjacent [SquareSpan]Bitboard
	// Leaps[s] lists the leaps from s whose both squares exist, in
	// direction order; hot loops walk this instead of testing NoSquare.
	Leaps [SquareSpan][]Leap

	// leapFrom[d] is the set of squares with a leap in direction d: both
	// the square one step and the square two steps away exist. Bitboard
	// shifts by that direction's offset (offN, offNE, …) are valid exactly
	// on these squares.
	leapFrom [NumDirections]Bitboard
	// stepFrom[d] is the set of squares whose step in direction d stays
	// on the board.
	stepFrom [NumDirections]Bitboard

	// Board is the set of all 160 squares.
	Board Bitboard
	// castleRim[c] is the set of squares next to colour c's castle.
	castleRim [2]Bitboard
	// Castle[c] is the castle of colour c: F1,G1 for White, F16,G16 for Black (R1).
	Castle [2]Bitboard

	squareNames [SquareSpan]string
)

// leapStore backs Leaps with one array so the tables are contiguous.
var leapStore [NumSquares * int(NumDirections)]Leap

func init() {
	for r := range squareAt {
		for f := range squareAt[r] {
			squareAt[r][f] = NoSquare
		}
	}
	n := 0
	for r := 0; r < NumRanks; r++ {
		for f := rankSpan[r][0]; f <= rankSpan[r][1]; f++ {
			s := Square(r*NumFiles + f)
			squareFile[s], squareRank[s] = int8(f), int8(r)
			squareAt[r][f] = s
			squareNames[s] = fmt.Sprintf("%c%d", 'A'+f, r+1)
			Board.Set(s)
			n++
		}
	}
	if n != NumSquares {
		panic("movegen: R1 board table does not have 160 squares")
	}
	used := 0
	for s := Square(0); s < SquareSpan; s++ {
		if !Board.Has(s) {
			continue
		}
		start := used
		for d := Direction(0); d < NumDirections; d++ {
			one := SquareAt(int(squareFile[s])+directionDelta[d][0], int(squareRank[s])+directionDelta[d][1])
			two := NoSquare
			if one != NoSquare {
				two = SquareAt(int(squareFile[s])+2*directionDelta[d][0], int(squareRank[s])+2*directionDelta[d][1])
				Adjacent[s].Set(one)
				stepFrom[d].Set(s)
			}
			Neighbor[s][d], Beyond[s][d] = one, two
			if two != NoSquare {
				leapFrom[d].Set(s)
				leapStore[used] = Leap{Over: one, Land: two}
				used++
			}
		}
		Leaps[s] = leapStore[start:used:used]
	}
	Castle[White] = SquareBB(MustParseSquare("F1")).Or(SquareBB(MustParseSquare("G1")))
	Castle[Black] = SquareBB(MustParseSquare("F16")).Or(SquareBB(MustParseSquare("G16")))
	for c := range Castle {
		for b := Castle[c]; !b.IsEmpty(); {
			castleRim[c] = castleRim[c].Or(Adjacent[b.PopFirst()])
		}
		castleRim[c] = castleRim[c].AndNot(Castle[c])
	}
}

// SquareAt returns the square on file f (0 = A) and rank r (0 = rank 1),
// or NoSquare when R1 has no such square.
func SquareAt(f, r int) Square {
	if f < 0 || f >= NumFiles || r < 0 || r >= NumRanks {
		return NoSquare
	}
	return squareAt[r][f]
}

// File returns the file of s, 0 = A.
func (s Square) File() int { return int(squareFile[s]) }

// Rank returns the rank of s, 0 = rank 1.
func (s Square) Rank() int { return int(squareRank[s]) }

// String returns the WCF name of s in upper case, e.g. "F6" (R3).
func (s Square) String() string {
	if s >= SquareSpan || !Board.Has(s) {
		return "-"
	}
	return squareNames[s]
}

// ParseSquare reads a square name such as "f6" or "F16", case-insensitively.
func ParseSquare(text string) (Square, error) {
	t := strings.ToUpper(strings.TrimSpace(text))
	if len(t) < 2 || len(t) > 3 || t[0] < 'A' || t[0] > 'L' {
		return NoSquare, fmt.Errorf("bad square %q: want a file A-L and a rank 1-16", text)
	}
	r, err := strconv.Atoi(t[1:])
	if err != nil || t[1] == '0' || t[1] == '+' || t[1] == '-' || r < 1 || r > NumRanks {
		return NoSquare, fmt.Errorf("bad square %q: want a file A-L and a rank 1-16", text)
	}
	s := SquareAt(int(t[0]-'A'), r-1)
	if s == NoSquare {
		return NoSquare, fmt.Errorf("square %q is not on the board (R1)", text)
	}
	return s, nil
}

// MustParseSquare is ParseSquare for names known to be valid; it panics otherwise.
func MustParseSquare(text string) Square {
	s, err := ParseSquare(text)
	if err != nil {
		panic(err)
	}
	return s
}

// rankWidth returns how many squares rank r (0-based) has.
func rankWidth(r int) int { return rankSpan[r][1] - rankSpan[r][0] + 1 }
