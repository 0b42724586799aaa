package game

import "fmt"

// Game is a position with its history: the one implementation of the end
// of game rules (R14–R16, threefold repetition included) that the engine,
// the match runner and user interfaces share.
type Game struct {
	// DrawsAreClaims makes R16's automatic draws, the third repetition
	// and the 100-ply rule, claims that do not end the game: AbstractPlay's
	// players may play on past them (V13).
	DrawsAreClaims bool

	start Position
	pos   Position
	moves []Move
	keys  []uint64 // keys[i] is the key before moves[i]; the current key is pos.Key()
}

// NewGame starts a game from the given position.
func NewGame(start Position) *Game {
	return &Game{start: start, pos: start}
}

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Moves returns the moves played so far.
func (g *Game) Moves() []Move { return g.moves }

// Keys returns the keys of the positions before each move played, oldest
// first; with Position().Key() they are the game's whole key history.
func (g *Game) Keys() []uint64 { return g.keys }

// Play plays m if it is legal and the game is not over.
func (g *Game) Play(m Move) error {
	if o := g.Outcome(); o.IsOver() {
		return fmt.Errorf("game over: %s", o)
	}
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("illegal move %s", g.pos.MoveText(m))
	}
	g.keys = append(g.keys, g.pos.Key())
	g.moves = append(g.moves, m)
	g.pos.MakeMove(m)
	return nil
}

// PlayText parses text in WCF notation (R3) and plays it.
func (g *Game) PlayText(text string) (Move, error) {
	if o := g.Outcome(); o.IsOver() {
		return NullMove, fmt.Errorf("game over: %s", o)
	}
	m, err := g.pos.ParseMove(text)
	if err != nil {
		return NullMove, err
	}
	return m, g.Play(m)
}

// Undo takes back the last move; it reports false when there is none.
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	pos := g.start
	for _, m := range g.moves[:n-1] {
		pos.MakeMove(m)
	}
	g.pos, g.moves, g.keys = pos, g.moves[:n-1], g.keys[:n-1]
	return true
}

// Repetitions returns how many times the current position (board, side to
// move and castle moves used, R16) has occurred in the game, now included.
func (g *Game) Repetitions() int {
	n := 1
	// Only positions since the last capture or castle entry can repeat.
	for i, back := len(g.keys)-1, 0; i >= 0 && back < g.pos.Plies(); i, back = i-1, back+1 {
		if g.keys[i] == g.pos.Key() {
			n++
		}
	}
	return n
}

// Outcome applies R14–R16 in order: wins, no legal move, then the draws,
// threefold repetition included.
func (g *Game) Outcome() Outcome {
	o := g.pos.Outcome()
	if g.DrawsAreClaims && o.Reason == HundredPlies {
		return Outcome{}
	}
	if o.IsOver() {
		return o
	}
	if !g.DrawsAreClaims && g.Repetitions() >= 3 {
		return Outcome{Result: Draw, Rule: "R16", Reason: "the same position occurred for the third time"}
	}
	return o
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	c := *g
	c.moves = append([]Move(nil), g.moves...)
	c.keys = append([]uint64(nil), g.keys...)
	return &c
}
