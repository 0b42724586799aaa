package game

import (
	"fmt"
	"strings"
)

// Variant is a board of the Parker family (V1). It is data: the board's
// squares, castles, start and end rules live in the table below; each
// grid's rules core (movegen) derives its tables from it, so no code
// branches on a variant's name.
type Variant uint8

// The variants, Camelot first: the zero Variant is Camelot. The numbers
// are stable (a net file names its board by one); Variants gives V1's
// order.
const (
	Camelot Variant = iota
	Cam
	Camette
	Chivalry
	AntiCamelot // V11: the misère forms, each on its board
	AntiCam
	AntiCamette
	AntiChivalry
	River     // V9: Camelot's board cut by a river, with a tree phase (V10)
	AntiRiver // V11 on River's board
	NumVariants
)

// EndRules names a variant's end-of-game rules (V5).
type EndRules uint8

const (
	// TwoSquareCastles: R14–R16 as in Camelot: two pieces in the
	// opponent's castle win; capturing all wins only with two pieces left;
	// one piece each, or no move against a lone piece, draws.
	TwoSquareCastles EndRules = iota
	// OneSquareCastles: Cam and Camette (V5): a piece in the opponent's
	// castle or the opponent wiped out wins; no move loses; no draw by
	// material.
	OneSquareCastles
	// Misere: the Anti forms (V11): a piece in the opponent's castle
	// loses for the side that put it there; no legal move (no piece
	// left included) wins; no draw by material.
	Misere
)

// Spec is one row of V2, V3 and V5: everything that makes a board.
type Spec struct {
	Name, Title string
	Files       int
	RankSpans   [][2]int // lowest and highest file (0 = A) of each rank, rank 1 first
	Castles     [2][]string
	Start       string // CFEN of the start (V3)
	Knights     int    // Knights a side at the start: the most a CFEN may give
	Men         int
	End         EndRules
	// Board is the variant whose board, start and moves this one plays:
	// itself, or for an Anti form (V11) the board's own game.
	Board Variant
	// River lists the squares inside RankSpans that do not exist for any
	// move (V9): CFEN still writes them, as empty, so the ranks keep their
	// lengths.
	River []string
	// Bridges lists the ordinary squares that cross the river (V9).
	Bridges []string
	// TreeSquares[c] lists the squares where colour c places its three
	// trees before the first piece move (V10); empty where the board has
	// no tree phase.
	TreeSquares [2][]string
}

// TreesPerSide is how many trees each side places (V10).
const TreesPerSide = 3

func fullRanks(n, lo, hi int) [][2]int {
	r := make([][2]int, n)
	for i := range r {
		r[i] = [2]int{lo, hi}
	}
	return r
}

func join(parts ...[][2]int) [][2]int {
	var r [][2]int
	for _, p := range parts {
		r = append(r, p...)
	}
	return r
}

// StartCFEN is Camelot's start position of R2 in CFEN (R5).
const StartCFEN = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1"

// specs0 are Parker's boards (V2, V3, V5); specs adds their Anti forms.
var specs0 = [...]Spec{
	Camelot: {
		Name: "camelot", Title: "Camelot", Files: 12,
		RankSpans: join([][2]int{{5, 6}, {2, 9}, {1, 10}}, fullRanks(10, 0, 11), [][2]int{{1, 10}, {2, 9}, {5, 6}}),
		Castles:   [2][]string{{"F1", "G1"}, {"F16", "G16"}},
		Start:     StartCFEN,
		Knights:   4, Men: 10, End: TwoSquareCastles, Board: Camelot,
	},
	Cam: {
		Name: "cam", Title: "Cam", Files: 7,
		RankSpans: join([][2]int{{3, 3}, {2, 4}, {1, 5}}, fullRanks(7, 0, 6), [][2]int{{1, 5}, {2, 4}, {3, 3}}),
		Castles:   [2][]string{{"D1"}, {"D13"}},
		Start:     "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w 0/0 0 1",
		Knights:   2, Men: 5, End: OneSquareCastles, Board: Cam,
	},
	Camette: {
		Name: "camette", Title: "Camette", Files: 5,
		RankSpans: join([][2]int{{2, 2}, {1, 3}}, fullRanks(3, 0, 4), [][2]int{{1, 3}, {2, 2}}),
		Castles:   [2][]string{{"C1"}, {"C7"}},
		Start:     "1/1n1/1mmm1/5/1MMM1/1N1/1 w 0/0 0 1",
		Knights:   1, Men: 3, End: OneSquareCastles, Board: Camette,
	},
	Chivalry: {
		Name: "chivalry", Title: "Chivalry", Files: 14,
		RankSpans: join([][2]int{{6, 7}, {3, 10}, {2, 11}, {1, 12}}, fullRanks(8, 0, 13),
			[][2]int{{1, 12}, {2, 11}, {3, 10}, {6, 7}}),
		Castles: [2][]string{{"G1", "H1"}, {"G16", "H16"}},
		Start:   "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w 0/0 0 1",
		Knights: 8, Men: 12, End: TwoSquareCastles, Board: Chivalry,
	},
}

