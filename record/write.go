package record

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/camelot-engine/camelot/game"
)

// lineWidth bounds the movetext lines Write prints; only a single word
// longer than that (a long comment word) makes a longer line.
const lineWidth = 80

// Write writes g followed by a blank line, so that records written one
// after the other form a file Read reads back. The tags come in the order
// of the package comment; the Result tag is the game's result, the Variant
// tag its variant (V8, written for every variant but Camelot), the Rules
// tag its rule set (V14, written for every rule set but the WCF's) and
// the CFEN tag its start position (tags of those names in Tags stand in
// only for an empty Result, a Variant of Camelot or of the WCF's rules, or
// a zero Start, see Game). The draw claim is written "draw". Every
// move is printed in canonical notation (the grid's MoveText, R3), whatever
// its Text; comments are kept, their white space collapsed.
//
// Write checks the game first and writes nothing if Read would reject the
// text: a move that is not legal in its place, a result that contradicts a
// final position the rules have decided, a result other than 1-0, 0-1,
// 1/2-1/2 or *, a tag name other than letters, digits and _, a tag given
// twice, a tag value with a newline, a comment containing "}", an unknown
// variant (a Variant beyond V1 is an error that wraps
// ErrVariantNotSupported) or rule set (a Rules tag of another value than
// V14's).
func Write(w io.Writer, g *Game) error {
	var b bytes.Buffer
	if err := g.write(&b); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

func (g *Game) write(b *bytes.Buffer) error {
	v, err := g.variant()
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	start, err := g.startPos(v)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	mg := game.NewGame(start)
	result := g.result()
	if !isResult(result) {
		return fmt.Errorf("record: bad result %q (want %s)", result, wantResult)
	}
	seen := map[string]bool{}
	for _, t := range g.Tags {
		switch {
		case !validTagName(t.Name):
			return fmt.Errorf("record: bad tag name %q: want letters, digits and _", t.Name)
		case seen[tagName(t.Name)]:
			return fmt.Errorf("record: tag %s given twice", t.Name)
		case strings.Contains(t.Value, "\n"):
			return fmt.Errorf("record: the value of tag %s has a newline", t.Name)
		}
		seen[tagName(t.Name)] = true
	}

	// The movetext, as units that are not split across lines.
	units, err := writeLine(nil, mg, g.Moves)
	if err != nil {
		return err
	}
	if o := mg.Outcome(); o.IsOver() && o.Result.String() != result {
		return fmt.Errorf("record: result %s, but the rules have decided the final position: %s", result, o)
	}
	units = append(units, result)

	for _, t := range normalTags(g.Tags, v, cfenOf(v, true, start), result) {
		fmt.Fprintf(b, "[%s \"%s\"]\n", t.Name, escapeValue(t.Value))
	}
	b.WriteByte('\n')
	n := 0 // length of the current line
	for _, u := range units {
		switch {
		case n == 0:
		case n+1+len(u) > lineWidth:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(u)
		n += len(u)
	}
	b.WriteString("\n\n")
	return nil
}

// writeLine appends the units of moves played on mg, with their glyphs,
// comments and variations (each from the position before its move). A
// line's first move is numbered, and so is a Black move after a variation.
func writeLine(units []string, mg *game.Game, moves []Move) ([]string, error) {
	number := true
	for _, m := range moves {
		pos := mg.Position()
		before := mg.Clone()
		if err := play(mg, m.Move); err != nil {
			return nil, fmt.Errorf("record: move %s: %v", moveLabel(&pos, m.writtenText()), err)
		}
		text := pos.MoveText(m.Move)
		unit := text
		if pos.Side() == game.White || number {
			unit = moveLabel(&pos, text)
		}
		number = false
		switch {
		case m.NAG == "":
			units = append(units, unit)
		case !validNAG(m.NAG):
			return nil, fmt.Errorf("record: move %s: bad annotation glyph %q", moveLabel(&pos, text), m.NAG)
		case m.NAG[0] == '$':
			units = append(units, unit, m.NAG)
		default:
			units = append(units, unit+m.NAG)
		}
		if c := normalComment(m.Comment); c != "" {
			if strings.Contains(c, "}") {
				return nil, fmt.Errorf(`record: the comment of move %s contains "}"`, moveLabel(&pos, text))
			}
			units = append(units, strings.Fields("{"+c+"}")...)
		}
		for _, v := range m.Variations {
			if len(v) == 0 {
				return nil, fmt.Errorf("record: move %s has an empty variation", moveLabel(&pos, text))
			}
			k := len(units)
			var err error
			if units, err = writeLine(units, before.Clone(), v); err != nil {
				return nil, err
			}
			units[k] = "(" + units[k] // a unit never starts with a space
			units[len(units)-1] += ")"
			number = true
		}
	}
	return units, nil
}

// escapeValue escapes a tag value: \ and " are preceded by a backslash.
func escapeValue(v string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
}
