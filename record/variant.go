package record

import (
	"errors"
	"fmt"
	"strings"

	"github.com/camelot-engine/camelot/movegen"
)

// Variant is the game a record is of: one of the four boards of the
// Camelot family (V1). The zero Variant is Camelot, so a Game made without
// one is a game of Camelot, as a record without a Variant tag is (V8).
type Variant uint8

// The variants, in the order of V1.
const (
	Camelot Variant = iota
	Cam
	Camette
	Chivalry
	numVariants
)

// variantNames are the names of V1: as read and as the protocol writes
// them, then as shown to people and written in the Variant tag.
var variantNames = [numVariants][2]string{
	Camelot:  {"camelot", "Camelot"},
	Cam:      {"cam", "Cam"},
	Camette:  {"camette", "Camette"},
	Chivalry: {"chivalry", "Chivalry"},
}

// Variants returns every variant, in the order of V1.
func Variants() []Variant { return []Variant{Camelot, Cam, Camette, Chivalry} }

// ParseVariant reads a variant's name, case-insensitively (V1): camelot,
// cam, camette or chivalry, blanks around it ignored.
func ParseVariant(name string) (Variant, error) {
	for v := range numVariants {
		if strings.EqualFold(strings.TrimSpace(name), variantNames[v][0]) {
			return v, nil
		}
	}
	return Camelot, fmt.Errorf("unknown variant %q (want Camelot, Cam, Camette or Chivalry)", name)
}

// String returns the variant's name in lower case: camelot, cam, …
func (v Variant) String() string {
	if v >= numVariants {
		return fmt.Sprintf("variant(%d)", uint8(v))
	}
	return variantNames[v][0]
}

// Title returns the variant's name as shown to people and written in the
// Variant tag: Camelot, Cam, Camette, Chivalry (V1, V8).
func (v Variant) Title() string {
	if v >= numVariants {
		return v.String()
	}
	return variantNames[v][1]
}

// variantTag names the tag that gives a game's variant (V8).
const variantTag = "Variant"

// ErrVariantNotSupported is wrapped by the errors of Replay and Write for a
// game of a variant whose board the rules core does not play yet.
var ErrVariantNotSupported = errors.New("not supported here yet")

// The boards of the variants come in here, and only here. The rules core
// (movegen) plays Camelot's board only, so a game of another variant is
// read, written and replayed only as far as no board is needed: its tags
// and its result. Its moves and its CFEN tag need the board (V8) and are
// refused with the error of checkBoard; when movegen plays a variant,
// checkBoard and variantStart take it, and the reader, Write and Replay
// play its moves with no other change.

// checkBoard returns an error when the rules core cannot play v's board.
func checkBoard(v Variant) error {
	switch {
	case v >= numVariants:
		return fmt.Errorf("unknown variant %d", uint8(v))
	case v != Camelot:
		return fmt.Errorf("variant %s is %w: moves and CFEN tags are read on Camelot's board only (V8)", v, ErrVariantNotSupported)
	}
	return nil
}

// variantStart returns the start of a game of variant v: the position of
// the CFEN tag value cfen, read on the variant's board (V6, V8), or the
// variant's start position (R2, V3) when cfen is "". The error reads as a
// message of its own: "tag CFEN field 1 (board): …" or "variant cam is not
// supported here yet: …".
func variantStart(v Variant, cfen string) (movegen.Position, error) {
	if err := checkBoard(v); err != nil {
		return movegen.Position{}, err
	}
	if cfen == "" {
		return startPosition, nil
	}
	p, err := movegen.ParseCFEN(cfen)
	if err != nil {
		return p, fmt.Errorf("tag %v", err)
	}
	return p, nil
}
