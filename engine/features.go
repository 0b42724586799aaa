package engine

import (
	"fmt"
	"strings"
)

// Disable names search heuristics to leave out, comma-separated. It is
// empty in a normal build; a variant built with, say,
//
//	go build -ldflags "-X github.com/camelot-engine/camelot/engine.Disable=nullmove" -o camelot-nonull .
//
// lets a match measure what a heuristic is worth (README, "Measuring a
// change"). The names are those of the features table.
var Disable string

// features are the heuristics that can be left out; all on by default.
var features = struct {
	nullMove, lmr, rfp, pruning, forcedExt bool
	hostYield                              bool // on js/wasm: hand the thread back to the host now and then (yield_js.go)
}{true, true, true, true, true, true}

func init() {
	if err := applyDisable(Disable); err != nil {
		panic(err)
	}
}

// applyDisable switches off the heuristics named in list.
func applyDisable(list string) error {
	for _, name := range strings.Split(list, ",") {
		switch strings.TrimSpace(name) {
		case "":
		case "nullmove": // null-move pruning
			features.nullMove = false
		case "lmr": // late-move reductions
			features.lmr = false
		case "rfp": // reverse futility pruning
			features.rfp = false
		case "pruning": // late-move and futility pruning of quiet moves
			features.pruning = false
		case "forcedext": // extension of a single forced capture
			features.forcedExt = false
		case "hostyield": // on js/wasm, the yield to the host (to measure its cost)
			features.hostYield = false
		default:
			return fmt.Errorf("engine: unknown heuristic %q in Disable (want nullmove, lmr, rfp, pruning, forcedext, hostyield)", name)
		}
	}
	return nil
}
