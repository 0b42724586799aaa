package movegen

import (
	"fmt"
	"strings"
)

// ParseMove reads a move in WCF notation (R3) and returns the legal move it
// names. Input is case-insensitive; `-` and `x` only separate squares, and
// so does AbstractPlay's `^` before a canter leap (V12: c6^e8xc10). A
// text tracing a complete path of a legal move is that move; otherwise its
// squares must be the origin, some landing squares in order, and the
// destination of exactly one legal move (records skip squares). Errors say
// whether the text is malformed, fits no legal move, or fits several (and
// list them).
func (p *Position) ParseMove(text string) (Move, error) {
	if strings.Contains(text, ",") {
		return p.parsePlacement(text)
	}
	if p.InTreePhase() {
		return NullMove, fmt.Errorf("illegal move %q: %s places its trees first, three squares joined by commas such as C2,D2,I2 (V10)", text, p.Side)
	}
	squares, err := p.geo().parseSquareList(text)
	if err != nil {
		return NullMove, err
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	from, to := squares[0], squares[len(squares)-1]
	if _, ok := p.moverAt(from); !ok {
		return NullMove, fmt.Errorf("illegal move %q: no %s piece on %s", text, p.Side, from)
	}
	if m, ok := p.tracePath(squares); ok && ml.Contains(m) {
		return m, nil
	}
	var candidates, fits []Move
	for _, m := range ml.Slice() {
		if m.From == from && m.To == to {
			candidates = append(candidates, m)
			if p.routeFits(m, squares[1:len(squares)-1]) {
				fits = append(fits, m)
			}
		}
	}
	switch {
	case len(fits) == 1:
		return fits[0], nil
	case len(fits) > 1:
		names := make([]string, len(fits))
		for i, m := range fits {
			names[i] = p.MoveText(m)
		}
		return NullMove, fmt.Errorf("ambiguous move %q: it fits %d legal moves: %s", text, len(fits), strings.Join(names, ", "))
	case len(candidates) > 0:
		return NullMove, fmt.Errorf("illegal move %q: no legal route from %s to %s passes through those squares", text, from, to)
	}
	why := ""
	if ml.N == 0 {
		why = " (the side to move has no legal move)"
	} else if ml.Moves[0].IsCapture() {
		why = " (a capture is compulsory, R11)"
	} else if castle := p.geo().Castle[p.Side]; p.Pieces[p.Side].Intersects(castle) && !castle.Has(from) {
		why = " (the piece in its own castle must move out, R12)"
	}
	return NullMove, fmt.Errorf("illegal move %q: %s has no legal move from %s to %s%s", text, p.Side, from, to, why)
}

// parseSquareList splits a move text into its squares.
func (geo *Geometry) parseSquareList(text string) ([]Square, error) {
	t := strings.ToUpper(strings.TrimSpace(text))
	if t == "" {
		return nil, fmt.Errorf("empty move text")
	}
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == '-' || r == 'X' || r == '^' })
	if strings.Count(t, "-")+strings.Count(t, "X")+strings.Count(t, "^") != len(parts)-1 || len(parts) < 2 {
		return nil, fmt.Errorf("bad move text %q: want squares joined by - or x, such as E6-E8 or F6-F8-H8xH10xJ12", text)
	}
	squares := make([]Square, len(parts))
	for i, part := range parts {
		s, err := geo.ParseSquare(part)
		if err != nil {
			return nil, fmt.Errorf("bad move text %q: %v", text, err)
		}
		squares[i] = s
	}
	return squares, nil
}

