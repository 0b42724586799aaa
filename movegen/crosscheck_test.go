package movegen_test

// Cross-check of movegen against the independent reference generator
// internal/refgen. Random playouts (fixed-seed PCG, so every run visits the
// same positions) start from the start position, from hand-made positions
// that exercise the special rules (Knights' Charges and R10, both castles,
// R12, R13 with 0/1/2 castle moves used) and from random positions. At every
// ply the complete legal move sets are compared by identity (R4) and the
// position after movegen's MakeMove is compared with refgen.Apply.
//
// Every variant is played (TestCrossCheckVariantPlayouts): the boards this
// package plays through movegen, River Camelot's tree phase (V10)
// included, and Chivalry's 14-file board, which this package refuses,
// through its generated copy internal/wide/movegen.
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
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/refgen"
	widemg "github.com/camelot-engine/camelot/internal/wide/movegen"
	"github.com/camelot-engine/camelot/movegen"
)

// ccKey returns the refgen identity key ("FROM-TO:CAP,CAP") of a movegen
// move. Bitboard.Squares lists squares in ascending WCF index, which is the
// board order refgen sorts its captures in (rank 1 first, files A..L). A
// tree placement (V10) is written "trees:" and its squares; refgen keys it
// by its move text instead, which ccKeyAt gives.
func ccKey(m movegen.Move) string {
	if m.IsPlacement() {
		var sqs []string
		for _, s := range m.Captured.Squares() {
			sqs = append(sqs, s.String())
		}
		return "trees:" + strings.Join(sqs, ",")
	}
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

// ccKeyAt returns refgen's key of a move of p: ccKey for a piece move,
// movegen's move text for a placement ("C2,D2,I2", V10), which refgen's
// key is, so that comparing keys checks the text too.
func ccKeyAt(p *movegen.Position, m movegen.Move) string {
	if m.IsPlacement() {
		return p.MoveText(m)
	}
	return ccKey(m)
}

// ccRefMove converts a movegen move to refgen's representation; a
// placement gives its squares as Trees (refgen's Move).
func ccRefMove(m movegen.Move) refgen.Move {
	if m.IsPlacement() {
		var rm refgen.Move
		for _, s := range m.Captured.Squares() {
			rm.Trees = append(rm.Trees, s.String())
		}
		return rm
	}
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
	toks := ccRandomPieces(r, map[movegen.Square]bool{})
	side := "w"
	if r.IntN(2) == 1 {
		side = "b"
	}
	tail := fmt.Sprintf("%d/%d %d %d", r.IntN(3), r.IntN(3), r.IntN(50), 1+r.IntN(60))
	return ccCFEN(strings.Join(toks, " "), side, tail)
}

// ccRandomPieces returns ccRandomCFEN's random pieces ("NC6" …) on squares
// not in used, which it marks.
func ccRandomPieces(r *rand.Rand, used map[movegen.Square]bool) []string {
	var toks []string
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
	return toks
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
		k := ccKeyAt(p, m)
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
		if k := ccKeyAt(p, m); !refHave[k] {
			onlyMine = append(onlyMine, k+" ("+p.MoveText(m)+")")
		}
	}
	sort.Strings(onlyMine)
	sort.Strings(onlyRef)
	return onlyMine, onlyRef, dups
}

// ccStats counts what the playouts visited. treePhase counts positions in
// the tree phase (V10), fullPlacementLists those whose whole list of
// placements was compared.
type ccStats struct {
	positions, captureMoves, charges, ownCastle, oppCastle, castleMoves, noMoves, applied int
	treePhase, fullPlacementLists                                                         int
}

// ccFullPlacementLists is how many tree-phase positions of a variant's
// playouts have their whole list of placements (10,660 from the start)
// compared with refgen's; the others compare the count and a sample.
const ccFullPlacementLists = 4

