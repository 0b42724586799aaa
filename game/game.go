package game

import (
	"fmt"
	"strings"
)

// Game is a position with its history: the one implementation of the end
// of game rules (R14–R16, threefold repetition included; under
// AbstractPlay's rules the draw claim, V14.3) that the engine, the match
// runner and user interfaces share. The rule set is the position's
// (Variant.Rules).
type Game struct {
	// DrawsAreClaims makes R16's automatic draws, the third repetition
	// and the 100-ply rule, claims that do not end the game: AbstractPlay's
	// players may play on past them (V13).
	DrawsAreClaims bool

	start Position
	pos   Position
	moves []Move
	// keys[i] is the repetition key (Position.DrawKey) before moves[i];
	// the current one is pos.DrawKey().
	keys  []uint64
	claim string // why the draw was claimed, once ClaimDraw is played (V14.3)
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

// Keys returns the repetition keys (Position.DrawKey) of the positions
// before each move played, oldest first; with Position().DrawKey() they
// are the game's whole history as repetition compares it.
func (g *Game) Keys() []uint64 { return g.keys }

// Rules returns the rule set the game is played by (V14).
func (g *Game) Rules() Rules { return g.pos.Variant().Rules() }

// Play plays m if it is legal and the game is not over; the draw claim
// (ClaimDraw) only where ClaimOpen.
func (g *Game) Play(m Move) error {
	if o := g.Outcome(); o.IsOver() {
		return fmt.Errorf("game over: %s", o)
	}
	if m.IsClaim() {
		why, ok := g.claimable()
		if !ok {
			return fmt.Errorf("illegal move draw: %s", why)
		}
		g.keys = append(g.keys, g.pos.DrawKey())
		g.moves = append(g.moves, m)
		g.claim = why
		return nil
	}
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("illegal move %s", g.pos.MoveText(m))
	}
	g.keys = append(g.keys, g.pos.DrawKey())
	g.moves = append(g.moves, m)
	g.pos.MakeMove(m)
	return nil
}

// PlayText parses text in WCF notation (R3), AbstractPlay's (V12) or the
// claim `draw` in any case (V14.3), and plays it.
func (g *Game) PlayText(text string) (Move, error) {
	if o := g.Outcome(); o.IsOver() {
		return NullMove, fmt.Errorf("game over: %s", o)
	}
	if strings.EqualFold(strings.TrimSpace(text), ClaimText) {
		return ClaimDraw, g.Play(ClaimDraw)
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
	if g.moves[n-1].IsClaim() {
		g.moves, g.keys, g.claim = g.moves[:n-1], g.keys[:n-1], ""
		return true
	}
	pos := g.start
	for _, m := range g.moves[:n-1] {
		pos.MakeMove(m)
	}
	g.pos, g.moves, g.keys = pos, g.moves[:n-1], g.keys[:n-1]
	return true
}

// Repetitions returns how many times the current position has occurred in
// the game, now included: its board, side to move and castle moves used
// (R16); under AbstractPlay's rules its board and side to move, over the
// whole game, River's tree phase included (V14.3).
func (g *Game) Repetitions() int {
	n := 1
	key := g.pos.DrawKey()
	keys := g.keys
	if last := len(g.moves) - 1; last >= 0 && g.moves[last].IsClaim() {
		keys = keys[:last] // the claim left the position as it stood
	}
	if g.Rules().Set().RepetitionIgnoresCastles {
		for _, k := range keys {
			if k == key {
				n++
			}
		}
		return n
	}
	// Only positions since the last capture or castle entry can repeat.
	for i, back := len(keys)-1, 0; i >= 0 && back < g.pos.Plies(); i, back = i-1, back+1 {
		if keys[i] == key {
			n++
		}
	}
	return n
}

// ClaimOpen reports whether the side to move may claim a draw (V14.3):
// under AbstractPlay's rules, once 50 plies have passed without progress
// or the position stands for the fourth time, in a game not over and past
// River's tree phase. Never under the WCF's rules, whose draws are
// automatic (R16).
func (g *Game) ClaimOpen() bool {
	_, ok := g.claimable()
	return ok
}

// claimable says whether the claim is open, and why or why not.
func (g *Game) claimable() (string, bool) {
	rs := g.Rules().Set()
	switch {
	case rs.ClaimPlies == 0:
		return fmt.Sprintf("draws are claimed only under abstractplay rules (V14.3); under %s they are automatic (R16)", g.Rules()), false
	case g.Outcome().IsOver():
		return "the game is over", false
	case g.pos.InTreePhase():
		return "trees are placed first (V10)", false
	case g.pos.Plies() >= rs.ClaimPlies:
		return fmt.Sprintf("claimed after %d plies without a capture or a move onto an opponent's castle square", g.pos.Plies()), true
	}
	if n := g.Repetitions(); n >= rs.ClaimOccurrences {
		return fmt.Sprintf("claimed with the position standing for the %s time", ordinal(n)), true
	}
	return fmt.Sprintf("no draw to claim: %d of %d plies without progress, and the position has stood %d of %d times (V14.3)",
		g.pos.Plies(), rs.ClaimPlies, g.Repetitions(), rs.ClaimOccurrences), false
}

func ordinal(n int) string {
	switch n {
	case 4:
		return "fourth"
	case 5:
		return "fifth"
	}
	return fmt.Sprintf("%dth", n)
}

// LegalMoves lists the moves the side to move may play: the position's
// (Position.Moves), then the draw claim where it is open (V14.3); none
// once the game is over.
func (g *Game) LegalMoves() []Move {
	if g.Outcome().IsOver() {
		return nil
	}
	ms := g.pos.Moves()
	if g.ClaimOpen() {
		ms = append(ms, ClaimDraw)
	}
	return ms
}

// Outcome applies R14–R16 in order: wins, no legal move, then the draws,
// threefold repetition included; under AbstractPlay's rules its own (V14):
// no automatic draw but the one-piece draw, and a claimed draw.
func (g *Game) Outcome() Outcome {
	if n := len(g.moves); n > 0 && g.moves[n-1].IsClaim() {
		return Outcome{Result: Draw, Rule: "V14", Reason: "draw " + g.claim}
	}
	o := g.pos.Outcome()
	if g.DrawsAreClaims && o.Reason == HundredPlies {
		return Outcome{}
	}
	if o.IsOver() {
		return o
	}
	if n := g.Rules().Set().DrawRepetitions; n > 0 && !g.DrawsAreClaims && g.Repetitions() >= n {
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
