package eval

import (
	"math/bits"

	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/movegen"
)

// Feature is one term of a position's linear evaluation (linear.Feature).
type Feature = linear.Feature

// maxEntries bounds the features one position can produce: about 40 a
// side (a piece-square entry a piece, and a few per group).
const maxEntries = 128

// collector gathers a position's features, White's with positive
// coefficients and Black's with negative ones, on the stack: the engine
// sums them at once, the tuner keeps them.
type collector struct {
	n int
	e [maxEntries]Feature
}

func (c *collector) add(index, coef int) {
	if coef != 0 {
		c.e[c.n] = Feature{Index: uint16(index), Coef: int16(coef)}
		c.n++
	}
}

// sideStats are what the race terms of one side need from both.
type sideStats struct {
	first, second int // distances of the two nearest pieces to the opponent's castle
	home          int // distance of the nearest piece to the own castle
}

// collect adds every feature of p, on the board of l (p's variant's
// layout), and returns its phase.
func (c *collector) collect(p *movegen.Position, l *layout) int {
	occupied := p.Occupied()
	empty := l.geo.Board.AndNot(occupied.Or(p.Trees)) // a tree is never empty (V10)
	knights := p.Knights.Count()
	phase := int(l.phase[occupied.Count()+knights]) // a Knight counts 2, a Man 1
	var stats [2]sideStats
	for us := movegen.White; us <= movegen.Black; us++ {
		stats[us] = c.side(p, l, us, empty)
	}
	post := l.post
	if on[gRace] {
		for us := movegen.White; us <= movegen.Black; us++ {
			sign, st := colourSign(us), stats[us]
			c.add(post+rRaceFirst+st.first-1, sign)
			c.add(post+rRaceSecond+st.second-1, sign)
			lead := max(-3, min(3, stats[us.Other()].home-st.first))
			c.add(post+rRaceLead+lead+3, sign)
		}
	}
	if on[gTempo] {
		c.add(post+rTempo, colourSign(p.Side))
	}
	return phase
}

func colourSign(c movegen.Color) int {
	return 1 - 2*int(c)
}

// side adds colour us's features other than the race's and returns what
// the race needs.
func (c *collector) side(p *movegen.Position, l *layout, us movegen.Color, empty movegen.Bitboard) sideStats {
	them := us.Other()
	sign := colourSign(us)
	geo, post := l.geo, l.post
	own, enemy := p.Pieces[us], p.Pieces[them]
	home, target := geo.Castle[us], geo.Castle[them]
	knights := own.And(p.Knights)
	// The field: pieces in neither castle, which the piece-square tables,
	// the race and most other terms are about.
	field := own.AndNot(home).AndNot(target)
	turn := 0 // index of "waiting" or "to move" in the split terms
	if p.Side == us {
		turn = 1
	}

	if on[gMaterial] {
		nk := knights.Count()
		c.add(wMan, sign*(own.Count()-nk))
		c.add(wKnight, sign*nk)
	}

	st := sideStats{first: raceSteps, second: raceSteps, home: raceSteps}
	if own.Intersects(home) {
		st.home = 0
	}
	pst := on[gPST]
	toTarget, toHome, entry := &l.distTarget[us], &l.distHome[us], &l.pstWeight[us]
	kw := knights.Words()
	// Walk the words directly: this loop runs at nearly every node.
	for i, w := range field.Words() {
		for ; w != 0; w &= w - 1 {
			bit := bits.TrailingZeros64(w)
			s := movegen.Square(i<<6 | bit)
			if pst { // a piece is never 0: no need of add's test
				c.e[c.n] = Feature{Index: entry[kw[i]>>bit&1][s], Coef: int16(sign)}
				c.n++
			}
			if d := int(toTarget[s]); d < st.first {
				st.first, st.second = d, st.first
			} else if d < st.second {
				st.second = d
			}
			st.home = min(st.home, int(toHome[s]))
		}
	}

	if on[gCastle] {
		in := own.And(target).Count()
		c.add(post+rInCastle, sign*in)
		c.add(post+rCastleRim, sign*field.And(geo.CastleRim(them)).Count())
		if in > 0 {
			c.add(post+rCastleThreat+st.first-1, sign)
		}
		if st.home > 3 {
			c.add(post+rUndefended, sign)
		}
		c.add(post+rOwnCastle, sign*own.And(home).Count())
	}

	if on[gBacked] {
		c.add(post+rBacked, sign*geo.Backed(field, own).Count())
	}
	sources := geo.JumpSources(enemy, empty) // where a jump of ours could start
	if on[gCapture] {
		if jumpers := own.AndNot(target).And(sources); !jumpers.IsEmpty() {
			longest := longestChain(geo, jumpers, enemy, empty, target)
			c.add(post+rChain+2*(longest-1)+turn, sign)
			if recaptured(geo, jumpers, enemy, empty, home, target) {
				c.add(post+rRecapture, sign)
			}
		}
	}
	if on[gMobility] {
		c.add(post+rStep, sign*geo.Spread(own).And(empty).AndNot(home).Count())
		c.add(post+rCanter, sign*geo.CanterLandings(field, own).And(empty).AndNot(home).Count())
	}
	return st
}
