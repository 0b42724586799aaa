package datagen

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// The training-data format, version 1. A file is UTF-8 text, one item a
// line:
//
//	# camelot-datagen 1                      the version header, first line of every file
//	# seed=1 games=1000 nodes=5000 …         comments: any line starting with '#'
//	<CFEN> | <score> | <result>              one training position
//	# game <index> <result> <plies> <kept>   the end of one game's positions
//
// score is the search score in centi-men from White's point of view; result
// is the game's result for White: 1 (White won), 0.5 (draw) or 0 (Black
// won). Files concatenate: a header line may appear again further on, and
// readers skip every comment. The game trailer is what lets an
// interrupted run resume (see Run); readers treat it as a comment.
//
// The settings line of a file of another game than Camelot ends with
// variant=NAME (V7: variant=cam); its CFENs are positions of that board
// (V6), which Scan reads them on. Camelot's files have no such field. The
// games of a file played under AbstractPlay's rules (V14) add
// rules=abstractplay after it; the positions are the board's all the
// same, for the evaluation of both rule sets, and the WCF's files have no
// such field.
const (
	Version = 1
	Header  = "# camelot-datagen 1"
)

// Record is one training position.
type Record struct {
	Pos    game.Position
	Score  int     // search score, centi-men, White's point of view
	Result float64 // game result for White: 1, 0.5 or 0
}

// String formats r as a data line (without the newline).
func (r Record) String() string {
	return fmt.Sprintf("%s | %d | %s", r.Pos.CFEN(), r.Score, formatResult(r.Result))
}

func formatResult(r float64) string {
	switch r {
	case 1:
		return "1"
	case 0:
		return "0"
	}
	return "0.5"
}

// variantField starts the settings line's field that names the game,
// rulesField the one that names the rule set.
const (
	variantField = "variant="
	rulesField   = "rules="
)

// ParseLine reads one data line (not a comment) of a Camelot file. The
// error names the field that is wrong; a position of another board is
// refused as such (read it with ParseVariantLine).
func ParseLine(line string) (Record, error) {
	return ParseVariantLine(line, game.Camelot)
}

// ParseVariantLine reads one data line of a file of variant v: its CFEN
// is read on v's board (V6). The error names the field that is wrong, or
// the board a position of another variant is of.
func ParseVariantLine(line string, v game.Variant) (Record, error) {
	fields := strings.Split(line, "|")
	if len(fields) != 3 {
		return Record{}, fmt.Errorf("want 3 fields separated by '|' (CFEN | score | result), have %d", len(fields))
	}
	var r Record
	var err error
	cfen := strings.TrimSpace(fields[0])
	if r.Pos, err = boards.ParseCFEN(v, cfen); err != nil {
		for _, o := range game.Variants() {
			if o == o.Board() && o != v.Board() { // the boards, by their own games
				if _, oerr := boards.ParseCFEN(o, cfen); oerr == nil {
					return Record{}, fmt.Errorf("a position of %s, not of %s: the file's settings line names its variant (V7)", o.Title(), v.Title())
				}
			}
		}
		return Record{}, err // it names the CFEN and its field already
	}
	r.Score, err = strconv.Atoi(strings.TrimSpace(fields[1]))
	if err != nil || r.Score < -100000 || r.Score > 100000 {
		return Record{}, fmt.Errorf("score %q: want an integer in centi-men", strings.TrimSpace(fields[1]))
	}
	switch strings.TrimSpace(fields[2]) {
	case "1", "1.0":
		r.Result = 1
	case "0", "0.0":
		r.Result = 0
	case "0.5", "1/2":
		r.Result = 0.5
	default:
		return Record{}, fmt.Errorf("result %q: want 1, 0.5 or 0 (White's score)", strings.TrimSpace(fields[2]))
	}
	return r, nil
}

// SettingsVariant returns the variant a settings line ("# seed=…") names:
// its variant= field, or Camelot without one.
func SettingsVariant(line string) (game.Variant, error) {
	for _, f := range strings.Fields(line) {
		if name, ok := strings.CutPrefix(f, variantField); ok {
			return game.ParseVariant(name)
		}
	}
	return game.Camelot, nil
}

// SettingsRules returns the rule set a settings line names (V14): its
// rules= field, or the WCF's without one.
func SettingsRules(line string) (game.Rules, error) {
	for _, f := range strings.Fields(line) {
		if name, ok := strings.CutPrefix(f, rulesField); ok {
			return game.ParseRules(name)
		}
	}
	return game.WCF, nil
}

// isSettings reports whether a comment line is a settings line.
func isSettings(line string) bool { return strings.HasPrefix(line, "# seed=") }

// FileVariant returns the variant of the datagen file at path: the one
// its first settings line names (Camelot without one).
func FileVariant(path string) (game.Variant, error) {
	f, err := os.Open(path)
	if err != nil {
		return game.Camelot, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if isSettings(line) {
			v, err := SettingsVariant(line)
			if err != nil {
				return v, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			return v, nil
		}
		if line != "" && !strings.HasPrefix(line, "#") {
			break // data before any settings line: Camelot's
		}
	}
	return game.Camelot, sc.Err()
}

// Scan reads the data lines of r, calling fn for each record. name is used
// in errors, which read "name:line: reason". A version header other than
// this package's is an error; other comments and blank lines are skipped.
// The data lines are read on the board of the variant the last settings
// line named (V7), Camelot's before any.
func Scan(r io.Reader, name string, fn func(Record) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	v := game.Camelot
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			if ver, ok := strings.CutPrefix(line, "# camelot-datagen "); ok && strings.TrimSpace(ver) != strconv.Itoa(Version) {
				return fmt.Errorf("%s:%d: data format version %q, this build reads version %d", name, n, strings.TrimSpace(ver), Version)
			}
			if isSettings(line) {
				var err error
				if v, err = SettingsVariant(line); err != nil {
					return fmt.Errorf("%s:%d: %v", name, n, err)
				}
			}
			continue
		}
		rec, err := ParseVariantLine(line, v)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if err := fn(rec); err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	return nil
}
