package eval

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// colourFlip swaps the colours and mirrors the ranks (rank r <-> 17-r),
// which R1 maps onto itself; the side to move and the castle counts swap
// too.
func colourFlip(p movegen.Position) movegen.Position {
	return remap(p, func(s movegen.Square) movegen.Square {
		return movegen.SquareAt(s.File(), movegen.NumRanks-1-s.Rank())
	}, true)
}

// leftRight mirrors the files (A <-> L), which R1 maps onto itself.
func leftRight(p movegen.Position) movegen.Position {
	return remap(p, func(s movegen.Square) movegen.Square {
		return movegen.SquareAt(movegen.NumFiles-1-s.File(), s.Rank())
	}, false)
}

func remap(p movegen.Position, to func(movegen.Square) movegen.Square, swap bool) movegen.Position {
	q := p
	q.Pieces, q.Knights = [2]movegen.Bitboard{}, movegen.Bitboard{}
	for b := movegen.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		for c := movegen.White; c <= movegen.Black; c++ {
			if p.Pieces[c].Has(s) {
				d := c
				if swap {
					d = c.Other()
				}
				q.Pieces[d].Set(to(s))
			}
		}
		if p.Knights.Has(s) {
			q.Knights.Set(to(s))
		}
	}
	if swap {
		q.Side = p.Side.Other()
		q.CastleMoves = [2]uint8{p.CastleMoves[1], p.CastleMoves[0]}
	}
	q.Key = q.ComputeKey()
	return q
}

// TestEvaluateSymmetric: the score for the side to move is unchanged
// under the colour flip and the left-right mirror, on positions of every
// stage of random games. Every feature is checked, whatever its weight:
// the flip negates each White-minus-Black count, the mirror keeps it.
func TestEvaluateSymmetric(t *testing.T) {
	for _, p := range randomPositions(3000, 2) {
		fs, phase := Features(&p, nil)
		q := colourFlip(p)
		flipped, flippedPhase := Features(&q, nil)
		q = leftRight(p)
		mirrored, mirroredPhase := Features(&q, nil)
		if phase != flippedPhase || phase != mirroredPhase || len(fs) != len(flipped) || len(fs) != len(mirrored) {
			t.Fatalf("%s: features %v, colour-flipped %v, mirrored %v", p.CFEN(), fs, flipped, mirrored)
		}
		for i, f := range fs {
			if flipped[i] != (Feature{Index: f.Index, Coef: -f.Coef}) || mirrored[i] != f {
				t.Fatalf("%s: feature %s %d, colour-flipped %s %d, mirrored %s %d", p.CFEN(),
					WeightNames[f.Index], f.Coef, WeightNames[flipped[i].Index], flipped[i].Coef, WeightNames[mirrored[i].Index], mirrored[i].Coef)
			}
		}
		v := Default.Evaluate(&p)
		q = colourFlip(p)
		if w := Default.Evaluate(&q); v != w {
			t.Fatalf("%s scores %d, colour-flipped %s scores %d", p.CFEN(), v, q.CFEN(), w)
		}
		q = leftRight(p)
		if w := Default.Evaluate(&q); v != w {
			t.Fatalf("%s scores %d, mirrored left-right %s scores %d", p.CFEN(), v, q.CFEN(), w)
		}
	}
}

// TestFeaturesGiveEvaluate: the tuner's view of a position (features and
// phase) gives exactly the engine's score.
func TestFeaturesGiveEvaluate(t *testing.T) {
	for _, p := range randomPositions(3000, 3) {
		fs, phase := Features(&p, nil)
		mg, eg := 0, 0
		seen := map[uint16]bool{}
		for _, f := range fs {
			if seen[f.Index] || f.Coef == 0 {
				t.Fatalf("%s: feature %d repeated or zero", p.CFEN(), f.Index)
			}
			seen[f.Index] = true
			mg += int(f.Coef) * Weights[f.Index].MG
			eg += int(f.Coef) * Weights[f.Index].EG
		}
		s := taper(mg, eg, phase)
		if p.Side == movegen.Black {
			s = -s
		}
		if got := Default.Evaluate(&p); got != s {
			t.Fatalf("%s: Evaluate %d, features give %d", p.CFEN(), got, s)
		}
	}
}

