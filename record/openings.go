package record

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// Opening is a position to start games from: Start with Moves played.
type Opening struct {
	// Name is the number of the CFEN line ("7"), or for a game the Event
	// and Round tags ("Openings, round 3"; one of them when the other is
	// unknown, "game N" when both are).
	Name  string
	Start game.Position
	Moves []game.Move // legal in turn from Start; never the draw claim (V14.3)
}

// Position returns Start with Moves applied. A zero Start is the start
// position of R2.
func (o Opening) Position() game.Position {
	p := o.Start
	if p.IsZero() {
		p = startPosition
	}
	for _, m := range o.Moves {
		if !m.IsClaim() { // a claim ends the game, the position stays
			p.MakeMove(m)
		}
	}
	return p
}

// ReadOpenings reads a file of Camelot's openings: ReadOpeningsOf(r,
// Camelot).
func ReadOpenings(r io.Reader) ([]Opening, error) { return ReadOpeningsOf(r, Camelot) }

// ReadOpeningsOf reads a file of openings of variant v, which is one of
// two kinds, told apart by its first line that is neither blank nor a #
// comment:
//
//   - CFEN lines: one position (R5) per line, read on v's board (V6);
//     blank lines and # comments (whole lines, or the end of a line) are
//     skipped. A CFEN does not name its board: a suite of another variant
//     than Camelot names it in a comment line "# Variant: Cam"
//     (VariantComment), which must name v. The opening is the position,
//     its Name the line number.
//   - Game records, as Read reads them: the file starts with a tag "[", a
//     comment "{" or ";", a "%" escape line, a move number or a result
//     token. Every game must be of v's board (V8); each game's final
//     position is an opening, and its moves are kept, played again under
//     v's rule set (V14). An AbstractPlay JSON record (V13) is one such
//     game.
//
// An opening of another board is refused, naming its line. An opening
// whose position the rules have already decided is returned like any
// other; the caller may check Position().Outcome().
func ReadOpeningsOf(r io.Reader, v Variant) ([]Opening, error) {
	if err := checkBoard(v); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if IsAbstractPlay(data) { // one game, V13: its moves are the opening
		g, rerr := readAbstractPlay(data, readOptions{})
		if rerr != nil {
			return nil, rerr
		}
		if g.Variant.WithRules(game.WCF) != v.WithRules(game.WCF) {
			return nil, &Error{Game: 1, Line: 1, Msg: fmt.Sprintf("an AbstractPlay game of %s, the openings are of %s (V13)", describe(g.Variant), describe(v))}
		}
		op, err := openingUnder(g, v)
		if err != nil {
			return nil, &Error{Game: 1, Line: 1, Msg: err.Error()}
		}
		op.Name = gameName(g, 1)
		return []Opening{op}, nil
	}
	if !isGameFile(data) {
		return readCFENLines(data, v)
	}
	p := parser{src: data, line: 1}
	var openings []Opening
	for n := 1; ; n++ {
		p.skip() // to the game's first line
		line := p.line
		g, err := p.game()
		if err != nil {
			return nil, err
		}
		if g == nil {
			return openings, nil
		}
		name := gameName(g, n)
		if err := checkBoard(g.Variant); err != nil {
			return nil, fmt.Errorf("record: game %d: %w", n, err)
		}
		if g.Variant.WithRules(game.WCF) != v.WithRules(game.WCF) {
			return nil, &Error{Game: n, Line: line, Msg: fmt.Sprintf("%s is a game of %s, the openings are of %s (V8)", name, describe(g.Variant), describe(v))}
		}
		op, err := openingUnder(g, v)
		if err != nil {
			return nil, &Error{Game: n, Line: line, Msg: fmt.Sprintf("%s: %v", name, err)}
		}
		op.Name = name
		openings = append(openings, op)
	}
}

// VariantComment is the text of the comment line that names the variant
// of a suite of CFEN lines: "Variant: Cam" (V6, V7).
func VariantComment(v Variant) string { return "Variant: " + v.Title() }

// variantOfComment reads a comment's text (after '#'); ok is false when it
// names no variant.
func variantOfComment(text string) (v Variant, ok bool, err error) {
	name, found := strings.CutPrefix(strings.TrimSpace(text), "Variant:")
	if !found {
		return Camelot, false, nil
	}
	v, err = ParseVariant(name)
	return v, true, err
}

// boardOf returns the playable variant on whose board cfen is a position,
// trying Camelot first; ok is false when it is on none.
func boardOf(cfen string) (Variant, bool) {
	for _, v := range Variants() {
		if _, err := boards.ParseCFEN(v, cfen); err == nil {
			return v, true
		}
	}
	return Camelot, false
}

// isGameFile tells a file of game records from a file of CFEN lines.
func isGameFile(data []byte) bool {
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if strings.IndexByte("[{;%", line[0]) >= 0 {
			return true
		}
		first := strings.Fields(line)[0]
		if isResult(first) {
			return true
		}
		k := 0
		for k < len(first) && isDigit(first[k]) {
			k++
		}
		return k > 0 && k < len(first) && first[k] == '.'
	}
	return false
}

// readCFENLines reads a file of CFEN lines.
func readCFENLines(data []byte, v Variant) ([]Opening, error) {
	var openings []Opening
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		if k := strings.IndexByte(line, '#'); k >= 0 {
			if fv, ok, err := variantOfComment(line[k+1:]); err != nil {
				return nil, &Error{Line: n, Msg: err.Error()}
			} else if ok && fv != v.WithRules(game.WCF) { // the comment names the board (V14: either rule set)
				return nil, &Error{Line: n, Msg: fmt.Sprintf("the suite is of %s, not %s (V7)", fv.Title(), v.Title())}
			}
			line = line[:k]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		pos, err := boards.ParseCFEN(v, line)
		if err != nil {
			if other, ok := boardOf(line); ok && other != v.WithRules(game.WCF) {
				return nil, &Error{Line: n, Msg: fmt.Sprintf("a position of %s, not of %s (V6, V7)", other.Title(), v.Title())}
			}
			return nil, &Error{Line: n, Msg: err.Error()}
		}
		openings = append(openings, Opening{Name: strconv.Itoa(n), Start: pos})
	}
	return openings, nil
}

// gameName names the n-th game of a file by its Event and Round tags.
func gameName(g *Game, n int) string {
	known := func(v string) bool { return v != "" && v != "?" && v != "-" }
	event, round := g.Tag("Event"), g.Tag("Round")
	switch {
	case known(event) && known(round):
		return event + ", round " + round
	case known(event):
		return event
	case known(round):
		return "round " + round
	}
	return "game " + strconv.Itoa(n)
}

// openingUnder returns game g as an opening of v: its start and moves,
// played again under v's rule set when g was played under another (V14);
// a move those rules do not allow is an error. A claim (V14.3) moves no
// piece and is left out.
func openingUnder(g *Game, v Variant) (Opening, error) {
	start := g.Start
	if start.IsZero() {
		start = boards.StartPosition(v)
	} else if start.Variant() != v {
		p, err := boards.ParseCFEN(v, start.CFEN())
		if err != nil {
			return Opening{}, err
		}
		start = p
	}
	pos := start
	moves := make([]game.Move, 0, len(g.Moves))
	for i, m := range g.Moves {
		if m.Move.IsClaim() {
			continue
		}
		if !pos.IsLegal(m.Move) {
			return Opening{}, fmt.Errorf("ply %d, %s, is not legal under %s rules (V14)", i+1, m.Text, v.Rules())
		}
		pos.MakeMove(m.Move)
		moves = append(moves, m.Move)
	}
	return Opening{Start: start, Moves: moves}, nil
}
