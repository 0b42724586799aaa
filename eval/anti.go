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

// contactSteps caps the king steps Contact tells apart: the ranks of the
// longest board (V2).
const contactSteps = 16

// Contact measures how near colour c's pieces stand to the enemy's, in
// hundredths of a king step: 100 × (contactSteps − the mean steps from each
// of c's pieces to the nearest enemy piece), 0 when either side has no
// piece. A piece in its own castle counts, as it must come out to be
// given away. The distances grow ring by
// ring from the enemy pieces (Spread), so no pair of pieces is visited,
// and go round the river and the trees (V9, V10), which no piece crosses:
// across River's river a piece is far from the enemy however near it
// stands. Other pieces are stepped over: a measure, not a path.
//
// Both sides of an Anti form need contact to give their pieces away
// (V11), so in the evaluation, White's minus Black's, it would cancel;
// the engine uses it instead as the drive of the side it plays for, a
// bonus of its root moves, which against any opponent that does not seek
// contact is the only way to a win rather than R16's draw.
func Contact(p *movegen.Position, c movegen.Color) int {
	geo := layoutOf(p.Variant).geo
	rest := p.Pieces[c]
	n := rest.Count()
	reach := p.Pieces[c.Other()]
	if n == 0 || reach.IsEmpty() {
		return 0
	}
	near := 0 // Σ (contactSteps − steps)
	open := geo.Board.AndNot(geo.River).AndNot(p.Trees)
	for d := 1; d < contactSteps && !rest.IsEmpty(); d++ {
		reach = reach.Or(geo.Spread(reach).And(open))
		ring := rest.And(reach)
		near += (contactSteps - d) * ring.Count()
		rest = rest.AndNot(ring)
	}
	return 100 * near / n
}
