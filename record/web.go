package record

import (
	"bytes"
	"github.com/camelot-engine/camelot/game"
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
	// The claim (V14.3) is a move: "30. draw 1/2-1/2".
	return !looksLikeMoveAnyFile(next) && !strings.EqualFold(next, game.ClaimText)
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
// (R3) does: a file A-L, a rank number and a separator (also V10's comma
// and V12's ^).
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
	// The separators of R3, AbstractPlay's canter mark (V12) and the
	// comma of a tree placement (V10).
	return k < len(w) && strings.IndexByte("-xX^,", w[k]) >= 0
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

// oneMoveLine reports whether a line holds one numbered move and nothing
// else but a glyph or a comment: "1.D6-F8", "1....H11-F9?", "2. C6-E8-G8".
// A game whose first move stands so on its line is read as one move a
// line, as pages that annotate a game move by move print it.
func oneMoveLine(line []byte) bool {
	w, rest := nextWord(line)
	digits, dots, glued := splitNumber(w)
	switch {
	case digits == 0 || dots == 0:
		return false
	case glued == "":
		if w, rest = nextWord(rest); !isMoveWord(w) {
			return false
		}
	case !isMoveWord(glued):
		return false
	}
	w, rest = nextWord(rest)
	if validNAG(w) {
		w, _ = nextWord(rest)
	}
	return w == "" || w == "{" || w == ";"
}

// movetextLine reports whether a line is movetext, rather than an
// annotation between the move lines of a game written one move a line.
// An annotation has a word of prose: a word with a letter that is no move,
// move number, glyph or result ("A critical error.", or "4....E11-F12
// would have kept parity.", or a move with a comma after it). A line that
// starts with a move number not glued to a move ("2... x", "1:0") is
// movetext, so that its fault is reported; so is everything from a "{" or
// ";" on.
func movetextLine(line []byte) bool {
	first := true
	for w, rest := nextWord(line); ; w, rest = nextWord(rest) {
		digits, dots, glued := splitNumber(w)
		switch {
		case w == "" || w == "{" || w == ";":
			return true
		case first && digits > 0 && (dots == 0 || !isMoveWord(glued)):
			return true
		case w == "(" || w == ")" || isResult(w) || validNAG(w) || allIn(w, "."):
		case digits > 0 && (glued == "" || dots > 0 && isMoveWord(glued)):
		case isMoveWord(w):
		case strings.IndexFunc(w, unicode.IsLetter) >= 0:
			return false
		}
		first = false
	}
}

// splitNumber splits a word that starts with a move number ("12.",
// "12....H11-F9") into the lengths of its digits and dots and the text
// glued after them.
func splitNumber(w string) (digits, dots int, glued string) {
	for digits < len(w) && isDigit(w[digits]) {
		digits++
	}
	for digits+dots < len(w) && w[digits+dots] == '.' {
		dots++
	}
	return digits, dots, w[digits+dots:]
}

// isMoveWord reports whether a whole word is made as a move of WCF
// notation (R3), with any file letter: squares joined by "-" or "x",
// maybe followed by a glyph of one or two of "!" and "?".
func isMoveWord(w string) bool {
	w = strings.TrimRight(w, "!?")
	squares := 0
	for i := 0; ; {
		if i+1 >= len(w) || !isLetter(w[i]) || !isDigit(w[i+1]) {
			return false
		}
		i += 2
		if i < len(w) && isDigit(w[i]) {
			i++
		}
		squares++
		if i == len(w) {
			return squares >= 2
		}
		if strings.IndexByte("-xX", w[i]) < 0 {
			return false
		}
		i++
	}
}
