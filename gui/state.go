package gui

import (
	"slices"
	"strings"
	"time"

	rules "github.com/camelot-engine/camelot/game"
)

// State is a game as the page sees it (API.md "State").
type State struct {
	ID        string            `json:"id"`
	Variant   string            `json:"variant"`
	Rules     string            `json:"rules"` // the game's rule set (V14): "wcf" or "abstractplay"
	CFEN      string            `json:"cfen"`
	Ply       int               `json:"ply"`
	Plies     int               `json:"plies"`
	Side      string            `json:"side"`
	Board     map[string]string `json:"board"`
	Moves     []playedJSON      `json:"moves"`
	Legal     []legalJSON       `json:"legal"`
	Capturers []string          `json:"capturers"`
	// TreesToPlace is how many trees the side to move places now (V10): 3
	// in River's tree phase, else 0; TreeChoices are the squares it may
	// place them on, its free tree squares (no placement list: there are
	// 10,660).
	TreesToPlace int      `json:"treesToPlace"`
	TreeChoices  []string `json:"treeChoices"`
	// ClaimOpen says whether the side to move of the position viewed may
	// claim a draw, the move `draw` (V14.3); never under the WCF's rules.
	ClaimOpen bool          `json:"claimOpen"`
	Last      *lastJSON     `json:"last"`
	Outcome   outcomeJSON   `json:"outcome"`
	Settings  Settings      `json:"settings"`
	Clock     clockJSON     `json:"clock"`
	Thinking  bool          `json:"thinking"`
	Engine    engineJSON    `json:"engine"`
	Solution  *solutionJSON `json:"solution,omitempty"`
}

// solutionJSON is the exact value of the position viewed, for its side to
// move, when a solution table knows it (API.md "State").
type solutionJSON struct {
	Result string `json:"result"` // "win", "loss" or "draw"
	Plies  int    `json:"plies"`  // to the end of the game with best play; 0 for a draw
	Mate   int    `json:"mate"`   // the same in moves, as an info score's mate; 0 for a draw
}

type playedJSON struct {
	Ply      int      `json:"ply"`
	Text     string   `json:"text"`
	Legs     []string `json:"legs"`
	Captured []string `json:"captured"`
	Trees    []string `json:"trees,omitempty"` // a placement's trees (V10); it has no legs
}

type legalJSON struct {
	Text     string   `json:"text"`
	From     string   `json:"from"`
	To       string   `json:"to"`
	Legs     []string `json:"legs"`
	Canters  int      `json:"canters"`
	Captured []string `json:"captured"`
}

type lastJSON struct {
	Legs     []string `json:"legs"`
	Captured []string `json:"captured"`
	Trees    []string `json:"trees,omitempty"`
}

type outcomeJSON struct {
	Over   bool   `json:"over"`
	Result string `json:"result"`
	Reason string `json:"reason"`
}

type clockJSON struct {
	White   int64  `json:"white"`
	Black   int64  `json:"black"`
	Running string `json:"running"`
}

type engineJSON struct {
	Name  string `json:"name"`
	Alive bool   `json:"alive"`
}

