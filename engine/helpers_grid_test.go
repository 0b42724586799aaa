package engine

import (
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

// gm converts a move the engine reported to this grid's move.
func gm(m game.Move) movegen.Move {
	x, _ := movegen.MoveOf(m)
	return x
}

// gms converts a line.
func gms(ms []game.Move) []movegen.Move {
	out := make([]movegen.Move, len(ms))
	for i, m := range ms {
		out[i] = gm(m)
	}
	return out
}

// unwrap returns the grid's position of a game's position.
func unwrap(p game.Position) movegen.Position {
	x, _ := movegen.Unwrap(p)
	return x
}
