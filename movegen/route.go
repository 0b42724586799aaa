package movegen

import "sort"

// Route finding: the squares a move lands on. Moves are stored by identity
// only (R4); routes are recovered here for notation (R3). None of this is on
// the search path, so clarity wins over speed.

// Route is one legal path of a move: Squares[0] is the origin, the last is
// the destination, and the first Canters leaps are canters (the rest are
// jumps). A plain or castle move has two squares and no leaps.
type Route struct {
	Squares []Square
	Canters int
	Plain   bool
}

// mover is the board as seen by the piece on origin during its move: the
// origin counts as empty (R5 "Moves").
type mover struct {
	geo       *Geometry
	origin    Square
	knight    bool
	own       Bitboard // friendly pieces other than the mover
	enemy     Bitboard
	empty     Bitboard
	ownCastle Bitboard
	oppCastle Bitboard
}

// r10 reports whether the mover's pure canters must avoid every landing
// that offers a jump (R10): a Knight's, unless the rule set looks at the
// final landing alone (V14.1), which the legal move list already ensures.
func (mv *mover) r10() bool { return mv.knight && !mv.geo.knightCanterFinalOnly }

func (p *Position) moverAt(s Square) (mover, bool) {
	us := p.Side
	if s >= SquareSpan || !p.Pieces[us].Has(s) {
		return mover{}, false
	}
	geo := p.geo()
	mv := mover{
		geo:       geo,
		origin:    s,
		knight:    p.Knights.Has(s),
		own:       p.Pieces[us],
		enemy:     p.Pieces[us.Other()],
		ownCastle: geo.Castle[us],
		oppCastle: geo.Castle[us.Other()],
	}
	mv.own.Clear(s)
	mv.empty = p.emptySquares(geo)
	mv.empty.Set(s) // the mover has left its origin
	return mv, true
}

// sortedLeaps returns the leaps from s ordered by landing square, so that
// searches visit routes in lexicographic order.
func (mv *mover) sortedLeaps(s Square) []Leap {
	ls := append([]Leap(nil), mv.geo.Leaps[s]...)
	sort.Slice(ls, func(i, j int) bool { return ls[i].Land < ls[j].Land })
	return ls
}

// canterSteps lists the squares one canter from s lands on, ascending. With
// r10, squares that offer the mover a jump are left out (R10).
func (mv *mover) canterSteps(s Square, r10 bool) []Square {
	if mv.oppCastle.Has(s) { // a canter stops in the opponent's castle (R7)
		return nil
	}
	var out []Square
	for _, l := range mv.sortedLeaps(s) {
		if mv.own.Has(l.Over) && mv.empty.Has(l.Land) && !mv.ownCastle.Has(l.Land) {
			if r10 && mv.geo.canJumpFrom(l.Land, mv.enemy, mv.empty, mv.oppCastle) {
				continue
			}
			out = append(out, l.Land)
		}
	}
	return out
}

// canterTree runs a breadth-first search of canters from the origin. Taking
// the queue in order and neighbours in ascending order makes parent[] trace,
// for every square, the lexicographically smallest of its shortest routes.
func (mv *mover) canterTree(r10 bool) (parent [SquareSpan]Square, dist [SquareSpan]int) {
	for i := range dist {
		dist[i], parent[i] = -1, NoSquare
	}
	dist[mv.origin] = 0
	queue := []Square{mv.origin}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, t := range mv.canterSteps(s, r10) {
			if dist[t] < 0 {
				dist[t], parent[t] = dist[s]+1, s
				queue = append(queue, t)
			}
		}
	}
	return parent, dist
}

