package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

var update = flag.Bool("update", false, "rewrite the AbstractPlay records made by TestAbstractPlayMadeRecords in testdata/abstractplay")

// apOut is an AP Game Record as AbstractPlay exports it (V13), for the
// records the tests make.
type apOut struct {
	Header struct {
		Game struct {
			Name     string   `json:"name"`
			Variants []string `json:"variants"`
		} `json:"game"`
		Site struct {
			Name   string `json:"name"`
			GameID string `json:"gameid"`
		} `json:"site"`
		DateStart     string     `json:"date-start"`
		DateEnd       string     `json:"date-end"`
		DateGenerated string     `json:"date-generated"`
		Players       []apPlayer `json:"players"`
		TurnModel     string     `json:"turn-model"`
	} `json:"header"`
	Moves [][]any `json:"moves"`
}

type apPlayer struct {
	Name   string `json:"name"`
	UserID string `json:"userid"`
	Result int    `json:"result"`
}

// knightShuffle returns the texts of plies plies of Camelot played from
// its start under AbstractPlay's rules (V14): White's Knight C6 and
// Black's Knight C11 canter out over their Men and back, over and over, so
// that nothing is captured and no castle is entered. Every ply is checked
// legal in its place on boards.NewGame.
func knightShuffle(t *testing.T, plies int) []string {
	t.Helper()
	cycle := []string{"c6^e8", "c11^e9", "e8^c6", "e9^c11"}
	mg := boards.NewGame(game.Camelot.WithRules(game.AbstractPlay))
	texts := make([]string, plies)
	for i := range texts {
		texts[i] = cycle[i%len(cycle)]
		pos := mg.Position()
		m, err := pos.ParseMove(texts[i])
		if err != nil || !pos.IsLegal(m) || m.IsCapture() {
			t.Fatalf("ply %d: %s: %v", i+1, texts[i], err)
		}
		if err := mg.Play(m); err != nil || mg.Outcome().IsOver() {
			t.Fatalf("ply %d: %s: %v, %s", i+1, texts[i], err, mg.Outcome())
		}
	}
	if got := mg.Position().Plies(); got != plies {
		t.Fatalf("%d plies without progress after %d plies", got, plies)
	}
	return texts
}

// apRecord makes an AP Game Record of Camelot from its move texts, one
// slot a ply, White's as objects and Black's as strings, then the slots
// ends (each given to the seat after the last ply's, in turn).
func apRecord(id, white, black string, results [2]int, texts []string, ends ...string) *apOut {
	var r apOut
	r.Header.Game.Name = "Camelot"
	r.Header.Game.Variants = []string{}
	r.Header.Site.Name, r.Header.Site.GameID = "Abstract Play", id
	r.Header.DateStart, r.Header.DateEnd, r.Header.DateGenerated = "2026-01-10T08:00:00.000Z", "2026-01-24T19:45:10.000Z", "2026-01-24T19:46:00.000Z"
	r.Header.Players = []apPlayer{{white, "u-" + strings.ToLower(white), results[0]}, {black, "u-" + strings.ToLower(black), results[1]}}
	r.Header.TurnModel = "sequential"
	slots := make([]any, 0, len(texts)+len(ends))
	for i, text := range texts {
		if i%2 == 0 {
			slots = append(slots, map[string]string{"move": text})
		} else {
			slots = append(slots, text)
		}
	}
	for _, e := range ends {
		slots = append(slots, e)
	}
	for i := 0; i < len(slots); i += 2 {
		round := slots[i:min(i+2, len(slots))]
		if len(round) == 1 {
			round = append(round, nil)
		}
		r.Moves = append(r.Moves, round)
	}
	return &r
}

// The AbstractPlay records these tests play from: made here, where every
// move is checked, and kept in testdata/abstractplay (go test -run
// TestAbstractPlayMadeRecords ./record/ -update rewrites them).
func madeRecords(t *testing.T) map[string]*apOut {
	return map[string]*apOut{
		// 120 plies without progress, past the 100-ply rule and many
		// repetitions (R16), which do not end the game under V14.3;
		// then Black resigns.
		"camelot-past-100-plies.json": apRecord("b31f07", "Mia", "Ned", [2]int{1, 0}, knightShuffle(t, 121), "resign"),
		// 52 plies without progress: White claims the draw (V14.3).
		"camelot-draw-claim.json": apRecord("c0d5e2", "Oda", "Pim", [2]int{1, 1}, knightShuffle(t, 52), "draw"),
	}
}

func TestAbstractPlayMadeRecords(t *testing.T) {
	for file, r := range madeRecords(t) {
		data, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, '\n')
		path := filepath.Join("testdata", "abstractplay", file)
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if have, err := os.ReadFile(path); err != nil || !bytes.Equal(have, data) {
			t.Errorf("%s is not the record the test makes (%v); rewrite it with -update", path, err)
		}
	}
}

func readAPFile(t *testing.T, file string, under ...game.Rules) (*Game, []byte, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "abstractplay", file))
	if err != nil {
		t.Fatal(err)
	}
	var games []*Game
	if len(under) > 0 {
		games, err = ReadUnder(bytes.NewReader(data), under[0])
	} else {
		games, err = Read(bytes.NewReader(data))
	}
	if err != nil {
		return nil, data, err
	}
	if len(games) != 1 {
		t.Fatalf("%s: %d games", file, len(games))
	}
	return games[0], data, nil
}

