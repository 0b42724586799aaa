package eval

import "github.com/camelot-engine/camelot/movegen"

// The Anti forms (V11) reverse the goal: a side wins when it has no legal
// move, and compulsory capture (R11) lets it force that by offering its
// pieces, one after another, to the opponent's.

// antiStart is an Anti form's table until `camelot tune` fits one: every
// piece costs, a Knight a little more (it is the harder to give away: it
// canters and charges, R7, R9), and nothing else counts. The search, not
// the evaluation, finds how to give pieces away: the compulsory captures
// it plays out (R11) are long, and only an evaluation that is flat
// between them lets alpha-beta cut them short (a table with the board's
// positional terms searched depth 2 of Anti-Chivalry's opening in 400
// times the nodes).
func antiStart(l *layout) []Weight {
	w := make([]Weight, l.numWeights)
	w[wMan] = Weight{MG: -100, EG: -100}
	w[wKnight] = Weight{MG: -120, EG: -120}
	return w
}

// driveStep is what a king step between a piece of the side an Anti form
// is searched for and the enemy costs it (engine.thread.drive), in
// centi-men: a fifth of a Man, so that five steps nearer are worth a Man
// given away. riverDrive multiplies it on a board cut by a river (V9),
// whose armies meet only on its four bridge squares: there a drive of a
// fifth kept both to their banks (7 − 0 − 23 against the 2-ply searcher
// in 30 games at 0.1 s a move), four fifths went across (23 − 0 − 7),
// while on Chivalry's open board two fifths already ran into the enemy's
// gifts (16 − 0 − 14 against 29 − 0 − 1).
const (
	driveStep  = 20
	riverDrive = 4
)

// DriveStep is driveStep on v's board: riverDrive times it with a river.
func DriveStep(v movegen.Variant) int { return layoutOf(v).driveStep }

// drawContempt is what an R16 draw costs the side an Anti form is
// searched for (engine's thread.drawFor), in centi-men: a draw there is
// no result but two sides that kept apart, and a side a few pieces
// "behind" is far from lost, since every piece must still be given away.
// riverContempt replaces it on a board cut by a river (V9), whose armies
// meet only on the four bridge squares and there stop: at 300 the side
// searched for took repetitions three or more pieces "behind", and
// Anti-River drew 24 of 43 games against the 2-ply searcher at 40,000
// nodes a move, at 1,000 7 of 100; on the open boards 1,000 drew more
// (Anti-Cam 14 of 96 at 0.1 s a move, against 7 of 100 at 300), taking
// lone-piece endings rather than a repetition (docs/variants.md).
const (
	drawContempt  = 300
	riverContempt = 1000
)

// DrawContempt is drawContempt on v's board, riverContempt with a river.
func DrawContempt(v movegen.Variant) int { return layoutOf(v).drawContempt }

// LoneDraw reports whether, on v's board, an Anti form's lone piece
// against two or more is scored towards R16's draw (engine's
// thread.loneScore) rather than by its material, the nearer the fewer
// pieces stand against it: on the open boards, where the side with a few
// pieces keeps them out of the lone one's reach and R16 ends it, so scored
// it drew less (the screen of docs/variants.md, Anti-Chivalry at four node
// counts: 96 draws in 400 games against 112); not across River's river
// (V9), where it drew more (40 − 0 − 12 in 52 games against 93 − 0 − 7).
func LoneDraw(v movegen.Variant) bool { return layoutOf(v).loneDraw }

// DeficitContempt reports whether, on v's board, the side an Anti form is
// searched for adds its deficit at the root (the pieces it has more,
// which it must still give away) to the contempt (engine's
// thread.prepare): on the open boards, where at the contempt alone armies
// of nine against four stopped and repeated, the nine taking the draw's
// −300 over their material's −500; not across River's river (V9), whose
// contempt of 1,000 already moves its armies and where it drew more
// (docs/variants.md).
func DeficitContempt(v movegen.Variant) bool { return layoutOf(v).deficitContempt }

