package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// An error line quotes the input it is about, but never all of a huge
// line: each quoted piece of input is cut after maxQuote characters, and
// the whole message after maxMessage; what was left out is counted.
const (
	maxQuote   = 100
	maxMessage = 400
)

// clipMessage shortens an error message: every Go-quoted string in it
// (as %q writes the input an error is about, also inside the errors of
// other packages) longer than maxQuote characters keeps its first
// maxQuote, followed by "… (N more characters)"; then the message itself
// is cut the same way after maxMessage characters.
func clipMessage(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		if msg[i] == '"' {
			if lit, err := strconv.QuotedPrefix(msg[i:]); err == nil {
				text, _ := strconv.Unquote(lit)
				if head, left := cut(text, maxQuote); left > 0 {
					fmt.Fprintf(&b, "%q… (%d more characters)", head, left)
				} else {
					b.WriteString(lit)
				}
				i += len(lit)
				continue
			}
		}
		b.WriteByte(msg[i])
		i++
	}
	if head, left := cut(b.String(), maxMessage); left > 0 {
		return fmt.Sprintf("%s… (%d more characters)", head, left)
	}
	return b.String()
}

// cut returns the first n characters of s and how many characters follow.
func cut(s string, n int) (head string, left int) {
	total := utf8.RuneCountInString(s)
	if total <= n {
		return s, 0
	}
	end := 0
	for range n {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
	}
	return s[:end], total - n
}
