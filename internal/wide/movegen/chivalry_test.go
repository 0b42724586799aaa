package movegen_test

// Tests of the wide grid's rules core (the copy internal/widegen writes
// from movegen) on Chivalry's board, V2–V6: the perft of the issue and
// deeper figures pinned once refgen agreed, rule positions, CFEN, and a
// cross-check against internal/refgen. The rest of the source is tested
// in movegen on the narrow grid; TestWideMatchesNarrowOnEveryBoard checks
// that both grids play the three boards they share alike.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/internal/refgen"
	"github.com/camelot-engine/camelot/internal/wide/movegen"
	narrow "github.com/camelot-engine/camelot/movegen"
)

// Chivalry's perft from the start: 1–3 are the independent
// figures (R10 and R12 applied); 4 is refgen's, 337,761,948.
func TestChivalryPerft(t *testing.T) {
	want := []uint64{132, 17470, 2456802}
	if !testing.Short() {
		want = append(want, 337761948)
	}
	p := movegen.Chivalry.StartPosition()
	for d, n := range want {
		if _, got := movegen.Divide(p, d+1, 2); got != n {
			t.Errorf("Chivalry perft(%d) = %d, want %d", d+1, got, n)
		}
	}
}

// Every board the narrow grid plays is played alike on the wide grid:
// the same perft from every start, the same CFEN after the same moves.
func TestWideMatchesNarrowOnEveryBoard(t *testing.T) {
	for _, v := range []movegen.Variant{movegen.Camelot, movegen.Cam, movegen.Camette} {
		nv := narrow.Variant(v)
		depth := 3
		if v == movegen.Camelot {
			depth = 2
		}
		if got, want := movegen.Perft(v.StartPosition(), depth), narrow.Perft(nv.StartPosition(), depth); got != want {
			t.Errorf("%s perft(%d): wide %d, narrow %d", v, depth, got, want)
		}
		r := rand.New(rand.NewPCG(uint64(v), 7))
		w, n := v.StartPosition(), nv.StartPosition()
		var wl movegen.MoveList
		var nl narrow.MoveList
		for ply := 0; ply < 60 && !w.Outcome().IsOver(); ply++ {
			w.GenerateMoves(&wl)
			n.GenerateMoves(&nl)
			if wl.N != nl.N {
				t.Fatalf("%s at %s: %d moves wide, %d narrow", v, w.CFEN(), wl.N, nl.N)
			}
			m := wl.Moves[r.IntN(wl.N)]
			nm, err := n.ParseMove(w.MoveText(m))
			if err != nil {
				t.Fatalf("%s: narrow refuses %s at %s: %v", v, w.MoveText(m), n.CFEN(), err)
			}
			w.MakeMove(m)
			n.MakeMove(nm)
			if w.CFEN() != n.CFEN() {
				t.Fatalf("%s: after %s wide %s, narrow %s", v, w.MoveText(m), w.CFEN(), n.CFEN())
			}
		}
	}
}

func mustChivalry(t *testing.T, cfen string) movegen.Position {
	t.Helper()
	p, err := movegen.Chivalry.ParseCFEN(cfen)
	if err != nil {
		t.Fatalf("%s: %v", cfen, err)
	}
	return p
}

func moveTexts(p movegen.Position) []string {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, p.MoveText(m))
	}
	sort.Strings(out)
	return out
}

