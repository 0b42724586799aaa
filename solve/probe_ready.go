package solve

import "github.com/camelot-engine/camelot/movegen"

// ProbeReady is Probe for a caller that must not wait, such as a search
// under a clock: ok is false as well when p's layer has not been read yet
// (Probe reads it; a large layer takes seconds). It never waits for a
// layer being read by another goroutine.
func (t *Table) ProbeReady(p *movegen.Position) (v Value, ok bool) {
	if p.Variant != movegen.Camette {
		return 0, false
	}
	pl := PlacementOf(p)
	if pl.Pieces[0] == 0 || pl.Pieces[1] == 0 {
		v, ok, _ := t.Probe(p) // over on the board: no layer to read
		return v, ok
	}
	values, ok := t.readLayer(pl.Signature())
	if !ok {
		return 0, false
	}
	return values[Index(pl)], true
}

// Holds reports whether the table has the layer of p's material (which
// Probe may still have to read).
func (t *Table) Holds(p *movegen.Position) bool {
	if p.Variant != movegen.Camette {
		return false
	}
	_, ok := t.entries[PlacementOf(p).Signature()]
	return ok
}
