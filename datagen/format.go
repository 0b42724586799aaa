package datagen

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/movegen"
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
const (
	Version = 1
	Header  = "# camelot-datagen 1"
)

// Record is one training position.
type Record struct {
	Pos    movegen.Position
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

// ParseLine reads one data line (not a comment). The error names the field
// that is wrong.
func ParseLine(line string) (Record, error) {
	fields := strings.Split(line, "|")
	if len(fields) != 3 {
		return Record{}, fmt.Errorf("want 3 fields separated by '|' (CFEN | score | result), have %d", len(fields))
	}
	var r Record
	var err error
	if r.Pos, err = movegen.ParseCFEN(strings.TrimSpace(fields[0])); err != nil {
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

// Scan reads the data lines of r, calling fn for each record. name is used
// in errors, which read "name:line: reason". A version header other than
// this package's is an error; other comments and blank lines are skipped.
func Scan(r io.Reader, name string, fn func(Record) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			if v, ok := strings.CutPrefix(line, "# camelot-datagen "); ok && strings.TrimSpace(v) != strconv.Itoa(Version) {
				return fmt.Errorf("%s:%d: data format version %q, this build reads version %d", name, n, strings.TrimSpace(v), Version)
			}
			continue
		}
		rec, err := ParseLine(line)
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
