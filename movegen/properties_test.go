package movegen_test

// Property tests over random playouts: make/unmake, copy-make, incremental
// Zobrist keys, CFEN round trips, move text round trips (R3) and routes.
// Plus the move generator's benchmarks and allocation checks.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// Positions for the benchmarks, reached by random playouts from the start.
const (
	// ptBusyCFEN: a busy mid-game position with 133 legal moves, none a
	// capture (both armies nearly complete and spread out).
	ptBusyCFEN = "2/8/10/12/12/n2m1mmmmn2/4m1m1n3/4m3m2M/6M5/4MM1MN1N1/3MM2M4/2N2M1M4/12/10/8/2 w 0/0 8 9"
	// ptMidCFEN: a mid-game position of modest size (60 legal moves);
	// perft(4) = 5,120,445.
	ptMidCFEN = "2/8/10/12/12/2nmm2N2N1/12/5m6/9M2/3NM7/3M3n4/5M2n3/12/10/8/2 w 0/0 0 9"
)

// ptPositions returns the positions visited by random playouts from the
// seed positions of the cross-check and from random positions.
func ptPositions(seed uint64, playoutsPerSeed, randomStarts, maxPlies int) []movegen.Position {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var out []movegen.Position
	var ml movegen.MoveList
	play := func(cfen string, plies int) {
		p, err := movegen.ParseCFEN(cfen)
		if err != nil {
			panic(fmt.Sprintf("ParseCFEN(%q): %v", cfen, err))
		}
		for ply := 0; ply < plies; ply++ {
			out = append(out, p)
			p.GenerateMoves(&ml)
			if ml.N == 0 {
				return
			}
			p.MakeMove(ccPick(r, &p, ml.Slice()))
		}
	}
	for _, sd := range ccSeeds() {
		for i := 0; i < playoutsPerSeed; i++ {
			play(sd.cfen, maxPlies)
		}
	}
	for i := 0; i < randomStarts; i++ {
		play(ccRandomCFEN(r), maxPlies/2)
	}
	return out
}

// ptVisited returns the positions of the property tests: about 12,000, or
// 1,500 under -short.
func ptVisited(seed uint64) []movegen.Position {
	if testing.Short() {
		return ptPositions(seed, 2, 30, 60)
	}
	return ptPositions(seed, 6, 200, 100)
}

// TestPropertiesMakeUnmake checks, for every legal move of every visited
// position: MakeMove then UnmakeMove restores the whole Position and its key;
// the incremental key after MakeMove equals ComputeKey; copying the position
// and making the move gives the same result as make/unmake; and the
// position after the move round-trips through CFEN.
func TestPropertiesMakeUnmake(t *testing.T) {
	var ml movegen.MoveList
	moves := 0
	visited := ptVisited(1)
	for _, pos := range visited {
		p := pos
		if p.Key != p.ComputeKey() {
			t.Fatalf("%s: key %#x, ComputeKey %#x", p.CFEN(), p.Key, p.ComputeKey())
		}
		p.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			moves++
			before := p
			u := p.MakeMove(m)
			after := p
			if p.Key != p.ComputeKey() {
				t.Fatalf("%s: after %s the incremental key %#x differs from ComputeKey %#x",
					before.CFEN(), before.MoveText(m), p.Key, p.ComputeKey())
			}
			if p.Side == before.Side {
				t.Fatalf("%s: side to move unchanged after %s", before.CFEN(), before.MoveText(m))
			}
			p.UnmakeMove(m, u)
			if p != before {
				t.Fatalf("%s: MakeMove/UnmakeMove of %s does not restore the position:\n  got  %+v\n  want %+v",
					before.CFEN(), before.MoveText(m), p, before)
			}
			c := before
			c.MakeMove(m)
			if c != after {
				t.Fatalf("%s: copy-make of %s differs from make:\n  copy-make %+v\n  make      %+v",
					before.CFEN(), before.MoveText(m), c, after)
			}
			ptCheckCFEN(t, &after)
		}
	}
	t.Logf("%d positions, %d moves made and unmade", len(visited), moves)
}

