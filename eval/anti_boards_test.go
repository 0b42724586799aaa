package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// antiVariants are the Anti forms (V11) this grid plays.
func antiVariants() []movegen.Variant {
	var vs []movegen.Variant
	for _, v := range movegen.Variants() {
		if v.IsAnti() && movegen.Playable(v) {
			vs = append(vs, v)
		}
	}
	return vs
}

// randomPlayout returns the positions of a random game of v from its
// start, at most plies long, stopping where the game ends.
func randomPlayout(v movegen.Variant, rng *rand.Rand, plies int) []movegen.Position {
	p := movegen.StartOf(v)
	out := []movegen.Position{p}
	var ml movegen.MoveList
	for i := 0; i < plies; i++ {
		if p.Outcome().IsOver() {
			break
		}
		if p.GenerateMoves(&ml); ml.N == 0 {
			break
		}
		p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		out = append(out, p)
	}
	return out
}

// An Anti form without a fitted table counts pieces only, each against
// its side (V11): -100 a Man, -120 a Knight, for the side to move.
func TestAntiTableCountsPiecesAgainstTheirSide(t *testing.T) {
	vs := antiVariants()
	if len(vs) == 0 {
		t.Skip("this grid plays no Anti form")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, v := range vs {
		if Fitted(v) {
			continue
		}
		for _, p := range randomPlayout(v, rng, 120) {
			own, enemy := p.Pieces[p.Side], p.Pieces[p.Side.Other()]
			ok, ek := own.And(p.Knights).Count(), enemy.And(p.Knights).Count()
			want := -100*(own.Count()-ok) - 120*ok + 100*(enemy.Count()-ek) + 120*ek
			if got := (Tuned{}).Evaluate(&p); got != want {
				t.Fatalf("%s %s: %d, want %d", v, p.CFEN(), got, want)
			}
			if got := (Material{}).Evaluate(&p); got != -(100*(own.Count()-ok) + 160*ok - 100*(enemy.Count()-ek) - 160*ek) {
				t.Fatalf("%s %s: material %d, not the negated count", v, p.CFEN(), got)
			}
		}
	}
}

// stepDistances returns the king steps on v's board from every square to
// the nearest square of from, by a breadth-first walk over the board's
// squares round the river and the trees (V9, V10), other pieces stepped
// over, as Contact measures: written from the board's squares alone, not
// from Contact's rings.
func stepDistances(v movegen.Variant, from, trees movegen.Bitboard) map[movegen.Square]int {
	geo := movegen.GeometryOf(v)
	dist := map[movegen.Square]int{}
	var queue []movegen.Square
	for b := from; !b.IsEmpty(); {
		s := b.PopFirst()
		dist[s] = 0
		queue = append(queue, s)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				n := geo.SquareAt(s.File()+df, s.Rank()+dr)
				if n == movegen.NoSquare || geo.River.Has(n) || trees.Has(n) {
					continue
				}
				if _, seen := dist[n]; !seen {
					dist[n] = dist[s] + 1
					queue = append(queue, n)
				}
			}
		}
	}
	return dist
}