// chivalryCFEN builds a Chivalry CFEN from pieces such as "M:G16" (upper
// case White, lower case Black), the side to move and the castle moves.
func chivalryCFEN(side, castleMoves string, pieces ...string) string {
	spans := [][2]int{{6, 7}, {3, 10}, {2, 11}, {1, 12}, {0, 13}, {0, 13}, {0, 13}, {0, 13}, {0, 13}, {0, 13}, {0, 13}, {0, 13}, {1, 12}, {2, 11}, {3, 10}, {6, 7}}
	board := map[string]byte{}
	for _, pc := range pieces {
		kind, sq, _ := strings.Cut(pc, ":")
		board[sq] = kind[0]
	}
	var ranks []string
	for r := 16; r >= 1; r-- {
		var sb strings.Builder
		empty := 0
		for f := spans[r-1][0]; f <= spans[r-1][1]; f++ {
			if c, ok := board[fmt.Sprintf("%c%d", 'A'+f, r)]; ok {
				if empty > 0 {
					fmt.Fprint(&sb, empty)
				}
				sb.WriteByte(c)
				empty = 0
			} else {
				empty++
			}
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		ranks = append(ranks, sb.String())
	}
	return strings.Join(ranks, "/") + " " + side + " " + castleMoves + " 0 1"
}

// V4, R13 on Chivalry's castles G16 H16: a Man in Black's castle may only
// step to the other castle square, twice at most in the game.
func TestChivalryCastleMoveAndLimit(t *testing.T) {
	a5 := []string{"A5-A6", "A5-B4", "A5-B5", "A5-B6"} // A4 is no square of Chivalry (V2)
	with := append(slices.Clone(a5), "G16-H16")
	slices.Sort(with)
	for _, c := range []struct {
		counts string
		want   []string
	}{{"0/0", with}, {"1/0", with}, {"2/0", a5}, {"1/2", with}} {
		p := mustChivalry(t, chivalryCFEN("w", c.counts, "M:G16", "M:A5", "m:N12"))
		if got := moveTexts(p); !slices.Equal(got, c.want) {
			t.Errorf("castle moves %s: %v, want %v", c.counts, got, c.want)
		}
	}
	p := mustChivalry(t, chivalryCFEN("w", "1/0", "M:G16", "M:A5", "m:N12"))
	m, err := p.ParseMove("G16-H16")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	if p.CastleMoves[0] != 2 || !strings.Contains(p.CFEN(), " b 2/0 ") {
		t.Errorf("after the castle move: %s", p.CFEN())
	}
}

// V5 (R14): two pieces in the opponent's castle win Chivalry; one does not.
func TestChivalryCastleWin(t *testing.T) {
	p := mustChivalry(t, chivalryCFEN("w", "0/0", "M:G15", "M:H16", "M:A5", "m:N12", "m:M12"))
	m, err := p.ParseMove("G15-G16")
	if err != nil {
		t.Fatal(err)
	}
	if p.Outcome().IsOver() {
		t.Fatalf("over before the move: %v", p.Outcome())
	}
	p.MakeMove(m)
	if o := p.Outcome(); !o.IsOver() || o.Result.String() != "1-0" {
		t.Errorf("two White pieces in G16 H16: %v, want a White win", o)
	}
}

// R10 on Chivalry's board: a Knight's pure canter may not end where it
// could jump; from there it must go on with a Charge.
func TestChivalryKnightCanterBoundByR10(t *testing.T) {
	p := mustChivalry(t, chivalryCFEN("w", "0/0", "N:M5", "M:M6", "m:M8", "m:A12"))
	got := moveTexts(p)
	if slices.Contains(got, "M5-M7") {
		t.Errorf("M5-M7 is a pure canter onto a square with a jump, against R10: %v", got)
	}
	if !slices.Contains(got, "M5-M7xM9") {
		t.Errorf("the Charge M5-M7xM9 is missing: %v", got)
	}
}

// V6 on Chivalry's board: CFEN round-trips, and what does not fit the
// board is refused naming the field and the rank.
func TestChivalryCFEN(t *testing.T) {
	start := movegen.Chivalry.StartCFEN()
	if p := mustChivalry(t, start); p.CFEN() != start {
		got := p.CFEN()
		t.Errorf("round trip: %s, want %s", got, start)
	}
	for _, c := range []struct{ cfen, want string }{
		{narrow.StartCFEN, "rank 12"},
		{strings.Replace(start, "2/8/", "3/8/", 1), "rank 16"},
		{strings.Replace(start, "/14/14/", "/15/14/", 1), "rank 9"},
		{strings.Replace(start, "2nnmmmmmmnn2/2nnmmmmmmnn2", "2nnmmmmmmnn2/2nnmmmmmmnnn1", 1), "Knights"},
		{chivalryCFEN("w", "0/0", "M:G1", "M:H1", "m:A5"), "own castle"},
		{strings.Replace(start, " w 0/0", " w 3/0", 1), "field 3"},
	} {
		_, err := movegen.Chivalry.ParseCFEN(c.cfen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.cfen, err, c.want)
		}
	}
}

