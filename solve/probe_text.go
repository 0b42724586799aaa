package solve

import "github.com/camelot-engine/camelot/movegen"

// ProbeCFEN is Probe of the Camette position a CFEN gives (V6): for
// callers whose positions are of another grid (the gui's are the wide
// build's), which hand over the text.
func (t *Table) ProbeCFEN(cfen string) (v Value, ok bool, err error) {
	p, err := movegen.ParseCFENOf(movegen.Camette, cfen)
	if err != nil {
		return 0, false, err
	}
	return t.Probe(&p)
}
