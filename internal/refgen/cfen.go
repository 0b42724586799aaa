package refgen

import (
	"fmt"
	"strconv"
	"strings"
)

// StartCFEN is the starting position (R2) in CFEN (R5).
const StartCFEN = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1"

// position is a full game state as described by CFEN (R5, V6, V9). River
// Camelot's trees stand on the board b as 't'.
type position struct {
	g       *geometry // the variant's board; nil means Camelot
	b       Board
	side    int    // white or black, to move
	castles [2]int // castle moves used so far, per side (R13)
	plies   int    // plies since last capture / move onto an opponent castle square
	moveNo  int    // move number, starts at 1, incremented after Black moves
}

// parseNat parses a non-negative decimal integer made only of digits.
func parseNat(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	return n, true
}

// geom returns the position's board, Camelot when unset.
func (p *position) geom() *geometry {
	if p.g == nil {
		return camelotGeom
	}
	return p.g
}

// parseCFEN parses a Camelot CFEN string (R5). Fields 3–5 may be omitted.
func parseCFEN(s string) (*position, error) { return parseCFENOn(camelotGeom, s) }

// parseCFENOn parses a CFEN string on board g (R5, V6): ranks from the
// highest down, each listing only its existing squares. Fields 3–5 may be
// omitted.
func parseCFENOn(g *geometry, s string) (*position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 5 {
		return nil, fmt.Errorf("cfen: expected 2 to 5 fields, got %d", len(fields))
	}
	p := &position{g: g, moveNo: 1}

	// Field 1: board.
	rs := strings.Split(fields[0], "/")
	if len(rs) != g.ranks {
		return nil, fmt.Errorf("cfen board field: expected %d ranks on the %s board, got %d", g.ranks, g.name, len(rs))
	}
	var knights, men [2]int
	var inOwn [2]int
	names := [2]string{"White", "Black"}
	var trees [2]int    // trees on each side's tree squares (V9)
	var lastTree [2]int // the rank of the last of them read

	for i, text := range rs {
		r := g.ranks - i
		lo, hi := g.rankSpan(r)
		f := lo
		for j := 0; j < len(text); {
			ch := text[j]
			switch {
			case ch >= '1' && ch <= '9':
				k := j
				for k < len(text) && text[k] >= '0' && text[k] <= '9' {
					k++
				}
				n, ok := parseNat(text[j:k])
				if !ok || n < 1 || n > g.files {
					return nil, fmt.Errorf("cfen board field: rank %d: bad empty count %q", r, text[j:k])
				}
				f += n
				if f > hi+1 {
					return nil, fmt.Errorf("cfen board field: rank %d is too long", r)
				}
				j = k
			case ch == tree && g.hasTrees:
				// V9: a tree stands on a tree square, at most 3 a side
				// (the count of 1 or 2 is checked below), never on the
				// river.
				if f > hi {
					return nil, fmt.Errorf("cfen board field: rank %d is too long", r)
				}
				sq := sqOf(f, r)
				if g.river[sq] {
					return nil, fmt.Errorf("cfen board field: rank %d: a tree on the river square %s", r, sqName(sq))
				}
				c := white
				if g.treeSq[black][sq] {
					c = black
				} else if !g.treeSq[white][sq] {
					return nil, fmt.Errorf("cfen board field: rank %d: a tree on %s, which is no tree square", r, sqName(sq))
				}
				trees[c]++
				lastTree[c] = r
				if trees[c] > 3 {
					return nil, fmt.Errorf("cfen board field: rank %d: %d trees on %s's tree squares, want 0 or 3", r, trees[c], names[c])
				}
				p.b[sq] = ch
				f++
				j++
			case ch == whiteMan || ch == whiteKnight || ch == blackMan || ch == blackKnight:
				if f > hi {
					return nil, fmt.Errorf("cfen board field: rank %d is too long", r)
				}
				sq := sqOf(f, r)
				if g.river[sq] { // V9: nothing stands on the river
					return nil, fmt.Errorf("cfen board field: rank %d: a piece on the river square %s", r, sqName(sq))
				}
				p.b[sq] = ch
				c := black
				if isColor(ch, white) {
					c = white
				}
				// R5, V6: no more Knights or Men than the variant starts
				// with, at most one piece in its own castle.
				if isKnight(ch) {
					knights[c]++
					if knights[c] > g.maxKnights {
						return nil, fmt.Errorf("cfen board field: rank %d: %s has %d Knights, more than the %d of the %s start", r, names[c], knights[c], g.maxKnights, g.name)
					}
				} else {
					men[c]++
					if men[c] > g.maxMen {
						return nil, fmt.Errorf("cfen board field: rank %d: %s has %d Men, more than the %d of the %s start", r, names[c], men[c], g.maxMen, g.name)
					}
				}
				if g.ownCastle(c, sq) {
					inOwn[c]++
					if inOwn[c] > 1 {
						return nil, fmt.Errorf("cfen board field: rank %d: %s has two pieces in its own castle", r, names[c])
					}
				}
				f++
				j++
			default:
				return nil, fmt.Errorf("cfen board field: rank %d: bad character %q", r, ch)
			}
		}
		if f != hi+1 {
			return nil, fmt.Errorf("cfen board field: rank %d has %d squares, want %d", r, f-lo, hi-lo+1)
		}
	}
	for c := range trees {
		if trees[c] != 0 && trees[c] != 3 { // V9
			return nil, fmt.Errorf("cfen board field: rank %d: %d tree(s) on %s's tree squares, want 0 or 3", lastTree[c], trees[c], names[c])
		}
	}

	// Field 2: side to move.
	switch fields[1] {
	case "w":
		p.side = white
	case "b":
		p.side = black
	default:
		return nil, fmt.Errorf("cfen side field: want w or b, got %q", fields[1])
	}
	// V10: White places its trees first, then Black, then the pieces
	// move. Black to move with no White tree, or White to move with its
	// trees placed but none of Black's, cannot arise.
	if g.hasTrees {
		switch {
		case p.side == black && trees[white] == 0:
			return nil, fmt.Errorf("cfen board field: Black to move, but no White tree on White's tree squares (%s); White places its trees first (V10)", g.treeRanks(white))
		case p.side == white && trees[white] == 3 && trees[black] == 0:
			return nil, fmt.Errorf("cfen board field: White to move with its trees placed, but no Black tree on Black's tree squares (%s); Black places its trees before White's first piece move (V10)", g.treeRanks(black))
		}
	}

	// Field 3: castle moves used, "W/B".
	if len(fields) >= 3 {
		parts := strings.Split(fields[2], "/")
		if len(parts) != 2 {
			return nil, fmt.Errorf("cfen castle-moves field: want W/B, got %q", fields[2])
		}
		for c := 0; c < 2; c++ {
			n, ok := parseNat(parts[c])
			if !ok || n > 2 {
				return nil, fmt.Errorf("cfen castle-moves field: bad count %q (want 0-2)", parts[c])
			}
			p.castles[c] = n
		}
		// V11: no castle moves arise in an Anti form: entering ends it.
		if g.misere && (p.castles[white] != 0 || p.castles[black] != 0) {
			return nil, fmt.Errorf("cfen castle-moves field: %q, but castle moves cannot arise in %s (want 0/0)", fields[2], g.name)
		}
		// V6: no castle moves arise on one-square castles (V4).
		if g.smallCastles() && (p.castles[white] != 0 || p.castles[black] != 0) {
			return nil, fmt.Errorf("cfen castle-moves field: %q, but the %s castles have one square (want 0/0)", fields[2], g.name)
		}
	}
	// Field 4: plies counter.
	if len(fields) >= 4 {
		n, ok := parseNat(fields[3])
		if !ok {
			return nil, fmt.Errorf("cfen plies field: bad number %q", fields[3])
		}
		p.plies = n
	}
	// Field 5: move number.
	if len(fields) >= 5 {
		n, ok := parseNat(fields[4])
		if !ok || n < 1 {
			return nil, fmt.Errorf("cfen move-number field: bad number %q", fields[4])
		}
		p.moveNo = n
	}
	return p, nil
}

// treeRanks names the ranks of side c's tree squares (V9): "ranks 2 to 9".
func (g *geometry) treeRanks(c int) string {
	sqs := g.treeSqs[c]
	return fmt.Sprintf("ranks %d to %d", rankOf(sqs[0]), rankOf(sqs[len(sqs)-1]))
}

// String formats the position as canonical CFEN (R5, V6).
func (p *position) String() string {
	g := p.geom()
	var sb strings.Builder
	for r := g.ranks; r >= 1; r-- {
		lo, hi := g.rankSpan(r)
		run := 0
		for f := lo; f <= hi; f++ {
			pc := p.b[sqOf(f, r)]
			if pc == empty {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(pc)
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		if r > 1 {
			sb.WriteByte('/')
		}
	}
	if p.side == white {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	fmt.Fprintf(&sb, "%d/%d %d %d", p.castles[white], p.castles[black], p.plies, p.moveNo)
	return sb.String()
}
