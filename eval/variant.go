package eval

import (
	"fmt"
	"slices"

	"github.com/camelot-engine/camelot/eval/tuned"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

// The evaluation of every board (V1, V2): the same terms, defined by the
// board's geometry (movegen.Geometry), and a weight table per variant
// whose piece-square block is sized by the variant's board. A layout
// holds one variant's tables, built once at start-up; Evaluate looks up
// the position's and reads nothing else that depends on the board.

// variantSlots sizes the per-variant tables to a power of two, as
// movegen's, so that a masked index needs no bounds check.
const variantSlots = 32

// layout is one variant's board as the evaluation's tables.
type layout struct {
	geo     *movegen.Geometry
	variant movegen.Variant
	// driveStep is an Anti form's drive towards the enemy a king step
	// (DriveStep), and drawContempt what an R16 draw costs the side
	// searched for (DrawContempt), and loneDraw whether a lone piece
	// against two or more scores as that draw (LoneDraw), and deficitContempt
	// whether a side behind at the root adds its deficit to the contempt
	// (DeficitContempt), all set by the board's river.
	driveStep, drawContempt   int
	loneDraw, deficitContempt bool
	// pstSquares is the number of piece-square entries per kind: the
	// board's squares folded left to right, castles left out.
	pstSquares int
	// post is the index of the first weight after the piece-square
	// tables (race.first.1); the r… constants count from it.
	post       int
	numWeights int
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
	// rimSteps[s] is the king steps from s to the board's rim (RimSteps).
	rimSteps StepMap
	// phase[n] is the phase of n units of material (a Knight 2, a Man
	// 1): the share of the variant's start material (V3) left, MaxPhase
	// at the start. On Camelot's board it is n itself, up to MaxPhase.
	phase [2*movegen.SquareSpan + 1]uint8
	// entrySquare[i] is the square naming piece-square entry i: White's,
	// on the left half of the board.
	entrySquare []movegen.Square
	names       []string
	groupOf     []uint8
	// weights is the table Evaluate reads: Weights for Camelot; for
	// another variant its fitted table, or else Camelot's made to fit its
	// board (FromCamelot).
	weights []Weight
	fitted  bool
}

// layouts holds each playable variant's layout, indexed by Variant.
var layouts [variantSlots]layout

// layoutOf returns v's layout: one lookup, no bounds check. A variant
// movegen cannot play has an empty layout; it has no positions either.
func layoutOf(v movegen.Variant) *layout { return &layouts[v&(variantSlots-1)] }

// Weights is Camelot's weight table, indexed as WeightNames: tuned's,
// copied into a fixed array so that its size is checked once, here.
var Weights = camelotWeights()

func camelotWeights() (w [NumWeights]Weight) {
	t := tuned.Of(movegen.Camelot)
	if len(t) != NumWeights {
		panic(fmt.Sprintf("eval: %s has %d weights, want %d: run camelot tune", tuned.File(movegen.Camelot), len(t), NumWeights))
	}
	copy(w[:], t)
	return w
}

func initLayouts() {
	for _, v := range movegen.Variants() {
		if movegen.Playable(v) {
			layouts[v].build(v)
		}
	}
	cam := &layouts[movegen.Camelot]
	if cam.pstSquares != pstSquares || cam.numWeights != NumWeights {
		panic(fmt.Sprintf("eval: %d piece-square entries, want %d", cam.pstSquares, pstSquares))
	}
	copy(WeightNames[:], cam.names)
	copy(groupOf[:], cam.groupOf)
	cam.weights, cam.fitted = Weights[:], true
	for _, v := range movegen.Variants() {
		if l := layoutOf(v); v != movegen.Camelot && l.geo != nil {
			l.setWeights()
		}
	}
	// Under AbstractPlay's rules (V14) a game is evaluated as under the
	// WCF's: the same board, tables and weights.
	for _, v := range movegen.Variants() {
		if l := layoutOf(v); l.geo != nil {
			ap := v.WithRules(game.AbstractPlay)
			c := *l
			c.geo, c.variant = movegen.GeometryOf(ap), ap
			layouts[ap] = c
		}
	}
}

// setWeights gives a variant other than Camelot its table: the fitted
// one if it has one, else for an Anti form the table of its goal
// (antiStart, V11), else Camelot's made to fit its board.
func (l *layout) setWeights() {
	v := l.variant
	if w := tuned.Of(v); w != nil {
		if len(w) != l.numWeights {
			panic(fmt.Sprintf("eval: %s has %d weights, want %d: run camelot tune -variant %s", tuned.File(v), len(w), l.numWeights, v))
		}
		l.weights, l.fitted = w, true
		return
	}
	if v.IsAnti() {
		l.weights, l.fitted = antiStart(l), false
		return
	}
	l.weights, l.fitted = FromCamelot(v, Weights[:]), false
}

// ownView returns the file folded onto the board's left half (its centre
// file, if any, included) and the rank counted from colour c's side: the
// boards of V2 are symmetric both ways.
func (l *layout) ownView(s movegen.Square, c movegen.Color) (file, rank int) {
	files, ranks := l.variant.Files(), l.variant.Ranks()
	file, rank = s.File(), s.Rank()
	if 2*file > files-1 {
		file = files - 1 - file
	}
	if c == movegen.Black {
		rank = ranks - 1 - rank
	}
	return file, rank
}

// build derives l from variant v's geometry.
func (l *layout) build(v movegen.Variant) {
	geo := movegen.GeometryOf(v)
	l.geo, l.variant, l.driveStep, l.drawContempt = geo, v, driveStep, drawContempt
	l.loneDraw, l.deficitContempt = true, true
	if !geo.River.IsEmpty() {
		l.driveStep *= riverDrive
		l.drawContempt = riverContempt
		l.loneDraw, l.deficitContempt = false, false
	}
	l.fillRimSteps()
	castles := geo.Castle[movegen.White].Or(geo.Castle[movegen.Black])
	var index [movegen.NumRanks][movegen.NumFiles]int16
	n := int16(0)
	for b := geo.Board.AndNot(castles); !b.IsEmpty(); {
		s := b.PopFirst()
		f, r := l.ownView(s, movegen.White)
		if index[r][f] == 0 {
			n++
			index[r][f] = n
			l.entrySquare = append(l.entrySquare, s)
		}
	}
	l.pstSquares = int(n)
	l.post = wPST + 2*l.pstSquares
	l.numWeights = l.post + numPost
	var walk [2][movegen.SquareSpan]int // steps to each castle round the river (V9)
	if !geo.River.IsEmpty() {
		walk = [2][movegen.SquareSpan]int{walkDistances(geo, geo.Castle[0]), walkDistances(geo, geo.Castle[1])}
	}
	for b := geo.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		for c := movegen.White; c <= movegen.Black; c++ {
			f, r := l.ownView(s, c)
			l.pstIndex[c][s] = index[r][f] - 1
			if castles.Has(s) {
				l.pstIndex[c][s] = -1
			}
			for k := range l.pstWeight[c] {
				l.pstWeight[c][k][s] = uint16(wPST + k*l.pstSquares + int(max(0, l.pstIndex[c][s])))
			}
			l.distTarget[c][s] = int8(min(raceSteps, castleDistance(geo, s, c.Other())))
			l.distHome[c][s] = int8(min(raceSteps, castleDistance(geo, s, c)))
			if !geo.River.IsEmpty() { // round the river (V9), by the bridges
				l.distTarget[c][s] = int8(min(raceSteps, walk[c.Other()][s]))
				l.distHome[c][s] = int8(min(raceSteps, walk[c][s]))
			}
		}
	}
	start := movegen.StartOf(v)
	full := start.Occupied().Count() + start.Knights.Count()
	for n := range l.phase {
		l.phase[n] = uint8(min(MaxPhase, n*MaxPhase/full))
	}
	l.initNames()
}

