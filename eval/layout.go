package eval

import (
	"fmt"
	"strings"

	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/movegen"
)

// MaxPhase is the phase of a full board (linear.MaxPhase).
const MaxPhase = linear.MaxPhase

// Weight is one weight of the evaluation (linear.Weight).
type Weight = linear.Weight

// The weight table's blocks. Every variant's table has them in this
// order; only the piece-square block's size depends on the board, so the
// weights after it are numbered from the layout's post (the first index
// past the piece-square tables): r… below. The w… constants are
// Camelot's indices. Every weight is read from the variant's table, by the
// engine through Evaluate and by the tuner through Features; there is no
// other copy.
const (
	pstSquares = 78 // per kind on Camelot's board: folded left to right (R1), castles left out
	raceSteps  = 8  // distances 1..7 and 8 or more (or no piece at all)
	leadSteps  = 7  // a lead of -3..+3 steps

	wMan    = 0
	wKnight = 1
	wPST    = 2 // [kind][the board's piece-square entries], Men first

	// The blocks after the piece-square tables, from the layout's post.
	rRaceFirst    = 0                         // [raceSteps]: nearest attacker's distance
	rRaceSecond   = rRaceFirst + raceSteps    // [raceSteps]: second nearest
	rRaceLead     = rRaceSecond + raceSteps   // [leadSteps]: nearest defender's distance minus the attacker's
	rInCastle     = rRaceLead + leadSteps     // a piece in the opponent's castle (R14, V5)
	rCastleRim    = rInCastle + 1             // a piece next to it
	rCastleThreat = rCastleRim + 1            // [raceSteps]: one piece in, the next one's distance
	rUndefended   = rCastleThreat + raceSteps // no own piece within 3 steps of the own castle
	rOwnCastle    = rUndefended + 1           // a piece that must leave its own castle (R12)
	rBacked       = rOwnCastle + 1            // pieces no enemy can jump (R8)
	rChain        = rBacked + 1               // [1, 2, 3+ jumps][waiting, to move]: the longest jump sequence
	rRecapture    = rChain + 6                // every capture the side could make is recaptured
	rStep         = rRecapture + 1            // squares reached by plain moves (R6)
	rCanter       = rStep + 1                 // squares reached by one canter leap (R7)
	rTempo        = rCanter + 1               // the side to move
	numPost       = rTempo + 1

	// Camelot's indices of the blocks after its piece-square tables.
	wPost         = wPST + 2*pstSquares
	wRaceFirst    = wPost + rRaceFirst
	wRaceSecond   = wPost + rRaceSecond
	wRaceLead     = wPost + rRaceLead
	wInCastle     = wPost + rInCastle
	wCastleRim    = wPost + rCastleRim
	wCastleThreat = wPost + rCastleThreat
	wUndefended   = wPost + rUndefended
	wOwnCastle    = wPost + rOwnCastle
	wBacked       = wPost + rBacked
	wChain        = wPost + rChain
	wRecapture    = wPost + rRecapture
	wStep         = wPost + rStep
	wCanter       = wPost + rCanter
	wTempo        = wPost + rTempo

	// NumWeights is the number of Camelot's weights (NumWeightsOf gives
	// any variant's).
	NumWeights = wPost + numPost
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

var groupNames = [numGroups]string{"material", "pst", "race", "castle", "backed", "capture", "mobility", "tempo"}

// WeightNames names each of Camelot's weights, group first ("pst.man.E7":
// a Man on E7 seen from its own side, files folded onto A..F).
// WeightNamesOf names any variant's.
var WeightNames [NumWeights]string

// groupOf is each of Camelot's weights' group.
var groupOf [NumWeights]uint8

// Disable lists term groups to leave out, comma-separated, set at link
// time to measure what a group is worth in Elo:
//
//	go build -ldflags "-X github.com/camelot-engine/camelot/eval.Disable=race,mobility"
var Disable string

// on[g] says whether group g is evaluated.
var on [numGroups]bool

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
	initLayouts()
}

func groupIndex(name string) int {
	for g, n := range groupNames {
		if n == name {
			return g
		}
	}
	return -1
}

func kingDistance(s, t movegen.Square) int {
	return max(abs(s.File()-t.File()), abs(s.Rank()-t.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
