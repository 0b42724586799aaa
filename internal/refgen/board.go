// Package refgen is a deliberately simple reference move generator for
// Camelot, its Parker variants Cam, Camette and Chivalry, River Camelot
// and the Anti forms of all five, written from the rulings alone
// (docs/rules.md: R1–R17, V1–V11). It exists to cross-check faster
// generators: correctness and readability come first.
package refgen

import (
	"sort"
	"strconv"
	"strings"
)

// Square indexing. Every board (V2) fits a grid of 14 files (A..N) by 16
// ranks; squares are indexed sq = (rank-1)*14 + file, with file 0..13 for
// A..N and rank 1..16, so ascending index is "board order" (rank 1 first,
// then file A..N within a rank). Which grid squares exist depends on the
// variant's geometry.
const (
	gridFiles = 14
	gridRanks = 16
	numSq     = gridFiles * gridRanks
)

const (
	white = 0
	black = 1
)

// Piece bytes, as in CFEN (R5). 0 is an empty square.
const (
	empty       = 0
	whiteMan    = 'M'
	whiteKnight = 'N'
	blackMan    = 'm'
	blackKnight = 'n'
	// tree is a tree of River Camelot (V9, V10). It is no piece of
	// either side, so nothing steps or lands on its square (neither is
	// empty) and nothing leaps over it (a canter needs a piece of the own
	// side there, a jump one of the enemy's): for every move the square is
	// as a square off the board, which is what V10 asks.
	tree = 't'
)

// geometry is one variant's board, start and limits (V2, V3, V6).
type geometry struct {
	name        string // as shown (V1)
	files       int    // number of files, lettered from A
	ranks       int    // number of ranks, numbered from 1
	span        [gridRanks + 1][2]int
	castle      [2][]int   // White's castle squares, Black's (V2)
	castleOwner [numSq]int // 0: none, 1: White's castle, 2: Black's
	on          [numSq]bool
	squares     []int              // the squares that exist, in index order
	steps       [numSq][9][2]int16 // see step
	maxKnights  int                // Knights a side at the start (V3, V6)
	maxMen      int                // Men a side at the start (V3, V6)
	start       string             // start position in CFEN (V3)
	// misere marks an Anti form (V11): the board's own squares, start
	// and moves, its end turned round.
	misere bool
	// key is the variant's name (V1, V11): "camelot", "anti-river".
	key string
	// river marks River Camelot's river squares (V9): CFEN writes them,
	// but no move uses them (steps leaves them out).
	river [numSq]bool
	// hasTrees marks a board with a tree phase (V10); treeSq[c] marks
	// side c's tree squares (V9), treeSqs[c] lists them in index order.
	hasTrees bool
	treeSq   [2][numSq]bool
	treeSqs  [2][]int
}

// newGeometry builds a geometry from the V2 table's text: rows lists
// "ranks:files" ranges like "4-13:A-L", castles is "F1 G1 / F16 G16".
func newGeometry(name string, files, ranks int, rows, castles string, knights, men int, start string) *geometry {
	g := &geometry{name: name, key: strings.ToLower(name), files: files, ranks: ranks, maxKnights: knights, maxMen: men, start: start}
	for _, row := range strings.Fields(rows) {
		rs, fs, _ := strings.Cut(row, ":")
		r1, r2, ok := strings.Cut(rs, "-")
		if !ok {
			r2 = r1
		}
		lo, hi := mustAtoi(r1), mustAtoi(r2)
		f1, f2, _ := strings.Cut(fs, "-")
		for r := lo; r <= hi; r++ {
			g.span[r] = [2]int{int(f1[0] - 'A'), int(f2[0] - 'A')}
			for f := g.span[r][0]; f <= g.span[r][1]; f++ {
				g.on[sqOf(f, r)] = true
			}
		}
	}
	for sq, on := range g.on {
		if on {
			g.squares = append(g.squares, sq)
		}
	}
	g.buildSteps()
	w, b, _ := strings.Cut(castles, "/")
	for c, list := range []string{w, b} {
		for _, s := range strings.Fields(list) {
			sq, ok := g.parseSq(s)
			if !ok {
				panic("refgen: bad castle square " + s)
			}
			g.castle[c] = append(g.castle[c], sq)
			g.castleOwner[sq] = c + 1
		}
	}
	return g
}

