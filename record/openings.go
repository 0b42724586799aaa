package record

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/movegen"
)

// Opening is a position to start games from: Start with Moves played.
type Opening struct {
	// Name is the number of the CFEN line ("7"), or for a game the Event
	// and Round tags ("Openings, round 3"; one of them when the other is
	// unknown, "game N" when both are).
	Name  string
	Start movegen.Position
	Moves []movegen.Move // legal in turn from Start
}

// Position returns Start with Moves applied. A zero Start is the start
// position of R2.
func (o Opening) Position() movegen.Position {
	p := o.Start
	if p == (movegen.Position{}) {
		p = startPosition
	}
	for _, m := range o.Moves {
		p.MakeMove(m)
	}
	return p
}

// ReadOpenings reads a file of openings, which is one of two kinds, told
// apart by its first line that is neither blank nor a # comment:
//
//   - CFEN lines: one position (R5) per line; blank lines and # comments
//     (whole lines, or the end of a line) are skipped. The opening is the
//     position, its Name the line number.
//   - Game records, as Read reads them: the file starts with a tag "[", a
//     comment "{" or ";", a "%" escape line, a move number or a result
//     token. Each game's final position is an opening; its moves are
//     kept.
//
// An opening whose position the rules have already decided is returned
// like any other; the caller may check Position().Outcome().
func ReadOpenings(r io.Reader) ([]Opening, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if !isGameFile(data) {
		return readCFENLines(data)
	}
	games, err := Read(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	openings := make([]Opening, len(games))
	for i, g := range games {
		if err := checkBoard(g.Variant); err != nil {
			return nil, fmt.Errorf("record: game %d: %w", i+1, err) // its position would be read on Camelot's board
		}
		moves := make([]movegen.Move, len(g.Moves))
		for j, m := range g.Moves {
			moves[j] = m.Move
		}
		openings[i] = Opening{Name: gameName(g, i+1), Start: g.Start, Moves: moves}
	}
	return openings, nil
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
func readCFENLines(data []byte) ([]Opening, error) {
	var openings []Opening
	for i, line := range strings.Split(string(data), "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		pos, err := movegen.ParseCFEN(line)
		if err != nil {
			return nil, &Error{Line: i + 1, Msg: err.Error()}
		}
		openings = append(openings, Opening{Name: strconv.Itoa(i + 1), Start: pos})
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
