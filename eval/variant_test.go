package eval

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/eval/tuned"
	"github.com/camelot-engine/camelot/movegen"
)

// TestVariantStartPosition: each start (V3) is symmetric, so only the
// tempo counts, and it is a full board: phase MaxPhase.
func TestVariantStartPosition(t *testing.T) {
	for _, v := range otherVariants {
		p := movegen.StartOf(v)
		tempo := WeightsOf(v)[NumWeightsOf(v)-1]
		if got := Default.Evaluate(&p); got != tempo.MG {
			t.Errorf("%s start scores %d, want the tempo %d", v, got, tempo.MG)
		}
		if _, phase := Features(&p, nil); phase != MaxPhase {
			t.Errorf("%s start phase %d, want %d", v, phase, MaxPhase)
		}
	}
}

// pstEntries is the number of piece-square entries per kind of each
// board of V2: its squares outside the castles on the left half, the
// centre file included. Cam: ranks 2..12 hold 2, 3, 7×4, 3, 2; Camette:
// ranks 2..6 hold 2, 3×3, 2.
// River: Camelot's less the pairs F8 G8 and F9 G9, river on both halves (V9).
var pstEntries = map[movegen.Variant]int{movegen.Camelot: 78, movegen.Cam: 38, movegen.Camette: 13, movegen.River: 76}

// TestVariantWeightTables: each variant's table has its board's
// piece-square entries and the same other weights as Camelot's, under
// the same names; every name is distinct, in its group, and a
// piece-square name is a square of the variant's board.
func TestVariantWeightTables(t *testing.T) {
	for _, v := range movegen.Variants() {
		if !movegen.Playable(v) {
			if NumWeightsOf(v) != 0 || WeightNamesOf(v) != nil || WeightsOf(v) != nil {
				t.Errorf("%s is not playable but has weights", v)
			}
			continue
		}
		n, names, weights := NumWeightsOf(v), WeightNamesOf(v), WeightsOf(v)
		want := 2 + 2*pstEntries[v.Board()] + (NumWeights - wPost)
		if n != want || len(names) != n || len(weights) != n {
			t.Fatalf("%s: %d weights, %d names, %d in the table; want %d", v, n, len(names), len(weights), want)
		}
		post := n - (NumWeights - wPost)
		if !slices.Equal(names[:wPST], WeightNames[:wPST]) || !slices.Equal(names[post:], WeightNames[wPost:]) {
			t.Errorf("%s: the names outside the piece-square tables differ from Camelot's", v)
		}
		geo := movegen.GeometryOf(v)
		seen := map[string]bool{}
		for i, name := range names {
			if seen[name] {
				t.Errorf("%s weight %d: name %q twice", v, i, name)
			}
			seen[name] = true
			if g := groupNames[layoutOf(v).groupOf[i]]; !strings.HasPrefix(name, g+".") && name != g {
				t.Errorf("%s weight %d: name %q not in its group %q", v, i, name, g)
			}
			if i >= wPST && i < post {
				kind := "man"
				if i >= wPST+pstEntries[v.Board()] {
					kind = "knight"
				}
				sq, ok := strings.CutPrefix(name, "pst."+kind+".")
				s, err := geo.ParseSquare(sq)
				// River's entries whose left-half square is river are
				// named by their right-half square (V9).
				leftIsRiver := err == nil && geo.SquareAt(v.Files()-1-s.File(), s.Rank()) == movegen.NoSquare
				if !ok || err != nil || geo.Castle[0].Or(geo.Castle[1]).Has(s) || 2*s.File() > v.Files()-1 && !leftIsRiver {
					t.Errorf("%s weight %d: %q is not a piece-square name of the board's left half", v, i, name)
				}
			}
		}
		if v == movegen.Camelot && !slices.Equal(names, WeightNames[:]) {
			t.Error("Camelot's names are not WeightNames")
		}
	}
	if !slices.Equal(WeightsOf(movegen.Camelot), Weights[:]) || !Fitted(movegen.Camelot) {
		t.Error("Camelot's table is not Weights")
	}
}

// nearerCastle is the king distance from s to the nearer castle of geo's
// board.
func nearerCastle(geo *movegen.Geometry, s movegen.Square) int {
	return min(castleDistance(geo, s, movegen.White), castleDistance(geo, s, movegen.Black))
}

