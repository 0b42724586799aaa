package book

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/record"
)

// saveEvery is how often a running build rewrites its book file.
const saveEvery = time.Minute

// builder is one build run.
type builder struct {
	cfg     BuildConfig
	tree    *tree
	search  *searchers
	journal *os.File
}

// Build grows the book at out, journalling to out+".journal", until it
// holds cfg.Positions positions or no leaf is left to expand. The lines of
// games (from records, with their results) are expanded first: every
// position of a game up to cfg.MaxPly is expanded, and the move the game's
// winner played (either side's, in a draw) is always kept; a loser's move
// is kept only if the search ranks it among the best, and a game is
// followed no further than the book follows it. A build that is stopped
// (ctx cancelled, or killed) continues where it was when started again
// with the same out and settings. The book file is rewritten, through a
// temporary file, every minute and at the end.
func Build(ctx context.Context, cfg BuildConfig, games []*record.Game, out string, status io.Writer) (Summary, error) {
	if err := cfg.Check(); err != nil {
		return Summary{}, err
	}
	start := time.Now()
	t, f, err := openJournal(out+".journal", cfg)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	b := &builder{cfg: cfg, tree: t, search: newSearchers(cfg.Threads, cfg.Hash), journal: f}
	sum := Summary{Resumed: len(t.nodes)}
	bar := progressBar(status, len(t.nodes), cfg.Positions)
	defer bar.Done()
	lastSave, shown := time.Now(), len(t.nodes)
	step := func() error { // after each change: progress and a save now and then
		bar.SetNote(fmt.Sprintf("%d expanded, %s deep", b.expandedCount(), plural.Of(t.maxDepth(), "ply", "plies")))
		bar.Add(int64(len(t.nodes) - shown))
		shown = len(t.nodes)
		if time.Since(lastSave) >= saveEvery {
			lastSave = time.Now()
			return b.save(out)
		}
		return nil
	}

	err = b.ensureRoot(ctx, boards.StartPosition(cfg.Variant))
	for _, g := range games {
		if err != nil {
			break
		}
		err = b.importGame(ctx, g, step)
	}
	for err == nil && len(t.nodes) < cfg.Positions {
		t.refresh()
		leaf := t.cheapestLeaf(cfg)
		if leaf < 0 {
			break
		}
		if err = b.expandAndLog(ctx, leaf, game.NullMove); err == nil {
			err = step()
		}
	}
	if serr := b.save(out); err == nil {
		err = serr
	}
	sum.Positions, sum.Expanded, sum.MaxPly = len(t.nodes), b.expandedCount(), t.maxDepth()
	sum.Elapsed = time.Since(start)
	return sum, err
}

// ensureRoot adds p as a root, searching it, unless the book holds it.
func (b *builder) ensureRoot(ctx context.Context, p game.Position) error {
	if _, ok := b.tree.index[p.Key()]; ok {
		return nil
	}
	scores, depths, ok := b.search.scoreAll(ctx, []game.Position{p}, b.cfg.Nodes)
	if !ok {
		return ctx.Err()
	}
	if _, err := b.journal.WriteString(rootLine(p, scores[0], depths[0])); err != nil {
		return err
	}
	i := b.tree.add(p, scores[0], depths[0], 0)
	b.tree.roots = append(b.tree.roots, i)
	return nil
}

// expandAndLog expands node i (keeping force), journals and applies it.
func (b *builder) expandAndLog(ctx context.Context, i int32, force game.Move) error {
	x, ok := b.expand(ctx, i, force)
	if !ok {
		return ctx.Err()
	}
	if _, err := b.journal.WriteString(b.tree.expansionLine(x)); err != nil {
		return err
	}
	b.tree.apply(x)
	return nil
}

// importGame expands the line of a finished game (see Build).
func (b *builder) importGame(ctx context.Context, g *record.Game, step func() error) error {
	var winner game.Color
	switch g.Result {
	case game.WhiteWins.String():
		winner = game.White
	case game.BlackWins.String():
		winner = game.Black
	case game.Draw.String():
		winner = 2 // both sides' moves count
	default:
		return nil // no result: nothing to learn from
	}
	if g.Variant.WithRules(game.WCF) != b.cfg.Variant.WithRules(game.WCF) {
		return fmt.Errorf("a game of %s: the book holds %s's positions", g.Variant.Title(), b.cfg.Variant.Title())
	}
	start := g.Start
	if start.IsZero() { // a game made by a program: its CFEN tag, or the board's start
		rg, err := g.Replay()
		if rg == nil {
			return err
		}
		start = rg.Start()
	}
	if start.Variant() != b.cfg.Variant { // the book's rule set plays the game's moves (V14)
		p, err := boards.ParseCFEN(b.cfg.Variant, start.CFEN())
		if err != nil {
			return err
		}
		start = p
	}
	mg := game.NewGame(start)
	if err := b.ensureRoot(ctx, start); err != nil {
		return err
	}
	for ply, m := range g.Moves {
		p := mg.Position()
		i, ok := b.tree.index[p.Key()]
		if !ok || ply >= b.cfg.MaxPly || p.Outcome().IsOver() {
			return nil
		}
		force := game.NullMove
		if winner == 2 || p.Side() == winner {
			force = m.Move
		}
		n := b.tree.nodes[i]
		if !n.expanded || force != game.NullMove {
			if err := b.expandAndLog(ctx, i, force); err != nil {
				return err
			}
			if err := step(); err != nil {
				return err
			}
		}
		if err := mg.Play(m.Move); err != nil {
			return nil // Read has checked the moves; a record made by hand may still end here
		}
	}
	return nil
}

// expandedCount counts the expanded positions.
func (b *builder) expandedCount() int {
	n := 0
	for _, nd := range b.tree.nodes {
		if nd.expanded {
			n++
		}
	}
	return n
}

// save writes the book file and flushes the journal.
func (b *builder) save(out string) error {
	if err := b.journal.Sync(); err != nil {
		return err
	}
	data, err := EncodeOf(b.cfg.Variant, b.tree.entries())
	if err != nil {
		return err
	}
	return atomicfile.Write(out, data)
}
