package apbot

import (
	"fmt"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// MetaGame is AbstractPlay's name of Camelot.
const MetaGame = "camelot"

// apBoards are AbstractPlay's board variants of Camelot (gameslib's
// camelot.ts, group "board"); none is Camelot itself.
var apBoards = map[string]game.Variant{
	"cam": game.Cam, "camette": game.Camette, "chivalry": game.Chivalry, "river": game.River,
}

// apAnti is AbstractPlay's variant of the Anti forms (V11).
const apAnti = "anti"

// variantOf is the game AbstractPlay's variant codes name: at most one
// board (none: Camelot), with or without anti, under AbstractPlay's rules
// (V14).
func variantOf(codes []string) (game.Variant, error) {
	v, board, anti := game.Camelot, "", false
	for _, c := range codes {
		switch b, ok := apBoards[c]; {
		case ok:
			if board != "" && board != c {
				return 0, fmt.Errorf("variants %s and %s are two boards; a game has one", board, c)
			}
			v, board = b, c
		case c == apAnti:
			anti = true
		default:
			return 0, fmt.Errorf("variant %s is not one of Camelot's on AbstractPlay (cam, camette, chivalry, river, anti)", quote(c))
		}
	}
	if anti {
		v = v.Anti()
	}
	return v.WithRules(game.AbstractPlay), nil
}

// replayError is a history that does not replay: the move at round
// Round, seat Seat (both from 1) is not legal, or the history is not a
// two-seat list of rounds.
type replayError struct {
	Round, Seat int
	Reason      string
}

func (e *replayError) Error() string {
	return fmt.Sprintf("round %d, seat %d: %s", e.Round, e.Seat, e.Reason)
}

// roundSeat is the round and seat (both from 1) of ply p (from 0).
func roundSeat(p int) (round, seat int) { return p/2 + 1, p%2 + 1 }

// maxPlies bounds a history: AbstractPlay's games are far shorter.
const maxPlies = 100000

// replay plays the rounds of move texts on a new game of v (AbstractPlay's
// texts, V12, and the claim draw): each round holds the two seats' moves
// in seat order, the last round possibly only the first seat's.
func replay(v game.Variant, rounds [][]string) (*game.Game, error) {
	g := boards.NewGame(v)
	ply := 0
	for i, r := range rounds {
		switch {
		case len(r) > 2:
			return nil, &replayError{i + 1, 3, fmt.Sprintf("a round has two moves, one a seat; this one has %d", len(r))}
		case len(r) < 2 && i < len(rounds)-1:
			return nil, &replayError{i + 1, len(r) + 1, "the move is missing, and later rounds follow"}
		}
		for j, text := range r {
			if ply >= maxPlies {
				return nil, &replayError{i + 1, j + 1, "the history is too long"}
			}
			if o := g.Outcome(); o.IsOver() {
				return nil, &replayError{i + 1, j + 1, fmt.Sprintf("move %s after the end of the game (%s)", quote(text), o)}
			}
			if _, err := g.PlayText(text); err != nil {
				return nil, &replayError{i + 1, j + 1, fmt.Sprintf("move %s is not legal here: %v", quote(text), err)}
			}
			ply++
		}
	}
	return g, nil
}

// quote writes s quoted, cut to a length fit for a log line or a reason.
func quote(s string) string {
	const maxLen = 80
	if len(s) > maxLen {
		s = s[:maxLen] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// seatOf is the seat (1 or 2) of colour c: White sits first.
func seatOf(c game.Color) int {
	if c == game.White {
		return 1
	}
	return 2
}

// plyText is a turn's place as a reason names it.
func plyText(ply int) string {
	r, s := roundSeat(ply)
	return fmt.Sprintf("round %d, seat %d", r, s)
}
