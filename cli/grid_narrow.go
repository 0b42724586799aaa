package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/camelot-engine/camelot/datagen"
	widecli "github.com/camelot-engine/camelot/internal/wide/cli"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/record"
)

// This file is the narrow build's hand-over to the wide grid (see
// internal/widegen): a command about a variant whose board does not fit
// movegen's 12-file grid (Chivalry, V2) is run by internal/wide/cli, the
// same command line on the 14-file grid.

func init() { otherGrid = wideCommand }

// wideCommand reports whether args is a command of a variant that needs
// the wide grid: its -variant flag names one, or, for analyse, a record's
// Variant tag does (V8), or, for tune and train, a data file's settings
// do. stdin is passed on (read whole when analyse reads a record from it).
func wideCommand(args []string, stdin io.Reader) (main func([]string, io.Reader, io.Writer, io.Writer) int, in io.Reader, ok bool) {
	if len(args) == 0 {
		return nil, stdin, false
	}
	if v, found := variantArg(args[1:]); found {
		return widecli.Main, stdin, needsWide(v)
	}
	switch args[0] {
	case "analyse":
		for _, a := range args[1:] {
			var data []byte
			switch {
			case a == "-":
				all, err := io.ReadAll(stdin)
				stdin, data = bytes.NewReader(all), all
				if err != nil {
					return nil, stdin, false
				}
			case !strings.HasPrefix(a, "-"):
				data, _ = os.ReadFile(a)
			}
			// The one record reader knows the Variant tag (V8): a game
			// of a board this grid does not play is refused as such.
			if _, err := record.Read(bytes.NewReader(data)); errors.Is(err, record.ErrVariantNotSupported) {
				return widecli.Main, stdin, true
			}
		}
	case "tune", "train":
		for _, a := range args[1:] {
			if v, err := datagen.FileVariant(a); err == nil && !v.Playable() {
				return widecli.Main, stdin, true
			}
		}
	}
	return nil, stdin, false
}

// variantArg finds the value of a -variant flag among args.
func variantArg(args []string) (string, bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "variant" {
			continue
		}
		if hasValue {
			return value, true
		}
		if i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// needsWide reports whether the variant named is one this grid cannot
// play (an unknown name is left to the command to refuse).
func needsWide(name string) bool {
	v, err := movegen.ParseVariant(name)
	return err == nil && !v.Playable()
}