// ptCheckCFEN checks that p survives CFEN → ParseCFEN → CFEN unchanged.
func ptCheckCFEN(t *testing.T, p *movegen.Position) {
	t.Helper()
	s := p.CFEN()
	q, err := movegen.ParseCFEN(s)
	if err != nil {
		t.Fatalf("ParseCFEN(%q) of printed CFEN: %v", s, err)
	}
	if q != *p {
		t.Fatalf("CFEN %q parses to a different position:\n  got  %+v\n  want %+v", s, q, *p)
	}
	if s2 := q.CFEN(); s2 != s {
		t.Fatalf("CFEN does not round-trip: %q → %q", s, s2)
	}
}

// TestPropertiesCFENRoundTrip checks the CFEN round trip of every visited
// position, and that omitted fields 3–5 default to 0/0 0 1 (R5).
func TestPropertiesCFENRoundTrip(t *testing.T) {
	for _, p := range ptVisited(2) {
		ptCheckCFEN(t, &p)
		f := strings.Fields(p.CFEN())
		short, err := movegen.ParseCFEN(f[0] + " " + f[1])
		if err != nil {
			t.Fatalf("ParseCFEN of two fields %q: %v", f[0]+" "+f[1], err)
		}
		want := p
		want.CastleMoves, want.Plies, want.MoveNumber = [2]uint8{}, 0, 1
		want.Key = want.ComputeKey()
		if short != want {
			t.Fatalf("two-field CFEN %q: got %+v, want %+v", f[0]+" "+f[1], short, want)
		}
	}
}

// TestPropertiesMoveText checks, for every legal move of every visited
// position, that its canonical text (R3) reads back as the same move (also
// in lower case) and that its Route is a legal path of that move.
func TestPropertiesMoveText(t *testing.T) {
	var ml movegen.MoveList
	rng := rand.New(rand.NewPCG(33, 33))
	moves, shortened := 0, 0
	for _, p := range ptVisited(3) {
		p.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			moves++
			text := p.MoveText(m)
			for _, in := range []string{text, strings.ToLower(text)} {
				back, err := p.ParseMove(in)
				if err != nil {
					t.Fatalf("%s: ParseMove(%q) of move %s: %v", p.CFEN(), in, ccKey(m), err)
				}
				if back != m {
					t.Fatalf("%s: ParseMove(%q) = %s, want %s", p.CFEN(), in, ccKey(back), ccKey(m))
				}
			}
			r, ok := p.Route(m)
			if !ok {
				t.Fatalf("%s: no Route for legal move %s (%s)", p.CFEN(), text, ccKey(m))
			}
			if len(r.Squares) < 2 || r.Squares[0] != m.From || r.Squares[len(r.Squares)-1] != m.To {
				t.Fatalf("%s: Route of %s is %v: want at least two squares from %s to %s",
					p.CFEN(), ccKey(m), r.Squares, m.From, m.To)
			}
			if r.Text() != text {
				t.Fatalf("%s: Route text %q differs from MoveText %q", p.CFEN(), r.Text(), text)
			}
			if err := ptCheckRoute(&p, m, r); err != nil {
				t.Fatalf("%s: Route %s of move %s is not a legal path: %v", p.CFEN(), text, ccKey(m), err)
			}
			if len(r.Squares) > 2 {
				ptCheckShortText(t, rng, &p, m, r)
				shortened++
			}
		}
	}
	t.Logf("%d move texts checked, %d with squares left out", moves, shortened)
}

// ptCheckShortText leaves random landing squares out of the route of m
// (R3, reading rule 2) and checks how ParseMove reads the text: as m, as an
// ambiguous text naming m among the candidates, or — when the shorter text
// happens to trace a complete path itself (rule 1) — as the move of that
// path.
func ptCheckShortText(t *testing.T, rng *rand.Rand, p *movegen.Position, m movegen.Move, r movegen.Route) {
	t.Helper()
	sq := []movegen.Square{r.Squares[0]}
	for _, s := range r.Squares[1 : len(r.Squares)-1] {
		if rng.IntN(2) == 0 {
			sq = append(sq, s)
		}
	}
	sq = append(sq, m.To)
	names := make([]string, len(sq))
	for i, s := range sq {
		names[i] = s.String()
	}
	text := strings.Join(names, "-")
	back, err := p.ParseMove(text)
	switch {
	case err != nil:
		if !strings.Contains(err.Error(), "ambiguous") || !strings.Contains(err.Error(), p.MoveText(m)) {
			t.Fatalf("%s: ParseMove(%q), a shortened route of %s: %v", p.CFEN(), text, p.MoveText(m), err)
		}
	case back == m:
	case ptTraces(p, back, sq):
	default:
		t.Fatalf("%s: ParseMove(%q), a shortened route of %s, gives %s (%s)",
			p.CFEN(), text, p.MoveText(m), p.MoveText(back), ccKey(back))
	}
}