func treePath(parent *[SquareSpan]Square, to Square) []Square {
	var rev []Square
	for s := to; s != NoSquare; s = parent[s] {
		rev = append(rev, s)
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// reachAfterCanter returns the squares reachable from s by one or more canters.
func (mv *mover) reachAfterCanter(s Square, r10 bool) Bitboard {
	var seen Bitboard
	stack := []Square{s}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range mv.canterSteps(x, r10) {
			if !seen.Has(t) {
				seen.Set(t)
				stack = append(stack, t)
			}
		}
	}
	return seen
}

// jumpRoutes visits every complete jump sequence (R8) from s in
// lexicographic order of landing squares; path holds the squares so far,
// s last. visit returns false to stop the search.
func (mv *mover) jumpRoutes(path []Square, enemy, empty, captured Bitboard, visit func([]Square, Bitboard) bool) bool {
	s := path[len(path)-1]
	more := false
	if !mv.oppCastle.Has(s) {
		for _, l := range mv.sortedLeaps(s) {
			if !enemy.Has(l.Over) || !empty.Has(l.Land) {
				continue
			}
			more = true
			e, em, c := enemy, empty, captured
			e.Clear(l.Over)
			em.Set(l.Over)
			c.Set(l.Over)
			if !mv.jumpRoutes(append(path[:len(path):len(path)], l.Land), e, em, c, visit) {
				return false
			}
		}
	}
	if !more && !captured.IsEmpty() {
		return visit(path, captured)
	}
	return true
}

// firstJumpRoute returns the lexicographically smallest jump route from s
// that ends on to having captured exactly the given set.
func (mv *mover) firstJumpRoute(s, to Square, captured Bitboard) []Square {
	var found []Square
	mv.jumpRoutes([]Square{s}, mv.enemy, mv.empty, Bitboard{}, func(r []Square, c Bitboard) bool {
		if r[len(r)-1] == to && c == captured {
			found = append([]Square(nil), r...)
			return false
		}
		return true
	})
	return found
}

// Route returns the canonical route of the legal move m (R3): a legal
// route, shortest first, ties broken by the lexicographically smallest
// sequence of square indices; for a Knight's pure canter only routes that
// R10 allows. ok is false when m has no route from p.
func (p *Position) Route(m Move) (r Route, ok bool) {
	mv, ok := p.moverAt(m.From)
	if !ok || m.To >= SquareSpan || !mv.geo.Board.Has(m.To) {
		return Route{}, false
	}
	if m.Captured.IsEmpty() {
		if mv.geo.Adjacent[m.From].Has(m.To) {
			return Route{Squares: []Square{m.From, m.To}, Plain: true}, true
		}
		parent, dist := mv.canterTree(mv.r10()) // R10 binds Knights' pure canters
		if dist[m.To] <= 0 {
			return Route{}, false
		}
		path := treePath(&parent, m.To)
		return Route{Squares: path, Canters: len(path) - 1}, true
	}
	var best []Square
	bestCanters := 0
	consider := func(canter []Square) {
		jumps := mv.firstJumpRoute(canter[len(canter)-1], m.To, m.Captured)
		if jumps == nil {
			return
		}
		full := append(append([]Square(nil), canter...), jumps[1:]...)
		if best == nil || len(full) < len(best) || len(full) == len(best) && lexLess(full, best) {
			best, bestCanters = full, len(canter)-1
		}
	}
	consider([]Square{m.From})
	if mv.knight { // Knight's Charge (R9): canters first, not bound by R10
		parent, dist := mv.canterTree(false)
		for s := Square(0); s < SquareSpan; s++ {
			if dist[s] > 0 && !mv.oppCastle.Has(s) && mv.geo.canJumpFrom(s, mv.enemy, mv.empty, mv.oppCastle) {
				consider(treePath(&parent, s))
			}
		}
	}
	if best == nil {
		return Route{}, false
	}
	return Route{Squares: best, Canters: bestCanters}, true
}

func lexLess(a, b []Square) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// Text writes r in WCF notation: `-` before a plain step or a canter's
// landing square, `x` before a jump's (R3).
func (r Route) Text() string {
	b := make([]byte, 0, 4*len(r.Squares))
	for i, s := range r.Squares {
		if i > 0 {
			if r.Plain || i <= r.Canters {
				b = append(b, '-')
			} else {
				b = append(b, 'x')
			}
		}
		b = append(b, s.String()...)
	}
	return string(b)
}

// MoveText returns the canonical WCF notation of the legal move m (R3),
// such as `F6-F8-H8xH10xJ12`. For a move with no route from p it falls
// back to origin and destination joined by `-` or `x`.
func (p *Position) MoveText(m Move) string {
	if m.IsPlacement() {
		return placementText(m)
	}
	if r, ok := p.Route(m); ok {
		return r.Text()
	}
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	return m.From.String() + sep + m.To.String()
}
