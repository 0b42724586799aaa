// Package openings makes test-opening suites for engine matches: positions
// a few random plies from the start, each scored by a search and kept when
// the score lies in a window, de-duplicated. Each opening is meant to be
// played twice with colours swapped (match -openings), so a suite's power
// to separate two engines depends on how its openings share out the wins.
package openings

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/internal/progress"
	"github.com/camelot-engine/camelot/record"
	"github.com/camelot-engine/camelot/search"
)

// Config says what to generate.
type Config struct {
	Count              int    // positions to write
	Seed               uint64 // the random plies' PCG seed
	MinPlies, MaxPlies int    // random plies from the start position (R2)
	Depth              int    // depth of the scoring search; 0: Nodes
	Nodes              uint64 // nodes of the scoring search, when Depth is 0
	MinScore, MaxScore int    // kept when MinScore <= |score| <= MaxScore, centi-men
	Threads            int    // searches at once
	Hash               int    // MB per search thread
	Header             []string
	// Variant is the board (V7): the random plies start from its start
	// (V3), and a non-Camelot suite says so in its first comment line
	// (record.VariantComment), so that a reader takes its lines on that board.
	// Its rule set (V14) plays the plies and the scoring searches; the
	// suite names its board only, which both rule sets share.
	Variant game.Variant
}

// triesFactor bounds the candidates tried: Count times this.
const triesFactor = 1000

// Check reports the first setting out of range.
func (c Config) Check() error {
	switch {
	case c.Count < 1:
		return fmt.Errorf("count must be at least 1")
	case c.MinPlies < 0 || c.MaxPlies < c.MinPlies:
		return fmt.Errorf("plies: want 0 <= min <= max, got %d-%d", c.MinPlies, c.MaxPlies)
	case c.Depth < 0 || (c.Depth == 0 && c.Nodes == 0):
		return fmt.Errorf("the scoring search needs a depth or a node count")
	case c.MinScore < 0 || c.MaxScore < c.MinScore:
		return fmt.Errorf("score window: want 0 <= min <= max, got %d-%d", c.MinScore, c.MaxScore)
	case c.Threads < 1:
		return fmt.Errorf("threads must be at least 1")
	case c.Hash < 1:
		return fmt.Errorf("hash must be at least 1 MB")
	}
	return nil
}

// candidate is a random opening and its score.
type candidate struct {
	pos   game.Position
	ok    bool // the random plies were all played and the game goes on
	score search.Score
}

// Generate writes cfg.Count positions of cfg.Variant's board to w, one CFEN line each (R5) with
// the score for the side to move as a # comment, after the header's
// comment lines. A candidate is cfg.MinPlies to cfg.MaxPlies uniformly
// random legal plies from the start position; it is kept when the game is
// not over, the search scores it undecided and within the window, and no
// position kept before has the same board, side to move and castle moves.
// Each search starts from an empty table, and candidates are decided in
// the order they were drawn, so the output depends only on cfg, not on the
// threads. Progress goes to status (a bar on a terminal).
func Generate(ctx context.Context, cfg Config, w io.Writer, status io.Writer) error {
	if err := cfg.Check(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if board := cfg.Variant.WithRules(game.WCF); board != game.Camelot {
		fmt.Fprintf(bw, "# %s\n", record.VariantComment(board))
	}
	for _, h := range cfg.Header {
		fmt.Fprintf(bw, "# %s\n", h)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x63616d656c6f74))
	engines := make([]*boards.Engine, cfg.Threads)
	for i := range engines {
		engines[i] = boards.NewEngine(search.Options{Threads: 1, Hash: cfg.Hash})
	}
	bar := progress.New(status, "openings", "positions", 0, int64(cfg.Count))
	defer bar.Done()
	seen := map[uint64]bool{}
	found, tries := 0, 0
	batch := make([]candidate, cfg.Threads*4)
	for found < cfg.Count {
		if tries >= cfg.Count*triesFactor {
			return fmt.Errorf("found only %s in %s", plural.Of(found, "position", "positions"), plural.Of(tries, "try", "tries"))
		}
		n := min(len(batch), cfg.Count*triesFactor-tries)
		for i := range n {
			batch[i] = draw(rng, cfg)
		}
		if err := score(ctx, engines, batch[:n], cfg); err != nil {
			return err
		}
		for _, c := range batch[:n] {
			tries++
			if found == cfg.Count || !c.ok || seen[c.pos.Key()] || !inWindow(c.score, cfg) {
				continue
			}
			seen[c.pos.Key()] = true
			found++
			bar.Add(1)
			fmt.Fprintf(bw, "%s # %+d\n", c.pos.CFEN(), c.score.CP)
		}
	}
	return bw.Flush()
}

// draw plays a candidate's random plies.
func draw(rng *rand.Rand, cfg Config) candidate {
	g := boards.NewGame(cfg.Variant)
	plies := cfg.MinPlies + rng.IntN(cfg.MaxPlies-cfg.MinPlies+1)
	for range plies {
		ms := g.Position().Moves()
		if g.Outcome().IsOver() || len(ms) == 0 { // none: a side V14.2 leaves only the claim
			break
		}
		_ = g.Play(ms[rng.IntN(len(ms))]) // a generated move is legal
	}
	return candidate{pos: g.Position(), ok: len(g.Moves()) == plies && !g.Outcome().IsOver()}
}

// score searches the candidates in parallel, one engine each at a time.
func score(ctx context.Context, engines []*boards.Engine, cs []candidate, cfg Config) error {
	next := make(chan int)
	done := make(chan struct{})
	for _, e := range engines {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range next {
				e.NewGame()
				lim := search.Limits{Depth: cfg.Depth}
				if cfg.Depth == 0 {
					lim = search.Limits{Nodes: cfg.Nodes}
				}
				cs[i].score = e.Search(ctx, game.NewGame(cs[i].pos), lim, nil).Score
			}
		}()
	}
	for i := range cs {
		if cs[i].ok {
			next <- i
		}
	}
	close(next)
	for range engines {
		<-done
	}
	return ctx.Err()
}

func inWindow(s search.Score, cfg Config) bool {
	if s.Mate != 0 {
		return false
	}
	a := max(s.CP, -s.CP)
	return cfg.MinScore <= a && a <= cfg.MaxScore
}
