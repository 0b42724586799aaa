package train

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/movegen"
)

// randomGames plays random games from the start (at most plies plies
// each) and returns them, each as the positions met on the way.
func randomGames(rng *rand.Rand, games, plies int) [][]movegen.Position {
	var out [][]movegen.Position
	var ml movegen.MoveList
	for range games {
		p := movegen.StartPosition()
		var game []movegen.Position
		for ply := 0; ply < plies && !p.Outcome().IsOver(); ply++ {
			if p.GenerateMoves(&ml); ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
			game = append(game, p)
		}
		out = append(out, game)
	}
	return out
}

// material scores a position by its pieces, White's view, as a search
// roughly would.
func material(p *movegen.Position) int {
	s := 0
	for c, sign := range [2]int{1, -1} {
		s += sign * (100*p.Pieces[c].Count() + 150*p.Pieces[c].And(p.Knights).Count())
	}
	return s
}

// labelled is a position with its record's score and result (White's
// view).
type labelled struct {
	pos    movegen.Position
	score  int
	result float64
}

// setOf makes a Set of positions in memory: every tenth position is
// held out for validation.
func setOf(t testing.TB, ps []labelled) *Set {
	t.Helper()
	s := &Set{Data: &Data{}}
	for i, p := range ps {
		if err := s.Data.add(&p.pos, p.score, p.result); err != nil {
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
// path.
func writeData(t testing.TB, dir, name string, rng *rand.Rand, games [][]movegen.Position, score func(*movegen.Position) int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(datagen.Header + "\n# seed=7 games=" + fmt.Sprint(len(games)) + " test\n")
	for i, g := range games {
		result := 0.5
		if len(g) > 0 {
			switch win, x := sigmoid(float64(score(&g[len(g)-1]))/100), rng.Float64(); {
			case x < 0.8*win:
				result = 1
			case x > 1-0.8*(1-win):
				result = 0
			}
		}
		for _, p := range g {
			b.WriteString(datagen.Record{Pos: p, Score: score(&p), Result: result}.String() + "\n")
		}
		fmt.Fprintf(&b, "# game %d %s %d %d\n", i, strings.TrimSuffix(fmt.Sprint(result), ".0"), len(g), len(g))
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