// TestFromCamelot: the table of a variant without its own weights is
// Camelot's made to fit its board, the same on every call: every weight
// but the piece-square entries copied, and every square of the board
// outside the castles takes the entries of a Camelot square as far from
// the nearer castle, on the same half of the board (CamelotSquare).
func TestFromCamelot(t *testing.T) {
	if !slices.Equal(FromCamelot(movegen.Camelot, Weights[:]), Weights[:]) {
		t.Error("FromCamelot(Camelot) is not Camelot's table")
	}
	var camelot [NumWeights]Weight
	for i := range camelot {
		camelot[i] = Weight{MG: i, EG: -i}
	}
	cam := layoutOf(movegen.Camelot)
	for _, v := range otherVariants {
		l, geo := layoutOf(v), movegen.GeometryOf(v)
		w := FromCamelot(v, camelot[:])
		if again := FromCamelot(v, camelot[:]); !slices.Equal(w, again) {
			t.Fatalf("%s: FromCamelot differs between calls", v)
		}
		if !Fitted(v) && !v.IsAnti() && !slices.Equal(WeightsOf(v), FromCamelot(v, Weights[:])) {
			t.Errorf("%s has no fitted weights and its table is not FromCamelot(Weights)", v)
		}
		if !Fitted(v) && v.IsAnti() && !slices.Equal(WeightsOf(v), antiStart(l)) {
			t.Errorf("%s has no fitted weights and its table is not antiStart's (V11)", v)
		}
		if len(w) != NumWeightsOf(v) {
			t.Fatalf("%s: FromCamelot gives %d weights, want %d", v, len(w), NumWeightsOf(v))
		}
		if !slices.Equal(w[:wPST], camelot[:wPST]) || !slices.Equal(w[l.post:], camelot[wPost:]) {
			t.Errorf("%s: the weights outside the piece-square tables are not Camelot's", v)
		}
		castles := geo.Castle[0].Or(geo.Castle[1])
		camCastles := movegen.Castle[0].Or(movegen.Castle[1])
		half := (v.Ranks() - 1) / 2
		for b := geo.Board.AndNot(castles); !b.IsEmpty(); {
			s := b.PopFirst()
			c := CamelotSquare(v, s)
			if c != CamelotSquare(v, s) {
				t.Fatalf("%s %s: CamelotSquare differs between calls", v, s)
			}
			if !movegen.Board.Has(c) || camCastles.Has(c) {
				t.Fatalf("%s %s: CamelotSquare %s is not a Camelot square outside the castles", v, s, c)
			}
			if d, e := nearerCastle(geo, s), nearerCastle(cam.geo, c); d != e {
				t.Errorf("%s %s: %d steps from the nearer castle, Camelot's %s %d", v, s, d, c, e)
			}
			if (s.Rank() <= half) != (c.Rank() < movegen.NumRanks/2) {
				t.Errorf("%s %s: Camelot's %s is on the other half", v, s, c)
			}
			for c := movegen.White; c <= movegen.Black; c++ {
				i := int(l.pstIndex[c][s])
				f, r := l.ownView(s, c)
				if geo.SquareAt(f, r) == movegen.NoSquare {
					continue // River: the folded square is in the river, its mirror image is not (V9)
				}
				src := CamelotSquare(v, geo.SquareAt(f, r))
				j := int(cam.pstIndex[movegen.White][src])
				for k := 0; k < 2; k++ {
					if got, want := w[wPST+k*l.pstSquares+i], camelot[wPST+k*pstSquares+j]; got != want {
						t.Errorf("%s %s (%v, kind %d): entry %v, want Camelot's %s %v", v, s, c, k, got, src, want)
					}
				}
			}
		}
	}
}

