package movegen

import (
	"fmt"
	"github.com/camelot-engine/camelot/game"
	"strconv"
	"strings"
)

// ParseCFEN reads a Camelot position in CFEN (R5). Fields 3–5 may be
// omitted (defaults "0/0 0 1"). Every error names the field that is wrong.
func ParseCFEN(text string) (Position, error) { return ParseCFENOf(Camelot, text) }

// ParseCFENOf reads a position of variant v in CFEN, on v's board (R5, V6).
// Fields 3–5 may be omitted (defaults "0/0 0 1"). Every error names the
// field that is wrong, and the rank where the board is.
func ParseCFENOf(v Variant, text string) (Position, error) {
	if err := checkVariant(v); err != nil {
		return Position{}, err
	}
	p := Position{Variant: v}
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return p, fmt.Errorf("CFEN: want 2 to 5 fields (board, side, castle moves, plies, move number), got %d", len(fields))
	}
	if len(fields) > 5 {
		return p, fmt.Errorf("CFEN: want at most 5 fields, got %d", len(fields))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return Position{}, fmt.Errorf("CFEN field 1 (board): %v", err)
	}
	switch fields[1] {
	case "w":
		p.Side = White
	case "b":
		p.Side = Black
	default:
		return Position{}, fmt.Errorf("CFEN field 2 (side to move): want w or b, got %q", fields[1])
	}
	if err := p.checkTreePhase(); err != nil {
		return Position{}, err
	}
	p.MoveNumber = 1
	if len(fields) > 2 {
		wb := strings.Split(fields[2], "/")
		if len(wb) != 2 {
			return Position{}, fmt.Errorf("CFEN field 3 (castle moves): want W/B such as 0/1, got %q", fields[2])
		}
		for c, t := range wb {
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n > 2 || len(t) != 1 {
				return Position{}, fmt.Errorf("CFEN field 3 (castle moves): each count must be 0, 1 or 2, got %q", fields[2])
			}
			p.CastleMoves[c] = uint8(n)
		}
		if p.geo().end == game.Misere && p.CastleMoves != [2]uint8{} {
			return Position{}, fmt.Errorf("CFEN field 3 (castle moves): castle moves cannot arise in %s (V11), so it is always 0/0, got %q", v.Title(), fields[2])
		}
		if p.geo().castleWin == 1 && p.CastleMoves != [2]uint8{} {
			return Position{}, fmt.Errorf("CFEN field 3 (castle moves): %s has one-square castles, so it is always 0/0 (V6), got %q", v.Title(), fields[2])
		}
	}
	if len(fields) > 3 {
		n, err := parseCount(fields[3], 0, 1<<20)
		if err != nil {
			return Position{}, fmt.Errorf("CFEN field 4 (plies since capture or castle entry): %v", err)
		}
		p.Plies = n
	}
	if len(fields) > 4 {
		n, err := parseCount(fields[4], 1, 1<<20)
		if err != nil {
			return Position{}, fmt.Errorf("CFEN field 5 (move number): %v", err)
		}
		p.MoveNumber = n
	}
	p.Key = p.computeKey()
	return p, nil
}

