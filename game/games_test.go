package game_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

// readRecord reads a game record of testdata/games: `#` comments, lines
// `N. WHITE [BLACK]`, and a final result token.
func readRecord(t *testing.T, path string) (moves []string, result string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		switch {
		case len(fields) == 1 && (fields[0] == "1-0" || fields[0] == "0-1" || fields[0] == "1/2-1/2"):
			result = fields[0]
		case strings.HasSuffix(fields[0], ".") && len(fields) <= 3:
			moves = append(moves, fields[1:]...)
		default:
			t.Fatalf("%s: bad line %q", path, line)
		}
	}
	return moves, result
}

// TestGameRecordsReplay replays real game records move by move from the
// start (R2): every move, as the WCF recorded it (squares sometimes
// skipped, R3), must name exactly one legal move; its canonical text must
// read back as the same move.
func TestGameRecordsReplay(t *testing.T) {
	for _, tc := range []struct {
		file   string
		plies  int
		result string
		final  string // CFEN after the last move, checked by hand against the record
	}{
		{"nolan-troyka-2009.txt", 59, "1-0", "2/8/10/12/12/12/12/12/6N5/7M4/5n1N4/12/12/10/8/2 b 0/0 0 30"},
		{"chaxx-nolan-2008.txt", 34, "0-1", "2/8/10/12/5N6/7m4/12/2m9/5m6/12/12/12/12/10/8/2 w 0/0 0 18"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			moves, result := readRecord(t, filepath.Join("..", "testdata", "games", tc.file))
			if len(moves) != tc.plies || result != tc.result {
				t.Fatalf("read %d plies, result %q; want %d, %q", len(moves), result, tc.plies, tc.result)
			}
			g := game.NewGame(movegen.Wrap(movegen.StartPosition()))
			for i, text := range moves {
				pos := g.Position()
				m, err := g.PlayText(text)
				if err != nil {
					t.Fatalf("ply %d %q from %s: %v", i+1, text, pos.CFEN(), err)
				}
				canon := pos.MoveText(m)
				back, err := pos.ParseMove(canon)
				if err != nil || back != m {
					t.Fatalf("ply %d: canonical %q of %q does not read back: %v", i+1, canon, text, err)
				}
				t.Logf("%3d %-28s %s", i+1, text, canon)
			}
			final := g.Position()
			if got := final.CFEN(); got != tc.final {
				t.Errorf("final position %s, want %s", got, tc.final)
			}
		})
	}
}
