package refgen

import (
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// successorBoards returns the board fields of the positions Generate gives
// for cfen, sorted, and its result.
func successorBoards(t *testing.T, v Variant, s *Successors, cfen string) (string, []string) {
	t.Helper()
	p, err := v.parse(cfen)
	if err != nil {
		t.Fatal(err)
	}
	result, next := s.Generate(&p.b, p.side)
	var out []string
	for i := range next {
		q := position{g: p.g, b: next[i], side: 1 - p.side, moveNo: 1}
		out = append(out, strings.Fields(q.String())[0])
	}
	sort.Strings(out)
	return result, out
}

// applyBoards returns the board fields after each of Moves(cfen), sorted,
// and Result(cfen).
func applyBoards(t *testing.T, v Variant, cfen string) (string, []string) {
	t.Helper()
	ms, err := v.Moves(cfen)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		after, err := v.Apply(cfen, m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.Fields(after)[0])
	}
	sort.Strings(out)
	result, err := v.Result(cfen)
	if err != nil {
		t.Fatal(err)
	}
	return result, out
}

// Generate agrees with Moves, Apply and Result on positions of random
// games of every variant (castle moves made reset to none, as Generate
// assumes), one Successors serving every position.
func TestSuccessorsMatchMoves(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, v := range Variants() {
		s := v.NewSuccessors()
		checked, games := 0, 3
		if v == Camette || v == Cam {
			games = 20 // short games on small boards
		}
		if testing.Short() {
			games = (games + 2) / 3 // the race run: one goroutine's work
		}
		for game := 0; game < games; game++ {
			c := v.StartCFEN()
			for ply := 0; ply < 80; ply++ {
				f := strings.Fields(c)
				c0 := f[0] + " " + f[1]
				wantRes, want := applyBoards(t, v, c0)
				gotRes, got := successorBoards(t, v, s, c0)
				if gotRes != wantRes || strings.Join(got, " ") != strings.Join(want, " ") {
					t.Fatalf("%s %s: Generate gives %s %v, Moves and Result %s %v", v, c0, gotRes, got, wantRes, want)
				}
				checked++
				ms, _ := v.Moves(c)
				if len(ms) == 0 {
					break
				}
				c, _ = v.Apply(c, ms[rng.Intn(len(ms))])
			}
		}
		t.Logf("%s: %d positions", v, checked)
	}
}

// A jump sequence may end on the square it started from (R8, and (c) in
// the own castle): the piece is still there after the move.
func TestSuccessorsBackToOrigin(t *testing.T) {
	for _, tc := range []struct{ cfen, want string }{
		// C1xA3xC3xC1: the Man leaves its castle and jumps back in (R12).
		{"1/3/5/5/1m1m1/nm1/M w", "1/3/5/5/3m1/3/M"},
		// B3xD5xD3xB3: three captures round a triangle.
		{"1/3/5/2mm1/1Mm2/3/1 w", "1/3/5/5/1M3/3/1"},
	} {
		s := Camette.NewSuccessors()
		res, got := successorBoards(t, Camette, s, tc.cfen)
		wantRes, want := applyBoards(t, Camette, tc.cfen)
		if res != wantRes || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: Generate gives %s %v, Moves and Result %s %v", tc.cfen, res, got, wantRes, want)
		}
		found := false
		for _, b := range got {
			found = found || b == tc.want
		}
		if !found {
			t.Errorf("%s: no successor %s among %v", tc.cfen, tc.want, got)
		}
	}
}

// Generate makes no allocation once its buffers have grown.
func TestSuccessorsAllocations(t *testing.T) {
	p, err := Camette.parse(Camette.StartCFEN())
	if err != nil {
		t.Fatal(err)
	}
	s := Camette.NewSuccessors()
	s.Generate(&p.b, p.side)
	if n := testing.AllocsPerRun(100, func() { s.Generate(&p.b, p.side) }); n != 0 {
		t.Errorf("Generate allocates %.1f times a call", n)
	}
}

func BenchmarkSuccessorsCamette(b *testing.B) {
	p, err := Camette.parse(Camette.StartCFEN())
	if err != nil {
		b.Fatal(err)
	}
	s := Camette.NewSuccessors()
	for b.Loop() {
		s.Generate(&p.b, p.side)
	}
}
