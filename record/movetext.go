package record

import (
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/game"
)

// stop ends a game whose movetext stops without a result token: a WCF
// move list, an unfinished game copied as it stands, a game from a page
// that gives one move a line. Its result is the Result tag (or "# Result:"
// header) when it has one, else the result the rules have decided for the
// final position (R14–R16), else "*", an unfinished game. A game needs a
// move for that (a WCF move list only its headers): tags alone, or an
// unclosed variation, are still an error.
func (p *parser) stop(st *gameState, line int) (*Game, error) {
	if len(st.lines) > 1 {
		return nil, p.errorf(line, "the variation opened on line %d is not closed", st.top().open)
	}
	if !st.wcf && (st.g == nil || len(st.g.Moves) == 0) {
		return nil, p.errorf(line, "the game does not end with a result token (want %s)", wantResult)
	}
	if st.g == nil {
		if err := p.begin(st); err != nil {
			return nil, err
		}
	}
	result := game.Ongoing.String()
	if st.mg != nil {
		if o := st.mg.Outcome(); o.IsOver() {
			result = o.Result.String()
		}
	}
	for _, t := range st.tags {
		if t.Name == "Result" {
			if !isResult(t.Value) {
				return nil, p.errorf(st.tagLines["Result"], "the game has no result token, and its Result %s %q is none of %s",
					tagOrHeader(st.wcf), t.Value, wantResult)
			}
			result = t.Value
		}
	}
	if err := p.finish(st, result, line); err != nil {
		return nil, err
	}
	return st.g, nil
}

// token handles one movetext token, as written (raw); done means it was
// the result token.
func (p *parser) token(st *gameState, raw string, line int) (done bool, err error) {
	if st.g == nil {
		if err := p.begin(st); err != nil {
			return false, err
		}
	}
	tok := asciiToken(raw)
	switch {
	case isResult(tok):
		if len(st.lines) > 1 {
			return false, p.errorf(line, "result %s inside the variation opened on line %d: want \")\" first", tok, st.top().open)
		}
		return true, p.finish(st, tok, line)
	case validNAG(tok):
		// A glyph standing alone belongs to the move before it.
		if m := st.lastMove(); m != nil {
			m.NAG = tok
		}
		return false, nil
	case len(tok) > 1 && tok[0] == '$' && allIn(tok[1:], "0123456789"):
		return false, p.errorf(line, "annotation glyph %s out of range (want $0 to $999)", tok)
	case allIn(tok, "."):
		return false, nil // "..." after a move number
	case isDigit(tok[0]):
		return false, p.number(st, tok, raw, line)
	case isLetter(tok[0]):
		return false, p.move(st, tok, line)
	}
	return false, p.badToken(raw, line)
}

func allIn(s, set string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) < 0 {
			return false
		}
	}
	return true
}

// badToken explains a token that is neither move, move number nor result:
// one made of digits and signs such as "2-0", "1:0" or "½-½" is taken for
// a result token.
func (p *parser) badToken(tok string, line int) error {
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; c < 0x80 && strings.IndexByte("0123456789-/+=:*.", c) < 0 {
			return p.errorf(line, "unexpected text %q", tok)
		}
	}
	return p.errorf(line, "unknown result token %q (want %s)", tok, wantResult)
}

// begin starts the movetext of a game of the variant of its Variant tag
// (V8) under the rule set of its Rules tag (V14; the one ReadUnder forces
// instead), from the position of its CFEN tag or the variant's start, on
// the board of its variant (see board).
func (p *parser) begin(st *gameState) error {
	v, rules, cfen := Camelot, game.WCF, ""
	for _, t := range st.tags {
		var err error
		switch t.Name {
		case variantTag:
			if v, err = ParseVariant(t.Value); err != nil {
				return p.errorf(st.tagLines[variantTag], "tag %s: %v", variantTag, err)
			}
		case rulesTag:
			if p.opts.force {
				continue // the reader's rule set wins
			}
			if rules, err = ParseRules(t.Value); err != nil {
				return p.errorf(st.tagLines[rulesTag], "tag %s: %v", rulesTag, err)
			}
		case cfenTag:
			cfen = t.Value
		}
	}
	if p.opts.force {
		rules = p.opts.rules
	}
	st.g = &Game{Variant: v.WithRules(rules)}
	st.lines = []line{{moves: &st.g.Moves}}
	return p.board(st, st.tagLines[cfenTag], cfen)
}

// board sets up the board of the game's variant (V8) at the position of
// the CFEN tag value cfen, or at the variant's start when cfen is "", if
// it is not set up yet; line is where the board is needed, for the error
// of a bad CFEN tag.
func (p *parser) board(st *gameState, line int, cfen string) error {
	if st.mg != nil {
		return nil
	}
	start, err := variantStart(st.g.Variant, cfen)
	if err != nil {
		return p.errorf(line, "%w", err)
	}
	st.g.Start = start
	st.mg = game.NewGame(start)
	st.lines[0].mg = st.mg
	return nil
}

