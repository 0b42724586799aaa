package eval

// Tests of the net on every board this grid plays: Camelot, Cam and
// Camette on the 12-file grid, and, in the copy internal/widegen writes
// for the 14-file grid, Chivalry as well (files named *_boards_test.go run
// on both grids).

import (
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
)

func ptr(p movegen.Position) *movegen.Position { return &p }

func playedBoards() []movegen.Variant {
	var out []movegen.Variant
	for _, v := range movegen.Variants() {
		if NetBoardOf(v) != nil {
			out = append(out, v)
		}
	}
	return out
}

// startAfterTrees is v's start with, on River's board, both sides' trees
// placed at random (V10), so that piece moves can be played from it.
func startAfterTrees(v movegen.Variant, rng *rand.Rand) movegen.Position {
	p := movegen.StartOf(v)
	for p.InTreePhase() {
		p.PlaceTrees(p.RandomPlacement(rng.IntN))
	}
	return p
}

// flipColours swaps the colours and turns the board: the rank turned on
// Parker's boards, a half turn on River's (V9).
func flipColours(p movegen.Position) movegen.Position {
	return netRemap(p, true, func(s movegen.Square) movegen.Square {
		if !p.Geometry().River.IsEmpty() {
			return p.Geometry().SquareAt(p.Variant.Files()-1-s.File(), p.Variant.Ranks()-1-s.Rank())
		}
		return p.Geometry().SquareAt(s.File(), p.Variant.Ranks()-1-s.Rank())
	})
}

func mirrorFiles(p movegen.Position) movegen.Position {
	return netRemap(p, false, func(s movegen.Square) movegen.Square {
		return p.Geometry().SquareAt(p.Variant.Files()-1-s.File(), s.Rank())
	})
}

func netRemap(p movegen.Position, swap bool, to func(movegen.Square) movegen.Square) movegen.Position {
	q := p
	q.Pieces = [2]movegen.Bitboard{}
	q.Knights, q.Trees = movegen.Bitboard{}, movegen.Bitboard{}
	for b := p.Trees; !b.IsEmpty(); {
		q.Trees.Set(to(b.PopFirst()))
	}
	for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
		d := c
		if swap {
			d = c.Other()
		}
		for b := p.Pieces[c]; !b.IsEmpty(); {
			s := b.PopFirst()
			t := to(s)
			q.Pieces[d].Set(t)
			if p.Knights.Has(s) {
				q.Knights.Set(t)
			}
		}
	}
	if swap {
		q.Side = p.Side.Other()
		q.CastleMoves = [2]uint8{p.CastleMoves[1], p.CastleMoves[0]}
	}
	q.Key = q.ComputeKey()
	return q
}

func randomPositionsOf(rng *rand.Rand, v movegen.Variant, n int) []movegen.Position {
	var out []movegen.Position
	for len(out) < n {
		p := startAfterTrees(v, rng)
		var ml movegen.MoveList
		for ply := 0; ply < 150 && len(out) < n; ply++ {
			if p.Outcome().IsOver() {
				break
			}
			if p.GenerateMoves(&ml); ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
			out = append(out, p)
		}
	}
	return out
}

func TestFeaturesEveryBoard(t *testing.T) {
	for _, v := range playedBoards() {
		b, geo := NetBoardOf(v), movegen.GeometryOf(v)
		if b.Squares != geo.Board.Count() || b.Inputs() != 4*b.Squares {
			t.Errorf("%s: %d squares, %d inputs", v, b.Squares, b.Inputs())
		}
		seen := map[nnue.Feature]bool{}
		for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
			for _, k := range [2]movegen.Kind{movegen.Man, movegen.Knight} {
				for _, s := range geo.Board.Squares() {
					f := b.Feature(movegen.White, c, k, s)
					if int(f) >= b.Inputs() || seen[f] {
						t.Fatalf("%s: feature %d of %v %v %v: out of range or taken", v, f, c, k, s)
					}
					seen[f] = true
					flipped := geo.SquareAt(s.File(), v.Ranks()-1-s.Rank())
					symmetric := geo.River.IsEmpty()
					if !symmetric { // River's board is symmetric only under a half turn (V9)
						flipped = geo.SquareAt(v.Files()-1-s.File(), v.Ranks()-1-s.Rank())
					}
					if g := b.Feature(movegen.Black, c.Other(), k, flipped); g != f {
						t.Errorf("%s: Black's view of the flipped piece is %d, White's %d", v, g, f)
					}
					if m := b.Mirror(f); b.Mirror(m) != f || symmetric && m == f && s.File() != v.Files()-1-s.File() {
						t.Errorf("%s: feature %d mirrors to %d and back to %d", v, f, m, b.Mirror(m))
					}
				}
			}
		}
	}
}

func TestSymmetryEveryBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, v := range playedBoards() {
		n := nnue.RandomFor(v, rng.Uint64(), 32)
		for i, p := range randomPositionsOf(rng, v, 600) {
			e := NetEvaluate(n, &p)
			if w := NetEvaluate(n, ptr(flipColours(p))); w != e {
				t.Fatalf("%s position %d %s: %d, colour-flipped %d", v, i, p.CFEN(), e, w)
			}
			if !movegen.GeometryOf(v).River.IsEmpty() {
				continue // River's board has no left-right symmetry (V9)
			}
			if w := NetEvaluate(n, ptr(mirrorFiles(p))); w != e {
				t.Fatalf("%s position %d %s: %d, mirrored %d", v, i, p.CFEN(), e, w)
			}
		}
	}
}

func TestStackMatchesRefreshEveryBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, v := range playedBoards() {
		checkStack(t, v, nnue.RandomFor(v, rng.Uint64(), 32), rng, 150)
	}
}

