package movegen

import "github.com/camelot-engine/camelot/game"

// GenerateMoves fills ml with every legal move of p, each once (R4).
//
// The order of the rules: a finished game has no moves (R17); a piece in its
// own castle must leave it and nothing else moves (R12); if any piece can
// jump, only captures are legal (R11); otherwise plain moves (R6), canters
// (R7, with R10 for Knights), Knight's Charges (R9) and castle moves (R13).
func (p *Position) GenerateMoves(ml *MoveList) {
	g := gen{ml: ml}
	p.generate(&g)
}

// CountMoves returns the number of legal moves of p, as GenerateMoves would
// list them, without writing the non-captures out: perft's bulk count at the
// last ply. ml is scratch space for the captures, which need de-duplication.
func (p *Position) CountMoves(ml *MoveList) int {
	g := gen{ml: ml, mode: countQuiet}
	p.generate(&g)
	return g.counted + ml.N
}

// GenerateTactical lists the legal moves that capture or land on a square
// of the opponent's castle: what a quiescence search looks at. When a
// capture is compulsory (R11, R12) that is all the moves.
func (p *Position) GenerateTactical(ml *MoveList) {
	g := gen{ml: ml, mode: listTactical}
	p.generate(&g)
}

func (p *Position) generate(g *gen) {
	g.ml.N = 0
	if p.staticOver() {
		return
	}
	geo := p.geo()
	g.geo = geo
	us := p.Side
	own, enemy := p.Pieces[us], p.Pieces[us.Other()]
	g.enemy, g.ownCastle, g.oppCastle = enemy, geo.Castle[us], geo.Castle[us.Other()]
	empty := p.emptySquares(geo)
	g.sources = geo.jumpSources(enemy, empty)

	// R12: a piece that ended its move in its own castle must leave now;
	// captures elsewhere do not count.
	if home := own.And(g.ownCastle); !home.IsEmpty() {
		if p.homeLocked(geo) {
			return // V14.4: AbstractPlay refuses every move of it
		}
		g.canterers = geo.Board // no shortcut in this rare case
		s := home.First()
		g.start(s, own, empty)
		if g.sources.Has(s) { // the own castle is never the opponent's: a jump may start there
			g.captures(s, p.Knights.Has(s), true)
		} else {
			g.quiet(s, p.Knights.Has(s))
		}
		return
	}

	// Pieces in the opponent's castle only make castle moves (R13).
	movers := own.AndNot(g.oppCastle)

	// R11: compulsory capture.
	jumpers := movers.And(g.sources)
	capture := !jumpers.IsEmpty()
	switch {
	case capture:
		// Only jumpers and Knights (by Charges) can capture.
		movers = jumpers.Or(movers.And(p.Knights))
	case g.mode == listTactical:
		// Only Knights (by Charges) and pieces that can step or canter
		// into the opponent's castle have a tactical move.
		// Cells off the board in it are harmless: it only filters movers.
		g.canterers = geo.canterLandings(geo.castleApproach(own, empty, g.ownCastle, g.oppCastle), own)
		movers = movers.And(p.Knights.Or(g.canterers).Or(geo.castleRim[us.Other()]))
	}
	for b := movers; !b.IsEmpty(); {
		s := b.PopFirst()
		g.start(s, own, empty)
		if capture {
			g.captures(s, p.Knights.Has(s), jumpers.Has(s))
		} else {
			g.quiet(s, p.Knights.Has(s))
		}
	}
	if capture || p.CastleMoves[us] >= 2 {
		return
	}
	// R13: a castle move, at most two per side, never when a capture is due.
	if in := own.And(g.oppCastle); !in.IsEmpty() {
		s := in.First()
		if t := g.oppCastle.AndNot(SquareBB(s)).First(); empty.Has(t) {
			g.addQuiet(s, SquareBB(t))
		}
	}
}

// homeLocked reports whether AbstractPlay's castle-move check refuses
// every move of the piece in its own castle (V14.4): White's, once White
// has made two castle moves. The caller has found such a piece.
func (p *Position) homeLocked(geo *Geometry) bool {
	return geo.whiteHomeLock && p.Side == White && p.CastleMoves[White] >= 2
}

// staticOver reports whether the game is already decided on the board:
// the opponent's castle taken (two pieces in it, R14; one in a one-square
// castle, V5; one in the Anti forms, where it loses, V11), a side wiped out
// (R14, V5; in the Anti forms that side wins by having no move, V11), or
// at most one piece each where that draws (R16). R17 gives such a position
// no moves.
func (p *Position) staticOver() bool {
	geo := p.geo()
	if geo.hasTrees && p.treePhase(geo) {
		return true // V10: the placements are listed apart (Placements)
	}
	nw, nb := p.Pieces[White].Count(), p.Pieces[Black].Count()
	if (nw == 0 || nb == 0) && geo.end != game.Misere || nw <= 1 && nb <= 1 && geo.end == game.TwoSquareCastles {
		return true
	}
	return p.Pieces[White].And(geo.Castle[Black]).Count() >= geo.castleWin ||
		p.Pieces[Black].And(geo.Castle[White]).Count() >= geo.castleWin
}

