package apbot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
)

// webhook is a decoded POST of AbstractPlay (protocol.md: out-challenge
// and out-move).
type webhook struct {
	Verb       string     `json:"verb"`
	MetaGame   *string    `json:"metaGame"`
	Variants   []string   `json:"variants"`
	GameID     *string    `json:"gameid"`
	ClockCurr  *float64   `json:"clockCurr"`
	NumPlayers *float64   `json:"numPlayers"`
	Moves      [][]string `json:"moves"`
	Context    any        `json:"context"`

	ClockStart  *float64 `json:"clockStart"`
	ClockInc    *float64 `json:"clockInc"`
	ClockMax    *float64 `json:"clockMax"`
	Challengers []string `json:"challengers"`

	hasMoves bool
}

// The verbs AbstractPlay sends.
const (
	verbChallenge = "challenge"
	verbMove      = "move"
)

// decodeWebhook reads a webhook's JSON body: an object with a known verb
// and the fields of that verb of the right types. Its errors are reasons
// to give with a 400.
func decodeWebhook(body []byte) (*webhook, error) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return nil, errors.New("the body is not a JSON object")
	}
	w := new(webhook)
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(w); err != nil {
		return nil, jsonReason(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("the body is not one JSON object: data after it")
	}
	// Which fields are there at all (null counts as absent).
	var present map[string]json.RawMessage
	if err := json.Unmarshal(body, &present); err != nil {
		return nil, jsonReason(err)
	}
	if m, ok := present["moves"]; ok && string(m) != "null" {
		w.hasMoves = true
	}
	switch w.Verb {
	case verbChallenge, verbMove:
	case "":
		return nil, errors.New("field verb is missing")
	default:
		return nil, fmt.Errorf("unknown verb %s (want challenge or move)", quote(w.Verb))
	}
	if w.MetaGame == nil {
		return nil, errors.New("field metaGame is missing")
	}
	for _, f := range []struct {
		name string
		v    *float64
	}{{"clockCurr", w.ClockCurr}, {"numPlayers", w.NumPlayers}, {"clockStart", w.ClockStart}, {"clockInc", w.ClockInc}, {"clockMax", w.ClockMax}} {
		if f.v != nil && (math.IsNaN(*f.v) || *f.v < 0) {
			return nil, fmt.Errorf("field %s is negative", f.name)
		}
	}
	if w.Verb == verbMove {
		switch {
		case w.GameID == nil:
			return nil, errors.New("field gameid is missing")
		case strings.TrimSpace(*w.GameID) == "":
			return nil, errors.New("field gameid is empty")
		case len(*w.GameID) > 256:
			return nil, errors.New("field gameid is too long")
		case !w.hasMoves:
			return nil, errors.New("field moves is missing")
		}
	}
	return w, nil
}

// jsonReason rewords a decoding error as a reason.
func jsonReason(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			return errors.New("the body is not a JSON object")
		}
		want := map[string]string{
			"verb": "a string", "metaGame": "a string", "gameid": "a string",
			"variants": "an array of strings", "challengers": "an array of strings",
			"moves": "an array of rounds, each an array of move strings",
		}[strings.SplitN(field, ".", 2)[0]]
		if want == "" {
			want = "a number"
		}
		return fmt.Errorf("field %s has the wrong type: want %s", strings.SplitN(field, ".", 2)[0], want)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("the body is not JSON: %v (at byte %d)", se, se.Offset)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("the body is not JSON: it ends early")
	}
	return fmt.Errorf("the body is not JSON: %v", err)
}
