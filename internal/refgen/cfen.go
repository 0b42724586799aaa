package refgen

import (
	"fmt"
	"strconv"
	"strings"
)

// StartCFEN is the starting position (R2) in CFEN (R5).
const StartCFEN = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1"

// position is a full game state as described by CFEN (R5).
type position struct {
	b       board
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

// parseCFEN parses a CFEN string (R5). Fields 3–5 may be omitted.
func parseCFEN(s string) (*position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 5 {
		return nil, fmt.Errorf("cfen: expected 2 to 5 fields, got %d", len(fields))
	}
	p := &position{moveNo: 1}

	// Field 1: board.
	rs := strings.Split(fields[0], "/")
	if len(rs) != numRanks {
		return nil, fmt.Errorf("cfen board field: expected %d ranks, got %d", numRanks, len(rs))
	}
	var knights, men [2]int
	var inOwn [2]int
	for i, text := range rs {
		r := numRanks - i
		lo, hi := rankSpan(r)
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
				if !ok || n < 1 || n > 12 {
					return nil, fmt.Errorf("cfen board field: rank %d: bad empty count %q", r, text[j:k])
				}
				f += n
				if f > hi+1 {
					return nil, fmt.Errorf("cfen board field: rank %d is too long", r)
				}
				j = k
			case ch == whiteMan || ch == whiteKnight || ch == blackMan || ch == blackKnight:
				if f > hi {
					return nil, fmt.Errorf("cfen board field: rank %d is too long", r)
				}
				sq := sqOf(f, r)
				p.b[sq] = ch
				c := black
				if isColor(ch, white) {
					c = white
				}
				if isKnight(ch) {
					knights[c]++
				} else {
					men[c]++
				}
				if ownCastle(c, sq) {
					inOwn[c]++
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
	for c, name := range []string{"White", "Black"} {
		if knights[c] > 4 {
			return nil, fmt.Errorf("cfen board field: %s has %d Knights (max 4)", name, knights[c])
		}
		if men[c] > 10 {
			return nil, fmt.Errorf("cfen board field: %s has %d Men (max 10)", name, men[c])
		}
		if inOwn[c] > 1 {
			return nil, fmt.Errorf("cfen board field: %s has %d pieces in its own castle", name, inOwn[c])
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

// String formats the position as canonical CFEN (R5).
func (p *position) String() string {
	var sb strings.Builder
	for r := numRanks; r >= 1; r-- {
		lo, hi := rankSpan(r)
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
