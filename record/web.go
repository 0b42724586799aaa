package record

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Records copied from web pages differ from typed ones in two ways, both
// read here: their characters (typographic dashes, ½, Unicode spaces), and
// the prose around them (a heading and a "White: … Black: …" line before
// the moves, a remark such as "(Black ?)" after the result, the rest of
// the page after the game).

// webReplacer spells the typographic forms of movetext in ASCII: dashes
// are the "-" of moves (R3) and results, ½ is the 1/2 of "1/2-1/2", and an
// ellipsis is the "..." of a Black move number.
var webReplacer = strings.NewReplacer(
	"\u2010", "-", // hyphen
	"\u2011", "-", // non-breaking hyphen
	"\u2012", "-", // figure dash
	"\u2013", "-", // en dash
	"\u2014", "-", // em dash
	"\u2212", "-", // minus sign
	"\u00BD", "1/2",
	"\u2026", "...",
)

// asciiToken returns a movetext token with its typographic forms in ASCII.
func asciiToken(tok string) string {
	for i := 0; i < len(tok); i++ {
		if tok[i] >= utf8.RuneSelf {
			return webReplacer.Replace(tok)
		}
	}
	return tok
}

// blankAt returns the length in bytes of the white space at src[i] other
// than a newline, or 0. Besides ASCII blanks it takes every Unicode space
// (no-break, em, thin, ideographic …) and the invisible zero-width space
// and byte-order mark that pages and joined files leave between words.
func blankAt(src []byte, i int) int {
	c := src[i]
	if c < utf8.RuneSelf {
		if c != '\n' && isSpace(c) {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRune(src[i:])
	if unicode.IsSpace(r) || r == '\u200B' || r == '\u2060' || r == '\uFEFF' {
		return n
	}
	return 0
}

// delimAt reports whether src[i] ends a movetext token.
func delimAt(src []byte, i int) bool {
	return isDelim(src[i]) || blankAt(src, i) > 0
}

// restOfLine returns the text from p.i to the end of its line.
func (p *parser) restOfLine() []byte {
	rest := p.src[p.i:]
	if k := bytes.IndexByte(rest, '\n'); k >= 0 {
		rest = rest[:k]
	}
	return rest
}

// nextWord returns the first movetext word of b, in ASCII, and the rest of
// b after it. Blanks before the word are skipped; a character that ends a
// token, such as "{", is a word of its own; "" is the end of the line.
func nextWord(b []byte) (word string, rest []byte) {
	i := 0
	for i < len(b) && blankAt(b, i) > 0 {
		i += blankAt(b, i)
	}
	if i == len(b) || b[i] == '\n' {
		return "", nil
	}
	if isDelim(b[i]) {
		return string(b[i]), b[i+1:]
	}
	start := i
	for i < len(b) && !delimAt(b, i) {
		i++
	}
	return asciiToken(string(b[start:i])), b[i:]
}

// isProse reports whether the line that text starts (text may go on past
// its end, which is read no further) is prose where a game's movetext
// could start: before its first move, or after the result of the game
// before on the same line.
//
// Movetext starts with a tag, a comment, a move (a square and a separator:
// E6-G8, also E6-E9, which is then an error), a move number before a move
// ("1. E6-G8", "1.E6-G8", "1." ending its line; "1. Z9-E8" is a wrong move
// rather than prose), or a result token or a word made like one ("2-0",
// "1/2"), which in a game without tags must stand alone or before more
// movetext, as "* an item" and "1-0 to White …" are prose. Everything else
// is prose: headings, sentences, numbered prose ("1. One space …"), a
// remark in parentheses such as "(Black ?)".
func isProse(text []byte, tagged bool) bool {
	i := 0
	for i < len(text) && (text[i] == '(' || text[i] == '"' || blankAt(text, i) > 0) {
		i += max(1, blankAt(text, i))
	}
	if i == len(text) || strings.IndexByte("\n[{;)]}", text[i]) >= 0 {
		return false
	}
	first, tail := nextWord(text[i:])
	next, tail := nextWord(tail)
	if looksLikeMove(first) {
		return false
	}
	k := 0
	for k < len(first) && isDigit(first[k]) {
		k++
	}
	dots := 0
	for k+dots < len(first) && first[k+dots] == '.' {
		dots++
	}
	if k > 0 {
		switch glued := first[k+dots:]; {
		case glued == "":
			return proseAfterNumber(dots > 0, next, tail)
		case dots > 0 && looksLikeMoveAnyFile(glued):
			return false // "12.E6-G8"
		}
	}
	if isResult(first) || looksLikeResult(first) {
		starts := next == "" || next == "{" || next == ";" || next == "[" || movetextWord(next)
		return !tagged && !starts
	}
	return true
}

// proseAfterNumber reports whether a line that starts with a number is
// prose, given the word after the number and the rest of the line: it is
// movetext when a move follows ("12. E6-G8", "12 E6-G8", "12. ... I11-G9"),
// or a comment, or when a number with dots ends the line.
func proseAfterNumber(dotted bool, next string, rest []byte) bool {
	for next != "" && allIn(next, ".") {
		next, rest = nextWord(rest)
	}
	switch next {
	case "":
		return !dotted
	case "{", ";", "[":
		return false
	}
	return !looksLikeMoveAnyFile(next)
}

// movetextWord reports whether a word is one of movetext: a move, a move
// number, a result token or a word made like one.
func movetextWord(w string) bool {
	if looksLikeMove(w) || isResult(w) || looksLikeResult(w) {
		return true
	}
	k := 0
	for k < len(w) && isDigit(w[k]) {
		k++
	}
	return k > 0 && k < len(w) && w[k] == '.'
}

// looksLikeMove reports whether a word starts as a move of WCF notation
// (R3) does: a file A-L, a rank number and a separator.
func looksLikeMove(w string) bool {
	return len(w) > 0 && ('A' <= w[0] && w[0] <= 'L' || 'a' <= w[0] && w[0] <= 'l') && looksLikeMoveAnyFile(w)
}

// looksLikeMoveAnyFile is looksLikeMove with any letter for the file, as
// a word after a move number is taken to be a move ("1. Z9-E8", then an
// error), where a word alone may be prose ("R14-R17").
func looksLikeMoveAnyFile(w string) bool {
	if len(w) < 3 || !isLetter(w[0]) || !isDigit(w[1]) {
		return false
	}
	k := 2
	if isDigit(w[k]) {
		k++
	}
	return k < len(w) && strings.IndexByte("-xX", w[k]) >= 0
}

// looksLikeResult reports whether a word is made like a result token:
// single digits joined by signs ("2-0", "1:0", "1/2", "1.2").
func looksLikeResult(w string) bool {
	digits, signs := 0, 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case isDigit(c):
			if i > 0 && isDigit(w[i-1]) {
				return false
			}
			digits++
		case strings.IndexByte("-/:=.", c) >= 0:
			signs++
		default:
			return false
		}
	}
	return digits > 0 && signs > 0
}

