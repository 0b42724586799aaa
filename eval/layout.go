package eval

import (
	"fmt"
	"strings"

	"github.com/camelot-engine/camelot/movegen"
)

// MaxPhase is the phase of a full board, taken from the material left: a
// Knight counts 2 and a Man 1, so the start position (R2) is 8·2+20 = 36.
// A feature's weight is its middlegame part at MaxPhase and its endgame
// part at 0, linear in between.
const MaxPhase = 36

// Weight is one weight of the evaluation in centi-men (a Man is about
// 100): its middlegame and endgame parts.
type Weight struct{ MG, EG int }

// The weight table's blocks. Every weight is read from Weights, by the
// engine through Evaluate and by the tuner through Features; there is no
// other copy.
const (
	pstSquares = 78 // per kind: the board folded left to right (R1), castles left out
	raceSteps  = 8  // distances 1..7 and 8 or more (or no piece at all)
	leadSteps  = 7  // a lead of -3..+3 steps

	wMan          = 0
	wKnight       = 1
	wPST          = 2                         // [kind][pstSquares], Men first
	wRaceFirst    = wPST + 2*pstSquares       // [raceSteps]: nearest attacker's distance
	wRaceSecond   = wRaceFirst + raceSteps    // [raceSteps]: second nearest
	wRaceLead     = wRaceSecond + raceSteps   // [leadSteps]: nearest defender's distance minus the attacker's
	wInCastle     = wRaceLead + leadSteps     // a piece in the opponent's castle (R14)
	wCastleRim    = wInCastle + 1             // a piece next to it
	wCastleThreat = wCastleRim + 1            // [raceSteps]: one piece in, the next one's distance
	wUndefended   = wCastleThreat + raceSteps // no own piece within 3 steps of the own castle
	wOwnCastle    = wUndefended + 1           // a piece that must leave its own castle (R12)
	wBacked       = wOwnCastle + 1            // pieces no enemy can jump (R8)
	wChain        = wBacked + 1               // [1, 2, 3+ jumps][waiting, to move]: the longest jump sequence
	wRecapture    = wChain + 6                // every capture the side could make is recaptured
	wStep         = wRecapture + 1            // squares reached by plain moves (R6)
	wCanter       = wStep + 1                 // squares reached by one canter leap (R7)
	wTempo        = wCanter + 1               // the side to move

	// NumWeights is the number of weights.
	NumWeights = wTempo + 1
)

// Term groups: each weight belongs to one, named by its name's first
// part. Breakdown reports per group, and Disable switches groups off.
const (
	gMaterial = iota
	gPST
	gRace
	gCastle
	gBacked
	gCapture
	gMobility
	gTempo
	numGroups
)

// board is the board the evaluation's terms are defined on: Camelot's (R1).
var board = movegen.Camelot.Geometry()

var groupNames = [numGroups]string{"material", "pst", "race", "castle", "backed", "capture", "mobility", "tempo"}

// WeightNames names each weight, group first ("pst.man.E7": a Man on E7
// seen from its own side, files folded onto A..F).
var WeightNames [NumWeights]string

// groupOf is each weight's group.
var groupOf [NumWeights]uint8

// Disable lists term groups to leave out, comma-separated, set at link
// time to measure what a group is worth in Elo:
//
//	go build -ldflags "-X github.com/camelot-engine/camelot/eval.Disable=race,mobility"
var Disable string

// on[g] says whether group g is evaluated.
var on [numGroups]bool

// Board geometry for the terms, built once.
var (
	// pstIndex[c][s] is square s's entry in colour c's piece-square
	// tables, seen from c's side and folded left to right; -1 on the
	// castles.
	pstIndex [2][movegen.SquareSpan]int16
	// pstWeight[c][kind][s] is the weight of colour c's piece of that
	// kind on s (castles left out): pstIndex made a weight index.
	pstWeight [2][2][movegen.SquareSpan]uint16
	// distTarget[c][s] and distHome[c][s] are the king steps from s to
	// the nearest square of the opponent's castle and of c's own, at
	// most raceSteps.
	distTarget, distHome [2][movegen.SquareSpan]int8
)

func init() {
	for i := range on {
		on[i] = true
	}
	for _, name := range strings.Split(Disable, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		g := groupIndex(name)
		if g < 0 {
			panic(fmt.Sprintf("eval.Disable: no term group %q (groups: %s)", name, strings.Join(groupNames[:], ", ")))
		}
		on[g] = false
	}
	initGeometry()
	initNames()
}

