package eval

// Tests of the net's inputs and accumulators on this grid (net.go,
// netstack.go).

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
)

func TestCamelotFeatures(t *testing.T) {
	b := NetBoardOf(movegen.Camelot)
	if f := b.Feature(movegen.White, movegen.White, movegen.Man, movegen.MustParseSquare("F1")); f != 0 {
		t.Errorf("F1 own Man: %d", f)
	}
	if f := b.Feature(movegen.Black, movegen.Black, movegen.Man, movegen.MustParseSquare("F16")); f != 0 {
		t.Errorf("F16 own Man for Black: %d", f)
	}
	if b.Inputs() != 640 {
		t.Errorf("Camelot has %d inputs, want 640", b.Inputs())
	}
}

func TestSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := randomNetFrom(rng, 64)
	for i, p := range netRandomPositions(rng, 3000) {
		v := NetEvaluate(n, &p)
		if w := NetEvaluate(n, ptr(flipColours(p))); w != v {
			t.Fatalf("position %d %s: %d, colour-flipped %d", i, p.CFEN(), v, w)
		}
		if w := NetEvaluate(n, ptr(mirrorFiles(p))); w != v {
			t.Fatalf("position %d %s: %d, mirrored %d", i, p.CFEN(), v, w)
		}
	}
}

func TestStackMatchesRefresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := randomNetFrom(rng, 48)
	const plies = 64
	s := NewNetStack(n, plies)
	kinds := map[string]int{}
	for game := 0; game < 300; game++ {
		var pos movegen.Position
		if game%3 == 0 { // from a start position itself, castle ones included
			pos, _ = movegen.ParseCFEN(netStartCFENs[game/3%len(netStartCFENs)])
		} else {
			p := netRandomPositions(rng, 1+rng.IntN(40))
			pos = p[len(p)-1]
		}
		s.Reset(&pos)
		var ml movegen.MoveList
		for ply := 0; ply < plies; ply++ {
			if got, want := s.Evaluate(ply, &pos), NetEvaluate(n, &pos); got != want {
				t.Fatalf("game %d ply %d %s: stack %d, refresh %d", game, ply, pos.CFEN(), got, want)
			}
			if pos.Outcome().IsOver() {
				break
			}
			if pos.GenerateMoves(&ml); ml.N == 0 {
				break
			}
			if rng.IntN(10) == 0 && !pos.MustCapture() {
				s.PushNull(ply)
				pos.MakeNullMove()
				kinds["null"]++
				continue
			}
			m := ml.Moves[rng.IntN(ml.N)]
			kinds[moveKind(&pos, m)]++
			s.Push(ply, &pos, m)
			pos.MakeMove(m)
			// Skip an evaluation now and then: the next one catches up.
			if rng.IntN(3) == 0 && ply+1 < plies {
				if pos.Outcome().IsOver() {
					break
				}
				if pos.GenerateMoves(&ml); ml.N == 0 {
					break
				}
				m := ml.Moves[rng.IntN(ml.N)]
				kinds[moveKind(&pos, m)]++
				s.Push(ply+1, &pos, m)
				pos.MakeMove(m)
				ply++
			}
		}
	}
	for _, k := range []string{"plain", "canter", "jump", "charge", "castle entry", "castle move", "out of own castle", "null"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the random games (%v)", k, kinds)
		}
	}
	t.Logf("moves checked: %v", kinds)
}

func moveKind(p *movegen.Position, m movegen.Move) string {
	us, them := p.Side, p.Side.Other()
	switch {
	case movegen.Castle[us].Has(m.From):
		return "out of own castle"
	case movegen.Castle[them].Has(m.From):
		return "castle move"
	case movegen.Castle[them].Has(m.To):
		return "castle entry"
	}
	text := p.MoveText(m)
	switch {
	case strings.Contains(text, "-") && strings.Contains(text, "x"):
		return "charge"
	case strings.Contains(text, "x"):
		return "jump"
	case m.From.File()-m.To.File() > 1 || m.To.File()-m.From.File() > 1 || m.From.Rank()-m.To.Rank() > 1 || m.To.Rank()-m.From.Rank() > 1 || strings.Count(text, "-") > 1:
		return "canter"
	}
	return "plain"
}

func randomNetFrom(rng *rand.Rand, h int) *nnue.Net { return nnue.Random(rng.Uint64(), h) }

func netRandomPositions(rng *rand.Rand, n int) []movegen.Position {
	var out []movegen.Position
	for len(out) < n {
		p, err := movegen.ParseCFEN(netStartCFENs[rng.IntN(len(netStartCFENs))])
		if err != nil {
			panic(err)
		}
		var ml movegen.MoveList
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			if p.Outcome().IsOver() {
				break
			}
			if p.GenerateMoves(&ml); ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
			out = append(out, p)
		}
	}
	return out
}

var netStartCFENs = []string{
	movegen.StartCFEN,
	"2/8/10/12/12/n2mmmmmmn2/6mm4/6N5/6MN4/5M1M4/2NM1M1MM3/12/12/10/8/2 w 0/0 1 11",
	"2/3M4/8N1/1m10/8M3/4m7/12/9M2/1m2m1N5/3n8/7MM3/12/12/10/8/n1 b 0/0 4 35",
	"N1/4M3/5M4/12/12/12/12/12/5M6/9M2/4M7/12/12/10/8/1n w 0/1 0 38",
	// White's Man on F1 must leave White's castle (R12).
	"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NM1MMMMN2/12/12/10/8/M1 w 0/0 0 9",
}