// stateLocked returns the State viewed at ply (-1: the end).
func (g *game) stateLocked(ply int) State {
	moves := g.g.Moves()
	if ply < 0 || ply > len(moves) {
		ply = len(moves)
	}
	pos := g.g.Start()
	var viewed rules.Position
	st := State{
		ID: g.id, Variant: pos.Variant().String(), Rules: pos.Variant().Rules().String(), Ply: ply, Plies: len(moves),
		Board: map[string]string{}, Moves: make([]playedJSON, 0, len(moves)),
		Legal: []legalJSON{}, Capturers: []string{}, TreeChoices: []string{},
		Settings: g.settings, Thinking: g.thinking,
	}
	for i, m := range moves {
		if i == ply {
			viewed = pos
			st.CFEN, st.Side = pos.CFEN(), pos.Side().String()
			st.Board = boardOf(pos)
			st.Legal, st.Capturers = legalOf(pos)
			st.TreesToPlace, st.TreeChoices = treesOf(pos)
		}
		played := playedJSON{Ply: i + 1, Text: g.texts[i], Legs: []string{}, Captured: []string{}}
		switch {
		case m.IsClaim(): // the draw claimed (V14.3): nothing moves
		case m.IsPlacement():
			played.Trees = placedTrees(m)
		default:
			r, _ := pos.Route(m)
			played.Legs, played.Captured = names(r.Squares), names(m.Captured.Squares())
		}
		st.Moves = append(st.Moves, played)
		if i+1 == ply {
			st.Last = &lastJSON{Legs: played.Legs, Captured: played.Captured, Trees: played.Trees}
		}
		if !m.IsClaim() {
			pos.MakeMove(m)
		}
	}
	if ply == len(moves) {
		viewed = pos
		st.CFEN, st.Side = pos.CFEN(), pos.Side().String()
		st.Board, st.Capturers = boardOf(pos), []string{}
		if !g.outcome().IsOver() {
			st.Legal, st.Capturers = legalOf(pos)
			st.TreesToPlace, st.TreeChoices = treesOf(pos)
		}
	}
	o := g.outcome()
	if pos.Variant().RuleSet().ClaimPlies > 0 { // only abstractplay has the claim
		if ply == len(moves) {
			st.ClaimOpen = !o.IsOver() && g.g.ClaimOpen()
		} else {
			st.ClaimOpen = g.gameAt(ply).ClaimOpen()
		}
	}
	st.Outcome = outcomeJSON{Over: o.IsOver(), Result: o.Result.String()}
	if o.IsOver() {
		st.Outcome.Reason = o.Rule + ": " + o.Reason
	}
	if !o.IsOver() || ply < len(moves) {
		st.Solution = g.solutionOf(viewed)
	}
	now := time.Now()
	st.Clock = clockJSON{
		White: g.clockLeft(rules.White, now).Milliseconds(),
		Black: g.clockLeft(rules.Black, now).Milliseconds(),
	}
	if g.clock.running {
		st.Clock.Running = g.clock.side.String()
	}
	st.Engine = g.eng.status()
	return st
}

// solutionOf is p's exact value when the game's solution knows it.
func (g *game) solutionOf(p rules.Position) *solutionJSON {
	x, ok := probe(g.solution, p)
	if !ok {
		return nil
	}
	out := &solutionJSON{Result: "draw", Plies: x.Plies, Mate: x.Score().Mate}
	switch x.Result {
	case 1:
		out.Result = "win"
	case -1:
		out.Result = "loss"
	}
	return out
}

// treesOf is what the side to move of p places (V10): how many trees and
// on which squares; 0 and none outside the tree phase.
func treesOf(p rules.Position) (int, []string) {
	if !p.InTreePhase() {
		return 0, []string{}
	}
	return rules.TreesPerSide, treeChoicesOf(p)
}

// boardOf maps the occupied squares to CFEN letters (R5; t for a tree,
// V9).
func boardOf(p rules.Position) map[string]string {
	out := map[string]string{}
	for _, s := range p.Variant().Squares() {
		if pc := p.PieceAt(s); pc != rules.Empty {
			out[s.String()] = string(pc.Letter())
		}
	}
	return out
}

