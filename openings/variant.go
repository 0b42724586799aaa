package openings

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/record"
)

// A CFEN does not name its board (V6): a suite of CFEN lines of a variant
// other than Camelot names it in a comment line of its own, "# Variant:
// Cam", before its positions (V7). A suite without one is Camelot's.

// VariantComment is the text of the comment line that names a suite's
// variant: "Variant: Cam".
func VariantComment(v movegen.Variant) string { return "Variant: " + v.Title() }

// variantOfComment reads a comment line's text (after '#'); ok is false
// when it names no variant.
func variantOfComment(text string) (v movegen.Variant, ok bool, err error) {
	name, found := strings.CutPrefix(strings.TrimSpace(text), "Variant:")
	if !found {
		return movegen.Camelot, false, nil
	}
	v, err = movegen.ParseVariant(name)
	return v, true, err
}

// ReadCFENLines reads a suite of CFEN lines (blank lines and # comments,
// whole lines or the ends of lines, skipped) as openings of variant v,
// each named by its line number. The suite's variant comment, if any,
// must name v; every CFEN is read on v's board (V6), and one that is a
// position of another board is refused as such. The errors read "line N:
// …".
func ReadCFENLines(data []byte, v movegen.Variant) ([]record.Opening, error) {
	var ops []record.Opening
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		if k := strings.IndexByte(line, '#'); k >= 0 {
			if fv, ok, err := variantOfComment(line[k+1:]); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			} else if ok && fv != v {
				return nil, fmt.Errorf("line %d: the suite is of %s, not %s (V7)", n, fv.Title(), v.Title())
			}
			line = line[:k]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		pos, err := v.ParseCFEN(line)
		if err != nil {
			if other, ok := BoardOf(line); ok && other != v {
				return nil, fmt.Errorf("line %d: a position of %s, not of %s (V6, V7)", n, other.Title(), v.Title())
			}
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		ops = append(ops, record.Opening{Name: strconv.Itoa(n), Start: pos})
	}
	return ops, nil
}

// BoardOf returns the playable variant on whose board cfen is a
// position, trying Camelot first; ok is false when it is on none.
func BoardOf(cfen string) (movegen.Variant, bool) {
	for _, v := range movegen.Variants() {
		if !v.Playable() {
			continue
		}
		if _, err := v.ParseCFEN(cfen); err == nil {
			return v, true
		}
	}
	return movegen.Camelot, false
}
