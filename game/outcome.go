package game

import "fmt"

// Result is the state of a game.
type Result uint8

// Game results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns the result as a record writes it: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// WinFor returns the result "c wins".
func WinFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Outcome says whether and why a game is over.
type Outcome struct {
	Result Result
	Rule   string // the ruling that decided it, e.g. "R14"
	Reason string // a short human-readable reason
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Result != Ongoing }

// String returns e.g. "1-0 (R14: white has two pieces in black's castle)".
func (o Outcome) String() string {
	if !o.IsOver() {
		return "* (game in progress)"
	}
	return fmt.Sprintf("%s (%s: %s)", o.Result, o.Rule, o.Reason)
}

// HundredPlies is the reason of R16's draw after 100 plies without a
// capture or a castle entry.
const HundredPlies = "100 plies without a capture or a move onto an opponent's castle square"
