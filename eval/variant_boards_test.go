package eval

// Tests of the tuned evaluation on every board this build plays besides
// Camelot; as a *_boards_test.go file it runs on the wide grid's copy too
// (internal/widegen), there on Chivalry's board as well.

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/camelot-engine/camelot/eval/tuned"
	"github.com/camelot-engine/camelot/movegen"
)

// otherVariants lists the variants this build plays besides Camelot
// (V1, V2): Cam and Camette, and Chivalry in the wide grid's copy.
var otherVariants = func() []movegen.Variant {
	var out []movegen.Variant
	for _, v := range movegen.Variants() {
		if v != movegen.Camelot && movegen.GeometryOf(v) != nil {
			out = append(out, v)
		}
	}
	return out
}()

// variantPositions is how many random positions of each board the
// symmetry and feature tests check: 1,500, or 300 in the race run
// (-short), where one goroutine's arithmetic is only slower.
func variantPositions() int {
	if testing.Short() {
		return 300
	}
	return 1500
}

// randomVariantPositions plays n random games of variant v from its start
// (V3) for a random number of plies and returns where they stopped,
// games not yet over; deterministic for the seed.
func randomVariantPositions(v movegen.Variant, n int, seed uint64) []movegen.Position {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []movegen.Position
	var ml movegen.MoveList
	for len(out) < n {
		p := startAfterTrees(v, r)
		plies := r.IntN(120)
		for i := 0; i < plies; i++ {
			p.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[r.IntN(ml.N)])
		}
		p.GenerateMoves(&ml)
		if ml.N > 0 {
			out = append(out, p)
		}
	}
	return out
}

// remapOn moves every piece of p through to on the board of p's variant,
// swapping the colours (with the side to move and the castle counts) if
// swap is set.
func remapOn(p movegen.Position, to func(geo *movegen.Geometry, s movegen.Square) movegen.Square, swap bool) movegen.Position {
	geo := p.Geometry()
	q := p
	q.Pieces, q.Knights, q.Trees = [2]movegen.Bitboard{}, movegen.Bitboard{}, movegen.Bitboard{}
	for b := geo.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		t := to(geo, s)
		if p.Trees.Has(s) {
			q.Trees.Set(t)
		}
		for c := movegen.White; c <= movegen.Black; c++ {
			if p.Pieces[c].Has(s) {
				d := c
				if swap {
					d = c.Other()
				}
				q.Pieces[d].Set(t)
			}
		}
		if p.Knights.Has(s) {
			q.Knights.Set(t)
		}
	}
	if swap {
		q.Side = p.Side.Other()
		q.CastleMoves = [2]uint8{p.CastleMoves[1], p.CastleMoves[0]}
	}
	q.Key = q.ComputeKey()
	return q
}

// variantColourFlip swaps the colours and mirrors the ranks of p's board
// (V2 boards are symmetric both ways), or turns River's board a half turn
// (V9: its only symmetry).
func variantColourFlip(p movegen.Position) movegen.Position {
	return remapOn(p, func(geo *movegen.Geometry, s movegen.Square) movegen.Square {
		if !geo.River.IsEmpty() {
			return geo.SquareAt(p.Variant.Files()-1-s.File(), p.Variant.Ranks()-1-s.Rank())
		}
		return geo.SquareAt(s.File(), p.Variant.Ranks()-1-s.Rank())
	}, true)
}

// variantLeftRight mirrors the files of p's board.
func variantLeftRight(p movegen.Position) movegen.Position {
	return remapOn(p, func(geo *movegen.Geometry, s movegen.Square) movegen.Square {
		return geo.SquareAt(p.Variant.Files()-1-s.File(), s.Rank())
	}, false)
}