// Random games of Chivalry, every position's moves compared with refgen's
// by identity (R4), and the position after every few moves and the result
// at the end.
func TestChivalryCrossCheck(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 6
	}
	rv := refgen.Chivalry
	r := rand.New(rand.NewPCG(14, 16))
	var ml movegen.MoveList
	positions, ends := 0, 0
	for g := 0; g < games; g++ {
		p := movegen.Chivalry.StartPosition()
		for ply := 0; ply < 300; ply++ {
			here := p.CFEN()
			ref, err := rv.Moves(here)
			if err != nil {
				t.Fatalf("refgen at %s: %v", here, err)
			}
			p.GenerateMoves(&ml)
			mine := map[string]bool{}
			for _, m := range ml.Slice() {
				mine[key(m)] = true
			}
			theirs := map[string]bool{}
			for _, m := range ref {
				theirs[m.Key()] = true
			}
			if !maps(mine, theirs) {
				t.Fatalf("game %d ply %d at %s: movegen %d moves, refgen %d", g, ply, here, len(mine), len(theirs))
			}
			positions++
			if ml.N == 0 || p.Outcome().IsOver() {
				ends++
				break
			}
			m := ml.Moves[r.IntN(ml.N)]
			after := p
			after.MakeMove(m)
			if ply%3 == 0 {
				want, err := rv.Apply(here, refgen.Move{From: m.From.String(), To: m.To.String(), Captured: names(m.Captured)})
				if err != nil || want != after.CFEN() {
					t.Fatalf("after %s at %s: movegen %s, refgen %s (%v)", p.MoveText(m), here, after.CFEN(), want, err)
				}
			}
			p = after
		}
	}
	t.Logf("%d games, %d positions, %d ended", games, positions, ends)
}

func key(m movegen.Move) string {
	return m.From.String() + "-" + m.To.String() + ":" + strings.Join(names(m.Captured), ",")
}

func names(b movegen.Bitboard) []string {
	out := []string{}
	for _, s := range b.Squares() {
		out = append(out, s.String())
	}
	return out
}

func maps(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// FuzzChivalryCFEN reads text as a Chivalry CFEN (V6): never a panic; a
// position read writes a CFEN that reads back to the same position, whose
// moves can all be made.
func FuzzChivalryCFEN(f *testing.F) {
	start := movegen.Chivalry.StartCFEN()
	for _, s := range []string{
		start,
		chivalryCFEN("w", "1/0", "M:G16", "M:A5", "m:N12"),
		chivalryCFEN("b", "0/2", "n:G1", "N:N5", "m:H1"),
		strings.Replace(start, "/14/14/", "/15/14/", 1),
		narrow.StartCFEN,
		"2/8/10/12/14/14/14/14/14/14/14/14/12/10/8/2 w 0/0 0 1",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := movegen.Chivalry.ParseCFEN(text)
		if err != nil {
			return
		}
		back, err := movegen.Chivalry.ParseCFEN(p.CFEN())
		if err != nil || back.CFEN() != p.CFEN() {
			t.Fatalf("%q: wrote %q, which reads back as %q (%v)", text, p.CFEN(), back.CFEN(), err)
		}
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			q := p
			q.MakeMove(m)
			_ = q.Outcome()
		}
	})
}
