package search

// MaxSkill is the full-strength skill level.
const MaxSkill = 20

// Skill weakens the engine for people, the way the best-known chess
// engines do it (Stockfish's Skill): below MaxSkill the search is one
// thread, capped in depth and nodes by the level, and looks at a few
// moves with a hidden MultiPV (more at lower levels); then a seeded random
// pull, stronger at lower levels, picks among them, favouring the better
// ones. The mistakes that follow are a shallow searcher's: a multi-jump it
// did not see, a piece left to be captured. The moves stay legal, so a
// compulsory capture (R11) is always made; a weak level may choose a worse
// capture.
type Skill struct {
	Level int    // 0..MaxSkill
	Seed  uint64 // 0: a fresh random pull each move; else the same move in the same position
}

// Active reports whether the level weakens the search.
func (sk Skill) Active() bool { return sk.Level < MaxSkill }

// skillElo is the calibrated Elo of some levels on one scale anchored at
// the random mover (0), from the matches in the README's "Strength levels";
// levels between them are interpolated.
var skillElo = []struct {
	level int
	elo   float64
}{
	{0, 569}, {5, 768}, {10, 1103}, {15, 1657}, {18, 2030}, {20, 2341},
}

// EloOf returns a level's Elo on the calibrated scale.
func EloOf(level int) float64 {
	level = max(0, min(level, MaxSkill))
	for i := 1; i < len(skillElo); i++ {
		a, b := skillElo[i-1], skillElo[i]
		if level <= b.level {
			return a.elo + (b.elo-a.elo)*float64(level-a.level)/float64(b.level-a.level)
		}
	}
	return skillElo[len(skillElo)-1].elo
}

// SkillForElo returns the level whose calibrated Elo is nearest to elo
// (UCI_Elo).
func SkillForElo(elo int) int {
	best := 0
	for l := 1; l <= MaxSkill; l++ {
		if d, bd := EloOf(l)-float64(elo), EloOf(best)-float64(elo); d*d < bd*bd {
			best = l
		}
	}
	return best
}