// proseTagNames are the tags a prose header line can give.
var proseTagNames = []string{"Event", "Site", "Date", "Round", "White", "Black"}

// proseTags reads a prose header line that starts with a tag name and a
// colon, as web pages print a game's players and event:
//
//	White: Michael Nolan Black: Dan Troyka Event: WCF Camelot World Championship, game 4; March 2009
//
// Each name of proseTagNames followed by a colon starts a tag; its value
// is the words up to the next one. Any other line gives no tags.
func proseTags(line []byte) []Tag {
	var tags []Tag
	var words []string // of the value of the last tag
	for _, w := range strings.Fields(string(line)) {
		if name := proseTagName(w); name != "" {
			if len(tags) > 0 {
				tags[len(tags)-1].Value = strings.Join(words, " ")
			}
			tags, words = append(tags, Tag{Name: name}), nil
			continue
		}
		if len(tags) == 0 {
			return nil
		}
		words = append(words, w)
	}
	if len(tags) > 0 {
		tags[len(tags)-1].Value = strings.Join(words, " ")
	}
	return tags
}

func proseTagName(w string) string {
	name, ok := strings.CutSuffix(w, ":")
	if !ok {
		return ""
	}
	for _, n := range proseTagNames {
		if name == n {
			return n
		}
	}
	return ""
}

// proseLine skips a prose line (or the rest of one), keeping the tags of a
// header line that its game has not given yet.
func (p *parser) proseLine(st *gameState) {
	for _, t := range proseTags(p.restOfLine()) {
		if t.Value != "" && !hasTag(st.proseTags, t.Name) {
			st.proseTags = append(st.proseTags, t)
		}
	}
	p.skipLine()
}

func hasTag(tags []Tag, name string) bool {
	for _, t := range tags {
		if t.Name == name {
			return true
		}
	}
	return false
}
