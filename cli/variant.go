package cli

import (
	"flag"
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/movegen"
)

// variantUsage documents the -variant flag of the commands that take it
// (V7).
const variantUsage = "the game: camelot, cam, camette or chivalry (V7)"

// variantFlag adds -variant to fs (default camelot). The name is checked
// after parsing, by variantOf, so that a bad one costs one line on stderr
// rather than the whole usage.
func variantFlag(fs *flag.FlagSet) *string {
	return fs.String("variant", movegen.Camelot.String(), variantUsage)
}

// parseVariant reads a variant's name (V1) and refuses one whose board
// the rules core does not play.
func parseVariant(name string) (movegen.Variant, error) {
	v, err := movegen.ParseVariant(name)
	if err != nil {
		return v, err
	}
	if !v.Playable() {
		return v, fmt.Errorf("variant %s is not played yet: its %d-file board does not fit the rules core", v, v.Files())
	}
	return v, nil
}

// variantOf reads the -variant value of command; ok is false after the
// error line "camelot COMMAND: -variant: …" went to stderr.
func variantOf(command, name string, stderr io.Writer) (v movegen.Variant, ok bool) {
	v, err := parseVariant(name)
	if err != nil {
		fmt.Fprintf(stderr, "camelot %s: -variant: %v\n", command, err)
		return v, false
	}
	return v, true
}
