package movegen

import (
	"fmt"

	"github.com/camelot-engine/camelot/game"
)

// Variant is a board of the Parker family (V1), as the grid-neutral
// package game defines it: the boards are data there (game.Spec), and this
// package derives its tables from that data, so the generator has no
// per-variant branches. The boards that fit this grid (NumFiles) are
// played here; the others are refused with a clear message.
type Variant = game.Variant

// The variants, Camelot first: the zero Variant is Camelot, so a zero
// Position is a Camelot position.
const (
	Camelot      = game.Camelot
	Cam          = game.Cam
	Camette      = game.Camette
	Chivalry     = game.Chivalry
	AntiCamelot  = game.AntiCamelot
	AntiCam      = game.AntiCam
	AntiCamette  = game.AntiCamette
	AntiChivalry = game.AntiChivalry
	River        = game.River
	AntiRiver    = game.AntiRiver
)

// variantSlots sizes the per-variant tables (every game under every rule
// set, V14) to a power of two, so that an index masked with
// variantSlots-1 needs no bounds check on the hot path.
const variantSlots = 32

// Variants lists every variant in the order of V1.
func Variants() []Variant { return game.Variants() }

// AllVariants lists every variant under every rule set (V14).
func AllVariants() []Variant { return game.AllVariants() }

// ParseVariant reads a variant's name, case-insensitively (V1).
func ParseVariant(name string) (Variant, error) { return game.ParseVariant(name) }

// Playable reports whether this package plays v: whether its board fits
// the grid.
func Playable(v Variant) bool { return v.Valid() && v.Files() <= NumFiles }

// checkVariant returns an error for a variant this package cannot play.
func checkVariant(v Variant) error {
	if !v.Valid() || v >= variantSlots {
		return fmt.Errorf("unknown variant %d", uint8(v))
	}
	if !Playable(v) {
		return fmt.Errorf("variant %s is not supported: its board is %d files wide, wider than this grid of %d", v, v.Files(), NumFiles)
	}
	return nil
}

// StartOf returns v's start position (V3); v must be Playable.
func StartOf(v Variant) Position {
	p, err := ParseCFENOf(v, v.StartCFEN())
	if err != nil {
		panic(err)
	}
	return p
}
