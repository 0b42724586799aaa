package refgen

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// Move is one legal move by identity (R4): a piece move, or in River
// Camelot's tree phase a tree placement (V10).
//
// A piece move has From and To, Captured lists the squares it captures
// (empty when none) and Trees is nil.
//
// A tree placement has From == "" and To == "", no Captured, and Trees
// holding its three squares in board order (as Captured's). Apply reads
// them in any order.
type Move struct {
	From, To string   // square names like "F6", upper case
	Captured []string // captured squares, sorted in board order (rank 1 first, then file A, B, ... within a rank)
	Trees    []string // a placement's three tree squares, in board order; nil for a piece move
}

// IsPlacement reports whether m is a tree placement (V10).
func (m Move) IsPlacement() bool { return len(m.Trees) > 0 }

// Key returns the canonical "FROM-TO:CAP1,CAP2,..." form (empty list ->
// "FROM-TO:") of a piece move, for set comparison. A placement's key is
// its move text (V10): its squares sorted by file and then by rank, joined
// by commas, "C2,D2,I2"; it has neither '-' nor ':', so no piece move has
// that key.
func (m Move) Key() string {
	if m.IsPlacement() {
		sqs := make([]string, len(m.Trees))
		for i, sq := range m.Trees {
			sqs[i] = strings.ToUpper(sq)
		}
		sort.Slice(sqs, func(i, j int) bool {
			a, b := sqs[i], sqs[j]
			if a[0] != b[0] {
				return a[0] < b[0] // by file
			}
			return len(a) < len(b) || len(a) == len(b) && a < b // then by rank
		})
		return strings.Join(sqs, ",")
	}
	return m.From + "-" + m.To + ":" + strings.Join(m.Captured, ",")
}

// capSet is a set of captured squares (bit sq of the 256-bit set).
type capSet [4]uint64

func (s capSet) with(sq int) capSet { s[sq/64] |= 1 << uint(sq%64); return s }
func (s capSet) has(sq int) bool    { return s[sq/64]&(1<<uint(sq%64)) != 0 }
func (s capSet) empty() bool        { return s[0]|s[1]|s[2]|s[3] == 0 }

// squares lists the set in board order.
func (s capSet) squares() []int {
	var out []int
	for w := 0; w < len(s); w++ {
		x := s[w]
		for x != 0 {
			b := bits.TrailingZeros64(x)
			out = append(out, w*64+b)
			x &= x - 1
		}
	}
	return out
}

// moveID is a move's identity (R4): origin, destination, captured set.
// A tree placement (V10) has origin and destination -1 and its three
// squares as caps.
type moveID struct {
	from, to int
	caps     capSet
}

// placement reports whether id is a tree placement (V10).
func (id moveID) placement() bool { return id.from < 0 }

func (id moveID) toMove() Move {
	if id.placement() {
		m := Move{}
		for _, sq := range id.caps.squares() {
			m.Trees = append(m.Trees, sqName(sq))
		}
		return m
	}
	m := Move{From: sqName(id.from), To: sqName(id.to), Captured: []string{}}
	for _, sq := range id.caps.squares() {
		m.Captured = append(m.Captured, sqName(sq))
	}
	return m
}

// moveSink collects move identities, dropping duplicates (R4).
type moveSink interface{ add(moveID) }

// moveSet is a moveSink in a map, for the functions that return moves.
type moveSet map[moveID]struct{}

func (s moveSet) add(id moveID) { s[id] = struct{}{} }

// census counts each side's pieces and its pieces in the opponent's castle.
func (p *position) census() (count, inOpp [2]int) {
	g := p.geom()
	for _, sq := range g.squares {
		pc := p.b[sq]
		if !isPiece(pc) { // an empty square or a tree (V9)
			continue
		}
		c := black
		if isColor(pc, white) {
			c = white
		}
		count[c]++
		if g.oppCastle(c, sq) {
			inOpp[c]++
		}
	}
	return count, inOpp
}