// ccPlayout plays one random game from cfen for at most maxPlies plies,
// cross-checking every position. fullApply: every how many plies every
// legal move (not only the chosen one) is checked with refgen.Apply. In
// River Camelot's tree phase (V10) the placements are compared instead
// (wholly in the first ccFullPlacementLists such positions of st, else by
// count and a sample) and a random one is played. It returns false after
// reporting a mismatch.
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
	var here string // p's CFEN
	fail := func(format string, args ...any) bool {
		t.Errorf("cross-check mismatch (%s)\n  start CFEN: %s\n  moves:      %s\n  at CFEN:    %s\n  %s",
			v, cfen, strings.Join(history, " "), p.CFEN(), fmt.Sprintf(format, args...))
		return false
	}
	// check plays m (a piece move or a placement) on a copy of p and
	// compares the position with refgen's.
	check := func(m movegen.Move) bool {
		after := p
		if m.IsPlacement() {
			after.Play(m)
		} else {
			after.MakeMove(m)
		}
		want, err := rv.Apply(here, ccRefMove(m))
		st.applied++
		if err != nil {
			return fail("refgen.Apply(%s): %v", ccKeyAt(&p, m), err)
		}
		if got := after.CFEN(); got != want {
			return fail("after %s (%s):\n  movegen CFEN %s\n  refgen  CFEN %s", p.MoveText(m), ccKey(m), got, want)
		}
		return true
	}
	for ply := 0; ply < maxPlies; ply++ {
		here = p.CFEN()
		if p.InTreePhase() {
			st.positions++
			st.treePhase++
			m, ok := ccTreePhase(r, &p, rv, here, st, fail, check)
			if !ok {
				return false
			}
			history = append(history, p.MoveText(m))
			p.Play(m)
			continue
		}
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

// ccTreePhase cross-checks a position p (CFEN here) in the tree phase
// (V10) and picks the placement to play: movegen's placements against
// refgen's (the whole lists while st has compared fewer than
// ccFullPlacementLists, else their counts and a sample applied by
// refgen), GenerateMoves' empty list (by design it gives no moves in the
// phase: callers ask InTreePhase first), and the game going on.
func ccTreePhase(r *rand.Rand, p *movegen.Position, rv refgen.Variant, here string, st *ccStats,
	fail func(string, ...any) bool, check func(movegen.Move) bool) (movegen.Move, bool) {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	if ml.N != 0 {
		return movegen.Move{}, fail("GenerateMoves gives %d moves in the tree phase, want none", ml.N)
	}
	mine := p.Placements(nil)
	for _, m := range mine {
		if !m.IsPlacement() || m.Captured.Count() != 3 || !p.IsLegalPlacement(m) {
			return m, fail("bad placement %s (%s)", ccKey(m), p.MoveText(m))
		}
	}
	count, err := rv.Perft(here, 1)
	if err != nil || count != uint64(len(mine)) || p.CountPlacements() != len(mine) || len(p.LegalMoves()) != len(mine) || movegen.Perft(*p, 1) != count {
		return movegen.Move{}, fail("placements: movegen lists %d (CountPlacements %d, LegalMoves %d, Perft %d), refgen counts %d (%v)",
			len(mine), p.CountPlacements(), len(p.LegalMoves()), movegen.Perft(*p, 1), count, err)
	}
	if res, err := rv.Result(here); err != nil || res != "*" || p.Outcome().Result != movegen.Ongoing {
		return movegen.Move{}, fail("in the tree phase movegen's outcome is %v, refgen's result %q (%v); want the game going on", p.Outcome(), res, err)
	}
	if len(mine) == 0 {
		return movegen.Move{}, fail("no placement in the tree phase")
	}
	if st.fullPlacementLists < ccFullPlacementLists {
		st.fullPlacementLists++
		ref, err := rv.Moves(here)
		if err != nil {
			return movegen.Move{}, fail("refgen.Moves: %v", err)
		}
		if onlyMine, onlyRef, dups := ccMoveDiff(p, mine, ref); len(onlyMine)+len(onlyRef)+len(dups) > 0 {
			return movegen.Move{}, fail("movegen has %d placements, refgen %d\n  only in movegen: %v\n  only in refgen:  %v\n  duplicated in movegen: %v",
				len(mine), len(ref), ccHead(onlyMine), ccHead(onlyRef), ccHead(dups))
		}
	}
	for k := 0; k < 8; k++ {
		if !check(mine[r.IntN(len(mine))]) {
			return movegen.Move{}, false
		}
	}
	m := mine[r.IntN(len(mine))]
	return m, check(m)
}

// ccHead returns at most the first 20 of list, for messages.
func ccHead(list []string) []string {
	if len(list) > 20 {
		return append(list[:20:20], fmt.Sprintf("… %d more", len(list)-20))
	}
	return list
}

// ccSquareList expands a list of squares like V9's "C2 B3-K3" (a range
// runs along one rank).
func ccSquareList(text string) []string {
	var out []string
	for _, tok := range strings.Fields(text) {
		a, b, ok := strings.Cut(tok, "-")
		if !ok {
			out = append(out, tok)
			continue
		}
		for f := a[0]; f <= b[0]; f++ {
			out = append(out, string(f)+a[1:])
		}
	}
	return out
}

// River Camelot's river and each side's tree squares, copied from V9.
var (
	ccRiver       = ccSquareList("A5 A6 B6 C6 A7 B7 C7 E7 C8 E8 F8 G8 F9 G9 H9 J9 H10 J10 K10 L10 J11 K11 L11 L12")
	ccTreeSquares = [2][]string{
		ccSquareList("C2 D2 I2 J2 B3-K3 A4 B4 K4 L4 B5 C5 J5 K5 L5 F6-L6 F7-L7 K8 L8 K9 L9"),
		ccSquareList("A8 B8 A9 B9 A10-G10 A11-G11 A12 B12 C12 J12 K12 A13 B13 K13 L13 B14-K14 C15 D15 I15 J15"),
	}
)

// ccRandomRiverCFEN returns a random position of River Camelot (V9, V10)
// that both generators must accept: three trees a side on random tree
// squares (or, one time in four each, none for the side to place them:
// White's phase, or Black's after White's trees), and pieces as
// ccRandomCFEN places them, off the river and the trees. anti: no castle
// moves made (V11).
func ccRandomRiverCFEN(r *rand.Rand, anti bool) string {
	used := map[movegen.Square]bool{}
	squareOf := map[string]movegen.Square{}
	for _, s := range boardSquares {
		squareOf[s.String()] = s
	}
	for _, name := range ccRiver {
		used[squareOf[name]] = true
	}
	side := "w"
	if r.IntN(2) == 1 {
		side = "b"
	}
	sides := 2 // the sides whose trees stand
	switch r.IntN(4) {
	case 0:
		sides, side = 0, "w"
	case 1:
		sides, side = 1, "b"
	}
	var toks []string
	for c := 0; c < sides; c++ {
		for n := 0; n < 3; {
			s := squareOf[ccTreeSquares[c][r.IntN(len(ccTreeSquares[c]))]]
			if !used[s] {
				used[s] = true
				toks = append(toks, "t"+s.String())
				n++
			}
		}
	}
	toks = append(toks, ccRandomPieces(r, used)...)
	castles := fmt.Sprintf("%d/%d", r.IntN(3), r.IntN(3))
	if anti {
		castles = "0/0"
	}
	return ccCFEN(strings.Join(toks, " "), side, fmt.Sprintf("%s %d %d", castles, r.IntN(50), 1+r.IntN(60)))
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

// ccRiverAfterPlacements is River Camelot's start after White's placement
// J5,F6,L9 and Black's G10,D11,K12 (V10); internal/refgen's tests hold
// its perft figures (86, 7826, 723632).
const ccRiverAfterPlacements = "2/8/10/2nmmmmmmn2/3nmmmmn1t1/3t8/6t5/11t/12/12/5t6/3NMMMMNt2/2NMMMMMMN2/10/8/2 w 0/0 0 2"

// TestCrossCheckRiverPerft compares perft counts (R17, V10) of River
// Camelot and Anti-River with refgen's: from the start (a placement is one
// move: 10,660 and 10,660²), after both placements, in Black's placement
// and from random positions.
func TestCrossCheckRiverPerft(t *testing.T) {
	deep := 3
	if testing.Short() {
		deep = 2
	}
	r := rand.New(rand.NewPCG(9, 0x71ee))
	for _, v := range []movegen.Variant{movegen.River, movegen.AntiRiver} {
		rv, err := refgen.ParseVariant(v.String())
		if err != nil {
			t.Fatal(err)
		}
		blackPlaces, err := rv.Apply(v.StartCFEN(), refgen.Move{Trees: []string{"C2", "D2", "I2"}})
		if err != nil {
			t.Fatal(err)
		}
		type perftCase struct {
			cfen  string
			depth int
		}
		cases := []perftCase{
			{v.StartCFEN(), 2},
			{ccRiverAfterPlacements, deep},
			{blackPlaces, deep - 1}, // 10,660 placements, then White's moves
		}
		for i := 0; i < 12; i++ {
			cases = append(cases, perftCase{ccRandomRiverCFEN(r, v.IsAnti()), 2})
		}
		for _, c := range cases {
			p, err := movegen.ParseCFENOf(v, c.cfen)
			if err != nil {
				t.Fatalf("%s: %q: %v", v, c.cfen, err)
			}
			for d := 1; d <= c.depth; d++ {
				want, err := rv.Perft(c.cfen, d)
				if err != nil {
					t.Fatal(err)
				}
				if got := movegen.Perft(p, d); got != want {
					t.Errorf("%s: perft(%d) = %d, refgen %d (%s)", v, d, got, want, c.cfen)
				}
			}
		}
		if n := movegen.Perft(movegen.StartOf(v), 2); n != 113635600 {
			t.Errorf("%s: perft(start, 2) = %d, want 10,660² = 113,635,600 (V10)", v, n)
		}
	}
}

// ccWidePlayout is ccPlayout for a board this package does not play
// (Chivalry's 14 files, V2): the game is played by the generated copy
// internal/wide/movegen, seen through the grid-neutral game.Position, and
// cross-checked with refgen the same way. Moves are picked as ccPick
// does, captures first, else towards the enemy's side.
func ccWidePlayout(t *testing.T, r *rand.Rand, v movegen.Variant, cfen string, maxPlies, fullApply int, st *ccStats) bool {
	t.Helper()
	wp, err := widemg.ParseCFENOf(v, cfen)
	if err != nil {
		t.Fatalf("wide ParseCFENOf(%s, %q): %v", v, cfen, err)
	}
	p := widemg.Wrap(wp)
	rv, err := refgen.ParseVariant(v.String())
	if err != nil {
		t.Fatal(err)
	}
	key := func(m game.Move) string {
		if m.IsPlacement() {
			return p.MoveText(m)
		}
		var caps []string
		for _, s := range m.Captured.Squares() { // board order, as refgen's
			caps = append(caps, s.String())
		}
		return m.From.String() + "-" + m.To.String() + ":" + strings.Join(caps, ",")
	}
	refMove := func(m game.Move) refgen.Move {
		rm := refgen.Move{From: m.From.String(), To: m.To.String(), Captured: []string{}}
		for _, s := range m.Captured.Squares() {
			rm.Captured = append(rm.Captured, s.String())
		}
		if m.IsPlacement() {
			rm = refgen.Move{Trees: rm.Captured}
		}
		return rm
	}
	var history []string
	var here string
	fail := func(format string, args ...any) bool {
		t.Errorf("cross-check mismatch (%s, internal/wide/movegen)\n  start CFEN: %s\n  moves:      %s\n  at CFEN:    %s\n  %s",
			v, cfen, strings.Join(history, " "), p.CFEN(), fmt.Sprintf(format, args...))
		return false
	}
	check := func(m game.Move) bool {
		want, err := rv.Apply(here, refMove(m))
		st.applied++
		if err != nil {
			return fail("refgen.Apply(%s): %v", key(m), err)
		}
		if got := p.Play(m).CFEN(); got != want {
			return fail("after %s (%s):\n  movegen CFEN %s\n  refgen  CFEN %s", p.MoveText(m), key(m), got, want)
		}
		return true
	}
	for ply := 0; ply < maxPlies; ply++ {
		here = p.CFEN()
		ref, err := rv.Moves(here)
		if err != nil {
			return fail("refgen.Moves: %v", err)
		}
		moves := p.Moves()
		st.positions++
		have := map[string]bool{}
		var onlyMine, onlyRef, dups []string
		for _, m := range moves {
			if k := key(m); have[k] {
				dups = append(dups, k)
			} else {
				have[k] = true
			}
		}
		refHave := map[string]bool{}
		for _, m := range ref {
			refHave[m.Key()] = true
			if !have[m.Key()] {
				onlyRef = append(onlyRef, m.Key())
			}
		}
		for _, m := range moves {
			if !refHave[key(m)] {
				onlyMine = append(onlyMine, key(m)+" ("+p.MoveText(m)+")")
			}
		}
		if len(onlyMine)+len(onlyRef)+len(dups) > 0 {
			sort.Strings(onlyMine)
			sort.Strings(onlyRef)
			return fail("movegen has %d moves, refgen %d\n  only in movegen: %v\n  only in refgen:  %v\n  duplicated in movegen: %v",
				len(moves), len(ref), ccHead(onlyMine), ccHead(onlyRef), ccHead(dups))
		}
		if len(moves) == 0 {
			st.noMoves++
			if want, err := rv.Result(here); err != nil || want != p.Outcome().Result.String() {
				return fail("the game is over: movegen says %v, refgen %q (%v)", p.Outcome(), want, err)
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
		var captures []game.Move
		for _, m := range moves {
			if m.IsCapture() {
				captures = append(captures, m)
			}
		}
		var m game.Move
		if len(captures) > 0 && (len(captures) == len(moves) || r.IntN(4) != 0) {
			m = captures[r.IntN(len(captures))]
		} else {
			weights, total := make([]int, len(moves)), 0
			for i, mv := range moves {
				ahead := mv.To.Rank() - mv.From.Rank() // towards Black's side
				if p.Side() == game.Black {
					ahead = -ahead
				}
				weights[i] = 2 + 3*max(ahead, 0)
				total += weights[i]
			}
			x := r.IntN(total)
			for i, w := range weights {
				if x < w {
					m = moves[i]
					break
				}
				x -= w
			}
		}
		if !check(m) {
			return false
		}
		if m.IsCapture() {
			st.captureMoves++
			if r, ok := p.Route(m); ok && r.Canters > 0 {
				st.charges++
			}
		}
		history = append(history, p.MoveText(m))
		p.MakeMove(m)
	}
	return true
}

// ccRandomBoardCFEN returns a random position of board v, written from
// package game's description of the board: up to 4 Knights and 1 to 10
// Men a side (no more than the board's start has) on random squares, one
// time in four one of them in its own castle, never two; a random side to
// move and castle moves made (none in an Anti form, V11, or on one-square
// castles, V6).
func ccRandomBoardCFEN(r *rand.Rand, v movegen.Variant) string {
	squares := v.Squares()
	at := map[game.Square]byte{}
	for c, letters := range []string{"NM", "nm"} {
		own := map[game.Square]bool{}
		castle := v.Castle(game.Color(c))
		for _, s := range castle {
			own[s] = true
		}
		nk, nm := r.IntN(min(4, v.Spec().Knights)+1), 1+r.IntN(min(10, v.Spec().Men))
		inOwn := false
		if r.IntN(4) == 0 {
			// A Man (R12 binds it to leave next move); the count of Men
			// loses it below.
			s := castle[r.IntN(len(castle))]
			at[s], inOwn = letters[1], true
			nm--
		}
		for i := 0; i < nk+nm; i++ {
			for tries := 0; tries < 50; tries++ {
				s := squares[r.IntN(len(squares))]
				if at[s] != 0 || own[s] && inOwn {
					continue
				}
				inOwn = inOwn || own[s]
				at[s] = letters[0] // the Knights first, then the Men
				if i >= nk {
					at[s] = letters[1]
				}
				break
			}
		}
	}
	var sb strings.Builder
	for rank := v.Ranks() - 1; rank >= 0; rank-- {
		run := 0
		for f := 0; f < v.Files(); f++ {
			if !v.InRanks(f, rank) {
				continue
			}
			pc := at[game.SquareAt(f, rank)]
			if pc == 0 {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(pc)
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	side := "w"
	if r.IntN(2) == 1 {
		side = "b"
	}
	castles := fmt.Sprintf("%d/%d", r.IntN(3), r.IntN(3))
	if v.IsAnti() || len(v.Castle(game.White)) == 1 {
		castles = "0/0"
	}
	return fmt.Sprintf("%s %s %s %d %d", sb.String(), side, castles, r.IntN(50), 1+r.IntN(60))
}

// TestCrossCheckVariantPlayouts cross-checks every variant (V1, V9, V11)
// the same way: random games from each start, every position's moves, the
// position after them and the result when the game ends compared with
// refgen. River Camelot and Anti-River also start from random positions
// with their trees standing (or to be placed), and their tree phase (V10)
// is checked placement by placement. Chivalry and Anti-Chivalry, whose
// board this package does not play, are played by internal/wide/movegen.
// Each variant has its own fixed random stream.
func TestCrossCheckVariantPlayouts(t *testing.T) {
	// scale picks the number of games of the full run or of the short one.
	scale := func(full, short int) int {
		if testing.Short() {
			return short
		}
		return full
	}
	for _, v := range movegen.Variants() {
		r := rand.New(rand.NewPCG(27, 0x5a11+uint64(v)))
		var st ccStats
		t0 := time.Now()
		// Games from the start, from random positions, their length, and
		// every how many plies all moves are applied by refgen.
		n, random, plies, fullApply := scale(300, 40), scale(30, 4), 200, 4
		switch v.Board() {
		case movegen.Camelot:
			// Camelot's own playouts (TestCrossCheckPlayouts) are many.
			n, random = scale(30, 4), 0
		case movegen.River:
			n, random = scale(20, 4), scale(30, 6)
		case movegen.Chivalry:
			// A big board, slow for refgen: few games from the start,
			// more from random positions with fewer pieces, which end.
			n, random, plies, fullApply = scale(15, 2), scale(30, 4), 150, 8
		}
		playout := ccPlayout
		if !movegen.Playable(v) {
			playout = ccWidePlayout
		}
		for i := 0; i < n; i++ {
			if !playout(t, r, v, v.StartCFEN(), plies, fullApply, &st) {
				t.Fatalf("%s: stopped at the first mismatch (game %d)", v, i)
			}
		}
		for i := 0; i < random; i++ {
			cfen := ccRandomBoardCFEN(r, v)
			if v.HasTrees() {
				cfen = ccRandomRiverCFEN(r, v.IsAnti())
			}
			if !playout(t, r, v, cfen, plies/2, fullApply, &st) {
				t.Fatalf("%s: stopped at the first mismatch (random start %d)", v, i)
			}
		}
		t.Logf("%s (%v): positions %d (tree phase %d, whole placement lists %d), moves applied via refgen %d, captures %d (Charges %d), own castle %d, game ends %d",
			v, time.Since(t0).Round(time.Millisecond), st.positions, st.treePhase, st.fullPlacementLists, st.applied, st.captureMoves, st.charges, st.ownCastle, st.noMoves)
		// A piece in its own castle (R12) is rare in random games, and
		// the random positions are few in the short run.
		if st.captureMoves == 0 || st.charges == 0 || st.noMoves == 0 ||
			!testing.Short() && st.ownCastle == 0 && movegen.Playable(v) && v.Board() != movegen.Camelot {
			t.Errorf("%s: playouts too tame: %+v", v, st)
		}
		if v.Board() == movegen.River && (st.treePhase == 0 || st.fullPlacementLists == 0) {
			t.Errorf("%s: no tree phase: %+v", v, st)
		}
	}
}