// riverSpec is River Camelot (V9): Camelot's squares and castles, a river
// with two bridges (D7 D8, I9 I10), the start two ranks back, and each
// side's 41 tree squares (the 180° images of each other).
var riverSpec = Spec{
	Name: "river", Title: "River Camelot", Files: 12,
	RankSpans: specs0[Camelot].RankSpans,
	Castles:   specs0[Camelot].Castles,
	Start:     "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1",
	Knights:   4, Men: 10, End: TwoSquareCastles, Board: River,
	River:   strings.Fields("A5 A6 B6 C6 A7 B7 C7 E7 C8 E8 F8 G8 F9 G9 H9 J9 H10 J10 K10 L10 J11 K11 L11 L12"),
	Bridges: strings.Fields("D7 D8 I9 I10"),
	TreeSquares: [2][]string{
		strings.Fields("C2 D2 I2 J2 B3 C3 D3 E3 F3 G3 H3 I3 J3 K3 A4 B4 K4 L4 B5 C5 J5 K5 L5 " +
			"F6 G6 H6 I6 J6 K6 L6 F7 G7 H7 I7 J7 K7 L7 K8 L8 K9 L9"),
		strings.Fields("A8 B8 A9 B9 A10 B10 C10 D10 E10 F10 G10 A11 B11 C11 D11 E11 F11 G11 " +
			"A12 B12 C12 J12 K12 A13 B13 K13 L13 B14 C14 D14 E14 F14 G14 H14 I14 J14 K14 C15 D15 I15 J15"),
	},
}

var specs = [NumVariants]Spec{
	Camelot:      specs0[Camelot],
	Cam:          specs0[Cam],
	Camette:      specs0[Camette],
	Chivalry:     specs0[Chivalry],
	AntiCamelot:  anti(Camelot, "Camelot"),
	AntiCam:      anti(Cam, "Cam"),
	AntiCamette:  anti(Camette, "Camette"),
	AntiChivalry: anti(Chivalry, "Chivalry"),
	River:        riverSpec,
	AntiRiver:    antiRiver(),
}

// anti is the Anti form of board b (V11): its board, start and moves,
// with the misère end rules.
func anti(b Variant, title string) Spec {
	s := specs0[b]
	s.Name, s.Title, s.End, s.Board = "anti-"+s.Name, "Anti-"+title, Misere, b
	return s
}

// antiRiver is River Camelot's Anti form (V11), shown as Anti-River.
func antiRiver() Spec {
	s := riverSpec
	s.Name, s.Title, s.End, s.Board = "anti-river", "Anti-River", Misere, River
	return s
}

// Variants lists every variant in the order of V1: the boards, then their
// Anti forms (V11).
func Variants() []Variant {
	return []Variant{Camelot, Cam, Camette, Chivalry, River, AntiCamelot, AntiCam, AntiCamette, AntiChivalry, AntiRiver}
}

// Boards lists the boards of V2, each by its own game (Camelot, Cam,
// Camette, Chivalry): the variants whose moves and positions all the
// others share.
func Boards() []Variant {
	var out []Variant
	for _, v := range Variants() {
		if v.Board() == v {
			out = append(out, v)
		}
	}
	return out
}

// ParseVariant reads a variant's name, case-insensitively (V1).
func ParseVariant(name string) (Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for v := Variant(0); v < NumVariants; v++ {
		// The name or the title (V1); River's Anti form also as its
		// board's title with Anti- before it.
		if specs[v].Name == n || strings.ToLower(specs[v].Title) == n ||
			specs[v].End == Misere && "anti-"+strings.ToLower(specs[specs[v].Board].Title) == n {
			return v, nil
		}
	}
	return Camelot, fmt.Errorf("unknown variant %q (want %s)", name, Names())
}