// tracePath reads squares as a complete path: a plain step, or leaps each
// over a friendly piece (canter) or an enemy piece (jump, captured at once),
// canters before jumps and only a Knight mixing the two (R6–R9), no canter
// into the own castle, nothing after the opponent's castle, and for a
// Knight's pure canter no landing square that offers a jump (R10). It
// returns the move the path makes; whether that move is legal is for the
// caller to check.
func (p *Position) tracePath(squares []Square) (Move, bool) {
	mv, ok := p.moverAt(squares[0])
	if !ok {
		return NullMove, false
	}
	m := Move{From: squares[0], To: squares[len(squares)-1]}
	if len(squares) == 2 && mv.geo.Adjacent[m.From].Has(m.To) {
		return m, true
	}
	enemy, empty := mv.enemy, mv.empty
	cantered := false
	for i := 1; i < len(squares); i++ {
		a, b := squares[i-1], squares[i]
		if mv.oppCastle.Has(a) && i > 1 {
			return NullMove, false // landing in the opponent's castle ends the move (R7, R8)
		}
		over := NoSquare
		for d := Direction(0); d < NumDirections; d++ {
			if mv.geo.Beyond[a][d] == b {
				over = mv.geo.Neighbor[a][d]
			}
		}
		switch {
		case over == NoSquare || !empty.Has(b):
			return NullMove, false
		case mv.own.Has(over):
			if !m.Captured.IsEmpty() || mv.ownCastle.Has(b) { // R9 order; R7 own castle
				return NullMove, false
			}
			cantered = true
		case enemy.Has(over):
			if cantered && !mv.knight {
				return NullMove, false
			}
			enemy.Clear(over)
			empty.Set(over)
			m.Captured.Set(over)
		default:
			return NullMove, false
		}
	}
	if mv.knight && cantered && m.Captured.IsEmpty() { // R10: the route itself must be allowed
		landings := squares[1:]
		if !mv.r10() {
			landings = landings[len(landings)-1:] // V14.1: the final landing alone
		}
		for _, s := range landings {
			if mv.geo.canJumpFrom(s, mv.enemy, mv.empty, mv.oppCastle) {
				return NullMove, false
			}
		}
	}
	return m, true
}

// routeFits reports whether some legal route of m lands, in order, on all
// of the waypoints (the squares between origin and destination).
func (p *Position) routeFits(m Move, waypoints []Square) bool {
	mv, ok := p.moverAt(m.From)
	if !ok {
		return false
	}
	if m.Captured.IsEmpty() {
		if mv.geo.Adjacent[m.From].Has(m.To) {
			return len(waypoints) == 0
		}
		end, ok := mv.canterChain(m.From, waypoints, mv.r10())
		return ok && mv.reachAfterCanter(end, mv.r10()).Has(m.To)
	}
	for split := 0; split <= len(waypoints); split++ {
		canterPart, jumpPart := waypoints[:split], waypoints[split:]
		var starts Bitboard
		if split == 0 {
			starts.Set(m.From)
			if mv.knight {
				starts = starts.Or(mv.reachAfterCanter(m.From, false))
			}
		} else {
			if !mv.knight {
				break
			}
			end, ok := mv.canterChain(m.From, canterPart, false)
			if !ok {
				continue
			}
			starts = mv.reachAfterCanter(end, false)
			starts.Set(end)
		}
		for starts = starts.AndNot(mv.oppCastle); !starts.IsEmpty(); {
			if mv.jumpsFit(starts.PopFirst(), m, jumpPart) {
				return true
			}
		}
	}
	return false
}

// canterChain checks that canters can lead from s through each waypoint in
// turn, and returns the last one.
func (mv *mover) canterChain(s Square, waypoints []Square, r10 bool) (Square, bool) {
	for _, w := range waypoints {
		if !mv.reachAfterCanter(s, r10).Has(w) {
			return NoSquare, false
		}
		s = w
	}
	return s, true
}

// jumpsFit reports whether a jump route from s makes m and lands on the
// waypoints in order before its destination.
func (mv *mover) jumpsFit(s Square, m Move, waypoints []Square) bool {
	fit := false
	mv.jumpRoutes([]Square{s}, mv.enemy, mv.empty, Bitboard{}, func(r []Square, c Bitboard) bool {
		if r[len(r)-1] == m.To && c == m.Captured && isSubsequence(waypoints, r[1:len(r)-1]) {
			fit = true
		}
		return !fit
	})
	return fit
}

func isSubsequence(sub, seq []Square) bool {
	i := 0
	for _, s := range seq {
		if i < len(sub) && sub[i] == s {
			i++
		}
	}
	return i == len(sub)
}
