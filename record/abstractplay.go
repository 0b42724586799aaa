package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/camelot-engine/camelot/game"
)

// AbstractPlay's game records (V13): the JSON "AP Game Record" (schema
// gamerecord 1-0-0), one game a file. Read and ReadAll take such a file
// as they take a record in text: the game's board comes from the header,
// its moves are read as AbstractPlay writes them (V12) and replayed under
// AbstractPlay's rules (V14: no automatic draw by repetition or 100
// plies, a `draw` slot a claim where the claim is open), and its result is
// the players' results. ReadUnder may replay it under the WCF's rules
// instead: R16's automatic draws then do not end it (DrawsAreClaims,
// V13), and a `draw` slot is an agreed draw.

// apHeader is the part of an AP Game Record's header that makes a game.
type apHeader struct {
	Game struct {
		Name     string   `json:"name"`
		Variants []string `json:"variants"`
	} `json:"game"`
	Site struct {
		Name string `json:"name"`
	} `json:"site"`
	DateStart string          `json:"date-start"`
	Event     string          `json:"event"`
	Round     json.RawMessage `json:"round"` // a string or a number
	Players   []struct {
		Name   string   `json:"name"`
		Result *float64 `json:"result"`
	} `json:"players"`
}

// apBoards are the display names AbstractPlay gives the boards in
// header.game.variants (V13).
var apBoards = map[string]Variant{"cam": Cam, "camette": Camette, "chivalry": Chivalry, "river camelot": game.River}

// IsAbstractPlay reports whether data is a JSON object (an AP Game
// Record, V13) rather than a record in text, which may start with a
// comment in braces too: the object's brace is followed by a key (or
// closes at once).
func IsAbstractPlay(data []byte) bool {
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return len(t) > 0 && (t[0] == '"' || t[0] == '}')
}

// apReader reads one AP Game Record, keeping track of the line it is at
// for the messages.
type apReader struct {
	data []byte
	dec  *json.Decoder
}

// lineAt returns the line (from 1) of byte offset off.
func (r *apReader) lineAt(off int64) int {
	return 1 + bytes.Count(r.data[:min(int(off), len(r.data))], []byte("\n"))
}

// nextToken returns the offset of the decoder's next token: past the
// white space and the comma after the last one.
func (r *apReader) nextToken() int64 {
	off := r.dec.InputOffset()
	for off < int64(len(r.data)) && bytes.IndexByte([]byte(" \t\r\n,"), r.data[off]) >= 0 {
		off++
	}
	return off
}

// errorf makes the record's error at line.
func (r *apReader) errorf(line int, cause error, format string, args ...any) *Error {
	return &Error{Game: 1, Line: line, Msg: "AbstractPlay record: " + fmt.Sprintf(format, args...), Err: cause}
}

// jsonError turns a decoding error into the record's error, at its line.
func (r *apReader) jsonError(err error) *Error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return r.errorf(r.lineAt(syn.Offset), err, "not valid JSON: %v", err)
	case errors.As(err, &typ):
		return r.errorf(r.lineAt(typ.Offset), err, "field %s: want a %s, got a JSON %s", typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return r.errorf(r.lineAt(int64(len(r.data))), err, "the JSON ends too soon")
	}
	return r.errorf(r.lineAt(r.dec.InputOffset()), err, "%v", err)
}

