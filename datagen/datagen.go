// Package datagen writes self-play training data for the evaluation
// tuner: positions from the engine's own games with their search scores
// and the games' results (file format: see format.go).
//
// A run is one seed: game i of seed s is played from its own random
// generator (seed s, stream i) by a fresh one-thread engine searching a
// fixed number of nodes a move, so every game is the same whatever the
// number of worker threads and wherever the run is stopped and resumed.
// Many seeds can run as independent processes (one per machine or per
// batch-scheduler task); their files simply concatenate.
//
// The defaults (DefaultConfig) follow common practice for self-play data:
// 8 or 9 random plies from the start, a verification search that drops
// openings scored beyond ±300, 5,000 nodes a move, and a win adjudicated
// once the score is beyond ±2,000 for 4 plies in a row. Positions are kept
// only when they are quiet for the evaluation: no capture is compulsory
// (R11, R12), the best move is not a capture, and the score is not a
// forced win or loss.
//
// The games are played with the net built into the binary (package nnue),
// another net (Config.Net, `-net FILE`), or the tuned evaluation
// (`-classic`, and wherever no net is built in): the data of each net's
// successor comes from that net's own games.
package datagen

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// Config is what determines a run's games. Threads only decides how many
// are played at once.
type Config struct {
	Seed            uint64
	Games           int    // games to play
	Nodes           uint64 // search nodes a move
	MinRandomPlies  int    // random plies before the game proper: MinRandomPlies..MaxRandomPlies
	MaxRandomPlies  int
	OpeningLimit    int    // drop a random opening whose verification score is beyond ±OpeningLimit
	VerifyNodes     uint64 // nodes of the verification search
	AdjudicateScore int    // a win once |score| ≥ AdjudicateScore …
	AdjudicatePlies int    // … for this many plies in a row
	Hash            int    // MB of transposition table per game
	Threads         int    // games played at once
	// Net is the learned evaluation the games are played with; nil: the
	// tuned evaluation (package eval), as the first net's data was made.
	Net *nnue.Net
	// Variant is the game played (V7); the zero Variant is Camelot. The
	// net must be of its board. It carries the rule set the games are
	// played by (V14); the positions written are its board's, which both
	// rule sets share, and the settings line names the rule set.
	Variant game.Variant
}

// DefaultConfig returns the documented defaults for seed.
func DefaultConfig(seed uint64) Config {
	return Config{
		Seed: seed, Games: 1000, Nodes: 5000,
		MinRandomPlies: 8, MaxRandomPlies: 9, OpeningLimit: 300, VerifyNodes: 20000,
		AdjudicateScore: 2000, AdjudicatePlies: 4, Hash: 8, Threads: 1,
	}
}

// Check reports the first setting that is out of range.
func (c Config) Check() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("games %d: want at least 1", c.Games)
	case c.Nodes < 1 || c.VerifyNodes < 1:
		return fmt.Errorf("nodes %d, verify nodes %d: want at least 1", c.Nodes, c.VerifyNodes)
	case c.MinRandomPlies < 0 || c.MaxRandomPlies < c.MinRandomPlies || c.MaxRandomPlies > 40:
		return fmt.Errorf("random plies %d-%d: want 0 ≤ min ≤ max ≤ 40", c.MinRandomPlies, c.MaxRandomPlies)
	case c.OpeningLimit < 0 || c.AdjudicateScore < 1 || c.AdjudicatePlies < 1:
		return fmt.Errorf("opening limit %d, adjudication %d for %d plies: want positive values",
			c.OpeningLimit, c.AdjudicateScore, c.AdjudicatePlies)
	case c.Hash < 1 || c.Hash > 4096:
		return fmt.Errorf("hash %d MB: want 1..4096", c.Hash)
	case c.Threads < 1:
		return fmt.Errorf("threads %d: want at least 1", c.Threads)
	case !c.Variant.Valid():
		return fmt.Errorf("variant %s: not played yet", c.Variant)
	case c.Net != nil && c.Net.Variant != c.Variant.WithRules(game.WCF):
		return fmt.Errorf("variant %s: the net %s is of %s's board", c.Variant, c.Net.Name, c.Net.Variant.Title())
	}
	return nil
}

// settings is the comment line that records what determines the games; a
// resumed run must have the same.
func (c Config) settings() string {
	s := fmt.Sprintf("# seed=%d games=%d nodes=%d random-plies=%d-%d opening-limit=%d verify-nodes=%d adjudicate=%d/%d hash=%d",
		c.Seed, c.Games, c.Nodes, c.MinRandomPlies, c.MaxRandomPlies, c.OpeningLimit, c.VerifyNodes,
		c.AdjudicateScore, c.AdjudicatePlies, c.Hash)
	if c.Net != nil {
		s += " eval=" + c.Net.Name // the tuned evaluation's files keep the line they always had
	}
	if c.Variant.WithRules(game.WCF) != game.Camelot {
		s += " " + variantField + c.Variant.String() // Camelot's files keep the line they always had (V7)
	}
	if r := c.Variant.Rules(); r != game.WCF {
		s += " " + rulesField + r.String() // the WCF's files keep the line they always had (V14)
	}
	return s
}

