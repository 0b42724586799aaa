package analysis

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// V14.3: an AbstractPlay record that ends with the draw claim (52 plies of
// Knights cantering out and back, then White's `draw`) is analysed under
// AbstractPlay's rules: the claim is the game's last move, judged as the
// end of the game, a draw by V14; the annotated record writes it "draw"
// and reads back; the JSON names the rules.
func TestAnalyseDrawClaim(t *testing.T) {
	g := readGames(t, filepath.Join("testdata", "camelot-draw-claim.json"))[0]
	if len(g.Moves) != 53 || !g.Moves[52].Move.IsClaim() {
		t.Fatalf("%d moves", len(g.Moves))
	}
	rep := analyse(t, g, Config{Depth: 2, Threads: 1, Hash: 4, FromPly: 51})
	claim := rep.Moves[52]
	if !claim.Analysed || !claim.Move.IsClaim() || claim.After.Over.Rule != "V14" || claim.After.Over.Result != game.Draw {
		t.Fatalf("the claim's report %+v", claim)
	}

	// A claim as the engine's line: Black could have claimed before its
	// 52nd ply (51 plies without progress).
	before := &rep.Moves[51]
	before.Before.Best, before.Before.PV, before.Mark, before.BetterPV = game.ClaimDraw, []game.Move{game.ClaimDraw}, "?!", true

	var b bytes.Buffer
	if err := record.Write(&b, rep.Annotated()); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(b.String()), " ")
	if !strings.Contains(text, "[Rules \"AbstractPlay\"]") || !strings.Contains(text, "(26... draw {") ||
		!strings.Contains(text, "27. draw {1/2-1/2 (V14: draw claimed after 52 plies") {
		t.Errorf("annotated:\n%s", text)
	}
	back, err := record.Read(&b)
	if err != nil || len(back) != 1 || len(back[0].Moves) != 53 || back[0].Variant != g.Variant {
		t.Fatalf("reads back as %v, %v:\n%s", back, err, text)
	}

	data, err := json.Marshal(rep.JSON(1))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Variant string `json:"variant"`
		Rules   string `json:"rules"`
		Moves   []struct {
			Move, Text, Best string
			PV               []string
			Score            struct{ Result string }
		} `json:"moves"`
	}
	if err := json.Unmarshal(data, &out); err != nil || out.Variant != "camelot" || out.Rules != "abstractplay" || len(out.Moves) != 3 {
		t.Fatalf("JSON %v: %s", err, data)
	}
	if m := out.Moves[1]; m.Best != "draw" || len(m.PV) != 1 || m.PV[0] != "draw" {
		t.Errorf("ply 52 in JSON: %+v", m)
	}
	if m := out.Moves[2]; m.Move != "draw" || m.Text != "draw" || !strings.Contains(m.Score.Result, "V14") {
		t.Errorf("the claim in JSON: %+v", m)
	}
}

// legalPrefix keeps a line's claim where it is open, as its last move, and
// cuts a move after it or a claim that is not open.
func TestLegalPrefixClaim(t *testing.T) {
	g := readGames(t, filepath.Join("testdata", "camelot-draw-claim.json"))[0]
	mg, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	mg.Undo() // before the claim
	pos := mg.Position()
	step := pos.Moves()[0]
	if got := legalPrefix(mg, []game.Move{game.ClaimDraw, step}); len(got) != 1 || !got[0].IsClaim() {
		t.Errorf("claim then a move: %v", got)
	}
	start, _ := record.ReadUnder(strings.NewReader("*"), game.AbstractPlay)
	mg0, _ := start[0].Replay()
	if got := legalPrefix(mg0, []game.Move{game.ClaimDraw}); len(got) != 0 {
		t.Errorf("a claim not open: %v", got)
	}
}
