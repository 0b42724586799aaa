package analysis

import (
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// JSONScore is a score from White's view: centi-men, a win in N moves
// (negative: Black's), or the result of a finished game.
type JSONScore struct {
	CP     *int   `json:"cp,omitempty"`
	Mate   *int   `json:"mate,omitempty"`
	Result string `json:"result,omitempty"`
}

// JSONMove is one analysed move.
type JSONMove struct {
	Ply       int       `json:"ply"`
	Side      string    `json:"side"`
	Move      string    `json:"move"`
	Text      string    `json:"text,omitempty"` // as the record wrote it (R3, or AbstractPlay's V12)
	Score     JSONScore `json:"score"`          // after the move
	Depth     int       `json:"depth"`
	Best      string    `json:"best,omitempty"` // the engine's move in the position before
	BestScore JSONScore `json:"best_score"`
	Loss      int       `json:"loss"`
	Mark      string    `json:"mark,omitempty"`
	PV        []string  `json:"pv,omitempty"` // the engine's line from the position before
	// The exact values of the positions after and before the move, when
	// the oracle (Config.Oracle) knows them.
	Solution     *JSONSolution `json:"solution,omitempty"`
	BestSolution *JSONSolution `json:"best_solution,omitempty"`
}

// JSONSolution is a position's exact value, from White's view as the
// scores are: the result with best play on both sides, the plies to the
// end of the game, and the same as a score's win in moves (negative:
// Black's; 0 for a draw).
type JSONSolution struct {
	Result string `json:"result"` // "1-0", "0-1" or "1/2-1/2"
	Plies  int    `json:"plies"`
	Mate   int    `json:"mate"`
}

// JSONSummary is one side's summary.
type JSONSummary struct {
	Moves        int     `json:"moves"`
	AverageLoss  float64 `json:"average_loss"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// JSONGame is one analysed game.
type JSONGame struct {
	Game int `json:"game"` // 1-based, in the file
	// Variant and Rules name the game and the rule set it was replayed
	// and searched by: "camelot", "cam", … (V1) and "wcf" or
	// "abstractplay" (V14).
	Variant string                 `json:"variant"`
	Rules   string                 `json:"rules"`
	Tags    map[string]string      `json:"tags"`
	Result  string                 `json:"result"`
	Moves   []JSONMove             `json:"moves"`
	Summary map[string]JSONSummary `json:"summary"`
}

func jsonScore(j Judgement, side game.Color) JSONScore {
	if j.Over.IsOver() {
		return JSONScore{Result: j.Over.String()}
	}
	s := whiteScore(j.Score, side)
	if s.Mate != 0 {
		return JSONScore{Mate: &s.Mate}
	}
	return JSONScore{CP: &s.CP}
}

func jsonSolution(j Judgement, side game.Color) *JSONSolution {
	if j.Exact == nil || j.Over.IsOver() {
		return nil
	}
	x := *j.Exact
	out := &JSONSolution{Result: game.Draw.String(), Plies: x.Plies, Mate: whiteScore(x.Score(), side).Mate}
	if x.Result != 0 {
		winner := side
		if x.Result < 0 {
			winner = side.Other()
		}
		out.Result = game.WhiteWins.String()
		if winner == game.Black {
			out.Result = game.BlackWins.String()
		}
	}
	return out
}

// JSON returns the report for programs; index is the game's number in its
// file.
func (r *Report) JSON(index int) JSONGame {
	v := r.Game.Variant
	out := JSONGame{Game: index, Variant: v.String(), Rules: v.Rules().String(), Tags: map[string]string{}, Result: r.Game.Result, Summary: map[string]JSONSummary{}}
	for _, t := range r.Game.Tags {
		out.Tags[t.Name] = t.Value
	}
	mg, err := replayStart(r.Game)
	if err != nil {
		return out
	}
	v = mg.Start().Variant() // the variant of its tags, for a game a program made
	out.Variant, out.Rules = v.String(), v.Rules().String()
	for _, mr := range r.Moves {
		pos := mg.Position()
		text := pos.MoveText(mr.Move)
		if mr.Analysed {
			jm := JSONMove{
				Ply: mr.Ply, Side: mr.Side.String(), Move: text, Text: writtenText(r.Game, mr.Ply),
				Score: jsonScore(mr.After, mr.Side.Other()), Depth: mr.After.Depth,
				BestScore: jsonScore(mr.Before, mr.Side), Loss: mr.Loss, Mark: mr.Mark,
				Solution: jsonSolution(mr.After, mr.Side.Other()), BestSolution: jsonSolution(mr.Before, mr.Side),
			}
			if mr.Before.Best != game.NullMove {
				jm.Best = pos.MoveText(mr.Before.Best)
				p := pos
				for _, m := range mr.Before.PV {
					jm.PV = append(jm.PV, p.MoveText(m))
					if m.IsClaim() { // "draw": the line's last move (V14.3)
						break
					}
					p.MakeMove(m)
				}
			}
			out.Moves = append(out.Moves, jm)
		}
		_ = mg.Play(mr.Move)
	}
	for c, s := range r.Summary {
		out.Summary[game.Color(c).String()] = JSONSummary(s)
	}
	return out
}

// writtenText is the text of ply (from 1) as the record wrote it; "" for a
// move the program made.
func writtenText(g *record.Game, ply int) string {
	if ply < 1 || ply > len(g.Moves) {
		return ""
	}
	return g.Moves[ply-1].Text
}