// buildSteps works out the steps table (see step): the squares one and
// two steps away in each direction, -1 where that square does not exist
// or is a river square (V9: for every move a river square is as a square
// off the board).
func (g *geometry) buildSteps() {
	for sq := range g.steps {
		for _, d := range dirs {
			for k := 1; k <= 2; k++ {
				t := int16(-1)
				if f, r := fileOf(sq)+k*d[0], rankOf(sq)+k*d[1]; g.exists(f, r) && !g.river[sqOf(f, r)] {
					t = int16(sqOf(f, r))
				}
				g.steps[sq][dirIndex(d)][k-1] = t
			}
		}
	}
}

func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic("refgen: bad number in board table: " + s)
	}
	return n
}

// The four boards, as VARIANTS.md's V2 table and V3 give them.
var (
	camelotGeom = newGeometry("Camelot", 12, 16,
		"1:F-G 2:C-J 3:B-K 4-13:A-L 14:B-K 15:C-J 16:F-G", // R1
		"F1 G1 / F16 G16", 4, 10, StartCFEN)
	chivalryGeom = newGeometry("Chivalry", 14, 16,
		"1:G-H 2:D-K 3:C-L 4:B-M 5-12:A-N 13:B-M 14:C-L 15:D-K 16:G-H",
		"G1 H1 / G16 H16", 8, 12,
		"2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w 0/0 0 1")
	camGeom = newGeometry("Cam", 7, 13,
		"1:D-D 2:C-E 3:B-F 4-10:A-G 11:B-F 12:C-E 13:D-D",
		"D1 / D13", 2, 5,
		"1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w 0/0 0 1")
	cametteGeom = newGeometry("Camette", 5, 7,
		"1:C-C 2:B-D 3-5:A-E 6:B-D 7:C-C",
		"C1 / C7", 1, 3,
		"1/1n1/1mmm1/5/1MMM1/1N1/1 w 0/0 0 1")

	// The Anti forms (V11): each board again, misère.
	antiCamelotGeom  = antiOf(camelotGeom)
	antiChivalryGeom = antiOf(chivalryGeom)
	antiCamGeom      = antiOf(camGeom)
	antiCametteGeom  = antiOf(cametteGeom)

	// River Camelot (V9), copied from its text: Camelot's board and
	// castles cut by the river, its start two ranks further back, and
	// each side's 41 tree squares.
	riverGeom = riverOf(camelotGeom, "River Camelot", "river",
		"A5 A6 B6 C6 A7 B7 C7 E7 C8 E8 F8 G8 F9 G9 H9 J9 H10 J10 K10 L10 J11 K11 L11 L12",
		"C2 D2 I2 J2 B3-K3 A4 B4 K4 L4 B5 C5 J5 K5 L5 F6-L6 F7-L7 K8 L8 K9 L9",
		"A8 B8 A9 B9 A10-G10 A11-G11 A12 B12 C12 J12 K12 A13 B13 K13 L13 B14-K14 C15 D15 I15 J15",
		RiverStartCFEN)
	antiRiverGeom = antiOf(riverGeom)
)

// RiverStartCFEN is River Camelot's start position (V9) in CFEN.
const RiverStartCFEN = "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1"

// riverOf returns board g cut by a river (V9): the river squares, each
// side's tree squares (lists of squares and of ranges along a rank such as
// "B3-K3"), and a start position. The squares stay the board's for CFEN;
// the steps table leaves the river out.
func riverOf(g *geometry, name, key, river, whiteTrees, blackTrees, start string) *geometry {
	r := *g
	r.name, r.key, r.start, r.hasTrees = name, key, start, true
	for _, sq := range squareList(g, river) {
		r.river[sq] = true
	}
	for c, list := range []string{whiteTrees, blackTrees} {
		r.treeSqs[c] = squareList(g, list)
		sort.Ints(r.treeSqs[c])
		for _, sq := range r.treeSqs[c] {
			r.treeSq[c][sq] = true
		}
	}
	r.buildSteps()
	return &r
}

// squareList expands a list of squares like "C2 B3-K3" (a range runs along
// one rank) on board g; it panics on a bad list.
func squareList(g *geometry, text string) []int {
	var out []int
	for _, tok := range strings.Fields(text) {
		a, b, isRange := strings.Cut(tok, "-")
		if !isRange {
			b = a
		}
		lo, ok1 := g.parseSq(a)
		hi, ok2 := g.parseSq(b)
		if !ok1 || !ok2 || rankOf(lo) != rankOf(hi) || fileOf(lo) > fileOf(hi) {
			panic("refgen: bad square list entry " + tok)
		}
		for sq := lo; sq <= hi; sq++ {
			out = append(out, sq)
		}
	}
	return out
}

