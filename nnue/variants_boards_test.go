package nnue

// Tests of the net on every board this build plays: the narrow build's
// Camelot, Cam and Camette, and, in the copy internal/widegen writes for
// the wide grid, Chivalry as well (files named *_boards_test.go run on
// both grids).

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

func ptr(p movegen.Position) *movegen.Position { return &p }

// playedBoards lists the variants this build plays.
func playedBoards() []movegen.Variant {
	var out []movegen.Variant
	for _, v := range movegen.Variants() {
		if BoardOf(v) != nil {
			out = append(out, v)
		}
	}
	return out
}

// flipColours returns p with the colours swapped and the board turned
// rank for rank (R1, V2): the same game from the other side.
func flipColours(p movegen.Position) movegen.Position {
	return remap(p, true, func(s movegen.Square) movegen.Square {
		return p.Geometry().SquareAt(s.File(), p.Variant.Ranks()-1-s.Rank())
	})
}

// mirrorFiles returns p mirrored left to right.
func mirrorFiles(p movegen.Position) movegen.Position {
	return remap(p, false, func(s movegen.Square) movegen.Square {
		return p.Geometry().SquareAt(p.Variant.Files()-1-s.File(), s.Rank())
	})
}

func remap(p movegen.Position, swap bool, to func(movegen.Square) movegen.Square) movegen.Position {
	q := p
	q.Pieces = [2]movegen.Bitboard{}
	q.Knights = movegen.Bitboard{}
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

// randomPositionsOf plays random games from v's start and returns n
// positions met on the way.
func randomPositionsOf(rng *rand.Rand, v movegen.Variant, n int) []movegen.Position {
	var out []movegen.Position
	for len(out) < n {
		p := v.StartPosition()
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

// Every board's features are in range and distinct; both sides' views
// differ only by the turned board and the swapped colours; mirroring twice
// is the identity.
func TestFeaturesEveryBoard(t *testing.T) {
	for _, v := range playedBoards() {
		b, geo := BoardOf(v), v.Geometry()
		if b.Squares != geo.Board.Count() || b.Inputs() != 4*b.Squares {
			t.Errorf("%s: %d squares, %d inputs", v, b.Squares, b.Inputs())
		}
		seen := map[Feature]bool{}
		for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
			for _, k := range [2]movegen.Kind{movegen.Man, movegen.Knight} {
				for _, s := range geo.Board.Squares() {
					f := b.Feature(movegen.White, c, k, s)
					if int(f) >= b.Inputs() || seen[f] {
						t.Fatalf("%s: feature %d of %v %v %v: out of range or taken", v, f, c, k, s)
					}
					seen[f] = true
					flipped := geo.SquareAt(s.File(), v.Ranks()-1-s.Rank())
					if g := b.Feature(movegen.Black, c.Other(), k, flipped); g != f {
						t.Errorf("%s: Black's view of the flipped piece is %d, White's %d", v, g, f)
					}
					if m := b.Mirror(f); b.Mirror(m) != f || m == f && s.File() != v.Files()-1-s.File() {
						t.Errorf("%s: feature %d mirrors to %d and back to %d", v, f, m, b.Mirror(m))
					}
				}
			}
		}
	}
}

// The score of a net of each board is the same after a colour flip and
// after a left-right mirror, exactly.
func TestSymmetryEveryBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, v := range playedBoards() {
		n := RandomFor(v, rng.Uint64(), 32)
		for i, p := range randomPositionsOf(rng, v, 600) {
			e := n.Evaluate(&p)
			if w := n.Evaluate(ptr(flipColours(p))); w != e {
				t.Fatalf("%s position %d %s: %d, colour-flipped %d", v, i, p.CFEN(), e, w)
			}
			if w := n.Evaluate(ptr(mirrorFiles(p))); w != e {
				t.Fatalf("%s position %d %s: %d, mirrored %d", v, i, p.CFEN(), e, w)
			}
		}
	}
}

// A Stack's accumulators, updated move by move, equal a full refresh
// through long random games of each board: plain moves, canters, jumps,
// Charges, castle entries, moves out of one's own castle, Chivalry's and
// Camelot's castle moves (R13), and null moves.
func TestStackMatchesRefreshEveryBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, v := range playedBoards() {
		n := RandomFor(v, rng.Uint64(), 32)
		s := NewStack(n, 200)
		kinds := map[string]int{}
		castle := &v.Geometry().Castle
		for game := 0; game < 150; game++ {
			pos := v.StartPosition()
			s.Reset(&pos)
			var ml movegen.MoveList
			for ply := 0; ply < 200; ply++ {
				if got, want := s.Evaluate(ply, &pos), n.Evaluate(&pos); got != want {
					t.Fatalf("%s game %d ply %d %s: stack %d, refresh %d", v, game, ply, pos.CFEN(), got, want)
				}
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
		if castle[movegen.White].Count() == 2 {
			want = append(want, "castle move")
		}
		for _, k := range want {
			if kinds[k] == 0 {
				t.Errorf("%s: no %s in the random games (%v)", v, k, kinds)
			}
		}
		t.Logf("%s: %v", v, kinds)
	}
}

// A net of each board round-trips through its file, is named after its
// board (nn- for Camelot, cam- for Cam, …) and checksum, and a file whose
// board this build does not play is refused.
func TestFileEveryBoard(t *testing.T) {
	for _, v := range playedBoards() {
		n := RandomFor(v, 9, 16)
		data, err := Encode(n)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Load(data)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		prefix := v.String() + "-"
		if v == movegen.Camelot {
			prefix = "nn-"
		}
		if m.Variant != v || m.Name != FileName(data) || !strings.HasPrefix(m.Name, prefix) {
			t.Errorf("%s: loaded a net of %s named %s", v, m.Variant, m.Name)
		}
		if again, _ := Encode(m); !bytes.Equal(again, data) {
			t.Errorf("%s: the net does not round-trip", v)
		}
		p := v.StartPosition()
		if m.Evaluate(&p) != n.Evaluate(&p) {
			t.Errorf("%s: the loaded net evaluates differently", v)
		}
		// Another board's number in the architecture: the sizes no longer fit.
		for _, w := range movegen.Variants() {
			if w == v {
				continue
			}
			b := append([]byte(nil), data...)
			b[13] = byte(w)
			if _, err := Load(b); err == nil {
				t.Errorf("a net of %s relabelled %s loads", v, w)
			}
		}
	}
	if _, err := Load(append([]byte(magic), append([]byte{1, 0, 0, 0, 1, 9, 0, 0, 16, 0, 0, 0}, make([]byte, 64)...)...)); err == nil || !strings.Contains(err.Error(), "board 9") {
		t.Errorf("a net of board 9: %v", err)
	}
}

// Every board's built-in net, where the binary has one, loads as a net of
// that board, and scores each start (V3), a position symmetric in colour,
// the same from either side to move: the exact colour symmetry of the
// features holds for the shipped weights too.
func TestDefaultNetEveryBoard(t *testing.T) {
	for _, v := range playedBoards() {
		n, err := DefaultFor(v)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if n == nil {
			continue // no net of v built in
		}
		if n.Variant != v {
			t.Fatalf("%s's built-in net %s is a net of %s", v, n.Name, n.Variant)
		}
		p := v.StartPosition()
		q := p
		q.Side = movegen.Black
		if a, b := n.Evaluate(&p), n.Evaluate(&q); a != b {
			t.Errorf("%s's net %s: the start scores %d with White to move, %d with Black", v, n.Name, a, b)
		}
	}
}
