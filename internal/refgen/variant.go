package refgen

import (
	"fmt"
	"strings"
)

// Variant is one board of the Parker family (V1), River Camelot (V9) or
// the Anti form of one of them (V11). The zero value is Camelot, the
// default.
type Variant int

// The four boards (V1), their Anti forms (V11), River Camelot (V9) and
// its Anti form. River's two come last so that the older values keep
// their numbers.
const (
	Camelot Variant = iota
	Cam
	Camette
	Chivalry
	AntiCamelot
	AntiCam
	AntiCamette
	AntiChivalry
	River
	AntiRiver
)

// Variants lists every variant in the order of the rulings: the boards
// (V1), River Camelot (V9), then the Anti forms (V11).
func Variants() []Variant {
	return []Variant{Camelot, Cam, Camette, Chivalry, River, AntiCamelot, AntiCam, AntiCamette, AntiChivalry, AntiRiver}
}

// valid reports whether v is one of Variants.
func (v Variant) valid() bool { return v >= Camelot && v <= AntiRiver }

// ParseVariant reads a variant name, case-insensitively (V1, V11):
// "camelot", "cam", "camette", "chivalry", "river", or "anti-" and one of
// them. The shown names ("River Camelot") are read too.
func ParseVariant(name string) (Variant, error) {
	for _, v := range Variants() {
		if g := v.geom(); strings.EqualFold(name, g.key) || strings.EqualFold(name, g.name) {
			return v, nil
		}
	}
	return Camelot, fmt.Errorf("unknown variant %q (want camelot, cam, camette, chivalry, river or anti- and one of them)", name)
}

// String is the variant's shown name (V1, V9, V11): Camelot, Cam,
// Camette, Chivalry, River Camelot, Anti-Camelot, …, Anti-River.
func (v Variant) String() string {
	if !v.valid() {
		return fmt.Sprintf("Variant(%d)", int(v))
	}
	return v.geom().name
}

// Name is the variant's name as V1 and V11 write it: "camelot",
// "river", "anti-river".
func (v Variant) Name() string {
	if !v.valid() {
		return v.String()
	}
	return v.geom().key
}

// Files gives the number of files of the variant's board (V2).
func (v Variant) Files() int { return v.geom().files }

// Ranks gives the number of ranks of the variant's board (V2).
func (v Variant) Ranks() int { return v.geom().ranks }

// StartCFEN is the variant's start position (V3) in CFEN (V6).
func (v Variant) StartCFEN() string { return v.geom().start }

// geom returns the variant's geometry; an unknown value panics (the
// exported functions taking a CFEN check first, see parse).
func (v Variant) geom() *geometry {
	switch v {
	case Camelot:
		return camelotGeom
	case Cam:
		return camGeom
	case Camette:
		return cametteGeom
	case Chivalry:
		return chivalryGeom
	case AntiCamelot:
		return antiCamelotGeom
	case AntiCam:
		return antiCamGeom
	case AntiCamette:
		return antiCametteGeom
	case AntiChivalry:
		return antiChivalryGeom
	case River:
		return riverGeom
	case AntiRiver:
		return antiRiverGeom
	}
	panic(fmt.Sprintf("refgen: unknown variant %d", int(v)))
}

// parse reads cfen on the variant's board (V6).
func (v Variant) parse(cfen string) (*position, error) {
	if !v.valid() {
		return nil, fmt.Errorf("unknown variant %d", int(v))
	}
	return parseCFENOn(v.geom(), cfen)
}

// Moves returns all legal moves of the position on the variant's board,
// as the package-level Moves does for Camelot. In River Camelot's tree
// phase (V10) they are the placements (see Move), thousands of them.
func (v Variant) Moves(cfen string) ([]Move, error) {
	p, err := v.parse(cfen)
	if err != nil {
		return nil, err
	}
	return p.moves(), nil
}

// Apply returns the canonical CFEN after making m, which must be legal, on
// the variant's board, as the package-level Apply does for Camelot. m may
// be a tree placement (V10), its squares in any order and case.
func (v Variant) Apply(cfen string, m Move) (string, error) {
	p, err := v.parse(cfen)
	if err != nil {
		return "", err
	}
	return p.applyMove(m)
}

// Perft counts the leaves of the legal move tree of the given depth on the
// variant's board (R17, V5), as the package-level Perft does for Camelot.
// A tree placement is one move (V10).
func (v Variant) Perft(cfen string, depth int) (uint64, error) {
	if depth < 0 {
		return 0, fmt.Errorf("perft: negative depth %d", depth)
	}
	p, err := v.parse(cfen)
	if err != nil {
		return 0, err
	}
	return perft(p, depth), nil
}

// Result judges the position by the variant's end-of-game rules (R14–R16
// for Camelot, Chivalry and River Camelot, V5 for Cam and Camette, V11 for
// the Anti forms): "1-0" or "0-1" for a win, "1/2-1/2" for a draw, "*"
// while the game goes on, as it always does in the tree phase (V10). Like perft (R17)
// it ignores repetition and the 100-ply rule (R16, V5): the first needs the
// game's history, and the ply clock is left to the caller.
func (v Variant) Result(cfen string) (string, error) {
	p, err := v.parse(cfen)
	if err != nil {
		return "", err
	}
	return p.result(), nil
}
