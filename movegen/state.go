package movegen

import "github.com/camelot-engine/camelot/game"

// This file is the grid's side of the grid-neutral surface (package game):
// a Position seen as a game.State, with squares and moves converted
// between this grid's numbering and game's coordinates. Nothing here is on
// the search path.

// toNeutral and fromNeutral convert squares: a cell of this grid to the
// game.Square of the same coordinates, and back (NoSquare for coordinates
// outside the grid).
var (
	toNeutral   [SquareSpan + 1]game.Square
	fromNeutral [256]Square
)

func init() {
	for i := range fromNeutral {
		fromNeutral[i] = NoSquare
	}
	toNeutral[NoSquare] = game.NoSquare
	for s := Square(0); s < SquareSpan; s++ {
		n := game.SquareAt(s.File(), s.Rank())
		toNeutral[s], fromNeutral[n] = n, s
	}
}

// Neutral returns s as a game.Square.
func (s Square) Neutral() game.Square { return toNeutral[s] }

// SquareOf returns the grid's square of a game.Square (NoSquare when the
// grid has no such cell).
func SquareOf(s game.Square) Square { return fromNeutral[s] }

// Neutral returns m as a game.Move.
func (m Move) Neutral() game.Move {
	out := game.Move{From: toNeutral[m.From], To: toNeutral[m.To]}
	for b := m.Captured; !b.IsEmpty(); {
		out.Captured.Set(toNeutral[b.PopFirst()])
	}
	return out
}

// MoveOf returns the grid's move of a game.Move; ok is false when one of
// its squares is not a cell of the grid. A placement (V10) has neither
// origin nor destination on both sides of the conversion.
func MoveOf(m game.Move) (Move, bool) {
	out := Move{From: fromNeutral[m.From], To: fromNeutral[m.To]}
	ok := out.From != NoSquare && out.To != NoSquare || m.From == game.NoSquare && m.To == game.NoSquare
	for _, s := range m.Captured.Squares() {
		c := fromNeutral[s]
		if c == NoSquare {
			return NullMove, false
		}
		out.Captured.Set(c)
	}
	return out, ok
}

// NeutralMoves converts a list of moves.
func NeutralMoves(ms []Move) []game.Move {
	out := make([]game.Move, len(ms))
	for i, m := range ms {
		out[i] = m.Neutral()
	}
	return out
}

// state is a Position as a game.State.
type state struct{ p Position }

// Wrap returns p as a grid-neutral game.Position.
func Wrap(p Position) game.Position { return game.Wrap(&state{p}) }

// Unwrap returns the Position a game.Position of this grid holds; ok is
// false for a position of another grid.
func Unwrap(gp game.Position) (Position, bool) {
	if s, ok := gp.State().(*state); ok {
		return s.p, true
	}
	return Position{}, false
}

func (s *state) Variant() Variant        { return s.p.Variant }
func (s *state) Side() Color             { return s.p.Side }
func (s *state) Key() uint64             { return s.p.Key }
func (s *state) DrawKey() uint64         { return s.p.DrawKey() }
func (s *state) Plies() int              { return s.p.Plies }
func (s *state) MoveNumber() int         { return s.p.MoveNumber }
func (s *state) CastleMoves(c Color) int { return int(s.p.CastleMoves[c&1]) }
func (s *state) CFEN() string            { return s.p.CFEN() }
func (s *state) Outcome() Outcome        { return s.p.Outcome() }

func (s *state) PieceAt(sq game.Square) Piece {
	c := fromNeutral[sq]
	if c == NoSquare || !s.p.geo().Board.Has(c) {
		return Empty // off the board, or a river square (V9)
	}
	return s.p.PieceAt(c)
}

func (s *state) Moves() []game.Move { return NeutralMoves(s.p.LegalMoves()) }

func (s *state) IsLegal(m game.Move) bool {
	gm, ok := MoveOf(m)
	if !ok {
		return false
	}
	if s.p.InTreePhase() || gm.IsPlacement() {
		return s.p.IsLegalPlacement(gm)
	}
	var ml MoveList
	s.p.GenerateMoves(&ml)
	return ml.Contains(gm)
}

func (s *state) MustCapture() bool { return s.p.MustCapture() }

func (s *state) Play(m game.Move) game.State {
	gm, _ := MoveOf(m)
	next := &state{s.p}
	next.p.Play(gm)
	return next
}

func (s *state) ParseMove(text string) (game.Move, error) {
	m, err := s.p.ParseMove(text)
	if err != nil {
		return game.NullMove, err
	}
	return m.Neutral(), nil
}

func (s *state) MoveText(m game.Move) string {
	gm, ok := MoveOf(m)
	if !ok {
		return m.From.String() + "-" + m.To.String()
	}
	return s.p.MoveText(gm)
}

func (s *state) Route(m game.Move) (game.Route, bool) {
	gm, ok := MoveOf(m)
	if !ok || gm.IsPlacement() {
		return game.Route{}, false
	}
	r, ok := s.p.Route(gm)
	if !ok {
		return game.Route{}, false
	}
	out := game.Route{Canters: r.Canters, Plain: r.Plain, Squares: make([]game.Square, len(r.Squares))}
	for i, sq := range r.Squares {
		out.Squares[i] = toNeutral[sq]
	}
	return out, true
}

func (s *state) Perft(depth int) uint64 { return Perft(s.p, depth) }

func (s *state) WithTrees(trees game.SquareSet) game.State {
	var b Bitboard
	for _, sq := range trees.Squares() {
		if c := fromNeutral[sq]; c != NoSquare && s.p.geo().Board.Has(c) {
			b.Set(c)
		}
	}
	return &state{s.p.WithTrees(b)}
}

func (s *state) Divide(depth, threads int) ([]game.DivideEntry, uint64) {
	entries, total := Divide(s.p, depth, threads)
	out := make([]game.DivideEntry, len(entries))
	for i, e := range entries {
		out[i] = game.DivideEntry{Move: e.Move.Neutral(), Text: e.Text, Nodes: e.Nodes}
	}
	return out, total
}