// maxPlies ends a game drawn under a rule set without automatic draws
// (V14.3: claims only), should neither side ever claim.
const maxPlies = 1000

// Game is one finished game's training data.
type Game struct {
	Index   int
	Result  float64 // for White: 1, 0.5, 0
	Plies   int     // plies played, random opening included
	Records []Record
}

// player plays games with one engine of its own.
type player struct {
	cfg Config
	e   *boards.Engine
}

func newPlayer(cfg Config) *player {
	return &player{cfg: cfg, e: boards.NewEngine(search.Options{Hash: cfg.Hash, Threads: 1, Net: cfg.Net, Classic: cfg.Net == nil})}
}

// play plays game index. It returns ok false when ctx was cancelled
// during the game: a game cut short is never written.
func (pl *player) play(ctx context.Context, index int) (Game, bool) {
	cfg := pl.cfg
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(index)))
	pl.e.NewGame() // every game starts from an empty table: repeatable
	g := pl.opening(ctx, rng)
	if g == nil {
		return Game{}, false
	}
	out := Game{Index: index}
	var kept []Record
	streak, streakSide := 0, 0
	resigned := game.Color(2) // the side that resigned, if one did
	for !g.Outcome().IsOver() {
		pos := g.Position()
		res := pl.e.Search(ctx, g, search.Limits{Nodes: cfg.Nodes}, nil)
		if ctx.Err() != nil {
			return Game{}, false
		}
		if res.Best == game.NullMove { // V14.2: moves, none legal, and no claim open: it can only resign
			resigned = pos.Side()
			break
		}
		// V14.3: a side that may claim a draw does when it sees no better
		// (the search claims only when it sees worse), so that games
		// without automatic draws end.
		best := res.Best
		if g.ClaimOpen() && res.Score.Mate == 0 && res.Score.CP <= 0 {
			best = game.ClaimDraw
		}
		white := whiteScore(res.Score, pos.Side())
		if res.Score.Mate == 0 && !pos.MustCapture() && !res.Best.IsCapture() {
			kept = append(kept, Record{Pos: pos, Score: white})
		}
		// Adjudication: a score beyond the threshold for the same side
		// for AdjudicatePlies plies in a row ends the game.
		switch {
		case white >= cfg.AdjudicateScore || res.Score.Mate != 0 && white > 0:
			streak, streakSide = next(streak, streakSide, 1), 1
		case white <= -cfg.AdjudicateScore || res.Score.Mate != 0 && white < 0:
			streak, streakSide = next(streak, streakSide, -1), -1
		default:
			streak, streakSide = 0, 0
		}
		if err := g.Play(best); err != nil {
			panic(fmt.Sprintf("datagen: the engine chose an illegal move %v in %s: %v", best, pos.CFEN(), err))
		}
		if streak >= cfg.AdjudicatePlies || cfg.Variant.RuleSet().DrawPlies == 0 && len(g.Moves()) >= maxPlies {
			break
		}
	}
	switch o := g.Outcome(); {
	case streak >= cfg.AdjudicatePlies:
		out.Result = float64(streakSide+1) / 2
	case resigned == game.White:
		out.Result = 0
	case resigned == game.Black:
		out.Result = 1
	case o.Result == game.WhiteWins:
		out.Result = 1
	case o.Result == game.BlackWins:
		out.Result = 0
	default:
		out.Result = 0.5
	}
	for i := range kept {
		kept[i].Result = out.Result
	}
	out.Records, out.Plies = kept, len(g.Moves())
	return out, true
}

func next(streak, side, now int) int {
	if side == now {
		return streak + 1
	}
	return 1
}

// whiteScore converts a search score to White's point of view, wins and
// losses as ±MateScore (they are never kept, only adjudicated).
func whiteScore(s search.Score, side game.Color) int {
	v := s.CP
	switch {
	case s.Mate > 0:
		v = search.MateScore
	case s.Mate < 0:
		v = -search.MateScore
	}
	if side == game.Black {
		v = -v
	}
	return v
}

// opening plays random plies from the variant's start until a position is found that
// is still open and that a verification search scores within the limit.
func (pl *player) opening(ctx context.Context, rng *rand.Rand) *game.Game {
	cfg := pl.cfg
	for ctx.Err() == nil {
		g := boards.NewGame(cfg.Variant)
		plies := cfg.MinRandomPlies + rng.IntN(cfg.MaxRandomPlies-cfg.MinRandomPlies+1)
		stuck := false
		for i := 0; i < plies && !g.Outcome().IsOver(); i++ {
			ms := g.Position().Moves()
			if stuck = len(ms) == 0; stuck { // V14.2: a side left only the claim
				break
			}
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				panic(err)
			}
		}
		if g.Outcome().IsOver() || stuck {
			continue
		}
		res := pl.e.Search(ctx, g, search.Limits{Nodes: cfg.VerifyNodes}, nil)
		if res.Score.Mate == 0 && res.Score.CP >= -cfg.OpeningLimit && res.Score.CP <= cfg.OpeningLimit {
			pl.e.NewGame()
			return g
		}
	}
	return nil
}