// walkDistances returns the number of steps on geo's board from each
// square to the nearest square of target (99 where none leads): king
// steps that go round the board's river, found breadth-first from target.
func walkDistances(geo *movegen.Geometry, target movegen.Bitboard) [movegen.SquareSpan]int {
	var dist [movegen.SquareSpan]int
	for s := range dist {
		dist[s] = 99
	}
	reach, frontier := target, target
	for d := 0; !frontier.IsEmpty(); d++ {
		var next movegen.Bitboard
		for b := frontier; !b.IsEmpty(); {
			s := b.PopFirst()
			dist[s] = d
			next = next.Or(geo.Adjacent[s])
		}
		frontier = next.AndNot(reach)
		reach = reach.Or(frontier)
	}
	return dist
}

// castleDistance is the number of king steps from s to the nearest square
// of colour c's castle on geo's board.
func castleDistance(geo *movegen.Geometry, s movegen.Square, c movegen.Color) int {
	best := 99
	for castle := geo.Castle[c]; !castle.IsEmpty(); {
		best = min(best, kingDistance(s, castle.PopFirst()))
	}
	return best
}

func (l *layout) initNames() {
	l.names, l.groupOf = make([]string, l.numWeights), make([]uint8, l.numWeights)
	name := func(i int, group int, text string) {
		l.names[i], l.groupOf[i] = groupNames[group]+text, uint8(group)
	}
	name(wMan, gMaterial, ".man")
	name(wKnight, gMaterial, ".knight")
	for i, s := range l.entrySquare {
		name(wPST+i, gPST, ".man."+s.String())
		name(wPST+l.pstSquares+i, gPST, ".knight."+s.String())
	}
	steps := func(d int) string {
		if d == raceSteps {
			return fmt.Sprintf("%d+", d)
		}
		return fmt.Sprint(d)
	}
	post := l.post
	for d := 1; d <= raceSteps; d++ {
		name(post+rRaceFirst+d-1, gRace, ".first."+steps(d))
		name(post+rRaceSecond+d-1, gRace, ".second."+steps(d))
		name(post+rCastleThreat+d-1, gCastle, ".threat."+steps(d))
	}
	for lead := -3; lead <= 3; lead++ {
		name(post+rRaceLead+lead+3, gRace, fmt.Sprintf(".lead.%+d", lead))
	}
	name(post+rInCastle, gCastle, ".in")
	name(post+rCastleRim, gCastle, ".rim")
	name(post+rUndefended, gCastle, ".undefended")
	name(post+rOwnCastle, gCastle, ".own")
	turn := [2]string{".waiting", ".tomove"}
	name(post+rBacked, gBacked, "")
	for n := 1; n <= 3; n++ {
		for t := range turn {
			name(post+rChain+2*(n-1)+t, gCapture, fmt.Sprintf(".chain.%d%s", n, turn[t]))
		}
	}
	name(post+rRecapture, gCapture, ".recapture")
	name(post+rStep, gMobility, ".step")
	name(post+rCanter, gMobility, ".canter")
	name(post+rTempo, gTempo, "")
	for i, n := range l.names {
		if n == "" {
			panic(fmt.Sprintf("eval: %s weight %d has no name", l.variant, i))
		}
	}
}

