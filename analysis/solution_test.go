package analysis

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/protocol"
	"github.com/camelot-engine/camelot/record"
	"github.com/camelot-engine/camelot/solve"
)

// With Camette's table, each position's annotation carries its exact
// value. White's B2-D2 wins in 7 plies; the game's B2-C3 lets Black win in
// 9: a blunder, which the table says in so many words.
func TestAnalyseWithSolution(t *testing.T) {
	dir := t.TempDir()
	if _, err := solve.Solve(solve.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	tb, err := solve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, err := record.Read(strings.NewReader("[Variant \"Camette\"]\n[CFEN \"1/3/5/5/m4/MM1/1 w 0/0 0 1\"]\n\n1. B2-C3 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep := analyse(t, games[0], Config{Depth: 2, Threads: 1, Hash: 4, Oracle: protocol.Oracle(tb)})
	m := rep.Moves[0]
	if m.Mark != "??" || m.Before.Best != m.Before.PV[0] || games[0].Start.MoveText(m.Before.Best) != "B2-D2" {
		t.Errorf("B2-C3: mark %q, the engine's move %s; want ?? and B2-D2", m.Mark, games[0].Start.MoveText(m.Before.Best))
	}

	var b bytes.Buffer
	if err := record.Write(&b, rep.Annotated()); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(b.String()), " ") // lines are wrapped
	for _, want := range []string{"B2-C3?? {#-5/1 solved: black wins in 9 plies}", "(1. B2-D2 {#4/1 solved: white wins in 7 plies}"} {
		if !strings.Contains(text, want) {
			t.Errorf("the annotated game lacks %q:\n%s", want, text)
		}
	}

	data, err := json.Marshal(rep.JSON(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"solution":{"result":"0-1","plies":9,"mate":-5}`, `"best_solution":{"result":"1-0","plies":7,"mate":4}`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the JSON lacks %s:\n%s", want, data)
		}
	}

	// Without the table, no value is claimed.
	rep = analyse(t, games[0], Config{Depth: 2, Threads: 1, Hash: 4})
	if rep.Moves[0].After.Exact != nil || rep.Moves[0].Before.Exact != nil {
		t.Error("an exact value without a table")
	}
}
