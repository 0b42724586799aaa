package engine

import (
	"math/rand/v2"

	"github.com/camelot-engine/camelot/search"
)

// MaxSkill is the full-strength skill level.
const MaxSkill = search.MaxSkill

// Skill is a strength level (search.Skill: how it weakens the search).
type Skill = search.Skill

// skillLines is the number of moves a weakened search chooses from: 12 at
// level 0, 4 at level 19.
func skillLines(level int) int { return 4 + 2*(MaxSkill-level)/5 }

// skillSpread caps the random part of the pull: 4 Men at level 0, about
// one at level 19. Level 0 picks among its 12 best moves at depth 1 alike
// (its weakness, 128, cancels the whole deficit), so it often leaves
// pieces to be captured; it still beats a random mover, which picks among
// all moves and leaves far more.
func skillSpread(level int) int { return 100 + 15*(MaxSkill-level) }

// skillDepth and skillNodes are a level's search caps: depth 1 and 300
// nodes at level 0, doubling the nodes every two levels, up to depth 10
// and about 150,000 nodes at level 19.
func skillDepth(level int) int    { return 1 + level/2 }
func skillNodes(level int) uint64 { return 300 << (level / 2) }
func skillWeakness(level int) int { return 128 - 2*level }

// capLimits applies the level's caps to the limits of a search.
func capLimits(sk Skill, lim Limits) Limits {
	if d := skillDepth(sk.Level); lim.Depth == 0 || lim.Depth > d {
		lim.Depth = d
	}
	if n := skillNodes(sk.Level); lim.Nodes == 0 || lim.Nodes > n {
		lim.Nodes = n
	}
	return lim
}

// pick chooses among the lines of the last completed iteration, sorted
// best first, all searched to an exact score. Each gets a push:
// weakness/128 of its deficit to the best move, plus a random part of up to
// the spread of the scores (capped by skillSpread); the highest score with
// its push wins. A Seed makes the pull depend only on the position.
func pickLine(sk Skill, lines []rootMove, key uint64, rng *rand.Rand) int {
	if sk.Seed != 0 {
		rng = rand.New(rand.NewPCG(sk.Seed, key))
	}
	k := min(skillLines(sk.Level), len(lines))
	top := lines[0].score
	weakness := skillWeakness(sk.Level)
	spread := min(top-lines[k-1].score, skillSpread(sk.Level))
	best, bestValue := 0, -Infinity-1
	for i := 0; i < k; i++ {
		push := (weakness*(top-lines[i].score) + spread*rng.IntN(weakness)) / 128
		if v := lines[i].score + push; v > bestValue {
			best, bestValue = i, v
		}
	}
	return best
}

// skillLine is the line a weakened search plays.
func (t *thread) skillLine(sk Skill, rng *rand.Rand) rootMove {
	return t.lines[pickLine(sk, t.lines, t.pos.Key, rng)]
}

// EloOf returns a level's Elo on the calibrated scale.
func EloOf(level int) float64 { return search.EloOf(level) }

// SkillForElo returns the level whose calibrated Elo is nearest to elo.
func SkillForElo(elo int) int { return search.SkillForElo(elo) }
