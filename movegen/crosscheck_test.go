package movegen_test

// Cross-check of movegen against the independent reference generator
// internal/refgen. Random playouts (fixed-seed PCG, so every run visits the
// same positions) start from the start position, from hand-made positions
// that exercise the special rules (Knights' Charges and R10, both castles,
// R12, R13 with 0/1/2 castle moves used) and from random positions. At every
// ply the complete legal move sets are compared by identity (R4) and the
// position after movegen's MakeMove is compared with refgen.Apply.
//
// The helpers here (prefixed cc) are shared with properties_test.go and
// fuzz_test.go.

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/internal/refgen"
	"github.com/camelot-engine/camelot/movegen"
)

// ccKey returns the refgen identity key ("FROM-TO:CAP,CAP") of a movegen
// move. Bitboard.Squares lists squares in ascending WCF index, which is the
// board order refgen sorts its captures in (rank 1 first, files A..L).
func ccKey(m movegen.Move) string {
	var sb strings.Builder
	sb.WriteString(m.From.String())
	sb.WriteByte('-')
	sb.WriteString(m.To.String())
	sb.WriteByte(':')
	for i, s := range m.Captured.Squares() {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(s.String())
	}
	return sb.String()
}

// ccRefMove converts a movegen move to refgen's representation.
func ccRefMove(m movegen.Move) refgen.Move {
	rm := refgen.Move{From: m.From.String(), To: m.To.String(), Captured: []string{}}
	for _, s := range m.Captured.Squares() {
		rm.Captured = append(rm.Captured, s.String())
	}
	return rm
}

// ccRankSpan gives the first and last file (0 = A) of rank r (1..16), R1.
func ccRankSpan(r int) (lo, hi int) {
	switch r {
	case 1, 16:
		return 5, 6
	case 2, 15:
		return 2, 9
	case 3, 14:
		return 1, 10
	}
	return 0, 11
}

