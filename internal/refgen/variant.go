package refgen

import (
	"fmt"
	"strings"
)

// Variant is one board of the Parker family (V1). The zero value is
// Camelot, the default.
type Variant int

// The four boards (V1) and their Anti forms (V11).
const (
	Camelot Variant = iota
	Cam
	Camette
	Chivalry
	AntiCamelot
	AntiCam
	AntiCamette
	AntiChivalry
)

// Variants lists every variant, Camelot first.
func Variants() []Variant {
	return []Variant{Camelot, Cam, Camette, Chivalry, AntiCamelot, AntiCam, AntiCamette, AntiChivalry}
}

// ParseVariant reads a variant name, case-insensitively (V1): "camelot",
// "cam", "camette" or "chivalry".
func ParseVariant(name string) (Variant, error) {
	for _, v := range Variants() {
		if strings.EqualFold(name, v.geom().name) {
			return v, nil
		}
	}
	return Camelot, fmt.Errorf("unknown variant %q (want camelot, cam, camette, chivalry or anti- and one of them)", name)
}

// String is the variant's shown name (V1): Camelot, Cam, Camette, Chivalry.
func (v Variant) String() string {
	if v < Camelot || v > AntiChivalry {
		return fmt.Sprintf("Variant(%d)", int(v))
	}
	return v.geom().name
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
	}
	panic(fmt.Sprintf("refgen: unknown variant %d", int(v)))
}

// parse reads cfen on the variant's board (V6).
func (v Variant) parse(cfen string) (*position, error) {
	if v < Camelot || v > AntiChivalry {
		return nil, fmt.Errorf("unknown variant %d", int(v))
	}
	return parseCFENOn(v.geom(), cfen)
}

// Moves returns all legal moves of the position on the variant's board,
// as the package-level Moves does for Camelot.
func (v Variant) Moves(cfen string) ([]Move, error) {
	p, err := v.parse(cfen)
	if err != nil {
		return nil, err
	}
	return p.moves(), nil
}

// Apply returns the canonical CFEN after making m, which must be legal, on
// the variant's board, as the package-level Apply does for Camelot.
func (v Variant) Apply(cfen string, m Move) (string, error) {
	p, err := v.parse(cfen)
	if err != nil {
		return "", err
	}
	return p.applyMove(m)
}

// Perft counts the leaves of the legal move tree of the given depth on the
// variant's board (R17, V5), as the package-level Perft does for Camelot.
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
// for Camelot and Chivalry, V5 for Cam and Camette): "1-0" or "0-1" for a
// win, "1/2-1/2" for a draw, "*" while the game goes on. Like perft (R17)
// it ignores repetition and the 100-ply rule (R16, V5): the first needs the
// game's history, and the ply clock is left to the caller.
func (v Variant) Result(cfen string) (string, error) {
	p, err := v.parse(cfen)
	if err != nil {
		return "", err
	}
	return p.result(), nil
}