// gen is the state of the move search for one moving piece.
type gen struct {
	ml        *MoveList
	geo       *Geometry
	origin    Square
	first     int      // index of the origin's first move in ml, for R4 de-duplication
	own       Bitboard // friendly pieces other than the mover: what it canters over
	enemy     Bitboard // enemy pieces not yet captured in this move
	empty     Bitboard // squares empty during the move: the origin counts as empty
	ownCastle Bitboard
	oppCastle Bitboard
	mode      genMode
	sources   Bitboard // jumpSources of the position: where a jump could start
	canterers Bitboard // listTactical: squares from which canters may reach the opponent's castle
	counted   int      // non-captures counted but not listed
}

// genMode says which non-captures the generator lists.
type genMode uint8

const (
	listAll      genMode = iota
	countQuiet           // count all non-captures
	listTactical         // list only non-captures onto opponent castle squares
)

// start prepares g for moves of the piece on s.
func (g *gen) start(s Square, own, empty Bitboard) {
	g.origin, g.first, g.own, g.empty = s, g.ml.N, own, empty
	g.own.Clear(s)
	g.empty.Set(s)
}

func (g *gen) add(m Move) {
	if g.ml.N < MaxMoves {
		g.ml.Moves[g.ml.N] = m
		g.ml.N++
	}
}

// addQuiet adds the non-captures from s to each square of targets.
func (g *gen) addQuiet(s Square, targets Bitboard) {
	switch g.mode {
	case countQuiet:
		g.counted += targets.Count()
		return
	case listTactical:
		targets = targets.And(g.oppCastle)
	}
	for !targets.IsEmpty() {
		g.add(Move{From: s, To: targets.PopFirst()})
	}
}

// canJumpFrom reports whether a piece on s could jump one of enemy, given
// the empty squares. A square of the opponent's castle never offers a jump:
// landing there ends the move (R7, R8).
func (geo *Geometry) canJumpFrom(s Square, enemy, empty, oppCastle Bitboard) bool {
	if !geo.Adjacent[s].Intersects(enemy) || oppCastle.Has(s) {
		return false
	}
	for _, l := range geo.Leaps[s] {
		if enemy.Has(l.Over) && empty.Has(l.Land) {
			return true
		}
	}
	return false
}

// MustCapture reports whether the side to move is bound to capture: by
// R11 (some piece can jump) or, for a piece that must leave its own castle,
// by R12 (that piece can jump). Then every legal move captures, so a search
// may not stand pat. It is false in a finished game (R17).
func (p *Position) MustCapture() bool {
	if p.staticOver() {
		return false
	}
	geo := p.geo()
	us := p.Side
	own, enemy := p.Pieces[us], p.Pieces[us.Other()]
	empty := p.emptySquares(geo)
	if home := own.And(geo.Castle[us]); !home.IsEmpty() {
		return !p.homeLocked(geo) && geo.canJumpFrom(home.First(), enemy, empty, geo.Castle[us.Other()])
	}
	return own.AndNot(geo.Castle[us.Other()]).Intersects(geo.jumpSources(enemy, empty))
}

// CanStep reports whether a piece free to move has a plain move (R6): with
// no capture compulsory, that proves a legal move exists (so no R15), which
// lets a search prune before generating moves. Pieces in the opponent's
// castle do not count; when a piece must leave its own castle (R12), only it
// does.
func (p *Position) CanStep() bool {
	if p.staticOver() {
		return false
	}
	geo := p.geo()
	us := p.Side
	own := p.Pieces[us]
	free := p.emptySquares(geo).AndNot(geo.Castle[us])
	movers := own.AndNot(geo.Castle[us.Other()])
	if home := own.And(geo.Castle[us]); !home.IsEmpty() {
		if p.homeLocked(geo) {
			return false
		}
		movers = home
	}
	for !movers.IsEmpty() {
		if geo.Adjacent[movers.PopFirst()].Intersects(free) {
			return true
		}
	}
	return false
}

// captures adds the capturing moves of the piece on s: its jump sequences
// (when it can jump from s) and, for a Knight, its Charges (R8, R9, R11).
func (g *gen) captures(s Square, knight, jumps bool) {
	if jumps {
		g.jump(s, Bitboard{})
	}
	if knight {
		g.charges(g.canterReach(Bitboard{}), g.jumpable())
	}
}

