package game

import (
	"slices"
	"strings"
)

// AbstractPlayText writes the legal move m as AbstractPlay writes it
// (V12), for a client that plays there: the whole path in lower case, `-`
// before a plain step (a castle move is one), `^` before each canter
// landing, `x` before each jump landing, on the shortest route
// (Position.Route), which AbstractPlay accepts as it accepts every route;
// a placement's three squares sorted by file, then rank, the only order
// it accepts (V14); the claim as `draw` (V14.3). Every text it writes
// reads back as m (Position.ParseMove). A move with no route is written
// from its origin to its destination.
func (p Position) AbstractPlayText(m Move) string {
	switch {
	case m.IsClaim():
		return ClaimText
	case m.IsPlacement():
		trees := m.Captured.Squares()
		slices.SortFunc(trees, func(a, b Square) int {
			if a.File() != b.File() {
				return a.File() - b.File()
			}
			return a.Rank() - b.Rank()
		})
		names := make([]string, len(trees))
		for i, s := range trees {
			names[i] = strings.ToLower(s.String())
		}
		return strings.Join(names, ",")
	}
	r, ok := p.Route(m)
	if !ok {
		return strings.ToLower(m.From.String() + "-" + m.To.String())
	}
	var b strings.Builder
	for i, s := range r.Squares {
		switch {
		case i == 0:
		case r.Plain:
			b.WriteByte('-')
		case i <= r.Canters:
			b.WriteByte('^')
		default:
			b.WriteByte('x')
		}
		b.WriteString(strings.ToLower(s.String()))
	}
	return b.String()
}