// ptTraces reports whether squares is a complete legal path of move m.
func ptTraces(p *movegen.Position, m movegen.Move, squares []movegen.Square) bool {
	if len(squares) == 2 && movegen.GeometryOf(movegen.Camelot).Adjacent[squares[0]].Has(squares[1]) {
		return ptCheckRoute(p, m, movegen.Route{Squares: squares, Plain: true}) == nil
	}
	for c := 0; c < len(squares); c++ {
		if ptCheckRoute(p, m, movegen.Route{Squares: squares, Canters: c}) == nil {
			return true
		}
	}
	return false
}

// ptCheckRoute replays route r of move m on p, leg by leg, checking each leg
// against R6–R10, R12 and R13 independently of movegen's generator.
func ptCheckRoute(p *movegen.Position, m movegen.Move, r movegen.Route) error {
	us, them := p.Side, p.Side.Other()
	own := p.Pieces[us]
	own.Clear(m.From)
	enemy := p.Pieces[them]
	empty := movegen.Board.AndNot(own.Or(enemy)) // the origin counts as empty
	knight := p.Knights.Has(m.From)
	sq := r.Squares
	if r.Plain {
		if len(sq) != 2 || r.Canters != 0 || !m.Captured.IsEmpty() || !movegen.GeometryOf(movegen.Camelot).Adjacent[m.From].Has(m.To) {
			return fmt.Errorf("a plain route must be one step without captures")
		}
		if !empty.Has(m.To) {
			return fmt.Errorf("plain move onto an occupied square")
		}
		if movegen.Castle[us].Has(m.To) {
			return fmt.Errorf("plain move into the own castle (R6)")
		}
		if movegen.Castle[them].Has(m.From) && !movegen.Castle[them].Has(m.To) {
			return fmt.Errorf("a piece in the opponent's castle may only make a castle move (R13)")
		}
		return nil
	}
	if movegen.Castle[them].Has(m.From) {
		return fmt.Errorf("a piece in the opponent's castle leaps (R13)")
	}
	if r.Canters < 0 || r.Canters > len(sq)-1 {
		return fmt.Errorf("bad canter count %d", r.Canters)
	}
	jumps := len(sq) - 1 - r.Canters
	if r.Canters > 0 && jumps > 0 && !knight {
		return fmt.Errorf("only a Knight may Charge (R9)")
	}
	var captured movegen.Bitboard
	for i := 1; i < len(sq); i++ {
		a, b := sq[i-1], sq[i]
		df, dr := b.File()-a.File(), b.Rank()-a.Rank()
		if (df != 0 && df != 2 && df != -2) || (dr != 0 && dr != 2 && dr != -2) || (df == 0 && dr == 0) {
			return fmt.Errorf("leg %s-%s is not a leap", a, b)
		}
		over := movegen.SquareAt(a.File()+df/2, a.Rank()+dr/2)
		if !empty.Has(b) {
			return fmt.Errorf("leg %s-%s lands on an occupied square", a, b)
		}
		if i > 1 && movegen.Castle[them].Has(a) {
			return fmt.Errorf("the move goes on after landing in the opponent's castle on %s (R7, R8)", a)
		}
		if i <= r.Canters {
			if !own.Has(over) {
				return fmt.Errorf("canter %s-%s does not leap a friendly piece", a, b)
			}
			if movegen.Castle[us].Has(b) {
				return fmt.Errorf("canter lands in the own castle on %s (R7)", b)
			}
			if knight && jumps == 0 && ptCanJump(b, enemy, empty, movegen.Castle[them]) {
				return fmt.Errorf("a Knight's pure canter stops on %s, which offers a jump (R10)", b)
			}
		} else {
			if !enemy.Has(over) {
				return fmt.Errorf("jump %s-%s does not leap an enemy piece", a, b)
			}
			enemy.Clear(over)
			empty.Set(over)
			captured.Set(over)
		}
	}
	if captured != m.Captured {
		return fmt.Errorf("the route captures %v, the move %v", captured.Squares(), m.Captured.Squares())
	}
	if jumps == 0 && m.From == m.To {
		return fmt.Errorf("a canter ends where it began (R7)")
	}
	if jumps > 0 && ptCanJump(m.To, enemy, empty, movegen.Castle[them]) {
		return fmt.Errorf("the jump sequence stops on %s although it could jump on (R8)", m.To)
	}
	return nil
}

