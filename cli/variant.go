package cli

import (
	"flag"
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/game"
)

// variantUsage documents the -variant flag of the commands that take it
// (V7).
var variantUsage = "the game: " + game.Names() + " (V7)"

// variantFlag adds -variant to fs (default camelot). The name is checked
// after parsing, by variantOf, so that a bad one costs one line on stderr
// rather than the whole usage.
func variantFlag(fs *flag.FlagSet) *string {
	return fs.String("variant", game.Camelot.String(), variantUsage)
}

// variantOf reads the -variant value of command (V1); ok is false after
// the error line "camelot COMMAND: -variant: …" went to stderr.
func variantOf(command, name string, stderr io.Writer) (v game.Variant, ok bool) {
	v, err := game.ParseVariant(name)
	if err != nil {
		fmt.Fprintf(stderr, "camelot %s: -variant: %v\n", command, err)
		return v, false
	}
	return v, true
}

// rulesUsage documents the -rules flag (V14).
var rulesUsage = "the rule set: " + game.RulesNames() + " (V14); wcf is R1–R17, abstractplay AbstractPlay's"

// rulesFlag adds -rules to fs (default wcf). The name is checked after
// parsing, by rulesOf.
func rulesFlag(fs *flag.FlagSet) *string {
	return fs.String("rules", game.WCF.String(), rulesUsage)
}

// rulesOf returns v played by the rule set named by the -rules value of
// command (V14); ok is false after the error line "camelot COMMAND:
// -rules: …" went to stderr.
func rulesOf(command string, v game.Variant, name string, stderr io.Writer) (game.Variant, bool) {
	r, err := game.ParseRules(name)
	if err != nil {
		fmt.Fprintf(stderr, "camelot %s: -rules: %v\n", command, err)
		return v, false
	}
	return v.WithRules(r), true
}
