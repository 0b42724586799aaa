package train

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/game"
)

// randomGames plays random games of Camelot from the start (at most plies
// plies each) and returns them, each as the positions met on the way.
func randomGames(rng *rand.Rand, games, plies int) [][]game.Position {
	return randomGamesOf(game.Camelot, rng, games, plies)
}

// randomGamesOf plays random games of v, as randomGames does Camelot's.
func randomGamesOf(v game.Variant, rng *rand.Rand, games, plies int) [][]game.Position {
	var out [][]game.Position
	for range games {
		p := boards.StartPosition(v)
		var g []game.Position
		for ply := 0; ply < plies && !p.Outcome().IsOver(); ply++ {
			ms := p.Moves()
			if len(ms) == 0 {
				break
			}
			p.MakeMove(ms[rng.IntN(len(ms))])
			g = append(g, p)
		}
		out = append(out, g)
	}
	return out
}

// pieces counts a position's pieces of each colour and kind.
func pieces(p game.Position) (count [2][2]int) {
	for _, s := range p.Variant().Squares() {
		if pc := p.PieceAt(s); pc.IsPiece() {
			count[pc.Color()][pc.Kind()]++
		}
	}
	return count
}

// pieceCount is the number of a position's pieces, both sides'.
func pieceCount(p game.Position) int {
	count := pieces(p)
	return count[0][0] + count[0][1] + count[1][0] + count[1][1]
}

// material scores a position by its pieces, White's view, as a search
// roughly would.
func material(p game.Position) int {
	s := 0
	count := pieces(p)
	for c, sign := range [2]int{1, -1} {
		s += sign * (100*count[c][game.Man] + 250*count[c][game.Knight])
	}
	return s
}

// withSide returns p with side to move.
func withSide(p game.Position, side game.Color) game.Position {
	fields := strings.Fields(p.CFEN())
	fields[1] = map[game.Color]string{game.White: "w", game.Black: "b"}[side]
	q, err := boards.ParseCFEN(p.Variant(), strings.Join(fields, " "))
	if err != nil {
		panic(err)
	}
	return q
}

// mirror returns p mirrored left to right (file A to the last file): the
// board's every rank written backwards (every board is symmetric, V2).
func mirror(p game.Position) game.Position {
	v := p.Variant()
	var ranks []string
	for r := v.Ranks() - 1; r >= 0; r-- { // the highest rank first (R5)
		var b strings.Builder
		empty := 0
		for f := 0; f < v.Files(); f++ {
			if !v.Has(f, r) {
				continue
			}
			pc := p.PieceAt(game.SquareAt(v.Files()-1-f, r))
			if pc == game.Empty {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		ranks = append(ranks, b.String())
	}
	_, rest, _ := strings.Cut(p.CFEN(), " ")
	q, err := boards.ParseCFEN(v, strings.Join(ranks, "/")+" "+rest)
	if err != nil {
		panic(err)
	}
	return q
}

// labelled is a position with its record's score and result (White's
// view).
type labelled struct {
	pos    game.Position
	score  int
	result float64
}

// setOf makes a Set of positions in memory: every tenth position is
// held out for validation.
func setOf(t testing.TB, ps []labelled) *Set {
	t.Helper()
	s := &Set{Data: &Data{}}
	for i, p := range ps {
		if err := s.Data.add(p.pos, p.score, p.result); err != nil {
			t.Fatal(err)
		}
		if i%10 == 9 {
			s.Validation = append(s.Validation, uint32(i))
			s.Samples = append(s.Samples, Sample{Index: i, Pos: p.pos})
		} else {
			s.Train = append(s.Train, uint32(i))
		}
	}
	return s
}

// writeData writes games as a datagen file in dir, each position scored
// by score (White's view) and each game's result drawn from rng with
// the odds the score of its last position gives; it returns the file's
// path. The settings line names the games' board unless it is Camelot's
// (V7).
func writeData(t testing.TB, dir, name string, rng *rand.Rand, games [][]game.Position, score func(game.Position) int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(datagen.Header + "\n# seed=7 games=" + fmt.Sprint(len(games)) + " test")
	for _, g := range games {
		if len(g) > 0 {
			if v := g[0].Variant(); v != game.Camelot {
				b.WriteString(" variant=" + v.String())
			}
			break
		}
	}
	b.WriteString("\n")
	for i, g := range games {
		result := 0.5
		if len(g) > 0 {
			switch win, x := sigmoid(float64(score(g[len(g)-1]))/100), rng.Float64(); {
			case x < 0.8*win:
				result = 1
			case x > 1-0.8*(1-win):
				result = 0
			}
		}
		for _, p := range g {
			b.WriteString(datagen.Record{Pos: p, Score: score(p), Result: result}.String() + "\n")
		}
		fmt.Fprintf(&b, "# game %d %s %d %d\n", i, strings.TrimSuffix(fmt.Sprint(result), ".0"), len(g), len(g))
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// afterTrees plays the first placement of each side while p is in River's
// tree phase (V10), so that either side may be given the move.
func afterTrees(p game.Position) game.Position {
	for p.InTreePhase() {
		p.MakeMove(p.Moves()[0])
	}
	return p
}