func parseCount(t string, lo, hi int) (int, error) {
	for _, ch := range t {
		if ch < '0' || ch > '9' {
			return 0, fmt.Errorf("want a whole number, got %q", t)
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a whole number from %d to %d, got %q", lo, hi, t)
	}
	return n, nil
}

func (p *Position) parseBoard(text string) error {
	geo, spec := p.geo(), p.Variant.Spec()
	ranks := strings.Split(text, "/")
	if len(ranks) != len(spec.RankSpans) {
		return fmt.Errorf("want %d ranks separated by '/', got %d", len(spec.RankSpans), len(ranks))
	}
	var knights, men [2]int
	var treeRank [2]int // the rank of each side's first tree, for messages
	for i, rt := range ranks {
		r := len(ranks) - 1 - i // the highest rank comes first
		lo := spec.RankSpans[r][0]
		width := spec.RankSpans[r][1] - lo + 1
		f := lo
		for j := 0; j < len(rt); {
			ch := rt[j]
			if ch >= '0' && ch <= '9' {
				k := j
				for k < len(rt) && rt[k] >= '0' && rt[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(rt[j:k])
				if n < 1 || n > spec.Files || rt[j] == '0' {
					return fmt.Errorf("rank %d: empty-square count %q must be 1 to %d", r+1, rt[j:k], spec.Files)
				}
				f += n
				j = k
				if f-lo > width {
					return fmt.Errorf("rank %d: more than %d squares", r+1, width)
				}
				continue
			}
			if f-lo >= width && (ch == 't' || ch == 'N' || ch == 'M' || ch == 'n' || ch == 'm') {
				return fmt.Errorf("rank %d: more than %d squares", r+1, width)
			}
			var pc Piece
			switch ch {
			case 't':
				if err := p.putTree(geo, r, f, &treeRank); err != nil {
					return err
				}
				f++
				j++
				continue
			case 'N':
				pc = WhiteKnight
			case 'M':
				pc = WhiteMan
			case 'n':
				pc = BlackKnight
			case 'm':
				pc = BlackMan
			default:
				return fmt.Errorf("rank %d: unexpected character %q (want N, M, n, m, t or a number)", r+1, ch)
			}
			s := geo.squareAt[r][f]
			if geo.River.Has(s) {
				return fmt.Errorf("rank %d: a piece on %s, a river square (V9)", r+1, s)
			}
			p.put(s, pc)
			if pc.Kind() == Knight {
				knights[pc.Color()]++
			} else {
				men[pc.Color()]++
			}
			f++
			j++
		}
		if f-lo != width {
			return fmt.Errorf("rank %d: has %d squares, want %d", r+1, f-lo, width)
		}
	}
	for c := White; c <= Black; c++ {
		if knights[c] > spec.Knights {
			return fmt.Errorf("%s has %d Knights, at most %d allowed", c, knights[c], spec.Knights)
		}
		if men[c] > spec.Men {
			return fmt.Errorf("%s has %d Men, at most %d allowed", c, men[c], spec.Men)
		}
		if p.Pieces[c].And(geo.Castle[c]).Count() > 1 {
			return fmt.Errorf("%s has two pieces in its own castle (R12 allows at most one)", c)
		}
		if n := p.Trees.And(geo.TreeSquares[c]).Count(); n != 0 && n != 3 {
			return fmt.Errorf("rank %d: %s has %d trees on its tree squares, want 0 or 3 (V9)", treeRank[c], c, n)
		}
	}
	return nil
}

// putTree places a tree read from CFEN on file f of rank r (0-based),
// refusing one off the side's tree squares or on a river square (V9).
func (p *Position) putTree(geo *Geometry, r, f int, firstRank *[2]int) error {
	s := geo.squareAt[r][f]
	switch {
	case !geo.hasTrees:
		return fmt.Errorf("rank %d: a tree on %s, but %s has no trees (V9)", r+1, s, p.Variant.Title())
	case geo.River.Has(s):
		return fmt.Errorf("rank %d: a tree on %s, a river square (V9)", r+1, s)
	}
	for c := White; c <= Black; c++ {
		if geo.TreeSquares[c].Has(s) {
			if firstRank[c] == 0 {
				firstRank[c] = r + 1
			}
			p.Trees.Set(s)
			return nil
		}
	}
	return fmt.Errorf("rank %d: a tree on %s, which is neither side's tree square (V9)", r+1, s)
}

// checkTreePhase refuses the tree counts that no game reaches (V10):
// Black to move with no White tree, or White to move with three White
// trees and no Black tree.
func (p *Position) checkTreePhase() error {
	geo := p.geo()
	if !geo.hasTrees {
		return nil
	}
	white := p.Trees.Intersects(geo.TreeSquares[White])
	black := p.Trees.Intersects(geo.TreeSquares[Black])
	switch {
	case p.Side == Black && !white:
		return fmt.Errorf("CFEN: Black to move but White has placed no trees; White places first (V10)")
	case p.Side == White && white && !black:
		return fmt.Errorf("CFEN: White to move with White's trees placed but not Black's; Black places next (V10)")
	}
	return nil
}

// CFEN returns the position in canonical CFEN, all five fields (R5).
func (p *Position) CFEN() string {
	var sb strings.Builder
	geo, spec := p.geo(), p.Variant.Spec()
	for r := len(spec.RankSpans) - 1; r >= 0; r-- {
		empty := 0
		for f := spec.RankSpans[r][0]; f <= spec.RankSpans[r][1]; f++ {
			pc := p.PieceAt(geo.squareAt[r][f]) // a river square is always empty (V9)
			if pc == Empty {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(pc.Letter())
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	side := "w"
	if p.Side == Black {
		side = "b"
	}
	fmt.Fprintf(&sb, " %s %d/%d %d %d", side, p.CastleMoves[White], p.CastleMoves[Black], p.Plies, p.MoveNumber)
	return sb.String()
}

// String returns the CFEN of p.
func (p Position) String() string { return p.CFEN() }
