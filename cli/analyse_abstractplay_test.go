package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// V13: camelot analyse reads AbstractPlay's JSON records: the board from
// the header (whatever -variant says), a warning for a label it does not
// know, and the JSON output names each move as the record wrote it (V12)
// beside R3's text.
func TestAnalyseAbstractPlayRecord(t *testing.T) {
	file := filepath.Join("..", "record", "testdata", "abstractplay", "camette-unknown-label.json")
	var stdout, stderr bytes.Buffer
	code := Main([]string{"analyse", "-variant", "cam", "-depth", "2", "-threads", "1", "-json", file}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), `game 1: warning: AbstractPlay record: variant label "#board" is not known; ignored`) {
		t.Errorf("stderr %q: want the warning about #board", stderr.String())
	}
	var out struct {
		Games []struct {
			Tags  map[string]string `json:"tags"`
			Moves []struct {
				Move, Text string
			} `json:"moves"`
		} `json:"games"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || len(out.Games) != 1 {
		t.Fatalf("output %v: %s", err, stdout.String())
	}
	g := out.Games[0]
	if g.Tags["Variant"] != "Camette" || len(g.Moves) != 11 || g.Moves[0].Move != "C2-C4" || g.Moves[0].Text != "c2^c4" {
		t.Errorf("game %+v", g)
	}
	stdout.Reset()
	stderr.Reset()
	bad := filepath.Join("..", "record", "testdata", "abstractplay", "camelot-illegal-move.json")
	if code := Main([]string{"analyse", "-depth", "1", bad}, nil, &stdout, &stderr); code == 0 ||
		!strings.Contains(stderr.String(), "camelot-illegal-move.json:45: game 1: AbstractPlay record: round 3, seat 2 (black)") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