// gameOver is the static test of decision 4 / R17: no moves once the game
// is won or drawn by a rule that needs no history.
//
// Camelot, Chivalry (V5 = R14, R16): either side has two or more pieces in
// the opponent's castle, or one side has no pieces while the other has two
// or more, or both sides have at most one piece.
//
// Cam, Camette (V5): either side has a piece in the opponent's castle, or
// either side has no piece left; there is no draw by material.
func (p *position) gameOver() bool {
	count, inOpp := p.census()
	if p.geom().misere {
		// V11: a piece in the opponent's castle ends the game; a side
		// without pieces simply has no move when its turn comes.
		return inOpp[white] >= 1 || inOpp[black] >= 1
	}
	if p.geom().smallCastles() {
		return inOpp[white] >= 1 || inOpp[black] >= 1 || count[white] == 0 || count[black] == 0
	}
	if inOpp[white] >= 2 || inOpp[black] >= 2 {
		return true
	}
	if (count[white] == 0 && count[black] >= 2) || (count[black] == 0 && count[white] >= 2) {
		return true
	}
	return count[white] <= 1 && count[black] <= 1
}

// result judges the position (R14–R16 or V5, without repetition and the
// 100-ply rule), checking in the rulings' order: wins of the side that
// moved (or, in a position that could not arise in play, of the side to
// move), then no legal move (R15), then the one-piece draw (R16).
func (p *position) result() string {
	if p.inTreePhase() {
		return "*" // V10: the game goes on while trees are placed
	}
	count, inOpp := p.census()
	if r := p.won(count, inOpp); r != "" {
		return r
	}
	return p.judgeMoves(count, len(p.legal()) > 0)
}

// won returns the result when a side has won on the board (R14, V5),
// given the census, else "".
func (p *position) won(count, inOpp [2]int) string {
	g := p.geom()
	win := [2]string{"1-0", "0-1"}
	moved := 1 - p.side
	if g.misere { // V11: the side with a piece in the opponent's castle loses
		for _, c := range []int{moved, p.side} {
			if inOpp[c] >= 1 {
				return win[1-c]
			}
		}
		return ""
	}
	castleWin, minLeft := 2, 2 // R14
	if g.smallCastles() {
		castleWin, minLeft = 1, 1 // V5: one piece is enough
	}
	for _, c := range []int{moved, p.side} {
		if inOpp[c] >= castleWin {
			return win[c]
		}
	}
	for _, c := range []int{moved, p.side} {
		if count[1-c] == 0 && count[c] >= minLeft {
			return win[c]
		}
	}
	return ""
}

// judgeMoves returns the result of a position that no side has won on the
// board, given the census and whether the side to move has a legal move:
// R15, then R16's one-piece draw; "*" while the game goes on.
func (p *position) judgeMoves(count [2]int, hasMove bool) string {
	g := p.geom()
	win := [2]string{"1-0", "0-1"}
	moved := 1 - p.side
	if !hasMove && g.misere {
		return win[p.side] // V11: no legal move (no piece included) wins
	}
	if g.misere {
		return "*" // V11: no draw by material
	}
	if !hasMove {
		// R15: the other side wins if it has two or more pieces, else a
		// draw; V5 (Cam, Camette): the side to move loses.
		if g.smallCastles() || count[moved] >= 2 {
			return win[moved]
		}
		return "1/2-1/2"
	}
	if !g.smallCastles() && count[white] <= 1 && count[black] <= 1 {
		return "1/2-1/2" // R16
	}
	return "*"
}

// canJump reports whether a piece of colour c standing on sq could make a
// single jump (R8) on board b: an adjacent enemy piece with an existing empty
// square straight beyond it. (The jump may land in either castle.) The caller
// must already have emptied the moving piece's origin if relevant.
func canJump(g *geometry, b *Board, sq, c int) bool {
	for _, d := range dirs {
		a, ok := g.step(sq, d, 1)
		if !ok || !isColor(b[a], 1-c) {
			continue
		}
		t, ok := g.step(sq, d, 2)
		if ok && b[t] == empty {
			return true
		}
	}
	return false
}

