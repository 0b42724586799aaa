package movegen

import (
	"github.com/camelot-engine/camelot/game"

	"fmt"
	"strconv"
	"strings"
)

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

// Grid tables: every cell of the 12×16 rectangle has a file, a rank and a
// name, whichever board it belongs to; which cells are squares is the
// variant's business (Geometry).
var (
	squareFile  [SquareSpan]int8
	squareRank  [SquareSpan]int8 // 0-based: rank 1 is 0
	squareNames [SquareSpan]string
)

// Geometry is one variant's board as tables, derived once at start-up from
// its row of V2. The generator reads every board fact from here, so one
// generator serves every board of the grid.
type Geometry struct {
	// Board is the set of the variant's squares: River's river squares
	// are not among them (V9), so no table below reaches one.
	Board Bitboard
	// TreeSquares[c] is where colour c places its trees (V10); empty on
	// boards without a tree phase.
	TreeSquares [2]Bitboard
	// River is the set of the board's river squares (V9): cells inside
	// its ranks that CFEN writes but no piece or tree ever stands on.
	River Bitboard
	// Castle[c] is the castle of colour c (V2): F1,G1 and F16,G16 in Camelot.
	Castle [2]Bitboard
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
	// castleRim[c] is the set of squares next to colour c's castle.
	castleRim [2]Bitboard
	// castleWin is how many pieces in the opponent's castle end the game
	// (V5; one in the Anti forms, V11, where it loses):
	// two where castles have two squares, one where they have one.
	castleWin int
	hasTrees  bool // the variant opens with the tree phase (V10)
	end       game.EndRules
	// The rule set's points (game.RuleSet, V14), read by the generator,
	// MakeMove and the end of the game.
	knightCanterFinalOnly bool // V14.1 instead of R10
	whiteHomeLock         bool // V14.4
	castleMovesResetPlies bool // R16; not under V14.3
	noMoveLosesAlways     bool // V14.2 instead of R15
	repetitionBoardOnly   bool // V14.3: repetition compares board and side to move
	drawPlies             int  // R16's automatic draw; 0 under V14.3
	variant               Variant
	squareAt              [NumRanks][NumFiles]Square
	ranks                 int
	leapStore             [SquareSpan * int(NumDirections)]Leap // backs Leaps
}

// geometries holds each playable variant's Geometry, indexed by Variant.
var geometries [variantSlots]Geometry

// Camelot's board, the tables most callers want (R1).
var (
	// Board is the set of Camelot's 160 squares.
	Board Bitboard
	// Castle[c] is Camelot's castle of colour c: F1,G1 for White, F16,G16 for Black (R1).
	Castle [2]Bitboard
)

// GeometryOf returns the tables of v's board; nil for a variant this package
// cannot play.
func GeometryOf(v Variant) *Geometry {
	if !Playable(v) {
		return nil
	}
	return &geometries[v]
}

// Variant returns the variant whose board g is.
func (g *Geometry) Variant() Variant { return g.variant }

func init() {
	for s := range squareFile {
		f, r := s%NumFiles, s/NumFiles
		squareFile[s], squareRank[s] = int8(f), int8(r)
		squareNames[s] = "-" // a cell of no board, as the zero Move's A1
	}
	for _, v := range AllVariants() {
		if Playable(v) {
			g := &geometries[v]
			g.build(v)
			for b := g.Board.Or(g.River); !b.IsEmpty(); {
				s := b.PopFirst()
				squareNames[s] = fmt.Sprintf("%c%d", 'A'+s.File(), s.Rank()+1)
			}
		}
	}
	Board, Castle = geometries[Camelot].Board, geometries[Camelot].Castle
	if Board.Count() != NumSquares {
		panic("movegen: R1 board table does not have 160 squares")
	}
}