// The stack of a net of output buckets, whose buckets differ, matches
// the evaluation from scratch too, on positions of several buckets.
func TestBucketedStackMatchesRefreshEveryBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for _, v := range playedBoards() {
		buckets := checkStack(t, v, nnue.RandomBucketed(v, rng.Uint64(), 32, 6), rng, 60)
		if len(buckets) < 2 {
			t.Errorf("%s: the random games met the buckets %v only", v, buckets)
		}
	}
}

// checkStack plays games random games of v from its start and checks at
// every ply that n's stack scores the position as NetEvaluate does; it
// returns how many evaluations each output bucket had.
func checkStack(t *testing.T, v movegen.Variant, n *nnue.Net, rng *rand.Rand, games int) map[int]int {
	t.Helper()
	s := NewNetStack(n, 200)
	kinds, buckets := map[string]int{}, map[int]int{}
	castle := &movegen.GeometryOf(v).Castle
	for game := 0; game < games; game++ {
		pos := startAfterTrees(v, rng)
		s.Reset(&pos)
		var ml movegen.MoveList
		for ply := 0; ply < 200; ply++ {
			if got, want := s.Evaluate(ply, &pos), NetEvaluate(n, &pos); got != want {
				t.Fatalf("%s game %d ply %d %s: stack %d, refresh %d", v, game, ply, pos.CFEN(), got, want)
			}
			buckets[nnue.BucketOf(pos.Occupied().Count(), n.Buckets)]++
			if pos.Outcome().IsOver() {
				break
			}
			if pos.GenerateMoves(&ml); ml.N == 0 {
				break
			}
			if rng.IntN(12) == 0 && !pos.MustCapture() {
				s.PushNull(ply)
				pos.MakeNullMove()
				kinds["null"]++
				continue
			}
			m := ml.Moves[rng.IntN(ml.N)]
			us, them := pos.Side, pos.Side.Other()
			switch {
			case castle[us].Has(m.From):
				kinds["out of own castle"]++
			case castle[them].Has(m.From):
				kinds["castle move"]++
			case castle[them].Has(m.To):
				kinds["castle entry"]++
			case !m.Captured.IsEmpty():
				kinds["capture"]++
			default:
				kinds["other"]++
			}
			s.Push(ply, &pos, m)
			pos.MakeMove(m)
		}
	}
	want := []string{"capture", "castle entry", "null", "other"}
	if castle[movegen.White].Count() == 2 && !v.IsAnti() { // V11: entering ends the game
		want = append(want, "castle move")
	}
	if !movegen.GeometryOf(v).River.IsEmpty() {
		want = want[:1] // random pieces seldom find a bridge (V9): the castles are out of reach
		want = append(want, "null", "other")
	}
	for _, k := range want {
		if kinds[k] == 0 {
			t.Errorf("%s: no %s in the random games (%v)", v, k, kinds)
		}
	}
	t.Logf("%s, %d output buckets: %v; evaluations by bucket %v", v, n.Buckets, kinds, buckets)
	return buckets
}

// A net of output buckets scores each position by the bucket of its
// pieces: as a net of one bucket holding that bucket's weights does, and
// not as the nets of the other buckets do (their weights differ).
func TestOutputBucketsEveryBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for _, v := range playedBoards() {
		const buckets = 6
		n := nnue.RandomBucketed(v, rng.Uint64(), 32, buckets)
		single := make([]*nnue.Net, buckets)
		for b := range single {
			m := *n
			m.Buckets, m.Out, m.OutBias = 1, n.OutOf(b), []int32{n.OutBias[b]}
			single[b] = &m
		}
		seen := map[int]int{}
		differ, others := 0, 0
		for i, p := range randomPositionsOf(rng, v, 600) {
			if i%2 == 1 {
				p = thinned(p, rng)
			}
			b := nnue.BucketOf(p.Occupied().Count(), buckets)
			seen[b]++
			e := NetEvaluate(n, &p)
			if want := NetEvaluate(single[b], &p); e != want {
				t.Fatalf("%s position %d %s (bucket %d): %d, the bucket's net alone %d", v, i, p.CFEN(), b, e, want)
			}
			for o := range single {
				if o != b {
					others++
					if NetEvaluate(single[o], &p) != e {
						differ++
					}
				}
			}
		}
		// Every bucket from the start's down to the first is met.
		if start := movegen.StartOf(v); len(seen) != nnue.BucketOf(start.Occupied().Count(), buckets)+1 || differ < others*9/10 {
			t.Errorf("%s: positions by bucket %v; the other buckets' nets scored %d of %d evaluations differently", v, seen, differ, others)
		}
	}
}

// thinned is p with a random share of each side's pieces taken off, one
// at least kept: positions of few pieces, which random games seldom
// reach on a board of rare captures.
func thinned(p movegen.Position, rng *rand.Rand) movegen.Position {
	keep := rng.Float64()
	for c := range p.Pieces {
		squares := p.Pieces[c].Squares()
		for i, s := range squares {
			if i > 0 && rng.Float64() > keep {
				p.Pieces[c].Clear(s)
				p.Knights.Clear(s)
			}
		}
	}
	p.Key = p.ComputeKey()
	return p
}

func TestDefaultNetEveryBoard(t *testing.T) {
	for _, v := range playedBoards() {
		n, err := nnue.DefaultFor(v)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if n == nil {
			continue // no net of v built in
		}
		if n.Variant != v {
			t.Fatalf("%s's built-in net %s is a net of %s", v, n.Name, n.Variant)
		}
		p := movegen.StartOf(v)
		q := p
		q.Side = movegen.Black
		if a, b := NetEvaluate(n, &p), NetEvaluate(n, &q); a != b {
			t.Errorf("%s's net %s: the start scores %d with White to move, %d with Black", v, n.Name, a, b)
		}
	}
}