// TestVariantEvaluateSymmetric: on every other board, as on
// Camelot's, every feature is negated by the colour flip and kept by the
// left-right mirror, and so the score for the side to move is kept by
// both; it is a finite score, within a few castles' worth.
func TestVariantEvaluateSymmetric(t *testing.T) {
	for _, v := range otherVariants {
		names := WeightNamesOf(v)
		for _, p := range randomVariantPositions(v, variantPositions(), 5) {
			fs, phase := Features(&p, nil)
			q := variantColourFlip(p)
			flipped, flippedPhase := Features(&q, nil)
			q = variantLeftRight(p)
			if !movegen.GeometryOf(v).River.IsEmpty() {
				q = p // River's board has no left-right symmetry (V9)
			}
			mirrored, mirroredPhase := Features(&q, nil)
			if phase != flippedPhase || phase != mirroredPhase || len(fs) != len(flipped) || len(fs) != len(mirrored) {
				t.Fatalf("%s %s: features %v, colour-flipped %v, mirrored %v", v, p.CFEN(), fs, flipped, mirrored)
			}
			if phase < 0 || phase > MaxPhase {
				t.Fatalf("%s %s: phase %d", v, p.CFEN(), phase)
			}
			for i, f := range fs {
				if int(f.Index) >= len(names) {
					t.Fatalf("%s %s: feature index %d of %d weights", v, p.CFEN(), f.Index, len(names))
				}
				if flipped[i] != (Feature{Index: f.Index, Coef: -f.Coef}) || mirrored[i] != f {
					t.Fatalf("%s %s: feature %s %d, colour-flipped %s %d, mirrored %s %d", v, p.CFEN(),
						names[f.Index], f.Coef, names[flipped[i].Index], flipped[i].Coef, names[mirrored[i].Index], mirrored[i].Coef)
				}
			}
			score := Default.Evaluate(&p)
			if score < -5000 || score > 5000 {
				t.Fatalf("%s %s scores %d", v, p.CFEN(), score)
			}
			q = variantColourFlip(p)
			if w := Default.Evaluate(&q); score != w {
				t.Fatalf("%s %s scores %d, colour-flipped %s scores %d", v, p.CFEN(), score, q.CFEN(), w)
			}
			q = variantLeftRight(p)
			if !movegen.GeometryOf(v).River.IsEmpty() {
				continue
			}
			if w := Default.Evaluate(&q); score != w {
				t.Fatalf("%s %s scores %d, mirrored left-right %s scores %d", v, p.CFEN(), score, q.CFEN(), w)
			}
		}
	}
}

// TestVariantFeaturesGiveEvaluate: the tuner's view of a variant's
// position (features, phase and the variant's table) gives exactly the
// engine's score, and the breakdown adds up to it.
func TestVariantFeaturesGiveEvaluate(t *testing.T) {
	for _, v := range otherVariants {
		weights := WeightsOf(v)
		for _, p := range randomVariantPositions(v, variantPositions(), 6) {
			fs, phase := Features(&p, nil)
			mg, eg := 0, 0
			seen := map[uint16]bool{}
			for _, f := range fs {
				if seen[f.Index] || f.Coef == 0 {
					t.Fatalf("%s %s: feature %d repeated or zero", v, p.CFEN(), f.Index)
				}
				seen[f.Index] = true
				mg += int(f.Coef) * weights[f.Index].MG
				eg += int(f.Coef) * weights[f.Index].EG
			}
			s := taper(mg, eg, phase)
			if p.Side == movegen.Black {
				s = -s
			}
			got := Default.Evaluate(&p)
			if got != s {
				t.Fatalf("%s %s: Evaluate %d, features give %d", v, p.CFEN(), got, s)
			}
			sum := 0
			for _, term := range Default.Breakdown(&p) {
				sum += term.White - term.Black
			}
			if p.Side == movegen.Black {
				sum = -sum
			}
			if got != sum {
				t.Fatalf("%s %s: Evaluate %d, breakdown sums to %d", v, p.CFEN(), got, sum)
			}
		}
	}
}

// tunedSource reads variant v's file of package tuned (tuned.File, from
// the module's root: the first folder up that holds go.mod).
func tunedSource(t *testing.T, v movegen.Variant) []byte {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			t.Fatal("no go.mod above the package's folder")
		}
		root = up
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(tuned.File(v))))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestWriteWeightsFile: what WriteWeights writes of Weights is
// tuned/camelot.go as it stands, byte for byte, so `camelot tune`
// rewrites Camelot's table in the same form; so for every fitted table
// of this grid's boards.
func TestWriteWeightsFile(t *testing.T) {
	want := tunedSource(t, movegen.Camelot)
	var buf, viaVariant bytes.Buffer
	if err := WriteWeights(&buf, &Weights); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Error("WriteWeights(Weights) is not tuned/camelot.go")
	}
	if err := WriteWeightsOf(&viaVariant, movegen.Camelot, Weights[:]); err != nil || !bytes.Equal(viaVariant.Bytes(), want) {
		t.Errorf("WriteWeightsOf(Camelot, Weights) is not tuned/camelot.go (%v)", err)
	}
	for _, v := range otherVariants {
		if !Fitted(v) {
			continue
		}
		var b bytes.Buffer
		if err := WriteWeightsOf(&b, v, WeightsOf(v)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), tunedSource(t, v)) {
			t.Errorf("WriteWeightsOf(%s) is not %s", v, tuned.File(v))
		}
	}
	if tuned.File(movegen.Camelot) != "eval/tuned/camelot.go" || tuned.File(movegen.AntiCam) != "eval/tuned/anti_cam.go" {
		t.Errorf("weights files %q, %q", tuned.File(movegen.Camelot), tuned.File(movegen.AntiCam))
	}
}