// V14.1: an AbstractPlay record is replayed under AbstractPlay's rules, so
// its Knight's canter C6-E8-G8 after 1. E7-F8 D11-D9, which R10 forbids
// (E8 offers E8xC10), replays; written as a record in text it carries
// [Rules "AbstractPlay"] and reads back the same. Under the WCF's rules
// (ReadUnder) the record stops at that move, naming its ply and text.
func TestAbstractPlayCanterAtFinalLanding(t *testing.T) {
	const file = "camelot-canter-final-landing.json"
	g, data, err := readAPFile(t, file)
	if err != nil {
		t.Fatal(err)
	}
	if g.Variant != game.Camelot.WithRules(game.AbstractPlay) || len(g.Moves) != 3 || g.Result != "1-0" || g.Tag("Rules") != "AbstractPlay" {
		t.Fatalf("%s, %d plies, result %s, tags %v", describe(g.Variant), len(g.Moves), g.Result, g.Tags)
	}
	if text := g.Start.MoveText(g.Moves[0].Move); text != "E7-F8" {
		t.Errorf("ply 1 is %s", text)
	}
	mg, err := g.Replay()
	if err != nil || mg.Rules() != game.AbstractPlay {
		t.Fatalf("replay: %v", err)
	}
	text := roundTrip(t, []*Game{g})
	if !strings.Contains(text, "[Result \"1-0\"]\n[Rules \"AbstractPlay\"]\n") || !strings.Contains(text, "2. C6-E8-G8 1-0") {
		t.Errorf("written:\n%s", text)
	}

	_, _, err = readAPFile(t, file, game.WCF)
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "round 2, seat 1 (white): move 2. c6^e8^g8: illegal move") {
		t.Fatalf("under wcf: %v", err)
	}
	if want := 1 + bytes.Count(data[:bytes.Index(data, []byte(`"c6^e8^g8"`))], []byte("\n")) - 2; e.Line != want {
		t.Errorf("line %d, want %d (the round's)", e.Line, want)
	}
	// A record in text of the game, without the tag, stops there too.
	_, err = Read(strings.NewReader("1. E7-F8 D11-D9 2. C6-E8-G8 1-0\n"))
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "move 2. C6-E8-G8: illegal move") {
		t.Errorf("the game in text under wcf: %v", err)
	}
}

// V14.3: an AbstractPlay record plays on past the 100-ply rule and past
// the third repetition (R16), and its `draw` slot where the claim is open
// is the claim: the game ends drawn by V14.
func TestAbstractPlayNoAutomaticDraws(t *testing.T) {
	g, _, err := readAPFile(t, "camelot-past-100-plies.json")
	if err != nil {
		t.Fatal(err)
	}
	mg, err := g.Replay()
	if err != nil || len(g.Moves) != 121 || g.Result != "1-0" || g.DrawsAreClaims {
		t.Fatalf("%d plies, result %s: %v", len(g.Moves), g.Result, err)
	}
	if o := mg.Outcome(); o.IsOver() || mg.Position().Plies() != 121 || mg.Repetitions() < 3 || !mg.ClaimOpen() {
		t.Errorf("after 121 plies: %s, %d plies, %d occurrences", o, mg.Position().Plies(), mg.Repetitions())
	}
	roundTrip(t, []*Game{g})
	// Under the WCF's rules the record replays too (V13: R16's draws are
	// claims in AbstractPlay's records).
	if wg, _, err := readAPFile(t, "camelot-past-100-plies.json", game.WCF); err != nil || !wg.DrawsAreClaims || len(wg.Moves) != 121 {
		t.Errorf("under wcf: %v", err)
	}

	g, _, err = readAPFile(t, "camelot-draw-claim.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 53 || g.Moves[52].Move != game.ClaimDraw || g.Result != game.Draw.String() {
		t.Fatalf("%d plies, result %s", len(g.Moves), g.Result)
	}
	mg, err = g.Replay()
	if o := mg.Outcome(); err != nil || o.Result != game.Draw || o.Rule != "V14" || !strings.Contains(o.Reason, "after 52 plies") {
		t.Errorf("replay: %v, %s", err, o)
	}
	if text := roundTrip(t, []*Game{g}); !strings.HasSuffix(text, "27. draw 1/2-1/2\n\n") {
		t.Errorf("written:\n%s", text)
	}
	// Under the WCF's rules the slot is an agreed draw.
	if wg, _, err := readAPFile(t, "camelot-draw-claim.json", game.WCF); err != nil || len(wg.Moves) != 52 || wg.Result != game.Draw.String() {
		t.Errorf("under wcf: %v", err)
	}
}

// V14.3: a `draw` slot where the claim is not open is an agreed draw (the
// players' result); a claim whose players' results are not a draw is an
// error.
func TestAbstractPlayDrawSlots(t *testing.T) {
	g, _, err := readAPFile(t, "chivalry-draw.json")
	if err != nil || len(g.Moves) != 16 || g.Result != game.Draw.String() {
		t.Fatalf("agreed draw: %v", err)
	}
	if mg, err := g.Replay(); err != nil || mg.Outcome().IsOver() {
		t.Errorf("agreed draw replayed: %v, %s", err, mg.Outcome())
	}
	shuffle := `["c6^e8", "c11^e9"], ["e8^c6", "e9^c11"]`
	text := `{"header": {"game": {"name": "Camelot"}, "players": [{"name": "A", "result": 1}, {"name": "B", "result": 0}]},
	"moves": [` + shuffle + `, ` + shuffle + `, ` + shuffle + `, ["draw"]]}`
	var e *Error
	if _, err := Read(strings.NewReader(text)); !errors.As(err, &e) || !strings.Contains(e.Msg, "the players' results give 1-0, but under abstractplay rules the final position is decided: 1/2-1/2 (V14: draw claimed") {
		t.Errorf("a claim won: %v", err)
	}
}
