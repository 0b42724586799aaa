package record

import (
	"errors"
	"fmt"

	"github.com/camelot-engine/camelot/movegen"
)

// Variant is the game a record is of (V1): the rules core's Variant. The
// zero Variant is Camelot, so a Game made without one is a game of
// Camelot, as a record without a Variant tag is (V8).
type Variant = movegen.Variant

// The variants, in the order of V1.
const (
	Camelot  = movegen.Camelot
	Cam      = movegen.Cam
	Camette  = movegen.Camette
	Chivalry = movegen.Chivalry
)

// Variants returns every variant, in the order of V1.
func Variants() []Variant { return movegen.Variants() }

// ParseVariant reads a variant's name, case-insensitively (V1).
func ParseVariant(name string) (Variant, error) { return movegen.ParseVariant(name) }

// variantTag names the tag that gives a game's variant (V8).
const variantTag = "Variant"

// ErrVariantNotSupported is wrapped by the errors of Replay and Write for a
// game of a variant whose board the rules core does not play yet.
var ErrVariantNotSupported = errors.New("not supported here yet")

// The boards of the variants come in here, and only here: a game's moves
// and its CFEN tag are read on its variant's board (V8), for every board
// the rules core plays; the others (Chivalry's, wider than its grid) are
// refused with the error of checkBoard.

// checkBoard returns an error when the rules core cannot play v's board.
func checkBoard(v Variant) error {
	if !v.Playable() {
		return fmt.Errorf("variant %s is %w: the rules core does not play its board (V8)", v, ErrVariantNotSupported)
	}
	return nil
}

// variantStart returns the start of a game of variant v: the position of
// the CFEN tag value cfen, read on the variant's board (V6, V8), or the
// variant's start position (R2, V3) when cfen is "". The error reads as a
// message of its own: "tag CFEN field 1 (board): …" or "variant chivalry
// is not supported here yet: …".
func variantStart(v Variant, cfen string) (movegen.Position, error) {
	if err := checkBoard(v); err != nil {
		return movegen.Position{}, err
	}
	if cfen == "" {
		return v.StartPosition(), nil
	}
	p, err := v.ParseCFEN(cfen)
	if err != nil {
		return p, fmt.Errorf("tag %v", err)
	}
	return p, nil
}