// NumWeightsOf returns the number of weights of variant v's table: the
// piece-square block is sized by its board (NumWeights for Camelot). It
// is 0 for a variant movegen cannot play.
func NumWeightsOf(v movegen.Variant) int {
	if !movegen.Playable(v) {
		return 0
	}
	return layoutOf(v).numWeights
}

// WeightNamesOf names each weight of variant v's table, as WeightNames
// does Camelot's: the piece-square entries by the squares of v's board
// (pst.man.D4 in Cam). Nil for a variant movegen cannot play.
func WeightNamesOf(v movegen.Variant) []string {
	if !movegen.Playable(v) {
		return nil
	}
	return slices.Clone(layoutOf(v).names)
}

// WeightsOf returns a copy of the weight table the evaluation of variant
// v's positions reads: Weights for Camelot; for another variant the
// table `camelot tune` fitted for it, or else FromCamelot(v, Weights).
// Nil for a variant movegen cannot play.
func WeightsOf(v movegen.Variant) []Weight {
	if !movegen.Playable(v) {
		return nil
	}
	return slices.Clone(layoutOf(v).weights)
}

// Fitted reports whether variant v's weights were fitted on its own games
// (Camelot's always are); if not, its table is made from Camelot's.
func Fitted(v movegen.Variant) bool { return movegen.Playable(v) && layoutOf(v).fitted }