// TestCamCastleThreat: in Cam a Man next to the opponent's castle wins
// on its next move (V5). White to move with its Man on D12, next to
// D13, must score clearly better, by more than a Man, than with that Man
// on D2, next to its own castle, all else equal, where it cannot; and
// Black to move against the Man on D12, material even, must see that it
// is losing.
func TestCamCastleThreat(t *testing.T) {
	geo := movegen.GeometryOf(movegen.Cam)
	build := func(side movegen.Color, pieces string) movegen.Position {
		p := movegen.StartOf(movegen.Cam)
		p.Pieces, p.Knights = [2]movegen.Bitboard{}, movegen.Bitboard{}
		for _, f := range strings.Fields(pieces) {
			sq, letter, _ := strings.Cut(f, ":")
			s, err := geo.ParseSquare(sq)
			if err != nil {
				t.Fatal(err)
			}
			c := movegen.White
			if letter == strings.ToLower(letter) {
				c = movegen.Black
			}
			p.Pieces[c].Set(s)
			if strings.EqualFold(letter, "n") {
				p.Knights.Set(s)
			}
		}
		p.Side = side
		p.Key = p.ComputeKey()
		return p
	}
	const rest = " B5:N F5:M C6:M B9:n F9:m C8:m A10:m"
	threat := build(movegen.White, "D12:M"+rest)
	quiet := build(movegen.White, "D2:M"+rest)
	var ml movegen.MoveList
	threat.GenerateMoves(&ml)
	wins := false
	for _, m := range ml.Moves[:ml.N] {
		q := threat
		q.MakeMove(m)
		if o := q.Outcome(); o.Result == movegen.WhiteWins {
			wins = true
		}
	}
	if !wins {
		t.Fatalf("%s: White has no winning move", threat.CFEN())
	}
	a, b := Default.Evaluate(&threat), Default.Evaluate(&quiet)
	if a-b <= ManValue {
		t.Errorf("White to move scores %d next to Black's castle (%s), %d by its own (%s): want a lead of more than a Man",
			a, threat.CFEN(), b, quiet.CFEN())
	}
	waiting := threat
	waiting.Side = movegen.Black
	waiting.Key = waiting.ComputeKey()
	if s := Default.Evaluate(&waiting); s >= -ManValue {
		t.Errorf("Black to move against a Man on D12 (%s) scores %d: want a clear loss", waiting.CFEN(), s)
	}
}

// TestWriteVariantWeights: a variant's table is written as Go source
// registering every weight, in order, with its name; a table of the wrong
// size is refused.
func TestWriteVariantWeights(t *testing.T) {
	for _, v := range otherVariants {
		w := make([]Weight, NumWeightsOf(v))
		for i := range w {
			w[i] = Weight{MG: 3*i - 50, EG: 70 - 2*i}
		}
		var buf bytes.Buffer
		if err := WriteWeightsOf(&buf, v, w); err != nil {
			t.Fatal(err)
		}
		if got := parseWeights(t, tuned.File(v), buf.Bytes()); !slices.Equal(got, w) {
			t.Fatalf("%s: read back %d weights, wrote %d", v, len(got), len(w))
		}
		src := buf.String()
		if !strings.Contains(src, "register(game."+goName(v)+",") {
			t.Errorf("%s: the table is not registered for its variant:\n%s", v, src[:200])
		}
		for _, name := range WeightNamesOf(v) {
			if !strings.Contains(src, "// "+name+"\n") {
				t.Fatalf("%s: name %q not in the source", v, name)
			}
		}
		if err := WriteWeightsOf(&buf, v, w[1:]); err == nil {
			t.Errorf("%s: a table one short was written", v)
		}
	}
	if err := WriteWeightsOf(new(bytes.Buffer), movegen.Chivalry, nil); err == nil {
		t.Error("Chivalry's weights were written")
	}
}

// TestFittedTable: a variant's table in package tuned is the one its
// positions are evaluated with; one of the wrong size is refused.
func TestFittedTable(t *testing.T) {
	v := movegen.Cam
	l := layoutOf(v)
	weights, fitted := l.weights, l.fitted
	defer func() { l.weights, l.fitted = weights, fitted }()
	if !Fitted(v) || !slices.Equal(WeightsOf(v), tuned.Of(v)) {
		t.Fatalf("%s's table is not %s", v, tuned.File(v))
	}
	l.weights = nil
	l.setWeights()
	if !Fitted(v) || !slices.Equal(l.weights, tuned.Of(v)) {
		t.Fatal("setWeights does not take the tuned table")
	}
	p := movegen.StartOf(v)
	if got, want := Default.Evaluate(&p), tuned.Of(v)[len(tuned.Of(v))-1].MG; got != want {
		t.Errorf("the start scores %d with the tuned table, want its tempo %d", got, want)
	}
	short := &layout{variant: v, numWeights: l.numWeights + 1}
	defer func() {
		if recover() == nil {
			t.Error("a table of the wrong size was taken")
		}
	}()
	short.setWeights()
}
