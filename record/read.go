package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/camelot-engine/camelot/game"
)

// ErrNoGame is ReadAll's error for input that holds no game, neither good
// nor malformed: nothing, or only prose and comments.
var ErrNoGame = errors.New("no game found")

// Error is malformed input: which game (1 for the first game of the input;
// 0 for a file of CFEN lines, which has no games), which line (from 1), and
// what is wrong.
type Error struct {
	Game int
	Line int
	Msg  string
	// Err is the cause Msg was made from, if any (errors.Is sees through
	// the Error to it: ErrVariantNotSupported, for one).
	Err error
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	if e.Game > 0 {
		return fmt.Sprintf("record: game %d, line %d: %s", e.Game, e.Line, e.Msg)
	}
	return fmt.Sprintf("record: line %d: %s", e.Line, e.Msg)
}

// Read reads all the games of r. Each move is read in the position where it
// is played (R3), so every game returned is legal from its start to its
// end, and its Result agrees with the final position when the rules have
// decided the game (R14–R16). A malformed game stops the reading: Read then
// returns the games before it and an *Error (or the error of r).
func Read(r io.Reader) ([]*Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if IsAbstractPlay(data) {
		g, err := readAbstractPlay(data)
		if err != nil {
			return nil, err
		}
		return []*Game{g}, nil
	}
	p := parser{src: bytes.TrimPrefix(data, []byte("\uFEFF")), line: 1}
	var games []*Game
	for {
		g, err := p.game()
		if err != nil {
			return games, err
		}
		if g == nil {
			return games, nil
		}
		games = append(games, g)
	}
}

// ReadAll reads all the games of r, going on after a malformed game: it
// returns the games read and an *Error for each game it had to skip. After
// an error the reader skips to the next line that starts a tag section
// ("["), so a malformed game costs that game only (a file of games
// without tags loses the rest of the file). An error reading r itself is
// returned as err, and so is ErrNoGame when r holds no game at all.
func ReadAll(r io.Reader) (games []*Game, bad []*Error, err error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	if IsAbstractPlay(data) {
		g, err := readAbstractPlay(data)
		if err != nil {
			return nil, []*Error{err}, nil
		}
		return []*Game{g}, nil, nil
	}
	p := parser{src: bytes.TrimPrefix(data, []byte("\uFEFF")), line: 1}
	for {
		g, err := p.game()
		if err != nil {
			bad = append(bad, err.(*Error))
			p.resync()
			continue
		}
		if g == nil {
			if len(games) == 0 && len(bad) == 0 {
				return nil, nil, ErrNoGame
			}
			return games, bad, nil
		}
		games = append(games, g)
	}
}

// resync moves to the start of the next line beginning with "[", or to the
// end of the input.
func (p *parser) resync() {
	for p.i < len(p.src) {
		c := p.src[p.i]
		p.i++
		if c == '\n' {
			p.line++
			if p.i < len(p.src) && p.src[p.i] == '[' {
				return
			}
		}
	}
}

// parser reads games from src; i is the read offset and line its line.
type parser struct {
	src  []byte
	i    int
	line int
	num  int // number of the game being read
}

