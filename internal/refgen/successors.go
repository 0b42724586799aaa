package refgen

import "math/bits"

// Successors lists the positions after each legal move without going
// through CFEN text, reusing its buffers from call to call, for checks that
// walk millions of positions (the verification of the Camette table). It
// uses the same move rules as Moves and the same judgement as Result. A
// Successors is not safe for concurrent use: make one per goroutine.
type Successors struct {
	g    *geometry
	ids  moveList
	next []Board
}

// NewSuccessors returns a Successors for the variant's board.
func (v Variant) NewSuccessors() *Successors { return &Successors{g: v.geom()} }

// Generate judges the position b with side to move side (0 White, 1
// Black), no castle moves made (R13) and the ply clock ignored, as Result
// does: "1-0" or "0-1" when a side has won (R14, R15, V5), "1/2-1/2" for
// a draw (R15, R16), "*" while the game goes on. While it goes on, next
// holds the board after each legal move, one per distinct move (R4), in no
// particular order; next is overwritten by the following call. In River
// Camelot's tree phase (V10) the game goes on and the moves are the
// placements.
func (s *Successors) Generate(b *Board, side int) (result string, next []Board) {
	p := position{g: s.g, b: *b, side: side, moveNo: 1}
	if p.inTreePhase() {
		// Thousands of placements: a map, not the list's linear search
		// for duplicates.
		s.next = s.next[:0]
		var ids moveSet = map[moveID]struct{}{}
		p.legalInto(ids)
		for id := range ids {
			s.next = append(s.next, p.b)
			s.next[len(s.next)-1].play(id)
		}
		return "*", s.next
	}
	count, inOpp := p.census()
	if r := p.won(count, inOpp); r != "" {
		return r, nil
	}
	s.ids = s.ids[:0]
	p.legalInto(&s.ids)
	if r := p.judgeMoves(count, len(s.ids) > 0); r != "*" {
		return r, nil
	}
	s.next = s.next[:0]
	for _, id := range s.ids {
		s.next = append(s.next, p.b)
		s.next[len(s.next)-1].play(id)
	}
	return "*", s.next
}

// moveList is a set of move identities kept in a reusable slice; the few
// moves of a position make its linear search for duplicates (R4) cheap.
type moveList []moveID

func (l *moveList) add(id moveID) {
	for _, m := range *l {
		if m == id {
			return
		}
	}
	*l = append(*l, id)
}

// play makes the move id on b: the piece goes from its origin to its
// destination and the captured pieces leave the board (R6–R9); a
// placement puts its three trees on the board (V10).
func (b *Board) play(id moveID) {
	if id.placement() {
		for _, sq := range id.caps.squares() {
			b[sq] = tree
		}
		return
	}
	pc := b[id.from]
	b[id.from] = empty
	for w, x := range id.caps {
		for ; x != 0; x &= x - 1 {
			b[w*64+bits.TrailingZeros64(x)] = empty
		}
	}
	b[id.to] = pc
}