// legalOf lists the legal moves, one per distinct move (R4), each with
// its canonical route (R3), sorted by text, and the pieces that can
// capture when a capture is compulsory (R11; under R12 only the piece in
// its own castle), else none. A Knight's Charge alone is never
// compulsory, so a capture among the moves does not make one.
//
// In the tree phase (V10) it lists none: the placements are the State's
// treeChoices taken three at a time.
func legalOf(p rules.Position) (legal []legalJSON, capturers []string) {
	if p.InTreePhase() {
		return []legalJSON{}, []string{}
	}
	moves := p.Moves()
	out := make([]legalJSON, 0, len(moves))
	compulsory := p.MustCapture() // then every legal move captures
	var from rules.SquareSet
	for _, m := range moves {
		from.Set(m.From)
		r, ok := p.Route(m)
		if !ok {
			continue // cannot happen for a generated move
		}
		out = append(out, legalJSON{
			Text: routeText(r), From: m.From.String(), To: m.To.String(),
			Legs: names(r.Squares), Canters: r.Canters, Captured: names(m.Captured.Squares()),
		})
	}
	if !compulsory {
		from = rules.SquareSet{}
	}
	slices.SortFunc(out, func(a, b legalJSON) int {
		if a.Text < b.Text {
			return -1
		}
		if a.Text > b.Text {
			return 1
		}
		return 0
	})
	return out, names(from.Squares())
}

// routeText writes r in WCF notation (R3), as Position.MoveText does: `-`
// before a plain step or a canter's landing square, `x` before a jump's.
func routeText(r rules.Route) string {
	var b strings.Builder
	for i, s := range r.Squares {
		if i > 0 {
			if r.Plain || i <= r.Canters {
				b.WriteByte('-')
			} else {
				b.WriteByte('x')
			}
		}
		b.WriteString(s.String())
	}
	return b.String()
}

func names(sq []rules.Square) []string {
	out := make([]string, len(sq))
	for i, s := range sq {
		out[i] = s.String()
	}
	return out
}

// boardInfo is a variant's board (API.md "Boards"): its squares and
// castles, as the rules core has them, and the variants there are.
type boardInfo struct {
	Variant string              `json:"variant"`
	Title   string              `json:"title"`
	Squares []string            `json:"squares"`
	Castles map[string][]string `json:"castles"`
	// River lists the river squares (V9), inside the ranks but no squares;
	// Bridges the squares that cross it; TreeSquares each side's tree
	// squares (V10). All empty on boards without a river.
	River       []string            `json:"river"`
	Bridges     []string            `json:"bridges"`
	TreeSquares map[string][]string `json:"treeSquares"`
	Files       string              `json:"files"`
	Ranks       int                 `json:"ranks"`
	Variants    []variantJSON       `json:"variants"`
	// Rules lists the rule sets a game may be played by (V14), the
	// default first; every board is played under each.
	Rules []rulesJSON `json:"rules"`
}

// rulesJSON names a rule set: as requests give it and as people see it.
type rulesJSON struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// variantJSON names a variant and says whether it can be played here.
type variantJSON struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Playable bool   `json:"playable"`
}

// boardJSON describes the board of variant v (V2; R1 for Camelot).
func boardJSON(v rules.Variant) boardInfo {
	info := boardInfo{
		Variant: v.String(), Title: v.Title(),
		Squares: names(sorted(v.Squares())),
		Castles: map[string][]string{
			"white": names(sorted(v.Castle(rules.White))),
			"black": names(sorted(v.Castle(rules.Black))),
		},
		River:   names(sorted(v.RiverSquares())),
		Bridges: bridgesOf(v),
		TreeSquares: map[string][]string{
			"white": names(sorted(v.TreeSquares(rules.White))),
			"black": names(sorted(v.TreeSquares(rules.Black))),
		},
		Files: fileLetters[:v.Files()],
		Ranks: v.Ranks(),
	}
	for _, w := range rules.Variants() {
		info.Variants = append(info.Variants, variantJSON{Name: w.String(), Title: w.Title(), Playable: playable(w)})
	}
	for _, r := range rules.AllRules() {
		info.Rules = append(info.Rules, rulesJSON{Name: r.String(), Title: r.Title()})
	}
	return info
}

// sorted returns the squares in reading order (rank 1 first, file A
// first), the order the page has always received them in.
func sorted(sq []rules.Square) []rules.Square {
	out := slices.Clone(sq)
	slices.Sort(out)
	return out
}

// playable reports whether variant v can be played here: whether a grid
// holds its board (package boards), which every variant of V1 has.
func playable(v rules.Variant) bool { return v.Valid() }

// fileLetters letters the files from A (V2).