// ccCFEN builds a CFEN (R5) from a piece list such as "NC6 MD6 mE10" (piece
// letter, then square), the side to move and the tail fields 3-5. It writes
// the board text itself, independently of movegen, so that it also tests
// the parser.
func ccCFEN(pieces, side, tail string) string {
	var grid [17][12]byte
	for _, tok := range strings.Fields(pieces) {
		f := int(tok[1] - 'A')
		r, err := strconv.Atoi(tok[2:])
		if err != nil {
			panic("ccCFEN: bad token " + tok)
		}
		lo, hi := ccRankSpan(r)
		if f < lo || f > hi || grid[r][f] != 0 {
			panic("ccCFEN: bad or repeated square in " + tok)
		}
		grid[r][f] = tok[0]
	}
	var sb strings.Builder
	for r := 16; r >= 1; r-- {
		lo, hi := ccRankSpan(r)
		run := 0
		for f := lo; f <= hi; f++ {
			if grid[r][f] == 0 {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(grid[r][f])
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		if r > 1 {
			sb.WriteByte('/')
		}
	}
	s := sb.String() + " " + side
	if tail != "" {
		s += " " + tail
	}
	return s
}

// ccSeed is a named start position for playouts.
type ccSeed struct {
	name, cfen string
}

// ccSeeds are the hand-made start positions. Each one is parsed by both
// generators in TestCrossCheckSeedsParse.
func ccSeeds() []ccSeed {
	return []ccSeed{
		{"start", movegen.StartCFEN},
		{"start-black", strings.Replace(movegen.StartCFEN, " w ", " b ", 1)},
		// Knights one or two squares from enemy pieces in mid-board:
		// Charges, R10 and compulsory captures from the first ply.
		{"knight-skirmish", ccCFEN(
			"NE7 NH6 ND5 NI8 MF6 MG7 ME6 MF8 MH8 MC5 "+
				"nF10 nG11 nE11 nJ9 mF9 mG9 mE10 mH10 mD9 mI12", "w", "0/0 0 12")},
		{"charge-lattice", ccCFEN(
			"NE5 NH5 MF6 MG6 ME7 MH7 MF8 MG8 "+
				"mE9 mH9 mF10 mG11 mD11 mI11 mF12 mG13 nC13 nJ13", "w", "0/0 3 20")},
		// Both sides close to both castles.
		{"both-castles", ccCFEN(
			"MF14 NG14 ME15 MH13 NC3 MF4 MI3 "+
				"mF2 nG3 mE3 mH4 nF13 mG15 mE13 mD12", "w", "0/0 0 30")},
		{"both-castles-black", ccCFEN(
			"MF14 NG14 ME15 MH13 NC3 MF4 MI3 "+
				"mF2 nG3 mE3 mH4 nF13 mG15 mE13 mD12", "b", "0/0 0 30")},
		// R12: a White Man in its own castle that must capture on.
		{"own-castle-jump", ccCFEN(
			"MF1 NC6 MD6 ME7 MG5 "+
				"mG2 mE2 nH5 mD9 mE10 mI4", "w", "0/0 0 25")},
		// R12: a White Knight in its own castle that cannot jump; its canter
		// to G3 offers a jump (R10) so only the Charge goes there, and the
		// capture G5xI3 elsewhere is ignored (R12.5).
		{"own-castle-knight", ccCFEN(
			"NG1 MG2 MF5 MG5 NC7 "+
				"mH4 mE12 nF12 mG13 mH12", "w", "0/0 0 40")},
		// The example of R12: F3xF1 lands in White's own castle; with the
		// Black piece on G2 the jump must go on to H3.
		{"r12-example", ccCFEN(
			"MF3 ME5 NH6 MD4 "+
				"mF2 mD8 nG9 mH9", "w", "0/0 7 35")},
		{"r12-example-continue", ccCFEN(
			"MF3 ME5 NH6 MD4 "+
				"mF2 mG2 mD8 nG9 mH9", "w", "0/0 7 35")},
		// Black Men that can jump into Black's castle, and White Men that
		// can jump into White's castle, on the same board.
		{"jump-home-both", ccCFEN(
			"MF14 MG3 NE4 MH5 NF12 "+
				"mF15 mG14 mF2 nE11 mD10", "b", "0/0 2 50")},
		// R12 for Black: a Black Man in its castle next to White pieces.
		{"own-castle-black", ccCFEN(
			"mF16 nE14 mG15 mD12 nI10 "+
				"NF15 ME15 MH12 NI11 MD8", "b", "0/0 0 33")},
		// R13: a White piece in Black's castle with 0, 1 and 2 castle
		// moves used, next to a fight.
		{"opp-castle-0", ccCFEN(
			"MF16 NE7 MF7 MG8 ND6 MG14 "+
				"nE10 mF11 mG10 mH12 nC12 mD14 mF15", "w", "0/0 4 28")},
		{"opp-castle-1", ccCFEN(
			"MF16 NE7 MF7 MG8 ND6 MG14 "+
				"nE10 mF11 mG10 mH12 nC12 mD14 mF15", "w", "1/0 4 28")},
		{"opp-castle-2", ccCFEN(
			"MF16 NE7 MF7 MG8 ND6 MG14 "+
				"nE10 mF11 mG10 mH12 nC12 mD14 mF15", "w", "2/0 4 28")},
		// R13 for Black, with White pieces able to reach the other castle
		// square by a jump.
		{"opp-castle-black-1", ccCFEN(
			"nG1 mF3 mE4 nH6 mI9 "+
				"NF2 MG3 ME2 NF9 MH10 MC8", "b", "0/1 0 41")},
		{"opp-castle-black-2", ccCFEN(
			"nG1 mF3 mE4 nH6 mI9 "+
				"NF2 MG3 ME2 NF9 MH10 MC8", "b", "1/2 0 41")},
		// The example of R10, with a few more pieces.
		{"r10-example", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w"},
		{"r10-extended", ccCFEN(
			"ND6 ME7 MC5 NI6 MH7 MJ8 "+
				"mG9 mK10 nE12 mF12 nH13", "w", "")},
		// Few pieces: the game ends quickly (R14, R16 one-piece draw).
		{"sparse", ccCFEN("NC4 ME5 MF5 nJ12 mI13 mK11", "w", "0/0 0 60")},
	}
}

// boardSquares lists the squares of R1.
var boardSquares = movegen.Board.Squares()

// ccRandomCFEN returns a random legal-to-parse position: up to 4 Knights and
// 10 Men a side on random squares, sometimes a piece in its own castle,
// random side to move and castle moves used.
func ccRandomCFEN(r *rand.Rand) string {
	var toks []string
	used := map[movegen.Square]bool{}
	inOwn := [2]bool{}
	place := func(letter byte, color int) {
		for tries := 0; tries < 50; tries++ {
			s := boardSquares[r.IntN(len(boardSquares))]
			if used[s] {
				continue
			}
			if movegen.Castle[color].Has(s) {
				// At most one piece in the own castle (R5).
				if inOwn[color] {
					continue
				}
				inOwn[color] = true
			}
			used[s] = true
			toks = append(toks, string(letter)+s.String())
			return
		}
	}
	for c, letters := range []string{"NM", "nm"} {
		// One time in four, start with a piece in the own castle (R12).
		nk, nm := r.IntN(5), 1+r.IntN(10)
		if s := movegen.Castle[c].Squares()[r.IntN(2)]; r.IntN(4) == 0 && !used[s] {
			used[s], inOwn[c] = true, true
			if nk > 0 && r.IntN(2) == 0 {
				nk--
				toks = append(toks, string(letters[0])+s.String())
			} else {
				nm--
				toks = append(toks, string(letters[1])+s.String())
			}
		}
		for i := 0; i < nk; i++ {
			place(letters[0], c)
		}
		for i := 0; i < nm; i++ {
			place(letters[1], c)
		}
	}
	side := "w"
	if r.IntN(2) == 1 {
		side = "b"
	}
	tail := fmt.Sprintf("%d/%d %d %d", r.IntN(3), r.IntN(3), r.IntN(50), 1+r.IntN(60))
	return ccCFEN(strings.Join(toks, " "), side, tail)
}

// ccDist is the king-step (Chebyshev) distance between two squares.
func ccDist(a, b movegen.Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}

// ccNearest is the distance from s to the nearest square of set (99 if empty).
func ccNearest(s movegen.Square, set []movegen.Square) int {
	d := 99
	for _, t := range set {
		d = min(d, ccDist(s, t))
	}
	return d
}

// ccPick chooses a move for a playout. Captures (when not compulsory these
// are Knights' Charges) are picked with high probability; otherwise moves
// are weighted towards the enemy pieces and the enemy castle, so playouts
// reach fights, captures and castles often.
func ccPick(r *rand.Rand, p *movegen.Position, moves []movegen.Move) movegen.Move {
	var captures []movegen.Move
	for _, m := range moves {
		if m.IsCapture() {
			captures = append(captures, m)
		}
	}
	if len(captures) > 0 && (len(captures) == len(moves) || r.IntN(4) != 0) {
		return captures[r.IntN(len(captures))]
	}
	them := p.Side.Other()
	enemy := p.Pieces[them].Squares()
	castle := movegen.Castle[them].Squares()
	weights := make([]int, len(moves))
	total := 0
	for i, m := range moves {
		w := 2
		if d0, d1 := ccNearest(m.From, enemy), ccNearest(m.To, enemy); d1 < d0 {
			w += 3 * (d0 - d1)
		}
		if d0, d1 := ccNearest(m.From, castle), ccNearest(m.To, castle); d1 < d0 {
			w += d0 - d1
		}
		if m.IsCapture() {
			w += 10
		}
		if movegen.Castle[them].Has(m.To) {
			w += 20
		}
		weights[i] = w
		total += w
	}
	x := r.IntN(total)
	for i, w := range weights {
		if x < w {
			return moves[i]
		}
		x -= w
	}
	return moves[len(moves)-1]
}

// ccMoveDiff compares movegen's moves with refgen's by identity (R4). It
// returns the keys only movegen has, only refgen has, and movegen's
// duplicates.
func ccMoveDiff(p *movegen.Position, mine []movegen.Move, ref []refgen.Move) (onlyMine, onlyRef, dups []string) {
	have := make(map[string]bool, len(mine))
	for _, m := range mine {
		k := ccKey(m)
		if have[k] {
			dups = append(dups, k)
		}
		have[k] = true
	}
	refHave := make(map[string]bool, len(ref))
	for _, m := range ref {
		k := m.Key()
		refHave[k] = true
		if !have[k] {
			onlyRef = append(onlyRef, k)
		}
	}
	for _, m := range mine {
		if k := ccKey(m); !refHave[k] {
			onlyMine = append(onlyMine, k+" ("+p.MoveText(m)+")")
		}
	}
	sort.Strings(onlyMine)
	sort.Strings(onlyRef)
	return onlyMine, onlyRef, dups
}

// ccStats counts what the playouts visited.
type ccStats struct {
	positions, captureMoves, charges, ownCastle, oppCastle, castleMoves, noMoves, applied int
}

// ccPlayout plays one random game from cfen for at most maxPlies plies,
// cross-checking every position. fullApply: every how many plies every
// legal move (not only the chosen one) is checked with refgen.Apply. It
// returns false after reporting a mismatch.
func ccPlayout(t *testing.T, r *rand.Rand, v movegen.Variant, cfen string, maxPlies, fullApply int, st *ccStats) bool {
	t.Helper()
	p, err := movegen.ParseCFENOf(v, cfen)
	if err != nil {
		t.Fatalf("ParseCFEN(%q): %v", cfen, err)
	}
	rv, err := refgen.ParseVariant(v.String())
	if err != nil {
		t.Fatal(err)
	}
	castle := &p.Geometry().Castle
	var ml movegen.MoveList
	var history []string
	fail := func(format string, args ...any) bool {
		t.Errorf("cross-check mismatch\n  start CFEN: %s\n  moves:      %s\n  at CFEN:    %s\n  %s",
			cfen, strings.Join(history, " "), p.CFEN(), fmt.Sprintf(format, args...))
		return false
	}
	for ply := 0; ply < maxPlies; ply++ {
		here := p.CFEN()
		ref, err := rv.Moves(here)
		if err != nil {
			return fail("refgen.Moves: %v", err)
		}
		p.GenerateMoves(&ml)
		moves := ml.Slice()
		st.positions++
		if onlyMine, onlyRef, dups := ccMoveDiff(&p, moves, ref); len(onlyMine)+len(onlyRef)+len(dups) > 0 {
			return fail("movegen has %d moves, refgen %d\n  only in movegen: %v\n  only in refgen:  %v\n  duplicated in movegen: %v",
				len(moves), len(ref), onlyMine, onlyRef, dups)
		}
		us := p.Side
		if p.Pieces[us].Intersects(castle[us]) {
			st.ownCastle++
		}
		if p.Pieces[us].Intersects(castle[us.Other()]) {
			st.oppCastle++
		}
		if len(moves) == 0 {
			st.noMoves++
			if want, err := rv.Result(here); err != nil || want != p.Outcome().Result.String() {
				return fail("the game is over: movegen says %v, refgen %q (%v)", p.Outcome(), want, err)
			}
			return true
		}
		check := func(m movegen.Move) bool {
			after := p
			after.MakeMove(m)
			want, err := rv.Apply(here, ccRefMove(m))
			st.applied++
			if err != nil {
				return fail("refgen.Apply(%s): %v", ccKey(m), err)
			}
			if got := after.CFEN(); got != want {
				return fail("after %s (%s):\n  movegen CFEN %s\n  refgen  CFEN %s", p.MoveText(m), ccKey(m), got, want)
			}
			return true
		}
		if fullApply > 0 && ply%fullApply == 0 {
			for _, m := range moves {
				if !check(m) {
					return false
				}
			}
		}
		m := ccPick(r, &p, moves)
		if !check(m) {
			return false
		}
		if m.IsCapture() {
			st.captureMoves++
			if r, ok := p.Route(m); ok && r.Canters > 0 {
				st.charges++
			}
		}
		if castle[us.Other()].Has(m.From) {
			st.castleMoves++
		}
		history = append(history, p.MoveText(m))
		p.MakeMove(m)
	}
	return true
}

// TestCrossCheckSeedsParse checks that both generators accept the seed
// positions and print them the same way.
func TestCrossCheckSeedsParse(t *testing.T) {
	for _, sd := range ccSeeds() {
		p, err := movegen.ParseCFEN(sd.cfen)
		if err != nil {
			t.Errorf("%s: movegen.ParseCFEN(%q): %v", sd.name, sd.cfen, err)
			continue
		}
		if _, err := refgen.Moves(sd.cfen); err != nil {
			t.Errorf("%s: refgen.Moves(%q): %v", sd.name, sd.cfen, err)
		}
		if got := p.CFEN(); strings.Fields(got)[0] != strings.Fields(sd.cfen)[0] {
			t.Errorf("%s: board printed as %q, built as %q", sd.name, got, sd.cfen)
		}
	}
}

// TestCrossCheckPlayouts is the main cross-check: random playouts from the
// seed positions and from random positions, compared with refgen ply by ply.
func TestCrossCheckPlayouts(t *testing.T) {
	// About 20,000 positions by default, 2,000 under -short.
	playoutsPerSeed, randomStarts, maxPlies, fullApply := 14, 400, 120, 4
	if testing.Short() {
		playoutsPerSeed, randomStarts, maxPlies, fullApply = 3, 40, 80, 16
	}
	r := rand.New(rand.NewPCG(20240601, 0xca3e10))
	var st ccStats
	for _, sd := range ccSeeds() {
		for i := 0; i < playoutsPerSeed; i++ {
			if !ccPlayout(t, r, movegen.Camelot, sd.cfen, maxPlies, fullApply, &st) {
				t.Fatalf("stopped at the first mismatch (seed position %s, playout %d)", sd.name, i)
			}
		}
	}
	for i := 0; i < randomStarts; i++ {
		cfen := ccRandomCFEN(r)
		if !ccPlayout(t, r, movegen.Camelot, cfen, maxPlies/2, fullApply, &st) {
			t.Fatalf("stopped at the first mismatch (random start %d)", i)
		}
	}
	t.Logf("positions %d, moves applied via refgen %d, captures played %d (Charges %d), "+
		"positions with a piece in its own castle %d, in the opponent's castle %d, castle moves %d, no-move ends %d",
		st.positions, st.applied, st.captureMoves, st.charges, st.ownCastle, st.oppCastle, st.castleMoves, st.noMoves)
	if st.captureMoves == 0 || st.ownCastle == 0 || st.oppCastle == 0 {
		t.Errorf("playouts too tame: %+v", st)
	}
}

// TestCrossCheckPerft compares perft counts (R17) of both generators on the
// seed positions and the benchmark positions.
func TestCrossCheckPerft(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	seeds := append(ccSeeds(), ccSeed{"bench-busy", ptBusyCFEN}, ccSeed{"bench-mid", ptMidCFEN})
	for _, sd := range seeds {
		p, err := movegen.ParseCFEN(sd.cfen)
		if err != nil {
			t.Fatal(err)
		}
		want, err := refgen.Perft(sd.cfen, depth)
		if err != nil {
			t.Fatal(err)
		}
		if got := movegen.Perft(p, depth); got != want {
			t.Errorf("%s: perft(%d) = %d, refgen %d (%s)", sd.name, depth, got, want, sd.cfen)
		}
	}
}

// TestCrossCheckVariantPlayouts cross-checks the small boards (V2–V5) and
// the Anti forms (V11) the same way: random games from each start, every
// position's moves, the position after them and the result when the game
// ends compared with refgen.
func TestCrossCheckVariantPlayouts(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 40
	}
	r := rand.New(rand.NewPCG(27, 0x5a11))
	for _, v := range []movegen.Variant{movegen.Cam, movegen.Camette, movegen.AntiCam, movegen.AntiCamette, movegen.AntiCamelot} {
		var st ccStats
		n := games
		if v.Board() == movegen.Camelot {
			n = games / 5 // Camelot's own playouts (TestCrossCheckPlayouts) are many
		}
		for i := 0; i < n; i++ {
			if !ccPlayout(t, r, v, v.StartCFEN(), 200, 4, &st) {
				t.Fatalf("%s: stopped at the first mismatch (game %d)", v, i)
			}
		}
		t.Logf("%s: positions %d, moves applied via refgen %d, captures %d (Charges %d), own castle %d, game ends %d",
			v, st.positions, st.applied, st.captureMoves, st.charges, st.ownCastle, st.noMoves)
		// A piece in its own castle (R12) is rare in random games: the
		// short run's 40 games have none.
		if st.captureMoves == 0 || st.charges == 0 || st.noMoves == 0 || !testing.Short() && st.ownCastle == 0 && v.Board() != movegen.Camelot {
			t.Errorf("%s: playouts too tame: %+v", v, st)
		}
	}
}
