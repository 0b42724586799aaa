package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
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
// decided the game (R14–R16, V14). A malformed game stops the reading: Read then
// returns the games before it and an *Error (or the error of r).
//
// Each game is played by the rule set of its Rules tag, or the WCF's when
// it has none; an AbstractPlay record (V13) by AbstractPlay's (V14).
func Read(r io.Reader) ([]*Game, error) { return read(r, readOptions{}) }

// ReadUnder is Read with every game played by the rule set rules (V14),
// whatever its Rules tag says and whatever kind of record it is: `camelot
// analyse -rules`. An AbstractPlay record (V13) read under the WCF's
// rules has DrawsAreClaims set, so that R16's automatic draws do not end
// it.
func ReadUnder(r io.Reader, rules game.Rules) ([]*Game, error) {
	return read(r, readOptions{force: true, rules: rules})
}

// readOptions say how to read: force makes every game's rule set rules.
type readOptions struct {
	force bool
	rules game.Rules
}

func read(r io.Reader, o readOptions) ([]*Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if IsAbstractPlay(data) {
		g, err := readAbstractPlay(data, o)
		if err != nil {
			return nil, err
		}
		return []*Game{g}, nil
	}
	p := parser{src: bytes.TrimPrefix(data, []byte("\uFEFF")), line: 1, opts: o}
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
// returned as err, and so is ErrNoGame when r holds no game at all. The
// rule sets are Read's.
func ReadAll(r io.Reader) (games []*Game, bad []*Error, err error) {
	return readAll(r, readOptions{})
}

// ReadAllUnder is ReadAll with every game played by the rule set rules, as
// ReadUnder.
func ReadAllUnder(r io.Reader, rules game.Rules) (games []*Game, bad []*Error, err error) {
	return readAll(r, readOptions{force: true, rules: rules})
}

func readAll(r io.Reader, o readOptions) (games []*Game, bad []*Error, err error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	if IsAbstractPlay(data) {
		g, err := readAbstractPlay(data, o)
		if err != nil {
			return nil, []*Error{err}, nil
		}
		return []*Game{g}, nil, nil
	}
	p := parser{src: bytes.TrimPrefix(data, []byte("\uFEFF")), line: 1, opts: o}
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
	opts readOptions
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

// tagName spells the names of the Variant and Rules tags, which are read
// in any case (V8, V14), as Variant and Rules; other names are kept as
// written.
func tagName(name string) string {
	switch {
	case strings.EqualFold(name, variantTag):
		return variantTag
	case strings.EqualFold(name, rulesTag):
		return rulesTag
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
