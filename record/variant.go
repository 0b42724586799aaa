package record

import (
	"errors"
	"fmt"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// Variant is the game a record is of (V1): the rules' Variant. The zero
// Variant is Camelot, so a Game made without one is a game of Camelot, as
// a record without a Variant tag is (V8).
type Variant = game.Variant

// The variants, in the order of V1.
const (
	Camelot  = game.Camelot
	Cam      = game.Cam
	Camette  = game.Camette
	Chivalry = game.Chivalry
)

// Variants returns every variant, in the order of V1.
func Variants() []Variant { return game.Variants() }

// ParseVariant reads a variant's name, case-insensitively (V1).
func ParseVariant(name string) (Variant, error) { return game.ParseVariant(name) }

// variantTag names the tag that gives a game's variant (V8).
const variantTag = "Variant"

// rulesTag names the tag that gives the rule set a game is played by
// (V14): [Rules "AbstractPlay"]. A record without it is played by the
// WCF's rules.
const rulesTag = "Rules"

// ParseRules reads the value of a Rules tag: a rule set's name or title
// (wcf, WCF, abstractplay, AbstractPlay), case-insensitively (V14).
func ParseRules(name string) (game.Rules, error) { return game.ParseRules(name) }

// gameOf returns v's game alone, under the WCF's rules: what the Variant
// tag names (V8), the rule set being the Rules tag's.
func gameOf(v Variant) Variant { return v.WithRules(game.WCF) }

// describe names v for a message: its title, and its rule set when that
// is not the WCF's ("Camelot under abstractplay rules").
func describe(v Variant) string {
	if v.Rules() == game.WCF {
		return v.Title()
	}
	return v.Title() + " under " + v.Rules().String() + " rules"
}

// ErrVariantNotSupported is wrapped by the errors of Replay and Write for a
// game of a variant whose board no grid plays. Every variant of V1 is
// played (package boards picks its grid), so only a Variant beyond them
// gets it.
var ErrVariantNotSupported = errors.New("not supported here yet")

// The boards of the variants come in here, and only here: a game's moves
// and its CFEN tag are read on its variant's board (V8), through package
// boards, which plays every board of V1 on the grid that fits it.

// checkBoard returns an error when no grid plays v's board.
func checkBoard(v Variant) error {
	if !v.Valid() {
		return fmt.Errorf("variant %s is %w: no grid plays its board (V8)", v, ErrVariantNotSupported)
	}
	return nil
}

// variantStart returns the start of a game of variant v: the position of
// the CFEN tag value cfen, read on the variant's board (V6, V8), or the
// variant's start position (R2, V3) when cfen is "". The error reads as a
// message of its own: "tag CFEN field 1 (board): …".
func variantStart(v Variant, cfen string) (game.Position, error) {
	if err := checkBoard(v); err != nil {
		return game.Position{}, err
	}
	if cfen == "" {
		return boards.StartPosition(v), nil
	}
	p, err := boards.ParseCFEN(v, cfen)
	if err != nil {
		return p, fmt.Errorf("tag %v", err)
	}
	return p, nil
}