func (p *parser) errorf(line int, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &Error{Game: p.num, Line: line, Msg: err.Error(), Err: errors.Unwrap(err)}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// isDelim reports whether c ends a movetext token.
func isDelim(c byte) bool {
	return isSpace(c) || strings.IndexByte(`{}[]();"`, c) >= 0
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// skip moves past white space and "%" escape lines.
func (p *parser) skip() {
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch n := blankAt(p.src, p.i); {
		case c == '\n':
			p.line++
			p.i++
		case n > 0:
			p.i += n
		case c == '%' && p.atLineStart():
			p.skipLine()
		default:
			return
		}
	}
}

// atLineStart reports whether p.i is the first byte of a line.
func (p *parser) atLineStart() bool {
	return p.i == 0 || p.src[p.i-1] == '\n'
}

// skipLine moves to the end of the line, before its newline.
func (p *parser) skipLine() {
	if k := bytes.IndexByte(p.src[p.i:], '\n'); k >= 0 {
		p.i += k
	} else {
		p.i = len(p.src)
	}
}

// gameState is a game being read.
type gameState struct {
	tags     []Tag
	tagLines map[string]int
	g        *Game      // made at the first movetext token
	mg       *game.Game // the main line so far
	wcf      bool       // the game began with "# Name: value" lines (a WCF move list)
	lines    []line     // the main line, then the variations being read
	// proseTags come from prose header lines ("White: … Black: …"); a
	// tag pair or WCF header of the same name wins over them.
	proseTags []Tag
	// perLine: the game's first move stands alone on its line
	// ("1.D6-F8"), as pages that annotate a game move by move give it;
	// lines of other text between its move lines are then annotations,
	// skipped.
	perLine bool
}

// line is a line of moves being read: the main line or a variation.
type line struct {
	mg    *game.Game // the position after its moves so far
	moves *[]Move
	open  int // the source line of its "(", for errors
}

// top returns the line being read.
func (st *gameState) top() *line { return &st.lines[len(st.lines)-1] }

// lastMove returns the last move of the line being read, or nil.
func (st *gameState) lastMove() *Move {
	if st.g == nil {
		return nil
	}
	ms := *st.top().moves
	if len(ms) == 0 {
		return nil
	}
	return &ms[len(ms)-1]
}

// game reads the next game; it returns nil at the end of the input.
func (p *parser) game() (*Game, error) {
	p.num++
	st := gameState{tagLines: map[string]int{}}
	started := false // a tag or a movetext token has been seen
	last := p.line   // line of the last tag, token or comment
	for {
		lineBefore := p.line
		p.skip()
		if p.i >= len(p.src) {
			if !started {
				return nil, nil
			}
			return p.stop(&st, last)
		}
		line := p.line
		header := p.src[p.i] == '#' && p.atLineStart()
		switch {
		case st.g == nil && !header && isProse(p.src[p.i:], started):
			// Before the movetext, or after the last game's result.
			p.proseLine(&st)
			continue
		case st.perLine && st.g != nil && p.line > lineBefore && !header && !p.tagLine() && !movetextLine(p.restOfLine()):
			// An annotation between the move lines of a game written
			// one move a line, as a page that comments it move by move.
			p.skipLine()
			continue
		case st.wcf && st.g != nil && p.line > lineBefore && !isDigit(p.src[p.i]) && isProse(p.src[p.i:], true):
			// A WCF move list has no result token: prose after its
			// moves ends it.
			return p.stop(&st, last)
		}
		switch c := p.src[p.i]; c {
		case '#':
			if !header {
				return nil, p.errorf(line, `unexpected "#" (a header line of a WCF move list starts a line)`)
			}
			if st.g != nil {
				return p.stop(&st, last) // the next game's header: this one ends here
			}
			// A "# Name: value" line starts a WCF move list; other "#"
			// lines are comments.
			if t, ok := p.headerLine(); ok {
				t.Name = tagName(t.Name)
				if _, dup := st.tagLines[t.Name]; dup {
					return nil, p.errorf(line, "header %s given twice (first on line %d)", t.Name, st.tagLines[t.Name])
				}
				started, last, st.wcf = true, line, true
				st.tagLines[t.Name] = line
				st.tags = append(st.tags, t)
			}
		case '[':
			last = line
			if st.g != nil {
				if !p.tagLine() {
					return nil, p.errorf(line, "a tag inside the movetext: want the result token (%s) first, and the next game's tags on lines of their own", wantResult)
				}
				return p.stop(&st, last) // the next game's tags: this one ends here
			}
			started = true
			t, err := p.tag()
			if err != nil {
				return nil, err
			}
			t.Name = tagName(t.Name)
			if _, dup := st.tagLines[t.Name]; dup {
				return nil, p.errorf(line, "tag %s given twice (first on line %d)", t.Name, st.tagLines[t.Name])
			}
			st.tagLines[t.Name] = line
			st.tags = append(st.tags, t)
		case '{':
			text, err := p.comment()
			if err != nil {
				return nil, err
			}
			last = p.line
			// A comment belongs to the move before it; one before the
			// first move of a game or variation has no place and is
			// skipped.
			if m := st.lastMove(); m != nil {
				m.Comment = joinComments(m.Comment, text)
			}
		case ';':
			p.skipLine()
		case '(':
			p.i++
			last = line
			if err := p.openVariation(&st, line); err != nil {
				return nil, err
			}
		case ')':
			p.i++
			last = line
			if err := p.closeVariation(&st, line); err != nil {
				return nil, err
			}
		case ']', '}', '"':
			return nil, p.errorf(line, "unexpected %q", c)
		default:
			if !st.perLine && st.lastMove() == nil && len(st.lines) <= 1 && p.firstOnLine() && oneMoveLine(p.restOfLine()) {
				st.perLine = true // the first move stands alone on its line
			}
			started, last = true, line
			start := p.i
			for p.i < len(p.src) && !delimAt(p.src, p.i) {
				p.i++
			}
			done, err := p.token(&st, string(p.src[start:p.i]), line)
			if err != nil {
				return nil, err
			}
			if done {
				return st.g, nil
			}
		}
	}
}

// tagName spells the name of the Variant tag, which is read in any case
// (V8), as Variant; other names are kept as written.
func tagName(name string) string {
	if strings.EqualFold(name, variantTag) {
		return variantTag
	}
	return name
}

// joinComments appends the text of a comment to a move's comment, which is
// in normal form already: normalising only the new text keeps a move with
// many comments linear to read.
func joinComments(comment, text string) string {
	text = normalComment(text)
	if comment == "" || text == "" {
		return comment + text
	}
	return comment + " " + text
}

// headerLine reads a "# Name: value" line of a WCF move list as a tag;
// a "#" line of another form is a comment.
func (p *parser) headerLine() (Tag, bool) {
	start := p.i
	p.skipLine()
	text := strings.TrimSpace(string(p.src[start+1 : p.i]))
	name, value, ok := strings.Cut(text, ":")
	if !ok || !validTagName(name) || strings.ContainsAny(value, "\r\n") {
		return Tag{}, false
	}
	return Tag{name, strings.TrimSpace(value)}, true
}

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

func tagOrHeader(wcf bool) string {
	if wcf {
		return "header"
	}
	return "tag"
}

// tagLine reports whether a tag at p.i starts its line: only such a tag
// may end a game without a result token and start the next.
func (p *parser) tagLine() bool {
	return p.src[p.i] == '[' && p.firstOnLine()
}

// firstOnLine reports whether only blanks stand before p.i on its line. It
// looks back over blanks only, so asking at every token of a long line
// costs little.
func (p *parser) firstOnLine() bool {
	for k := p.i; k > 0; {
		if p.src[k-1] == '\n' {
			return true
		}
		_, n := utf8.DecodeLastRune(p.src[:k])
		if blankAt(p.src, k-n) != n {
			return false
		}
		k -= n
	}
	return true
}

// tag reads a tag pair [Name "Value"], which must stand on one line.
func (p *parser) tag() (Tag, error) {
	line := p.line
	p.i++ // '['
	blanks := func() {
		for p.i < len(p.src) && blankAt(p.src, p.i) > 0 {
			p.i += blankAt(p.src, p.i)
		}
	}
	atEOL := func() bool { return p.i >= len(p.src) || p.src[p.i] == '\n' }
	blanks()
	start := p.i
	for p.i < len(p.src) && isNameByte(p.src[p.i]) {
		p.i++
	}
	name := string(p.src[start:p.i])
	space := func() bool { return isSpace(p.src[p.i]) || blankAt(p.src, p.i) > 0 }
	if p.i < len(p.src) && !space() && p.src[p.i] != '"' {
		for p.i < len(p.src) && !space() && p.src[p.i] != '"' && p.src[p.i] != ']' {
			p.i++
		}
		return Tag{}, p.errorf(line, "bad tag name %q: want letters, digits and _", p.src[start:p.i])
	}
	if name == "" {
		if atEOL() {
			return Tag{}, p.errorf(line, `unterminated tag: "[" with nothing after it on its line`)
		}
		return Tag{}, p.errorf(line, `bad tag: want [Name "value"] with a name of letters, digits and _`)
	}
	blanks()
	if atEOL() {
		return Tag{}, p.errorf(line, `unterminated tag %s: the line ends before its value and "]"`, name)
	}
	if p.src[p.i] != '"' {
		return Tag{}, p.errorf(line, `tag %s: the value must be in double quotes, as in [%s "value"]`, name, name)
	}
	p.i++
	var v []byte
	for {
		if atEOL() {
			return Tag{}, p.errorf(line, `unterminated value of tag %s: no closing '"' on its line`, name)
		}
		c := p.src[p.i]
		p.i++
		if c == '"' {
			break
		}
		if c == '\\' && p.i < len(p.src) && (p.src[p.i] == '"' || p.src[p.i] == '\\') {
			c = p.src[p.i]
			p.i++
		}
		v = append(v, c)
	}
	blanks()
	if atEOL() || p.src[p.i] != ']' {
		return Tag{}, p.errorf(line, `unterminated tag %s: no "]" after its value`, name)
	}
	p.i++
	return Tag{name, string(v)}, nil
}

// comment reads a {comment}, which may span lines, and returns its text.
func (p *parser) comment() (string, error) {
	k := bytes.IndexByte(p.src[p.i:], '}')
	if k < 0 {
		return "", p.errorf(p.line, `unterminated comment: "{" without a closing "}"`)
	}
	text := p.src[p.i+1 : p.i+k]
	p.line += bytes.Count(text, []byte{'\n'})
	p.i += k + 1
	return string(text), nil
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
// (V8), from the position of its CFEN tag or the variant's start, on the
// board of its variant (see board).
func (p *parser) begin(st *gameState) error {
	v, cfen := Camelot, ""
	for _, t := range st.tags {
		switch t.Name {
		case variantTag:
			var err error
			if v, err = ParseVariant(t.Value); err != nil {
				return p.errorf(st.tagLines[variantTag], "tag %s: %v", variantTag, err)
			}
		case cfenTag:
			cfen = t.Value
		}
	}
	st.g = &Game{Variant: v}
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
// (result for the Result tag), the Variant tag when v is not Camelot (V8),
// the CFEN tag when cfen is not "", then the other tags in their order.
func normalTags(tags []Tag, v Variant, cfen, result string) []Tag {
	out := make([]Tag, 0, len(roster)+1+len(tags))
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
	if v != Camelot {
		out = append(out, Tag{variantTag, v.Title()})
	}
	if cfen != "" {
		out = append(out, Tag{cfenTag, cfen})
	}
	for _, t := range tags {
		if !inRoster(t.Name) && t.Name != cfenTag && tagName(t.Name) != variantTag {
			out = append(out, t)
		}
	}
	return out
}