// antiOf returns the Anti form of board g (V11): named anti-NAME and
// shown Anti-Name (Anti-River for River Camelot).
func antiOf(g *geometry) *geometry {
	a := *g
	a.name, a.key, a.misere = "Anti-"+g.name, "anti-"+g.key, true
	if g.key == "river" {
		a.name = "Anti-River" // V11: anti-river, shown Anti-River
	}
	return &a
}

// rankSpan gives the lowest and highest existing file of rank r (V2).
func (g *geometry) rankSpan(r int) (lo, hi int) { return g.span[r][0], g.span[r][1] }

// exists reports whether (file, rank) is a square of the board (R1, V2).
func (g *geometry) exists(f, r int) bool {
	if f < 0 || f >= gridFiles || r < 1 || r > gridRanks {
		return false
	}
	return g.on[sqOf(f, r)]
}

// smallCastles reports whether the castles have one square each (Cam,
// Camette): entering the opponent's castle then ends the game (V4, V5).
func (g *geometry) smallCastles() bool { return len(g.castle[white]) == 1 }

func sqOf(f, r int) int    { return (r-1)*gridFiles + f }
func fileOf(sq int) int    { return sq % gridFiles }
func rankOf(sq int) int    { return sq/gridFiles + 1 }
func sqName(sq int) string { return string(rune('A'+fileOf(sq))) + strconv.Itoa(rankOf(sq)) }
func isKnight(p byte) bool { return p == whiteKnight || p == blackKnight }
func isPiece(p byte) bool  { return isColor(p, white) || isColor(p, black) }
func isColor(p byte, c int) bool {
	if c == white {
		return p == whiteMan || p == whiteKnight
	}
	return p == blackMan || p == blackKnight
}

// parseSq parses a Camelot square name like "F6" (case-insensitive).
func parseSq(s string) (int, bool) { return camelotGeom.parseSq(s) }

// parseSq parses a square name of the board like "F6" (case-insensitive).
func (g *geometry) parseSq(s string) (int, bool) {
	if len(s) < 2 || len(s) > 3 {
		return 0, false
	}
	c := s[0]
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if c < 'A' || int(c-'A') >= g.files {
		return 0, false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	if s[1] == '0' {
		return 0, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil {
		return 0, false
	}
	f := int(c - 'A')
	if !g.exists(f, r) {
		return 0, false
	}
	return sqOf(f, r), true
}

// ownCastle reports whether sq is in side c's own castle (R1, V2).
func (g *geometry) ownCastle(c, sq int) bool { return g.castleOwner[sq] == c+1 }

func (g *geometry) oppCastle(c, sq int) bool { return g.ownCastle(1-c, sq) }

// otherCastleSq returns the other square of the castle holding sq, for a
// castle move (R13); false for a one-square castle (V4).
func (g *geometry) otherCastleSq(sq int) (int, bool) {
	owner := g.castleOwner[sq] - 1
	if owner < 0 {
		return 0, false
	}
	for _, o := range g.castle[owner] {
		if o != sq {
			return o, true
		}
	}
	return 0, false
}

// The eight directions (R1).
var dirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// step returns the square k (1 or 2) steps from sq in direction d, if it
// exists on the board (R1, V2). newGeometry works the steps out once: they
// are asked for millions of times when a table is verified.
func (g *geometry) step(sq int, d [2]int, k int) (int, bool) {
	t := g.steps[sq][dirIndex(d)][k-1]
	return int(t), t >= 0
}

// dirIndex numbers a direction from 0 to 8 (4, no move, is unused).
func dirIndex(d [2]int) int { return (d[0]+1)*3 + d[1] + 1 }

// Board is a position's pieces on the grid shared by every variant (14
// files by 16 ranks, see Square): each byte is a CFEN piece letter (N, M,
// n, m, R5), 't' for a tree of River Camelot (V9), or 0 for an empty
// square. Squares that the variant's board lacks stay 0, and so do River's
// river squares.
type Board [numSq]byte

// Square returns the index in a Board of the square of file f (0 for A)
// and rank r (from 1).
func Square(f, r int) int { return sqOf(f, r) }
