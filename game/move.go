package game

import (
	"fmt"
	"io"
)

// Move is a move by its identity (R4): origin, destination and the set of
// captured squares. Every route with the same three gives the same
// position, so it is the same move; the route (for notation) is derived by
// Position.MoveText and Position.Route. Moves compare with ==.
type Move struct {
	Captured SquareSet
	From, To Square
}

// NullMove is the zero Move; it is never legal (From == To).
var NullMove Move

// IsCapture reports whether m captures (a jump or a Knight's Charge).
func (m Move) IsCapture() bool { return !m.Captured.IsEmpty() && !m.IsPlacement() }

// IsPlacement reports whether m is a tree placement (V10): a move with no
// origin or destination whose Captured set holds the three trees placed.
func (m Move) IsPlacement() bool { return m.From == NoSquare && !m.Captured.IsEmpty() }

// ClaimDraw is the draw claim of V14.3, written `draw`: a move with no
// origin, destination or captures, legal only where Game.ClaimOpen says
// so. It never reaches a grid's rules core: Game plays it.
var ClaimDraw = Move{From: NoSquare, To: NoSquare}

// IsClaim reports whether m is the draw claim (V14.3).
func (m Move) IsClaim() bool { return m == ClaimDraw }

// ClaimText is how the draw claim is written (V12, V14.3).
const ClaimText = "draw"

// DivideEntry is one root move of a perft divide: its move, its text and
// the leaves below it.
type DivideEntry struct {
	Move  Move
	Text  string
	Nodes uint64
}

// Route is one legal path of a move: Squares[0] is the origin, the last is
// the destination, and the first Canters leaps are canters (the rest are
// jumps). A plain or castle move has two squares and no leaps.
type Route struct {
	Squares []Square
	Canters int
	Plain   bool
}

// WriteDivide prints a divide as `MOVE: COUNT` lines, a blank line and
// `Nodes searched: N`: the format of `camelot perft` and `go perft`.
func WriteDivide(w io.Writer, entries []DivideEntry, total uint64) {
	for _, e := range entries {
		fmt.Fprintf(w, "%s: %d\n", e.Text, e.Nodes)
	}
	fmt.Fprintf(w, "\nNodes searched: %d\n", total)
}