func groupIndex(name string) int {
	for g, n := range groupNames {
		if n == name {
			return g
		}
	}
	return -1
}

// ownView returns the file folded onto 0..5 and the rank counted from
// colour c's side (R1 is symmetric both ways).
func ownView(s movegen.Square, c movegen.Color) (file, rank int) {
	file, rank = s.File(), s.Rank()
	if file >= movegen.NumFiles/2 {
		file = movegen.NumFiles - 1 - file
	}
	if c == movegen.Black {
		rank = movegen.NumRanks - 1 - rank
	}
	return file, rank
}

func initGeometry() {
	castles := movegen.Castle[movegen.White].Or(movegen.Castle[movegen.Black])
	var index [movegen.NumRanks][movegen.NumFiles / 2]int16
	n := int16(0)
	for b := movegen.Board.AndNot(castles); !b.IsEmpty(); {
		f, r := ownView(b.PopFirst(), movegen.White)
		if index[r][f] == 0 {
			n++
			index[r][f] = n
		}
	}
	if n != pstSquares {
		panic(fmt.Sprintf("eval: %d piece-square entries, want %d", n, pstSquares))
	}
	for b := movegen.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		for c := movegen.White; c <= movegen.Black; c++ {
			f, r := ownView(s, c)
			pstIndex[c][s] = index[r][f] - 1
			if castles.Has(s) {
				pstIndex[c][s] = -1
			}
			for k := range pstWeight[c] {
				pstWeight[c][k][s] = uint16(wPST + k*pstSquares + int(max(0, pstIndex[c][s])))
			}
			distTarget[c][s] = int8(min(raceSteps, castleDistance(s, c.Other())))
			distHome[c][s] = int8(min(raceSteps, castleDistance(s, c)))
		}
	}
}

func kingDistance(s, t movegen.Square) int {
	return max(abs(s.File()-t.File()), abs(s.Rank()-t.Rank()))
}

// castleDistance is the number of king steps from s to the nearest square
// of colour c's castle.
func castleDistance(s movegen.Square, c movegen.Color) int {
	best := 99
	for castle := movegen.Castle[c]; !castle.IsEmpty(); {
		best = min(best, kingDistance(s, castle.PopFirst()))
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func initNames() {
	name := func(i int, group int, text string) {
		WeightNames[i], groupOf[i] = groupNames[group]+text, uint8(group)
	}
	name(wMan, gMaterial, ".man")
	name(wKnight, gMaterial, ".knight")
	for b := movegen.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		if i := pstIndex[movegen.White][s]; i >= 0 && s.File() < movegen.NumFiles/2 {
			name(wPST+int(i), gPST, ".man."+s.String())
			name(wPST+pstSquares+int(i), gPST, ".knight."+s.String())
		}
	}
	steps := func(d int) string {
		if d == raceSteps {
			return fmt.Sprintf("%d+", d)
		}
		return fmt.Sprint(d)
	}
	for d := 1; d <= raceSteps; d++ {
		name(wRaceFirst+d-1, gRace, ".first."+steps(d))
		name(wRaceSecond+d-1, gRace, ".second."+steps(d))
		name(wCastleThreat+d-1, gCastle, ".threat."+steps(d))
	}
	for l := -3; l <= 3; l++ {
		name(wRaceLead+l+3, gRace, fmt.Sprintf(".lead.%+d", l))
	}
	name(wInCastle, gCastle, ".in")
	name(wCastleRim, gCastle, ".rim")
	name(wUndefended, gCastle, ".undefended")
	name(wOwnCastle, gCastle, ".own")
	turn := [2]string{".waiting", ".tomove"}
	name(wBacked, gBacked, "")
	for n := 1; n <= 3; n++ {
		for t := range turn {
			name(wChain+2*(n-1)+t, gCapture, fmt.Sprintf(".chain.%d%s", n, turn[t]))
		}
	}
	name(wRecapture, gCapture, ".recapture")
	name(wStep, gMobility, ".step")
	name(wCanter, gMobility, ".canter")
	name(wTempo, gTempo, "")
	for i, n := range WeightNames {
		if n == "" {
			panic(fmt.Sprintf("eval: weight %d has no name", i))
		}
	}
}
