package protocol

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/camelot-engine/camelot/book"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// bookState is the session's opening books: the OwnBook, BookFile,
// BookPlies and BookMargin options and, for each board, the book they
// select (BookFile names the book of the board selected, UCI_Variant).
type bookState struct {
	own     bool // OwnBook
	variety book.Variety
	boards  [game.NumVariants]boardBook
	rng     *rand.Rand
}

// boardBook is one board's book.
type boardBook struct {
	file   string     // BookFile; "" is the embedded book
	loaded bool       // b (or the failure to load it) is current
	b      *book.Book // nil: no book
}

func newBookState() bookState {
	seed := uint64(time.Now().UnixNano())
	return bookState{own: true, variety: book.DefaultVariety, rng: rand.New(rand.NewPCG(seed, seed>>32|1))}
}

// setBookFile selects a book file for the board of the selected variant
// ("" or "<empty>": its embedded book, if the binary has one) and loads it
// at once, so that a missing or corrupt file, or a book of another board,
// is reported by the setoption that names it. Without a usable book the
// engine searches.
func (s *Session) setBookFile(path string) {
	if path == "<empty>" {
		path = ""
	}
	v := s.variant
	s.book.boards[v%game.NumVariants] = boardBook{file: path}
	if _, err := s.loadBook(v); err != nil {
		s.errorf("BookFile: %v; playing %s without a book", err, v.Title())
	}
}

// loadBook returns the book selected for v's board, loading it on first use.
func (s *Session) loadBook(v game.Variant) (*book.Book, error) {
	bb := &s.book.boards[v%game.NumVariants]
	if bb.loaded {
		return bb.b, nil
	}
	bb.loaded = true
	var err error
	if bb.file == "" {
		bb.b, err = book.DefaultFor(v)
	} else {
		bb.b, err = book.Open(bb.file)
	}
	if err == nil && bb.b != nil && bb.b.Variant != v.WithRules(game.WCF) {
		err = fmt.Errorf("%s: a book of %s, not of %s", bb.file, bb.b.Variant.Title(), v.Title())
	}
	if err != nil {
		bb.b = nil
	}
	return bb.b, err
}

// fromBook reports whether a search with these limits is a game move the
// book may answer: one under a clock or a move time. Analysis (infinite,
// ponder, depth, nodes, searchmoves) always searches.
func fromBook(lim search.Limits) bool {
	if lim.Infinite || lim.Ponder || lim.Depth > 0 || lim.Nodes > 0 || len(lim.SearchMoves) > 0 {
		return false
	}
	return lim.MoveTime > 0 || lim.WTime > 0 || lim.BTime > 0
}

// bookMove returns the lines that answer a go from the book: an info line
// naming the book move with its score, and the bestmove. ok is false when
// the book is off, missing or has no move here.
func (s *Session) bookMove(g *game.Game, lim search.Limits) (lines []string, ok bool) {
	if !s.book.own || !fromBook(lim) || g.Outcome().IsOver() {
		return nil, false
	}
	pos := g.Position()
	if s.tableKnows(pos) {
		return nil, false // the solution table's move is exact
	}
	b, err := s.loadBook(pos.Variant())
	if err != nil || b == nil {
		return nil, false
	}
	c, ok := b.Pick(&pos, s.book.variety, s.book.rng)
	if !ok {
		return nil, false
	}
	text := pos.MoveText(c.Move)
	score := bookScore(c.Score)
	// The standard info line carries the book entry's score and depth, so
	// a GUI shows a book move as it shows a searched one; the line is the
	// book's own continuation, and its second move is the ponder move.
	line := b.Line(&pos, c.Move, bookLineLen)
	info := search.Info{Depth: c.Depth, SelDepth: c.Depth, MultiPV: 1, Score: score, PV: line}
	return []string{
		fmt.Sprintf("info string book move %s score %s depth %d weight %.1f%%", text, score, c.Depth, 100*c.Weight),
		infoLine(pos, info),
		bestMoveLine(pos, line),
	}, true
}

// bookLineLen bounds the line shown with a book move.
const bookLineLen = 8

// bookScore writes a book score as the protocol writes search scores.
func bookScore(v int) search.Score {
	switch {
	case v >= book.WinScore-999:
		return search.Score{Mate: (book.WinScore - v + 1) / 2}
	case v <= -book.WinScore+999:
		return search.Score{Mate: -(book.WinScore + v) / 2}
	}
	return search.Score{CP: v}
}