// readAbstractPlay reads the AP Game Record data, under AbstractPlay's
// rules unless o forces others. The game's Warnings name each label of
// the header it ignored.
func readAbstractPlay(data []byte, o readOptions) (*Game, *Error) {
	var warnings []string
	warn := func(w string) { warnings = append(warnings, w) }
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	r := &apReader{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	var header *apHeader
	var rounds []json.RawMessage
	var roundLines []int
	if tok, err := r.dec.Token(); err != nil {
		return nil, r.jsonError(err)
	} else if tok != json.Delim('{') {
		return nil, r.errorf(1, nil, "want a JSON object (an AP Game Record)")
	}
	for r.dec.More() {
		tok, err := r.dec.Token()
		if err != nil {
			return nil, r.jsonError(err)
		}
		key, _ := tok.(string)
		switch key {
		case "header":
			header = new(apHeader)
			if err := r.dec.Decode(header); err != nil {
				return nil, r.jsonError(err)
			}
		case "moves":
			movesLine := r.lineAt(r.dec.InputOffset())
			if tok, err := r.dec.Token(); err != nil {
				return nil, r.jsonError(err)
			} else if tok == nil {
				continue // "moves": null, a game without moves
			} else if tok != json.Delim('[') {
				return nil, r.errorf(movesLine, nil, "moves: want a list of rounds")
			}
			for r.dec.More() {
				line := r.lineAt(r.nextToken())
				var round json.RawMessage
				if err := r.dec.Decode(&round); err != nil {
					return nil, r.jsonError(err)
				}
				rounds, roundLines = append(rounds, round), append(roundLines, line)
			}
			if _, err := r.dec.Token(); err != nil {
				return nil, r.jsonError(err)
			}
		default:
			var skip json.RawMessage
			if err := r.dec.Decode(&skip); err != nil {
				return nil, r.jsonError(err)
			}
		}
	}
	if _, err := r.dec.Token(); err != nil {
		return nil, r.jsonError(err)
	}
	if header == nil {
		return nil, r.errorf(1, nil, "no header")
	}
	rules := game.AbstractPlay
	if o.force {
		rules = o.rules
	}
	g, err := r.game(header, rules, warn)
	if err != nil {
		return nil, err
	}
	if err := r.moves(g, rounds, roundLines); err != nil {
		return nil, err
	}
	g.Warnings = warnings
	return g, nil
}

// game makes the game of the header, played by rules: its board, tags and
// result.
func (r *apReader) game(h *apHeader, rules game.Rules, warn func(string)) (*Game, *Error) {
	if !strings.EqualFold(h.Game.Name, "Camelot") {
		return nil, r.errorf(1, nil, "a record of the game %q, not of Camelot", h.Game.Name)
	}
	v, anti := Camelot, false
	for _, label := range h.Game.Variants {
		key := strings.ToLower(strings.TrimSpace(label))
		switch b, ok := apBoards[key]; {
		case key == "anti-camelot": // with a board, that board's Anti form (V11)
			anti = true
		case ok:
			if v != Camelot && v != b {
				return nil, r.errorf(1, nil, "the header names two boards, %s and %s", v.Title(), b.Title())
			}
			v = b
		default:
			warn(fmt.Sprintf("AbstractPlay record: variant label %q is not known; ignored", label))
		}
	}
	if anti {
		v = v.Anti()
	}
	v = v.WithRules(rules)
	if len(h.Players) != 2 {
		return nil, r.errorf(1, nil, "want 2 players, got %d", len(h.Players))
	}
	result := game.Ongoing.String()
	if a, b := h.Players[0].Result, h.Players[1].Result; a != nil && b != nil {
		switch {
		case *a > *b:
			result = game.WhiteWins.String()
		case *a < *b:
			result = game.BlackWins.String()
		default:
			result = game.Draw.String()
		}
	}
	g := &Game{Variant: v, Start: mustStart(v), Result: result}
	tag := func(name, value string) {
		if value = strings.TrimSpace(value); value != "" {
			g.SetTag(name, value)
		}
	}
	for _, t := range roster {
		g.SetTag(t.Name, t.Value)
	}
	tag("Event", h.Event)
	tag("Site", h.Site.Name)
	if d := h.DateStart; len(d) >= 10 && d[4] == '-' && d[7] == '-' {
		tag("Date", strings.ReplaceAll(d[:10], "-", "."))
	}
	tag("Round", strings.Trim(string(h.Round), `"`))
	tag("White", h.Players[0].Name)
	tag("Black", h.Players[1].Name)
	g.SetTag("Result", result)
	g.Tags = normalTags(g.Tags, v, "", result)
	return g, nil
}

// mustStart is the start of v's board (V3); v is one of V1's.
func mustStart(v Variant) game.Position {
	p, err := variantStart(v, "")
	if err != nil {
		panic(err)
	}
	return p
}

// apEnds are the slots that end an AbstractPlay game (V13).
var apEnds = map[string]bool{"resign": true, "timeout": true, "draw": true}

// moves replays the rounds: each a list of slots, one per seat (the
// first White), each a move text (V12), an object whose "move" is one,
// or null. A `draw` slot of the side to move is the claim (V14.3) where
// the claim is open, an agreed draw otherwise; `resign`, `timeout` and an
// agreed draw end the game with the players' results.
func (r *apReader) moves(g *Game, rounds []json.RawMessage, lines []int) *Error {
	mg := game.NewGame(g.Start)
	// Under the WCF's rules (ReadUnder), R16's automatic draws do not end
	// an AbstractPlay game (V13); its own rules have none (V14.3).
	g.DrawsAreClaims = g.Variant.Rules() == game.WCF
	mg.DrawsAreClaims = g.DrawsAreClaims
	ended, lastLine := "", 1
	for i, raw := range rounds {
		line, round := lines[i], i+1
		lastLine = line
		var slots []json.RawMessage
		if err := json.Unmarshal(raw, &slots); err != nil {
			return r.errorf(line, err, "round %d: want a list of slots, one per seat", round)
		}
		if len(slots) > 2 {
			return r.errorf(line, nil, "round %d: %d slots, want one per seat (2)", round, len(slots))
		}
		for seat, slot := range slots {
			where := fmt.Sprintf("round %d, seat %d (%s)", round, seat+1, game.Color(seat))
			text, err := slotText(slot)
			if err != nil {
				return r.errorf(line, err, "%s: %v", where, err)
			}
			if text == "" {
				continue
			}
			if ended != "" {
				return r.errorf(line, nil, "%s: move %q after %q ended the game", where, text, ended)
			}
			pos := mg.Position()
			if apEnds[strings.ToLower(text)] {
				ended = text
				if strings.EqualFold(text, game.ClaimText) && pos.Side() == game.Color(seat) && mg.ClaimOpen() {
					if err := mg.Play(game.ClaimDraw); err != nil {
						return r.errorf(line, err, "%s: move %s: %v", where, moveLabel(&pos, text), err)
					}
					g.Moves = append(g.Moves, Move{Move: game.ClaimDraw, Text: text})
				}
				continue
			}
			if pos.Side() != game.Color(seat) {
				return r.errorf(line, nil, "%s: move %q, but %s is to move", where, text, pos.Side())
			}
			m, err := mg.PlayText(text)
			if err != nil {
				return r.errorf(line, err, "%s: move %s: %v", where, moveLabel(&pos, text), err)
			}
			g.Moves = append(g.Moves, Move{Move: m, Text: text})
		}
	}
	if o := mg.Outcome(); o.IsOver() {
		switch {
		case g.Result == game.Ongoing.String():
			g.Result = o.Result.String() // players without results: the rules' (R14, R15, V14)
			g.SetTag("Result", g.Result)
		case g.Result != o.Result.String() && !g.DrawsAreClaims:
			// Under AbstractPlay's own rules the game ends as AbstractPlay
			// ended it; under the WCF's a game AbstractPlay ended by a rule
			// of its own keeps its players' results (V13).
			return r.errorf(lastLine, nil, "the players' results give %s, but under %s rules the final position is decided: %s",
				g.Result, g.Variant.Rules(), o)
		}
	}
	return nil
}

// slotText returns a slot's move text: the string, or an object's "move";
// "" for null or an object without a move.
func slotText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return "", nil
	case raw[0] == '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return strings.TrimSpace(s), err
	case raw[0] == '{':
		var o struct {
			Move *string `json:"move"`
		}
		if err := json.Unmarshal(raw, &o); err != nil {
			return "", err
		}
		if o.Move == nil {
			return "", nil
		}
		return strings.TrimSpace(*o.Move), nil
	}
	return "", fmt.Errorf("a slot is a move text, an object with a move, or null; got %s", abbreviate(string(raw)))
}

// abbreviate shortens a piece of input for a message.
func abbreviate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