// quiet adds the moves of the piece on s when no capture is due: plain
// moves, canters and, for a Knight, Charges.
func (g *gen) quiet(s Square, knight bool) {
	// R6: one step to an adjacent empty square, never into the own castle.
	g.addQuiet(s, g.geo.Adjacent[s].And(g.empty).AndNot(g.ownCastle))
	if g.mode == listTactical && !knight && !g.canterers.Has(s) {
		return // no canter of this Man can reach the opponent's castle
	}
	reach := g.canterReach(Bitboard{})
	reach.Clear(s) // R7: a canter may not end where it began
	if reach.IsEmpty() {
		return
	}
	if knight {
		// R10: a Knight's pure canter may not land where it could jump.
		// Only when some landing square offers a jump do we need the
		// narrower search; those squares are where Charges start.
		if jumpable := g.jumpable(); g.charges(reach, jumpable) {
			if g.geo.knightCanterFinalOnly {
				reach = reach.AndNot(jumpable) // V14.1: the final landing alone
			} else {
				reach = g.canterReach(jumpable)
				reach.Clear(s)
			}
		}
	}
	g.addQuiet(s, reach)
}

// castleApproach returns the empty squares from which canters over own
// pieces can reach an empty square of the opponent's castle, those squares
// included: a search backwards from the castle (a leap is reversible).
// Every piece counts as a pivot, so the set may be too large (the mover
// cannot leap over itself) but never too small; it only filters which Men
// need an exact canter search in listTactical mode.
func (geo *Geometry) castleApproach(own, empty, ownCastle, oppCastle Bitboard) Bitboard {
	reach := oppCastle.And(empty)
	landable := empty.AndNot(ownCastle).AndNot(oppCastle)
	for frontier := reach; !frontier.IsEmpty(); {
		next := geo.canterLandings(frontier, own).And(landable).AndNot(reach)
		reach = reach.Or(next)
		frontier = next
	}
	return reach
}

// charges adds the Knight's Charges (R9) that start their jumps on a
// canter landing square in reach, and reports whether there were any;
// jumpable is g.jumpable().
func (g *gen) charges(reach, jumpable Bitboard) bool {
	starts := reach.And(jumpable)
	starts.Clear(g.origin) // jumps from the origin itself are plain jumps
	found := !starts.IsEmpty()
	for !starts.IsEmpty() {
		g.jump(starts.PopFirst(), Bitboard{})
	}
	return found
}

// jumpable returns the squares from which the mover could jump once it has
// left its origin: the position's jump sources plus those whose jump lands
// on the vacated origin, less the opponent's castle, where no jump starts
// (R8).
func (g *gen) jumpable() Bitboard {
	js := g.sources
	for _, l := range g.geo.Leaps[g.origin] {
		if g.enemy.Has(l.Over) {
			js.Set(l.Land)
		}
	}
	return js.AndNot(g.oppCastle)
}

// canterReach returns the squares the mover can reach by one or more
// canters (R7), plus the origin. Canters never land in the own castle and
// stop in the opponent's; they never land on a square of exclude. Excluding
// the squares that offer a jump leaves the destinations of a Knight's pure
// canters (R10).
func (g *gen) canterReach(exclude Bitboard) Bitboard {
	reach := SquareBB(g.origin)
	if !g.geo.Adjacent[g.origin].Intersects(g.own) {
		return reach // nothing to canter over
	}
	landable := g.empty.AndNot(g.ownCastle).AndNot(exclude)
	// Breadth-first over whole sets: each round adds every square one more
	// canter away; squares in the opponent's castle end the move there.
	for frontier := reach; !frontier.IsEmpty(); {
		next := g.geo.canterLandings(frontier, g.own).And(landable).AndNot(reach)
		reach = reach.Or(next)
		frontier = next.AndNot(g.oppCastle)
	}
	return reach
}

// jump continues a jump sequence from s having captured the given set. It
// must go on while a jump is possible, unless s is in the opponent's castle
// (R8); captured pieces leave the board at once, so their squares may be
// crossed again. Complete sequences become moves, each identity once (R4).
func (g *gen) jump(s Square, captured Bitboard) {
	more := false
	if !g.oppCastle.Has(s) && g.geo.Adjacent[s].Intersects(g.enemy) {
		for _, l := range g.geo.Leaps[s] {
			if !g.enemy.Has(l.Over) || !g.empty.Has(l.Land) {
				continue
			}
			more = true
			g.enemy.Clear(l.Over)
			g.empty.Set(l.Over)
			c := captured
			c.Set(l.Over)
			g.jump(l.Land, c)
			g.enemy.Set(l.Over)
			g.empty.Clear(l.Over)
		}
	}
	if more || captured.IsEmpty() {
		return
	}
	for i := g.first; i < g.ml.N; i++ {
		if m := &g.ml.Moves[i]; m.To == s && m.Captured == captured {
			return
		}
	}
	g.add(Move{From: g.origin, To: s, Captured: captured})
}