// Contact is 100 × (16 − the mean king steps from each piece of a side
// to the nearest enemy piece, round the river and the trees), distances of
// 16 or more counting 16; a StepMap's sum is the sum of those steps.
func TestContactIsTheMeanStepsToTheEnemy(t *testing.T) {
	vs := antiVariants()
	if len(vs) == 0 {
		t.Skip("this grid plays no Anti form")
	}
	// By hand on Anti-Camelot: White Men on E5 and E9, a Black Man on
	// E11: White's are 6 and 2 steps away, Black's 2.
	p, err := movegen.ParseCFENOf(movegen.AntiCamelot, "2/8/10/12/12/4m7/12/4M7/12/12/12/4M7/12/10/8/2 w")
	if err == nil {
		if got, want := Contact(&p, movegen.White), 100*((16-6)+(16-2))/2; got != want {
			t.Errorf("White's contact %d, want %d", got, want)
		}
		if got, want := Contact(&p, movegen.Black), 100*(16-2); got != want {
			t.Errorf("Black's contact %d, want %d", got, want)
		}
		var m StepMap
		m.Fill(&p, movegen.White)
		if got, want := m.Sum(p.Pieces[movegen.White]), 6+2; got != want {
			t.Errorf("White's steps %d, want %d", got, want)
		}
	} else if movegen.Playable(movegen.AntiCamelot) {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for _, v := range vs {
		for _, p := range randomPlayout(v, rng, 160) {
			for c := movegen.White; c <= movegen.Black; c++ {
				own, enemy := p.Pieces[c], p.Pieces[c.Other()]
				want, wantSteps := 0, 0
				if !own.IsEmpty() && !enemy.IsEmpty() {
					dist := stepDistances(v, enemy, p.Trees)
					sum, n := 0, 0
					for b := own; !b.IsEmpty(); n++ {
						d, ok := dist[b.PopFirst()]
						if !ok {
							d = 16 // no way round
						}
						sum += 16 - min(16, d)
						wantSteps += min(16, d)
					}
					want = 100 * sum / n
				} else {
					wantSteps = 16 * own.Count() // no enemy: every square 16
				}
				if got := Contact(&p, c); got != want {
					t.Fatalf("%s %s: %s's contact %d, want %d", v, p.CFEN(), c, got, want)
				}
				var m StepMap
				m.Fill(&p, c)
				if got := m.Sum(own); got != wantSteps {
					t.Fatalf("%s %s: %s's steps %d, want %d", v, p.CFEN(), c, got, wantSteps)
				}
			}
		}
	}
}

// RimSteps is the king steps to the nearest square of the board with
// fewer than eight neighbours on it (castles included, River's river not
// on it, V9), round the river. By hand on Anti-Camelot's board: A8 and B4
// on the rim (A3 is not on the board), B8 a step in, F8 four (to B4), F5
// three.
func TestRimStepsAreTheStepsToTheBoardsRim(t *testing.T) {
	vs := antiVariants()
	if len(vs) == 0 {
		t.Skip("this grid plays no Anti form")
	}
	for _, v := range vs {
		geo := movegen.GeometryOf(v)
		var rim movegen.Bitboard
		for _, s := range geo.Board.Squares() {
			n := 0
			for df := -1; df <= 1; df++ {
				for dr := -1; dr <= 1; dr++ {
					if n2 := geo.SquareAt(s.File()+df, s.Rank()+dr); (df != 0 || dr != 0) && n2 != movegen.NoSquare && geo.Board.Has(n2) {
						n++
					}
				}
			}
			if n < 8 {
				rim = rim.Or(movegen.SquareBB(s))
			}
		}
		dist := stepDistances(v, rim, movegen.Bitboard{})
		for _, s := range geo.Board.Squares() {
			if want, got := dist[s], RimSteps(v, s); got != want {
				t.Errorf("%s %v: %d steps to the rim, want %d", v, s, got, want)
			}
		}
	}
	if !movegen.Playable(movegen.AntiCamelot) {
		return
	}
	for _, tc := range []struct {
		sq   string
		want int
	}{{"A8", 0}, {"B8", 1}, {"F8", 4}, {"F5", 3}, {"B4", 0}, {"F1", 0}} {
		s, err := movegen.ParseSquare(tc.sq)
		if err != nil {
			t.Fatal(err)
		}
		if got := RimSteps(movegen.AntiCamelot, s); got != tc.want {
			t.Errorf("Anti-Camelot %s: %d steps to the rim, want %d", tc.sq, got, tc.want)
		}
	}
}

// Paired counts a side's pieces with one of its own next to them (R7's
// canter needs one): by hand on Anti-Camelot, White's E5 and F5 are a
// pair and H5 is not; Black's lone Man none.
func TestPairedCountsPiecesNextToTheirOwn(t *testing.T) {
	if !movegen.Playable(movegen.AntiCamelot) {
		t.Skip("this grid does not play Anti-Camelot")
	}
	for _, tc := range []struct {
		cfen         string
		white, black int
	}{
		{"2/8/10/12/4m7/12/12/12/12/12/12/4MM1M4/12/10/8/2 w", 2, 0},
		{"2/8/10/12/4m7/12/12/12/12/12/12/4MMM5/12/10/8/2 w", 3, 0},
		{"2/8/10/12/4m7/5m6/12/12/12/12/12/4M1M5/12/10/8/2 w", 0, 2},
	} {
		p, err := movegen.ParseCFENOf(movegen.AntiCamelot, tc.cfen)
		if err != nil {
			t.Fatal(err)
		}
		if w, b := Paired(&p, movegen.White), Paired(&p, movegen.Black); w != tc.white || b != tc.black {
			t.Errorf("%s: paired %d and %d, want %d and %d", tc.cfen, w, b, tc.white, tc.black)
		}
	}
}