// build derives g from variant v's row of V2.
func (g *Geometry) build(v Variant) {
	spec := v.Spec()
	g.variant, g.end, g.ranks = v, spec.End, len(spec.RankSpans)
	rs := v.RuleSet()
	g.knightCanterFinalOnly, g.whiteHomeLock = rs.KnightCanterFinalOnly, rs.WhiteHomeLock
	g.castleMovesResetPlies, g.noMoveLosesAlways, g.drawPlies = rs.CastleMovesResetPlies, rs.NoMoveLosesAlways, rs.DrawPlies
	g.repetitionBoardOnly = rs.RepetitionIgnoresCastles
	g.castleWin = len(spec.Castles[White])
	if spec.End == game.Misere {
		g.castleWin = 1
	}
	for r := range g.squareAt {
		for f := range g.squareAt[r] {
			g.squareAt[r][f] = NoSquare
		}
	}
	for r, span := range spec.RankSpans {
		for f := span[0]; f <= span[1]; f++ {
			s := Square(r*NumFiles + f)
			g.squareAt[r][f] = s
			if v.Has(f, r) {
				g.Board.Set(s)
			} else {
				g.River.Set(s) // V9: it keeps its place in CFEN's ranks
			}
		}
	}
	for c := range g.TreeSquares {
		for _, t := range v.TreeSquares(Color(c)) {
			g.TreeSquares[c].Set(g.squareAt[t.Rank()][t.File()])
		}
	}
	g.hasTrees = v.HasTrees()
	used := 0
	for s := Square(0); s < SquareSpan; s++ {
		for d := Direction(0); d < NumDirections; d++ {
			g.Neighbor[s][d], g.Beyond[s][d] = NoSquare, NoSquare
		}
		if !g.Board.Has(s) {
			continue
		}
		start := used
		for d := Direction(0); d < NumDirections; d++ {
			one := g.squareAtFR(s.File()+directionDelta[d][0], s.Rank()+directionDelta[d][1])
			two := NoSquare
			if one != NoSquare {
				two = g.squareAtFR(s.File()+2*directionDelta[d][0], s.Rank()+2*directionDelta[d][1])
				g.Adjacent[s].Set(one)
				g.stepFrom[d].Set(s)
			}
			g.Neighbor[s][d], g.Beyond[s][d] = one, two
			if two != NoSquare {
				g.leapFrom[d].Set(s)
				g.leapStore[used] = Leap{Over: one, Land: two}
				used++
			}
		}
		g.Leaps[s] = g.leapStore[start:used:used]
	}
	for c := range g.Castle {
		for _, name := range spec.Castles[c] {
			s, err := g.ParseSquare(name)
			if err != nil {
				panic(err)
			}
			g.Castle[c].Set(s)
		}
	}
	for c := range g.Castle {
		for b := g.Castle[c]; !b.IsEmpty(); {
			g.castleRim[c] = g.castleRim[c].Or(g.Adjacent[b.PopFirst()])
		}
		g.castleRim[c] = g.castleRim[c].AndNot(g.Castle[c])
	}
}

// squareAtFR returns the square of g's board on file f and rank r (0-based),
// or NoSquare: also for a river square (V9), which is off the board for
// every move.
func (g *Geometry) squareAtFR(f, r int) Square {
	if f < 0 || f >= NumFiles || r < 0 || r >= NumRanks {
		return NoSquare
	}
	if s := g.squareAt[r][f]; s != NoSquare && g.Board.Has(s) {
		return s
	}
	return NoSquare
}

// cellAt returns the cell of g's ranks on file f and rank r (0-based) as
// CFEN writes them, river squares included (V6, V9), or NoSquare.
func (g *Geometry) cellAt(f, r int) Square {
	if f < 0 || f >= NumFiles || r < 0 || r >= NumRanks {
		return NoSquare
	}
	return g.squareAt[r][f]
}

// SquareAt returns Camelot's square on file f (0 = A) and rank r (0 = rank
// 1), or NoSquare when R1 has no such square.
func SquareAt(f, r int) Square { return geometries[Camelot].squareAtFR(f, r) }

// SquareAt returns the square of g's board on file f (0 = A) and rank r
// (0 = rank 1), or NoSquare when the board has no such square.
func (g *Geometry) SquareAt(f, r int) Square { return g.squareAtFR(f, r) }

// File returns the file of s, 0 = A.
func (s Square) File() int { return int(squareFile[s]) }

// Rank returns the rank of s, 0 = rank 1.
func (s Square) Rank() int { return int(squareRank[s]) }

// String returns the WCF name of s in upper case, e.g. "F6" (R3), whichever
// board it is on; "-" for a cell of no board.
func (s Square) String() string {
	if s >= SquareSpan {
		return "-"
	}
	return squareNames[s]
}

// ParseSquare reads a Camelot square name such as "f6" or "F16",
// case-insensitively.
func ParseSquare(text string) (Square, error) { return geometries[Camelot].ParseSquare(text) }

// ParseSquare reads a square name of g's board, case-insensitively: files
// from A and ranks from 1 up to the board's size (R3, V2).
func (g *Geometry) ParseSquare(text string) (Square, error) {
	last := byte('A' + g.variant.Files() - 1)
	bad := func() (Square, error) {
		return NoSquare, fmt.Errorf("bad square %q: want a file A-%c and a rank 1-%d", text, last, g.ranks)
	}
	t := strings.ToUpper(strings.TrimSpace(text))
	if len(t) < 2 || len(t) > 3 || t[0] < 'A' || t[0] > last {
		return bad()
	}
	r, err := strconv.Atoi(t[1:])
	if err != nil || t[1] == '0' || t[1] == '+' || t[1] == '-' || r < 1 || r > g.ranks {
		return bad()
	}
	s := g.squareAtFR(int(t[0]-'A'), r-1)
	if c := g.cellAt(int(t[0]-'A'), r-1); c != NoSquare && g.River.Has(c) {
		return NoSquare, fmt.Errorf("square %q is in the river (V9)", text)
	}
	if s == NoSquare {
		if g.variant.WithRules(game.WCF) == Camelot {
			return NoSquare, fmt.Errorf("square %q is not on the board (R1)", text)
		}
		return NoSquare, fmt.Errorf("square %q is not on the %s board (V2)", text, g.variant.Title())
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