// jumpsFrom enumerates every complete jump sequence (R8) of a piece of
// colour c that starts at cur (making at least one jump), with the piece that
// started the move at origin. Captured pieces vanish at once. After each
// jump the piece must continue while it can, except that landing in the
// opponent's castle ends the move. b is modified during the search and
// restored.
func jumpsFrom(g *geometry, b *Board, origin, cur, c int, caps capSet, out moveSink) {
	for _, d := range dirs {
		a, ok := g.step(cur, d, 1)
		if !ok || !isColor(b[a], 1-c) {
			continue
		}
		t, ok := g.step(cur, d, 2)
		if !ok || b[t] != empty {
			continue
		}
		captured := b[a]
		b[a] = empty
		nc := caps.with(a)
		switch {
		case g.oppCastle(c, t):
			out.add(moveID{origin, t, nc})
		case canJump(g, b, t, c):
			jumpsFrom(g, b, origin, t, c, nc, out)
		default:
			out.add(moveID{origin, t, nc})
		}
		b[a] = captured
	}
}

// canterReach returns the landing squares reachable from origin by one or
// more canters (R7) of a piece of colour c, using only landing squares for
// which allowed returns true (nil: all). Canters leap over an adjacent
// friendly piece to the empty square beyond, never land in the own castle,
// and stop on landing in the opponent's castle. The origin (empty on b) may
// be revisited mid-route but is never returned as a destination. The
// squares are appended to out[:0] in the order a breadth-first search finds
// them (out doubles as the search's queue, after the origin).
func canterReach(g *geometry, b *Board, origin, c int, allowed func(int) bool, out []int) []int {
	var seen [numSq]bool
	seen[origin] = true
	out = out[:0]
	for i := -1; i < len(out); i++ {
		x := origin
		if i >= 0 {
			x = out[i]
		}
		if x != origin && g.oppCastle(c, x) {
			continue // a canter stops in the opponent's castle
		}
		for _, d := range dirs {
			a, ok := g.step(x, d, 1)
			if !ok || !isColor(b[a], c) {
				continue
			}
			t, ok := g.step(x, d, 2)
			if !ok || b[t] != empty || g.ownCastle(c, t) || seen[t] {
				continue
			}
			if allowed != nil && !allowed(t) {
				continue
			}
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// pieceMoves adds the moves of the piece on origin. If capturesOnly, only
// jump sequences and Knight's Charges are generated; otherwise also plain
// moves and canters. (Jump sequences are generated in either case; there are
// none unless the piece can jump.)
func (p *position) pieceMoves(origin int, capturesOnly bool, out moveSink) {
	g := p.geom()
	c := p.side
	b := p.b // copy; origin counts as empty during the move
	pc := b[origin]
	b[origin] = empty
	var reach [2][32]int // room for the canters' squares without allocating

	// Jump sequences (R8).
	jumpsFrom(g, &b, origin, origin, c, capSet{}, out)

	// Knight's Charges (R9): canters (through any landing squares, decision
	// 2), then jumps. The jump part never starts in the opponent's castle
	// (decision 1) and the canter part never ends on the origin.
	all := canterReach(g, &b, origin, c, nil, reach[0][:0])
	if isKnight(pc) {
		for _, l := range all {
			if g.oppCastle(c, l) {
				continue
			}
			jumpsFrom(g, &b, origin, l, c, capSet{}, out)
		}
	}
	if capturesOnly {
		return
	}

	// Plain moves (R6): never into the own castle.
	for _, d := range dirs {
		t, ok := g.step(origin, d, 1)
		if ok && b[t] == empty && !g.ownCastle(c, t) {
			out.add(moveID{origin, t, capSet{}})
		}
	}

	// Canters (R7). A Knight's pure canter must reach its destination by a
	// route none of whose landing squares offers it a jump (R10); a square
	// in the opponent's castle never offers a jump (decision 1).
	dests := all
	if isKnight(pc) {
		dests = canterReach(g, &b, origin, c, func(sq int) bool {
			return g.oppCastle(c, sq) || !canJump(g, &b, sq, c)
		}, reach[1][:0])
	}
	for _, t := range dests {
		out.add(moveID{origin, t, capSet{}})
	}
}

// generate returns all legal moves (distinct identities, R4), unsorted; a
// position whose game is over has none (R17, V5). In the tree phase they
// are the placements, and the game is not over (V10).
func (p *position) generate() []moveID {
	if !p.inTreePhase() && p.gameOver() {
		return nil
	}
	return p.legal()
}

// legal returns the moves the rules of movement allow (R6–R13, V4), whether
// or not the game is already over.
func (p *position) legal() []moveID {
	out := moveSet{}
	p.legalInto(out)
	return collect(out)
}

// legalInto adds the moves legal returns to out: in the tree phase the
// placements (V10), else the piece moves.
func (p *position) legalInto(out moveSink) {
	g := p.geom()
	c := p.side
	if p.inTreePhase() {
		free := p.freeTreeSquares()
		for i := range free {
			for j := i + 1; j < len(free); j++ {
				for k := j + 1; k < len(free); k++ {
					out.add(moveID{-1, -1, capSet{}.with(free[i]).with(free[j]).with(free[k])})
				}
			}
		}
		return
	}

	// R12: a piece in its own castle must leave; only it moves.
	for _, sq := range g.squares {
		if isColor(p.b[sq], c) && g.ownCastle(c, sq) {
			b := p.b
			b[sq] = empty
			p.pieceMoves(sq, canJump(g, &b, sq, c), out)
			return
		}
	}

	// R11: compulsory capture if any piece (not in the opponent's castle,
	// R13) can jump.
	capture := false
	for _, sq := range g.squares {
		if isColor(p.b[sq], c) && !g.oppCastle(c, sq) && canJump(g, &p.b, sq, c) {
			capture = true
			break
		}
	}
	for _, sq := range g.squares {
		if !isColor(p.b[sq], c) {
			continue
		}
		if g.oppCastle(c, sq) {
			// R13: only a castle move, at most two per side, never when a
			// capture is available; none on a one-square castle (V4).
			if capture || p.castles[c] >= 2 {
				continue
			}
			other, ok := g.otherCastleSq(sq)
			if ok && p.b[other] == empty {
				out.add(moveID{sq, other, capSet{}})
			}
			continue
		}
		p.pieceMoves(sq, capture, out)
	}
}

func collect(s moveSet) []moveID {
	out := make([]moveID, 0, len(s))
	for id := range s {
		out = append(out, id)
	}
	return out
}

// apply returns the position after move id (assumed legal), per decision 7.
// A placement (V10) counts in the move number but not in the ply clock.
func (p *position) apply(id moveID) position {
	q := *p
	c := p.side
	q.b.play(id)
	if id.placement() {
		if c == black {
			q.moveNo++
		}
		q.side = 1 - c
		return q
	}
	g := p.geom()
	if g.oppCastle(c, id.from) && g.oppCastle(c, id.to) && id.from != id.to {
		q.castles[c]++
	}
	if !id.caps.empty() || g.oppCastle(c, id.to) {
		q.plies = 0
	} else {
		q.plies++
	}
	if c == black {
		q.moveNo++
	}
	q.side = 1 - c
	return q
}

func perft(p *position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if depth == 1 && p.inTreePhase() {
		// V10: the placements are the ways to choose 3 of the free tree
		// squares; counted, not listed, so that perft 2 from River's
		// start (10,660 × 10,660) stays quick.
		n := uint64(len(p.freeTreeSquares()))
		if n < 3 {
			return 0
		}
		return n * (n - 1) * (n - 2) / 6
	}
	ms := p.generate()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, id := range ms {
		q := p.apply(id)
		n += perft(&q, depth-1)
	}
	return n
}

// Moves returns all legal moves of the position, deduplicated by identity
// (R4) and sorted by Key(). A position whose game is over (decision 4) has
// no moves; an empty list otherwise means the side to move is stalemated
// (R15).
func Moves(cfen string) ([]Move, error) { return Camelot.Moves(cfen) }

// moves lists the legal moves, sorted by Key().
func (p *position) moves() []Move {
	ids := p.generate()
	type keyed struct {
		key string
		m   Move
	}
	ks := make([]keyed, len(ids))
	for i, id := range ids {
		m := id.toMove()
		ks[i] = keyed{m.Key(), m}
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].key < ks[j].key })
	ms := make([]Move, len(ks))
	for i := range ks {
		ms[i] = ks[i].m
	}
	return ms
}

// idOf converts a Move to its identity, validating the square names on
// board g.
func idOf(g *geometry, m Move) (moveID, error) {
	if m.IsPlacement() {
		if m.From != "" || m.To != "" || len(m.Captured) != 0 {
			return moveID{}, fmt.Errorf("a tree placement with squares %v has an origin, a destination or captures", m.Trees)
		}
		if len(m.Trees) != 3 {
			return moveID{}, fmt.Errorf("a tree placement has 3 squares, not %d", len(m.Trees))
		}
		var trees capSet
		for _, s := range m.Trees {
			sq, ok := g.parseSq(s)
			if !ok {
				return moveID{}, fmt.Errorf("bad tree square %q", s)
			}
			if trees.has(sq) {
				return moveID{}, fmt.Errorf("tree square %q listed twice", s)
			}
			trees = trees.with(sq)
		}
		return moveID{-1, -1, trees}, nil
	}
	from, ok := g.parseSq(m.From)
	if !ok {
		return moveID{}, fmt.Errorf("bad origin square %q", m.From)
	}
	to, ok := g.parseSq(m.To)
	if !ok {
		return moveID{}, fmt.Errorf("bad destination square %q", m.To)
	}
	var caps capSet
	for _, s := range m.Captured {
		sq, ok := g.parseSq(s)
		if !ok {
			return moveID{}, fmt.Errorf("bad captured square %q", s)
		}
		if caps.has(sq) {
			return moveID{}, fmt.Errorf("captured square %q listed twice", s)
		}
		caps = caps.with(sq)
	}
	return moveID{from, to, caps}, nil
}

// Apply returns the canonical CFEN after making m, which must be legal.
func Apply(cfen string, m Move) (string, error) { return Camelot.Apply(cfen, m) }

// applyMove returns the canonical CFEN after m, which must be legal.
func (p *position) applyMove(m Move) (string, error) {
	id, err := idOf(p.geom(), m)
	if err != nil {
		return "", err
	}
	if id.placement() {
		// Checked directly rather than among the thousands of placements:
		// three free own tree squares, in the tree phase (V10).
		if !p.inTreePhase() {
			return "", fmt.Errorf("illegal move %s: no tree placement outside the tree phase", m.Key())
		}
		for _, sq := range id.caps.squares() {
			if !p.geom().treeSq[p.side][sq] || p.b[sq] != empty {
				return "", fmt.Errorf("illegal move %s: %s is no free tree square of the side to move", m.Key(), sqName(sq))
			}
		}
		q := p.apply(id)
		return q.String(), nil
	}
	for _, g := range p.generate() {
		if g == id {
			q := p.apply(id)
			return q.String(), nil
		}
	}
	return "", fmt.Errorf("illegal move %s", m.Key())
}

// Perft returns the number of leaf nodes of the legal move tree of the given
// depth (R17); depth 0 gives 1.
func Perft(cfen string, depth int) (uint64, error) { return Camelot.Perft(cfen, depth) }

// inTreePhase reports whether the side to move places its trees now: the
// board has a tree phase and the side's own tree squares hold no tree
// (V10).
func (p *position) inTreePhase() bool {
	g := p.geom()
	if !g.hasTrees {
		return false
	}
	for _, sq := range g.treeSqs[p.side] {
		if p.b[sq] == tree {
			return false
		}
	}
	return true
}

// freeTreeSquares lists the empty tree squares of the side to move, in
// index order: where it may place a tree (V10).
func (p *position) freeTreeSquares() []int {
	var out []int
	for _, sq := range p.geom().treeSqs[p.side] {
		if p.b[sq] == empty {
			out = append(out, sq)
		}
	}
	return out
}