// TestBreakdownSumsToEvaluate: the terms the protocol's eval command
// prints add up to the score exactly.
func TestBreakdownSumsToEvaluate(t *testing.T) {
	for _, p := range randomPositions(500, 4) {
		sum := 0
		terms := Default.Breakdown(&p)
		for _, term := range terms {
			sum += term.White - term.Black
		}
		if p.Side == movegen.Black {
			sum = -sum
		}
		if got := Default.Evaluate(&p); got != sum {
			t.Fatalf("%s: Evaluate %d, breakdown sums to %d", p.CFEN(), got, sum)
		}
	}
}

// TestStartPosition: the start (R2) is symmetric, so only the tempo
// counts; its phase is MaxPhase.
func TestStartPosition(t *testing.T) {
	p := movegen.StartPosition()
	if got, want := Default.Evaluate(&p), Weights[wTempo].MG; got != want {
		t.Errorf("start position scores %d, want the tempo %d", got, want)
	}
	if _, phase := Features(&p, nil); phase != MaxPhase {
		t.Errorf("start phase %d, want %d", phase, MaxPhase)
	}
}

// TestWriteWeightsRoundTrip: the source WriteWeights writes parses as Go
// and holds exactly the weights given, in order, with their names.
func TestWriteWeightsRoundTrip(t *testing.T) {
	var w [NumWeights]Weight
	for i := range w {
		w[i] = Weight{MG: i*7 - 300, EG: 500 - i*3}
	}
	var buf bytes.Buffer
	if err := WriteWeights(&buf, &w); err != nil {
		t.Fatal(err)
	}
	got := parseWeights(t, "camelot.go", buf.Bytes())
	if len(got) != NumWeights {
		t.Fatalf("read %d weights back, want %d", len(got), NumWeights)
	}
	for i := range got {
		if got[i] != w[i] {
			t.Fatalf("weight %d (%s): read %v, wrote %v", i, WeightNames[i], got[i], w[i])
		}
	}
	if !strings.Contains(buf.String(), "// "+WeightNames[wTempo]+"\n") {
		t.Error("the weights' names are not in the source")
	}
}

// parseWeights reads back the weights of a source file WriteWeights or
// WriteWeightsOf wrote: the pairs of its one composite literal, in order.
func parseWeights(t *testing.T, name string, src []byte) []Weight {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments)
	if err != nil {
		t.Fatalf("written source %s does not parse: %v", name, err)
	}
	var got []Weight
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || lit.Type == nil {
			return true
		}
		for _, e := range lit.Elts {
			pair := e.(*ast.CompositeLit).Elts
			got = append(got, Weight{MG: intOf(t, pair[0]), EG: intOf(t, pair[1])})
		}
		return false
	})
	return got
}

func intOf(t *testing.T, e ast.Expr) int {
	t.Helper()
	if kv, ok := e.(*ast.KeyValueExpr); ok { // {MG: 12, EG: -3}
		e = kv.Value
	}
	neg := false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, e = true, u.X
	}
	n, err := strconv.Atoi(e.(*ast.BasicLit).Value)
	if err != nil {
		t.Fatal(err)
	}
	if neg {
		n = -n
	}
	return n
}

// TestWeightNames: every weight has a distinct name in its group.
func TestWeightNames(t *testing.T) {
	seen := map[string]bool{}
	for i, n := range WeightNames {
		if seen[n] {
			t.Errorf("weight %d: name %q twice", i, n)
		}
		seen[n] = true
		if !strings.HasPrefix(n, groupNames[groupOf[i]]) {
			t.Errorf("weight %d: name %q not in its group %q", i, n, groupNames[groupOf[i]])
		}
	}
}
