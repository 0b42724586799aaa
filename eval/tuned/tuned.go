// Package tuned holds the tuned evaluation's weight tables, one per
// variant that has been fitted on its own games, as `camelot tune` writes
// them (camelot.go, cam.go, river.go, …). It is data, not code, and
// grid-neutral: both grids' package eval (the 12-file one and its
// generated 14-file copy, V2) read their tables here, so each table exists
// once. Package eval names the weights (eval.WeightNamesOf) and makes the
// table of a variant that has none here from Camelot's (eval.FromCamelot).
package tuned

import (
	"strings"

	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/game"
)

// Weight is one weight, {middlegame, endgame} in centi-men.
type Weight = linear.Weight

// tables[v] is variant v's table, nil while it has none.
var tables [game.NumVariants][]Weight

// register records variant v's table. The files `camelot tune` writes call
// it from a variable's initialiser, so every table is in place before any
// package that imports this one initialises.
func register(v game.Variant, w []Weight) []Weight {
	tables[v] = w
	return w
}

// Of returns variant v's table, nil if it has none: its board's, the same
// under either rule set (V14). The table is shared: callers must not
// change it.
func Of(v game.Variant) []Weight {
	if !v.Valid() {
		return nil
	}
	return tables[v%game.NumVariants]
}

// File returns the path, from the module's root and with slashes, of the
// source file holding variant v's table: eval/tuned/camelot.go,
// eval/tuned/anti_cam.go, …
func File(v game.Variant) string {
	return "eval/tuned/" + strings.ReplaceAll(v.String(), "-", "_") + ".go"
}