// Names lists the variants' names for a message: "camelot, cam, …,
// anti-chivalry or anti-river".
func Names() string {
	names := make([]string, 0, NumVariants)
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Valid reports whether v is one of the variants under one of the rule
// sets (V14).
func (v Variant) Valid() bool { return v < NumVariants*Variant(NumRules) }

// Spec returns v's row of the table; v must be valid.
// Under either rule set it is the same row (V14: boards, starts, trees
// and Anti ends are unchanged).
func (v Variant) Spec() *Spec { return &specs[v%NumVariants] }

// String returns the variant's name as the protocol writes it: camelot,
// cam, …; the rule set is named apart (Rules).
func (v Variant) String() string {
	if !v.Valid() {
		return fmt.Sprintf("variant(%d)", uint8(v))
	}
	return specs[v%NumVariants].Name
}

// Title returns the variant's name as shown to people and in records'
// Variant tag: Camelot, Cam, … (V1, V8).
func (v Variant) Title() string {
	if !v.Valid() {
		return v.String()
	}
	return specs[v%NumVariants].Title
}

// Files returns the number of files of the variant's board (V2).
func (v Variant) Files() int { return specs[v%NumVariants].Files }

// Ranks returns the number of ranks of the variant's board.
func (v Variant) Ranks() int { return len(specs[v%NumVariants].RankSpans) }

// Board returns the variant whose board, start and moves v plays: v
// itself, or for an Anti form the board's own game (V11), under v's rule
// set.
func (v Variant) Board() Variant { return specs[v%NumVariants].Board.WithRules(v.Rules()) }

// Anti returns the Anti form of v's board (V11), under v's rule set.
func (v Variant) Anti() Variant {
	for w := Variant(0); w < NumVariants; w++ {
		if specs[w].End == Misere && specs[w].Board == specs[v%NumVariants].Board {
			return w.WithRules(v.Rules())
		}
	}
	return v
}

// IsAnti reports whether v is an Anti form (V11).
func (v Variant) IsAnti() bool { return specs[v%NumVariants].End == Misere }

// StartCFEN returns the CFEN of the variant's start position (V3).
func (v Variant) StartCFEN() string { return specs[v%NumVariants].Start }

// Has reports whether the variant's board has the square on file f and
// rank r (0-based): a square of its ranks (V2) that is not river (V9).
func (v Variant) Has(f, r int) bool {
	return v.InRanks(f, r) && !v.IsRiver(SquareAt(f, r))
}

// InRanks reports whether file f and rank r (0-based) lie within the
// board's ranks as CFEN writes them (V6): its squares and its river.
func (v Variant) InRanks(f, r int) bool {
	spans := specs[v%NumVariants].RankSpans
	return r >= 0 && r < len(spans) && f >= spans[r][0] && f <= spans[r][1]
}

// IsRiver reports whether s is one of the board's river squares (V9).
func (v Variant) IsRiver(s Square) bool { return rivers[v%NumVariants].Has(s) }

// rivers and treeSquares hold each variant's river squares and each
// side's tree squares as sets, built once from the table.
var (
	rivers      [NumVariants]SquareSet
	treeSquares [NumVariants][2]SquareSet
)

func init() {
	for v := range specs {
		for _, s := range mustSquares(specs[v].River) {
			rivers[v].Set(s)
		}
		for c := range treeSquares[v] {
			for _, s := range mustSquares(specs[v].TreeSquares[c]) {
				treeSquares[v][c].Set(s)
			}
		}
	}
}

// RiverSquares lists the board's river squares (V9); none for Parker's
// boards.
func (v Variant) RiverSquares() []Square { return mustSquares(specs[v%NumVariants].River) }

// TreeSquares lists where colour c may place its trees (V10); none on
// boards without a tree phase.
func (v Variant) TreeSquares(c Color) []Square { return treeSquares[v%NumVariants][c&1].Squares() }

// HasTrees reports whether the variant opens with the tree phase (V10).
func (v Variant) HasTrees() bool { return len(specs[v%NumVariants].TreeSquares[White]) > 0 }

func mustSquares(names []string) []Square {
	out := make([]Square, 0, len(names))
	for _, name := range names {
		s, err := ParseSquare(name)
		if err != nil {
			panic(err)
		}
		out = append(out, s)
	}
	return out
}

// Squares lists the squares of the variant's board in reading order
// (rank 1 first, file A first), river squares left out (V9).
func (v Variant) Squares() []Square {
	var out []Square
	for r, span := range specs[v%NumVariants].RankSpans {
		for f := span[0]; f <= span[1]; f++ {
			if v.Has(f, r) {
				out = append(out, SquareAt(f, r))
			}
		}
	}
	return out
}

// Castle returns the squares of colour c's castle (R1, V2).
func (v Variant) Castle(c Color) []Square {
	var out []Square
	for _, name := range specs[v%NumVariants].Castles[c&1] {
		s, err := ParseSquare(name)
		if err != nil {
			panic(err)
		}
		out = append(out, s)
	}
	return out
}
