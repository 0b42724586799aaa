package analysis

import (
	"fmt"
	"slices"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/record"
	"github.com/camelot-engine/camelot/search"
)

// whiteScore turns a score for the side to move into White's view.
func whiteScore(s search.Score, side game.Color) search.Score {
	if side == game.Black {
		return search.Score{CP: -s.CP, Mate: -s.Mate}
	}
	return s
}

// ScoreText writes a score from White's view as the comments do: men with
// two decimals ("+0.35", "-1.20"), or "#N" for a win in N moves ("#-N" for
// Black's).
func ScoreText(s search.Score) string {
	if s.Mate != 0 {
		return fmt.Sprintf("#%d", s.Mate)
	}
	return fmt.Sprintf("%+.2f", float64(s.CP)/100)
}

// judgementText is the comment for a position judged with side to move:
// the score and depth, and the exact value when the oracle knows it.
func judgementText(j Judgement, side game.Color) string {
	if j.Over.IsOver() {
		return j.Over.String()
	}
	text := fmt.Sprintf("%s/%d", ScoreText(whiteScore(j.Score, side)), j.Depth)
	if j.Exact != nil {
		text += " solved: " + ExactText(*j.Exact, side)
	}
	return text
}

// ExactText writes an exact value for side to move by who wins it: "white
// wins in 7 plies", "black wins in 1 ply", "draw".
func ExactText(x search.Exact, side game.Color) string {
	switch x.Result {
	case 1:
		return fmt.Sprintf("%s wins in %s", side, plural.Of(x.Plies, "ply", "plies"))
	case -1:
		return fmt.Sprintf("%s wins in %s", side.Other(), plural.Of(x.Plies, "ply", "plies"))
	}
	return "draw"
}

// Annotated returns a copy of the game with the report written in: each
// analysed move gets its score after the move (White's view) and depth as
// the first words of its comment, its mark as its glyph, and, where a
// better move existed, the engine's line as a variation whose first move
// carries that line's score. The game's own comments and variations stay.
func (r *Report) Annotated() *record.Game {
	g := *r.Game
	g.Tags = slices.Clone(g.Tags)
	g.Moves = slices.Clone(g.Moves)
	for i := range g.Moves {
		m, mr := &g.Moves[i], r.Moves[i]
		if !mr.Analysed {
			continue
		}
		ours := judgementText(mr.After, mr.Side.Other())
		if m.Comment != "" {
			ours += " " + m.Comment
		}
		m.Comment = ours
		if mr.Mark != "" {
			m.NAG = mr.Mark
		}
		if mr.BetterPV {
			line := make([]record.Move, len(mr.Before.PV))
			for k, pm := range mr.Before.PV {
				line[k] = record.Move{Move: pm}
			}
			line[0].Comment = judgementText(mr.Before, mr.Side)
			m.Variations = append(slices.Clone(m.Variations), line)
		}
	}
	return &g
}

// Line describes one side's play in a line.
func (s Summary) Line(side game.Color) string {
	return fmt.Sprintf("%s: %s, average loss %.1f centi-men a move, %s (?!), %s (?), %s (??)",
		side, plural.Of(s.Moves, "move", "moves"), s.AverageLoss, plural.Of(s.Inaccuracies, "inaccuracy", "inaccuracies"),
		plural.Of(s.Mistakes, "mistake", "mistakes"), plural.Of(s.Blunders, "blunder", "blunders"))
}