// openVariation starts a variation: an alternative to the last move of
// the line being read, from the position before it.
func (p *parser) openVariation(st *gameState, srcLine int) error {
	if st.g == nil {
		if err := p.begin(st); err != nil {
			return err
		}
	}
	m := st.lastMove()
	if m == nil {
		return p.errorf(srcLine, `a variation "(" before any move it could replace`)
	}
	mg := st.top().mg.Clone()
	mg.Undo()
	m.Variations = append(m.Variations, nil)
	st.lines = append(st.lines, line{mg: mg, moves: &m.Variations[len(m.Variations)-1], open: srcLine})
	return nil
}

// closeVariation ends the variation being read.
func (p *parser) closeVariation(st *gameState, srcLine int) error {
	if len(st.lines) < 2 {
		return p.errorf(srcLine, `unexpected ")" outside a variation`)
	}
	if len(*st.top().moves) == 0 {
		return p.errorf(srcLine, "empty variation ( )")
	}
	st.lines = st.lines[:len(st.lines)-1]
	return nil
}

// number checks a move number such as "12.", "12..." or "12.E6-E8", and
// plays the move glued to it; raw is the token as written.
func (p *parser) number(st *gameState, tok, raw string, line int) error {
	k := 0
	for k < len(tok) && isDigit(tok[k]) {
		k++
	}
	dots := 0
	for k+dots < len(tok) && tok[k+dots] == '.' {
		dots++
	}
	digits, rest := tok[:k], tok[k+dots:]
	if rest != "" && (dots == 0 || !isLetter(rest[0])) {
		return p.badToken(raw, line)
	}
	if err := p.board(st, line, ""); err != nil {
		return err
	}
	pos := st.top().mg.Position()
	n, err := strconv.Atoi(digits)
	if err != nil || n != pos.MoveNumber() {
		return p.errorf(line, "move number %q, but the next move is %s (%s to move)",
			tok[:k+dots], moveNumber(&pos), pos.Side())
	}
	if dots >= 2 && pos.Side() == game.White {
		return p.errorf(line, "move number %q marks a black move, but white is to move", tok[:k+dots])
	}
	if rest != "" {
		return p.move(st, rest, line)
	}
	return nil
}

// move plays one move given in WCF notation, with its glyph if it has one.
func (p *parser) move(st *gameState, text string, line int) error {
	glyphs := 0
	for glyphs < len(text) && strings.IndexByte("?!", text[len(text)-1-glyphs]) >= 0 {
		glyphs++
	}
	nag := ""
	if glyphs <= 2 {
		text, nag = text[:len(text)-glyphs], text[len(text)-glyphs:]
	}
	if err := p.board(st, line, ""); err != nil {
		return err
	}
	l := st.top()
	pos := l.mg.Position()
	m, err := l.mg.PlayText(text)
	if err != nil {
		return p.errorf(line, "move %s: %v", moveLabel(&pos, text), err)
	}
	*l.moves = append(*l.moves, Move{Move: m, Text: text, NAG: nag})
	return nil
}

// finish ends the game with the result token and puts the tags in normal
// form (see Game).
func (p *parser) finish(st *gameState, result string, line int) error {
	for _, t := range st.tags {
		if t.Name == "Result" && t.Value != result {
			return p.errorf(line, "result %s, but the Result tag (line %d) says %q", result, st.tagLines["Result"], t.Value)
		}
	}
	if st.mg != nil {
		if o := st.mg.Outcome(); o.IsOver() && o.Result.String() != result {
			return p.errorf(line, "result %s, but the rules have decided the final position: %s", result, o)
		}
	}
	tags := st.tags
	for _, t := range st.proseTags {
		if !hasTag(tags, t.Name) {
			tags = append(tags, t)
		}
	}
	st.g.Result = result
	st.g.Tags = normalTags(tags, st.g.Variant, cfenOf(st.g.Variant, st.mg != nil, st.g.Start), result)
	return nil
}

// cfenOf returns the value of the CFEN tag of a game of variant v that
// starts at start: none ("") when the game has no board or starts from the
// variant's start position.
func cfenOf(v Variant, hasBoard bool, start game.Position) string {
	if !hasBoard {
		return ""
	}
	if s, err := variantStart(v, ""); err == nil && s.CFEN() == start.CFEN() {
		return ""
	}
	return start.CFEN()
}

// normalTags returns the tags in the order Write uses: the seven-tag roster
// (result for the Result tag), the Variant tag when v's game is not
// Camelot (V8), the Rules tag when v's rule set is not the WCF's (V14),
// the CFEN tag when cfen is not "", then the other tags in their order.
func normalTags(tags []Tag, v Variant, cfen, result string) []Tag {
	out := make([]Tag, 0, len(roster)+2+len(tags))
	for _, r := range roster {
		v := r.Value
		for _, t := range tags {
			if t.Name == r.Name {
				v = t.Value
			}
		}
		if r.Name == "Result" {
			v = result
		}
		out = append(out, Tag{r.Name, v})
	}
	if gameOf(v) != Camelot {
		out = append(out, Tag{variantTag, v.Title()})
	}
	if v.Rules() != game.WCF {
		out = append(out, Tag{rulesTag, v.Rules().Title()})
	}
	if cfen != "" {
		out = append(out, Tag{cfenTag, cfen})
	}
	for _, t := range tags {
		if n := tagName(t.Name); !inRoster(t.Name) && t.Name != cfenTag && n != variantTag && n != rulesTag {
			out = append(out, t)
		}
	}
	return out
}