// contactSteps caps the king steps Contact tells apart: the ranks of the
// longest board (V2).
const contactSteps = 16

// Contact measures how near colour c's pieces stand to the enemy's, in
// hundredths of a king step: 100 × (contactSteps − the mean steps from each
// of c's pieces to the nearest enemy piece), 0 when either side has no
// piece, the steps measured as StepMap measures them.
//
// Both sides of an Anti form need contact to give their pieces away
// (V11), so in the evaluation, White's minus Black's, it would cancel;
// the engine uses it instead as the drive of the side it plays for (the
// order of its root moves, and a score against the steps of its pieces
// to the enemy as the enemy stands at the root), which against any
// opponent that does not seek contact is the only way to a win rather
// than R16's draw.
func Contact(p *movegen.Position, c movegen.Color) int {
	n := p.Pieces[c].Count()
	if n == 0 || p.Pieces[c.Other()].IsEmpty() {
		return 0
	}
	var m StepMap
	m.Fill(p, c)
	return 100 * (contactSteps*n - m.Sum(p.Pieces[c])) / n
}

// StepMap holds, for every square, the king steps to the nearest of the
// enemy's pieces, capped at contactSteps. A piece in its own castle
// counts, as it must come out to be given away. The distances grow ring
// by ring from the enemy pieces (Spread), so no pair of pieces is
// visited, and go round the river and the trees (V9, V10), which no
// piece crosses: across River's river a piece is far from the enemy
// however near it stands. Other pieces are stepped over: a measure, not a
// path.
type StepMap [movegen.SquareSpan]uint8

// Fill makes m the steps to the pieces of colour c's enemy in p; every
// square contactSteps when the enemy has none.
func (m *StepMap) Fill(p *movegen.Position, c movegen.Color) {
	geo := layoutOf(p.Variant).geo
	m.spread(geo, p.Pieces[c.Other()], geo.Board.AndNot(geo.River).AndNot(p.Trees))
}

// spread makes m the king steps from every square to the nearest of
// from, ring by ring over the squares of open (contactSteps where no ring
// reaches).
func (m *StepMap) spread(geo *movegen.Geometry, from, open movegen.Bitboard) {
	for s := range m {
		m[s] = contactSteps
	}
	for d, ring, reach := 0, from, from; d < contactSteps && !ring.IsEmpty(); d++ {
		for b := ring; !b.IsEmpty(); {
			m[b.PopFirst()] = uint8(d)
		}
		next := reach.Or(geo.Spread(reach).And(open))
		ring, reach = next.AndNot(reach), next
	}
}

// Sum is the steps of the pieces on set: 0 for none.
func (m *StepMap) Sum(set movegen.Bitboard) int {
	n := 0
	for !set.IsEmpty() {
		n += int(m[set.PopFirst()])
	}
	return n
}

// RimSteps is the king steps from square s of v's board to its rim, the
// squares with fewer than eight neighbours on the board (0 there). A lone
// piece near the rim has fewer ways to keep out of reach (engine's
// thread.loneScore).
func RimSteps(v movegen.Variant, s movegen.Square) int { return int(layoutOf(v).rimSteps[s]) }

// Paired counts colour c's pieces with one of c's own next to them: the
// pieces that can canter (R7), which a lone piece cannot.
func Paired(p *movegen.Position, c movegen.Color) int {
	own := p.Pieces[c]
	return layoutOf(p.Variant).geo.Spread(own).And(own).Count()
}

// fillRimSteps sets l.rimSteps from l's board.
func (l *layout) fillRimSteps() {
	geo := l.geo
	var rim movegen.Bitboard
	for b := geo.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		if geo.Spread(movegen.SquareBB(s)).And(geo.Board).Count() < 8 {
			rim = rim.Or(movegen.SquareBB(s))
		}
	}
	l.rimSteps.spread(geo, rim, geo.Board)
}
