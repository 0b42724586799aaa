package solve

import (
	"fmt"

	"github.com/camelot-engine/camelot/movegen"
)

// Value is a position's exact value for the side to move, one byte as the
// table stores it: 0 is a draw (play can go on for ever, V5's repetition);
// 1 + d is the end of the game in d plies, a win for the side to move when
// d is odd (it makes the last move) and a loss when d is even; WinNow is a
// position whose side to move has already won (a piece of its own in the
// opponent's castle, which no legal game reaches).
type Value uint8

// Special values.
const (
	Draw    Value = 0
	LostNow Value = 1   // the side that moved has won (V5): a loss in 0 plies
	WinNow  Value = 255 // the side to move has already won; unreachable
)

// MaxPlies is the longest distance a Value can carry.
const MaxPlies = 253

// InPlies returns the value "the game ends in d plies".
func InPlies(d int) Value {
	if d < 0 || d > MaxPlies {
		panic(fmt.Sprintf("solve: distance %d out of range", d))
	}
	return Value(d + 1)
}

// Plies returns the number of plies to the end (0 for a draw).
func (v Value) Plies() int {
	if v == Draw || v == WinNow {
		return 0
	}
	return int(v) - 1
}

// IsWin reports whether the side to move wins.
func (v Value) IsWin() bool { return v == WinNow || v != Draw && v.Plies()%2 == 1 }

// IsLoss reports whether the side to move loses.
func (v Value) IsLoss() bool { return v != Draw && v != WinNow && v.Plies()%2 == 0 }

// MateMoves returns the distance in moves as a UCI "score mate" gives it:
// positive when the side to move wins in that many of its own moves,
// negative when it is lost in that many of its moves (0 when lost now).
func (v Value) MateMoves() int {
	switch {
	case v.IsWin():
		return (v.Plies() + 1) / 2
	case v.IsLoss():
		return -v.Plies() / 2
	}
	return 0
}

// String is "win in 7", "loss in 4", "draw" (plies).
func (v Value) String() string {
	switch {
	case v == WinNow:
		return "win in 0"
	case v.IsWin():
		return fmt.Sprintf("win in %d", v.Plies())
	case v.IsLoss():
		return fmt.Sprintf("loss in %d", v.Plies())
	}
	return "draw"
}

// terminalValue returns the value of a position whose game is over on the
// board or that has no legal move (V5), and whether it is over.
func terminalValue(p *movegen.Position, moves int) (Value, bool) {
	if o := p.Decided(); o.IsOver() {
		if o.Result == resultFor(p.Side) {
			return WinNow, true
		}
		return LostNow, true
	}
	if moves == 0 { // V5: the side to move with no legal move loses
		return LostNow, true
	}
	return 0, false
}

// resultFor returns the result "c wins".
func resultFor(c movegen.Color) movegen.Result {
	if c == movegen.White {
		return movegen.WhiteWins
	}
	return movegen.BlackWins
}

func colorOf(bit uint64) movegen.Color {
	if bit != 0 {
		return movegen.Black
	}
	return movegen.White
}
