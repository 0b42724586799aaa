package train

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/game"
)

const (
	line1 = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1 | 12 | 1"
	line2 = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMM1N2/2NMMMMMMN2/12/12/10/8/2 b 0/0 1 1 | -7 | 1"
)

func writeFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "d.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A malformed line, a trailer that does not match its game, or another
// format version stops the load with file:line and the reason.
func TestLoadMalformed(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{datagen.Header + "\n" + line1 + "\nnot a position | 3 | 1\n", ":3: "},
		{line1 + "\n2/8 w | 3 | 1\n", ":2: "},
		{line1 + "\n" + strings.Replace(line2, "| -7 |", "| seven |", 1) + "\n", `:2: score "seven"`},
		{line1 + "\n" + strings.Replace(line2, "| 1", "| 2", 1) + "\n", `:2: result "2"`},
		{line1 + "\n# game 0 1 2 2\n", ":2: the trailer of game 0 counts 2 positions, 1 precede"},
		{line1 + "\n# game 0 0 2 1\n", ":2: the trailer of game 0 gives result 0, its positions 1"},
		{line1 + "\n# game x 1 2 1\n", `:2: game trailer "# game x 1 2 1"`},
		{"# camelot-datagen 2\n" + line1 + "\n", `:1: data format version "2"`},
		{strings.Repeat(line1+"\n", maxGame+1), ":20001: 20000 positions since line 1 and no game trailer"},
	} {
		path := writeFile(t, tc.text)
		_, err := Load(context.Background(), []string{path}, 0, nil)
		if err == nil || !strings.HasPrefix(err.Error(), path+":") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %s%s…", tc.text, err, path, tc.want)
		}
	}
}

// A game without its trailer at the end (a file being written), or cut
// off by another file's header (files concatenated), is left out with a
// note, as is an unterminated last line; the games with trailers load,
// and the digest covers their bytes only.
func TestLoadLeavesOutUnfinishedGames(t *testing.T) {
	game := line1 + "\n" + line2 + "\n# game 0 1 2 2\n"
	complete := datagen.Header + "\n# seed=3 test\n" + game
	for _, tc := range []struct{ tail, note string }{
		{"", ""},
		{line1 + "\n" + line2 + "\n", ":7: left out a game without its trailer line (2 positions)"},
		{line1 + "\n" + line2[:30], ":7: left out a game without its trailer line (1 position)"},
		{line1[:30], ":7: left out an unterminated last line"},
		{"# game 1 1 2", ":7: left out an unterminated last line"},
	} {
		path := writeFile(t, complete+"\n"+tc.tail)
		set, err := Load(context.Background(), []string{path}, 0, nil)
		if err != nil {
			t.Fatalf("%q: %v", tc.tail, err)
		}
		fs := set.Files[0]
		if set.Data.Len() != 2 || fs.Games != 1 || fs.Positions != 2 || !strings.Contains(fs.Note, tc.note) || (tc.note == "") != (fs.Note == "") {
			t.Errorf("%q: %d positions, %+v", tc.tail, set.Data.Len(), fs)
		}
		if whole, _ := Load(context.Background(), []string{writeFile(t, complete+"\n")}, 0, nil); whole.Files[0].Digest != fs.Digest {
			t.Errorf("%q: the digest covers what was left out", tc.tail)
		}
	}
	// Concatenated files, the first cut off in a game.
	path := writeFile(t, complete+line1+"\n"+complete)
	set, err := Load(context.Background(), []string{path}, 0, nil)
	if err != nil || set.Data.Len() != 4 || set.Files[0].Games != 2 || set.Files[0].Dropped != 1 {
		t.Errorf("concatenated files: %v, %+v", err, set.Files)
	}
}

// The validation split takes whole games, about the share asked for, the
// same ones whatever else is in the files or in what order they come;
// the scores and results are kept from the side to move's view.
func TestValidationSplitByGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 21))
	dir := t.TempDir()
	games := randomGames(rng, 400, 12)
	a := writeData(t, dir, "a.txt", rng, games, material)
	b := writeData(t, dir, "b.txt", rng, games[:50], func(game.Position) int { return 5 })
	set, err := Load(context.Background(), []string{a, b}, 0.25, nil)
	if err != nil {
		t.Fatal(err)
	}
	held := map[int]bool{}
	for _, i := range set.Validation {
		held[int(i)] = true
	}
	// a's games, then b's, in file order: game g of a is positions
	// 12g..12g+11 (every game has 12 plies here).
	gamesHeld := 0
	for g := range 400 {
		n := 0
		for i := 12 * g; i < 12*g+12; i++ {
			if held[i] {
				n++
			}
		}
		if n != 0 && n != 12 {
			t.Fatalf("game %d has %d of its 12 positions held out", g, n)
		}
		if n == 12 {
			gamesHeld++
		}
	}
	if gamesHeld < 70 || gamesHeld > 130 {
		t.Errorf("%d of 400 games held out, want about 100", gamesHeld)
	}
	swapped, err := Load(context.Background(), []string{b, a}, 0.25, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 12 * 400 { // a's positions now come after b's 600
		if held[i] != (swapped.Data.Len() > 0 && contains(swapped.Validation, uint32(600+i))) {
			t.Fatalf("position %d of a.txt changed sides when the files changed order", i)
		}
	}
	for i, p := range games[0] {
		want, result := material(p), 0.0
		if p.Side() == game.Black {
			want = -want
		}
		result = set.Data.Result(i)
		if got := set.Data.Score(i); got != want || (result != 0 && result != 0.5 && result != 1) {
			t.Fatalf("position %d: score %d, want %d from the side to move's view; result %v", i, got, want, result)
		}
	}
}

func contains(xs []uint32, x uint32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// The store costs well under 100 bytes a position, here at 16 pieces a
// position (datagen's positions have about 12).
func TestBytesPerPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 23))
	d := &Data{}
	for d.Len() < 3*chunkSize/12 {
		for _, g := range randomGames(rng, 100, 150) {
			for _, p := range g {
				if err := d.add(p, 0, 1); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	perPiece := float64(d.Features()) / float64(d.Len())
	b := d.bytesPerPosition()
	t.Logf("%d positions, %.1f pieces a position: %.1f bytes a position", d.Len(), perPiece, b)
	if b > 80 {
		t.Errorf("%.1f bytes a position, want at most 80", b)
	}
}