// ptCanJump reports whether a piece on s could jump; a square of the
// opponent's castle never offers a jump (rules point (a)).
func ptCanJump(s movegen.Square, enemy, empty, oppCastle movegen.Bitboard) bool {
	if oppCastle.Has(s) {
		return false
	}
	for d := movegen.Direction(0); d < movegen.NumDirections; d++ {
		if over, land := movegen.GeometryOf(movegen.Camelot).Neighbor[s][d], movegen.GeometryOf(movegen.Camelot).Beyond[s][d]; land != movegen.NoSquare && enemy.Has(over) && empty.Has(land) {
			return true
		}
	}
	return false
}

// TestGenerateMovesDoesNotAllocate checks that move generation with a
// reused MoveList never allocates, and that Perft allocates at most its
// move buffers, once per call, whatever the number of positions it visits.
func TestGenerateMovesDoesNotAllocate(t *testing.T) {
	positions := []movegen.Position{movegen.StartPosition()}
	for _, s := range []string{ptBusyCFEN, ptMidCFEN} {
		p, err := movegen.ParseCFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, p)
	}
	visited := ptPositions(4, 1, 10, 60)
	for i := 0; i < len(visited); i += 7 {
		positions = append(positions, visited[i])
	}
	var ml movegen.MoveList
	for _, p := range positions {
		if a := testing.AllocsPerRun(20, func() { p.GenerateMoves(&ml) }); a != 0 {
			t.Errorf("GenerateMoves allocates %v times per call in %s", a, p.CFEN())
		}
	}
	for _, p := range positions[:3] {
		if a := testing.AllocsPerRun(2, func() { movegen.Perft(p, 3) }); a > 1 {
			t.Errorf("Perft(3) allocates %v times per call in %s (%d positions)", a, p.CFEN(), movegen.Perft(p, 2))
		}
	}
}

func ptMustParse(b *testing.B, s string) movegen.Position {
	p, err := movegen.ParseCFEN(s)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func BenchmarkGenerateMoves(b *testing.B) {
	for _, c := range []struct{ name, cfen string }{
		{"start", movegen.StartCFEN},
		{"busy", ptBusyCFEN},
		{"mid", ptMidCFEN},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := ptMustParse(b, c.cfen)
			var ml movegen.MoveList
			b.ReportAllocs()
			for b.Loop() {
				p.GenerateMoves(&ml)
			}
			b.ReportMetric(float64(ml.N), "moves")
		})
	}
}

func BenchmarkPerft4(b *testing.B) {
	for _, c := range []struct {
		name, cfen string
		depth      int
	}{
		{"mid-depth4", ptMidCFEN, 4},
		{"start-depth3", movegen.StartCFEN, 3},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := ptMustParse(b, c.cfen)
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n = movegen.Perft(p, c.depth)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// ptBenchMoves returns the busy position and its legal moves.
func ptBenchMoves(b *testing.B) (movegen.Position, []movegen.Move) {
	p := ptMustParse(b, ptBusyCFEN)
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	return p, append([]movegen.Move(nil), ml.Slice()...)
}

func BenchmarkMakeUnmake(b *testing.B) {
	p, moves := ptBenchMoves(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m := moves[i]
		u := p.MakeMove(m)
		p.UnmakeMove(m, u)
		if i++; i == len(moves) {
			i = 0
		}
	}
}

var ptSink movegen.Position

func BenchmarkCopyMake(b *testing.B) {
	p, moves := ptBenchMoves(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := p
		c.MakeMove(moves[i])
		ptSink = c
		if i++; i == len(moves) {
			i = 0
		}
	}
}