// FromCamelot returns variant v's weight table made from a table of
// Camelot's (NumWeights weights, indexed as WeightNames): every weight
// but the piece-square entries is copied, since the terms are the same
// on every board, and each piece-square entry of v's board takes
// Camelot's entry of the same kind on CamelotSquare of its square. It is
// the table of a variant without fitted weights and the tuner's start for
// one; on Camelot's own board it returns a copy. Nil for a variant
// movegen cannot play.
func FromCamelot(v movegen.Variant, camelot []Weight) []Weight {
	if len(camelot) != NumWeights {
		panic(fmt.Sprintf("eval.FromCamelot: %d weights, want Camelot's %d", len(camelot), NumWeights))
	}
	if !movegen.Playable(v) {
		return nil
	}
	l, cam := layoutOf(v), layoutOf(movegen.Camelot)
	w := make([]Weight, l.numWeights)
	w[wMan], w[wKnight] = camelot[wMan], camelot[wKnight]
	for i, s := range l.entrySquare {
		j := int(cam.pstIndex[movegen.White][CamelotSquare(v, s)])
		for k := 0; k < 2; k++ {
			w[wPST+k*l.pstSquares+i] = camelot[wPST+k*pstSquares+j]
		}
	}
	copy(w[l.post:], camelot[wPost:])
	return w
}

// CamelotSquare returns the Camelot square whose piece-square entries
// square s of variant v's board starts from (FromCamelot), both seen from
// White's side. The rule: the Camelot square as many ranks from the
// nearer castle's rank (the own castle's for a square on the own half of
// the board, its middle rank included, the opponent's on the other half)
// and as many files from the castle's file (or, on Camelot's board, the
// nearer of its two) on the left half; so both squares are as many king
// steps from the nearer castle, and on the same side of the board (V2).
// Should that square not be on Camelot's board, or be a castle, the next
// one towards the centre file, then towards the middle rank, is taken;
// the boards of V2 never need it. On Camelot's board it folds s onto
// the left half. s must be a square of v's board outside the castles.
func CamelotSquare(v movegen.Variant, s movegen.Square) movegen.Square {
	geo, cam := movegen.GeometryOf(v), movegen.GeometryOf(movegen.Camelot)
	files := 99
	for b := geo.Castle[movegen.White]; !b.IsEmpty(); {
		files = min(files, abs(s.File()-b.PopFirst().File()))
	}
	castleFile := cam.Castle[movegen.White].First().File() // F: the left one of F and G
	ranks, r := v.Ranks(), s.Rank()
	if r > (ranks-1)/2 {
		r = cam.Variant().Ranks() - ranks + r // as many ranks from the far end
	}
	castles := cam.Castle[movegen.White].Or(cam.Castle[movegen.Black])
	for {
		for f := max(0, castleFile-files); f <= castleFile; f++ {
			if t := cam.SquareAt(f, r); t != movegen.NoSquare && !castles.Has(t) {
				return t
			}
		}
		if r < cam.Variant().Ranks()/2 {
			r++
		} else {
			r--
		}
	}
}
