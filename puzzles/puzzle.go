// Package puzzles finds, proves, rates and stores tactics puzzles: a
// position after the opponent's move where the side to move has one move,
// and at every later turn of its line one move, that keeps a decisive gain
// (docs/puzzles.md). A puzzle is a line of a CSV file with the columns of
// Header, the way lichess publishes its puzzles.
package puzzles

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// Puzzle is one puzzle: the position before the opponent's move and the
// line that follows it.
type Puzzle struct {
	ID              string       // PuzzleId: 5 base-36 characters of a hash of CFEN and Moves
	CFEN            string       // the position before the opponent's move (R5, V6)
	Moves           []string     // R3 texts, the first the opponent's, then solver, reply, solver, …; ends on a solver move
	Rating          int          // an initial estimate (docs/puzzles.md)
	RatingDeviation int          // its uncertainty
	Themes          []string     // space-separated in the file
	Variant         game.Variant // the game (V1), read from the Variant column's title
	Source          string       // a record's event and ply, or "selfplay"
}

// Header is the first line of a puzzle file.
const Header = "PuzzleId,CFEN,Moves,Rating,RatingDeviation,Themes,Variant,Source"

var fields = strings.Split(Header, ",")

// MakeID returns the PuzzleId of a position and line: the first five
// base-36 digits of the SHA-256 of the CFEN, a space and the moves.
func MakeID(cfen string, moves []string) string {
	sum := sha256.Sum256([]byte(cfen + " " + strings.Join(moves, " ")))
	s := new(big.Int).SetBytes(sum[:8]).Text(36)
	for len(s) < 5 {
		s = "0" + s
	}
	return s[:5]
}

// Start returns the game at the puzzle's CFEN on its board, for players
// of the puzzle: the opponent's move, Moves[0], is the first to play.
func (p Puzzle) Start() (*game.Game, error) {
	pos, err := boards.ParseCFEN(p.Variant, p.CFEN)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	return game.NewGame(pos), nil
}

// SolverMoves returns the number of the solver's moves in the line.
func (p Puzzle) SolverMoves() int { return len(p.Moves) / 2 }

// variantText is the Variant column: the board's title, and the rule set
// after it when it is not the WCF's ("Camelot abstractplay", V14).
func variantText(v game.Variant) string {
	if r := v.Rules(); r != game.WCF {
		return v.Title() + " " + r.String()
	}
	return v.Title()
}

func parseVariantText(s string) (game.Variant, error) {
	title, rules, hasRules := strings.Cut(strings.TrimSpace(s), " ")
	if hasRules {
		if _, err := game.ParseVariant(s); err == nil { // a title with a space
			title, hasRules = s, false
		}
	}
	v, err := game.ParseVariant(title)
	if err != nil {
		return v, err
	}
	if hasRules {
		r, err := game.ParseRules(rules)
		if err != nil {
			return v, err
		}
		v = v.WithRules(r)
	}
	return v, nil
}

// LineError is an error of one line of a puzzle file.
type LineError struct {
	Line  int    // 1-based line of the file
	Field string // the column, or "" for the line as a whole
	Err   error
}

func (e *LineError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("line %d: field %s: %v", e.Line, e.Field, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// ReadCSV reads a puzzle file: the header, then one puzzle a line. A
// malformed line is one error (a *LineError) naming the line and the
// field; nothing is returned with it.
func ReadCSV(r io.Reader) ([]Puzzle, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	var out []Puzzle
	first := true
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &LineError{Line: pe.StartLine, Err: pe.Err}
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if first {
			first = false
			if strings.Join(rec, ",") != Header {
				return nil, &LineError{Line: line, Err: fmt.Errorf("header %q, want %q", strings.Join(rec, ","), Header)}
			}
			continue
		}
		if len(rec) != len(fields) {
			return nil, &LineError{Line: line, Err: fmt.Errorf("%d fields, want %d", len(rec), len(fields))}
		}
		p, field, err := parseRecord(rec)
		if err != nil {
			return nil, &LineError{Line: line, Field: field, Err: err}
		}
		out = append(out, p)
	}
	if first {
		return nil, &LineError{Line: 1, Err: errors.New("no header")}
	}
	return out, nil
}

func parseRecord(rec []string) (Puzzle, string, error) {
	var p Puzzle
	var err error
	p.ID = rec[0]
	if p.ID == "" || strings.ContainsAny(p.ID, " \t") {
		return p, "PuzzleId", fmt.Errorf("bad id %q", p.ID)
	}
	if p.Variant, err = parseVariantText(rec[6]); err != nil {
		return p, "Variant", err
	}
	p.CFEN = rec[1]
	pos, err := boards.ParseCFEN(p.Variant, p.CFEN)
	if err != nil {
		return p, "CFEN", err
	}
	p.Moves = strings.Fields(rec[2])
	if len(p.Moves) < 2 || len(p.Moves)%2 != 0 {
		return p, "Moves", fmt.Errorf("%d moves: want the opponent's and at least one of the solver's, ending on the solver's", len(p.Moves))
	}
	g := game.NewGame(pos)
	for i, t := range p.Moves {
		if g.Outcome().IsOver() {
			return p, "Moves", fmt.Errorf("move %d %q: the game is over", i+1, t)
		}
		if _, err := g.PlayText(t); err != nil {
			return p, "Moves", fmt.Errorf("move %d %q: %v", i+1, t, err)
		}
	}
	if p.Rating, err = strconv.Atoi(rec[3]); err != nil {
		return p, "Rating", fmt.Errorf("not a number: %q", rec[3])
	}
	if p.RatingDeviation, err = strconv.Atoi(rec[4]); err != nil || p.RatingDeviation < 0 {
		return p, "RatingDeviation", fmt.Errorf("not a number of 0 or more: %q", rec[4])
	}
	p.Themes = strings.Fields(rec[5])
	p.Source = rec[7]
	return p, "", nil
}

// WriteCSV writes the header and the puzzles.
func WriteCSV(w io.Writer, ps []Puzzle) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(fields); err != nil {
		return err
	}
	for _, p := range ps {
		if err := cw.Write(p.record()); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func (p Puzzle) record() []string {
	return []string{p.ID, p.CFEN, strings.Join(p.Moves, " "), strconv.Itoa(p.Rating),
		strconv.Itoa(p.RatingDeviation), strings.Join(p.Themes, " "), variantText(p.Variant), p.Source}
}

// Line returns the puzzle as one line of a file, with its newline.
func (p Puzzle) Line() string {
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	_ = cw.Write(p.record())
	cw.Flush()
	return b.String()
}

//go:embed data/*.csv
var data embed.FS

var builtIn = sync.OnceValue(func() []Puzzle {
	names, err := data.ReadDir("data")
	if err != nil {
		panic(err)
	}
	sort.Slice(names, func(i, j int) bool { return names[i].Name() < names[j].Name() })
	var out []Puzzle
	for _, n := range names {
		b, err := data.ReadFile("data/" + n.Name())
		if err != nil {
			panic(err)
		}
		ps, err := ReadCSV(bytes.NewReader(b))
		if err != nil {
			panic(fmt.Sprintf("puzzles/data/%s: %v", n.Name(), err))
		}
		out = append(out, ps...)
	}
	return out
})

// BuiltIn returns the puzzles embedded in the binary (puzzles/data/*.csv),
// parsed once; the caller must not modify them.
func BuiltIn() []Puzzle { return builtIn() }
