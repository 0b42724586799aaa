package book

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/internal/progress"
)

// BuildConfig are the settings of a book build.
//
// Drop-out expansion (T. R. Lincke, "Strategies for the Automatic
// Construction of Opening Books", 2000) grows the book one position at a
// time, always expanding the leaf whose line from the root is cheapest. A
// line costs PlyCost for each of its moves plus, for each move, the
// centi-men it loses against the best move of its position by the book's
// negamax values. So PlyCost is the price of depth in centi-men: at 15, a
// second-best move 30 centi-men worse is explored as readily as the best
// line two plies deeper. Expanding a position orders all its moves by a
// short search of ScoutNodes nodes and scores the Width best by a search of
// Nodes nodes each; only those enter the book.
type BuildConfig struct {
	Variant    game.Variant // the board, whose start is the root (the zero Variant is Camelot), and the rule set its moves and searches follow (V14)
	Nodes      uint64       // nodes of the search that scores a book position
	ScoutNodes uint64       // nodes of the search that orders the moves
	Width      int          // moves scored and kept per expanded position
	PlyCost    int          // the cost of one ply of a line, centi-men
	MaxPly     int          // positions this many plies from the root are not expanded
	MaxScore   int          // positions scored beyond ±MaxScore are not expanded
	Positions  int          // stop when the book holds this many positions
	Threads    int          // searches run in parallel
	Hash       int          // transposition table per search thread, MB
}

// maxWidth bounds BuildConfig.Width: the most legal moves a position may
// have, the size of every grid's move list (movegen.MaxMoves).
const maxWidth = 1024

// DefaultBuildConfig returns the settings the embedded book was built with,
// except its size.
func DefaultBuildConfig() BuildConfig {
	return BuildConfig{
		Nodes: 100_000, ScoutNodes: 3_000, Width: 8, PlyCost: 15,
		MaxPly: 24, MaxScore: 300, Positions: 10_000, Threads: 1, Hash: 4,
	}
}

// Check reports the first setting out of range.
func (c BuildConfig) Check() error {
	switch {
	case c.Nodes < 1:
		return fmt.Errorf("nodes must be at least 1")
	case c.ScoutNodes < 1:
		return fmt.Errorf("scout nodes must be at least 1")
	case c.Width < 1 || c.Width > maxWidth:
		return fmt.Errorf("width must be from 1 to %d", maxWidth)
	case c.PlyCost < 0:
		return fmt.Errorf("ply cost must be 0 or more")
	case c.MaxPly < 1 || c.MaxPly >= maxPly:
		return fmt.Errorf("max ply must be from 1 to %d", maxPly-1)
	case c.MaxScore < 0 || c.MaxScore > scoreLimit:
		return fmt.Errorf("max score must be from 0 to %d", scoreLimit)
	case c.Positions < 1:
		return fmt.Errorf("positions must be at least 1")
	case c.Threads < 1:
		return fmt.Errorf("threads must be at least 1")
	case c.Hash < 1:
		return fmt.Errorf("hash must be at least 1 MB")
	case !c.Variant.Valid():
		return fmt.Errorf("variant %s: a board this program does not play", c.Variant)
	}
	return nil
}

// settings is the journal's settings line: what shapes the book. The size,
// the threads and the hash may change when a build is resumed.
func (c BuildConfig) settings() string {
	s := fmt.Sprintf("# nodes=%d scout=%d width=%d plycost=%d maxply=%d maxscore=%d",
		c.Nodes, c.ScoutNodes, c.Width, c.PlyCost, c.MaxPly, c.MaxScore)
	if c.Variant.WithRules(game.WCF) != game.Camelot {
		s += " variant=" + c.Variant.String() // Camelot's journals keep the line they always had
	}
	if r := c.Variant.Rules(); r != game.WCF {
		s += " rules=" + r.String() // the WCF's journals keep the line they always had (V14)
	}
	return s
}

// node is a position of the book under construction.
type node struct {
	pos      game.Position
	score    int // its own search score, side to move's view
	depth    int
	value    int // negamax value over the children once expanded
	vdepth   int
	ply      int
	expanded bool
	over     bool // the game is over here: score is exact
	children []int32
}

// tree is the book under construction: a graph of positions, keyed. Its
// edges are the moves of expanded positions to positions the book holds,
// whichever expansion added them, so a transposition found later is linked
// to every expanded position that reaches it. Only forward edges count,
// from a position to one a ply further from the roots (each position's ply
// is its shortest distance), so the graph the values flow through has no
// cycles although pieces can move back (R6); the probe follows the same
// edges (Book.Moves).
type tree struct {
	variant game.Variant // the board of its positions
	nodes   []*node
	index   map[uint64]int32
	roots   []int32
	waiting map[uint64][]int32 // positions not in the book yet -> expanded positions with a move to them
}

func newTree() *tree {
	return &tree{index: make(map[uint64]int32), waiting: make(map[uint64][]int32)}
}

// add returns the node of p, creating it with the given score and linking
// it to the expanded positions that have a move to it.
func (t *tree) add(p game.Position, score, depth, ply int) int32 {
	key := p.Key()
	if i, ok := t.index[key]; ok {
		return i
	}
	i := int32(len(t.nodes))
	n := &node{pos: p, score: score, depth: depth, value: score, vdepth: depth, ply: ply}
	n.over = p.Outcome().IsOver()
	t.nodes = append(t.nodes, n)
	t.index[key] = i
	for _, parent := range t.waiting[key] {
		t.link(parent, i)
	}
	delete(t.waiting, key)
	return i
}

// link makes c a child of p once.
func (t *tree) link(p, c int32) {
	n := t.nodes[p]
	if !slices.Contains(n.children, c) {
		n.children = append(n.children, c)
	}
}

// forward reports whether the edge from n to c counts.
func forward(n, c *node) bool { return c.ply == n.ply+1 }

// refresh recomputes every position's ply (breadth first from the roots)
// and every negamax value, from the leaves up along forward edges. An
// expanded position without a forward move keeps its own score.
func (t *tree) refresh() {
	for _, n := range t.nodes {
		n.ply = -1
	}
	queue := slices.Clone(t.roots)
	for _, r := range t.roots {
		t.nodes[r].ply = 0
	}
	for k := 0; k < len(queue); k++ {
		n := t.nodes[queue[k]]
		for _, c := range n.children {
			if cn := t.nodes[c]; cn.ply < 0 {
				cn.ply = n.ply + 1
				queue = append(queue, c)
			}
		}
	}
	done := make([]bool, len(t.nodes))
	var visit func(i int32)
	visit = func(i int32) {
		done[i] = true
		n := t.nodes[i]
		n.value, n.vdepth = n.score, n.depth
		if !n.expanded || n.over {
			return
		}
		best, bestDepth, any := 0, 0, false
		for _, c := range n.children {
			cn := t.nodes[c]
			if !forward(n, cn) {
				continue
			}
			if !done[c] {
				visit(c)
			}
			if s := parentScore(cn.value); !any || s > best {
				best, bestDepth, any = s, cn.vdepth, true
			}
		}
		if any {
			n.value, n.vdepth = best, min(bestDepth+1, 255)
		}
	}
	for i := range t.nodes {
		if !done[i] {
			visit(int32(i))
		}
	}
}

// costItem is a node and the cost of its cheapest line.
type costItem struct {
	node int32
	cost int
}

type costHeap []costItem

func (h costHeap) Len() int { return len(h) }
func (h costHeap) Less(i, j int) bool {
	if h[i].cost != h[j].cost {
		return h[i].cost < h[j].cost
	}
	return h[i].node < h[j].node
}
func (h costHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *costHeap) Push(x any)   { *h = append(*h, x.(costItem)) }
func (h *costHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// cheapestLeaf returns the expandable leaf with the cheapest line from a
// root (Dijkstra's algorithm; costs are never negative because a move
// loses nothing or more against the best), or -1 when there is none.
func (t *tree) cheapestLeaf(cfg BuildConfig) int32 {
	dist := make([]int, len(t.nodes))
	for i := range dist {
		dist[i] = -1
	}
	h := &costHeap{}
	for _, r := range t.roots {
		dist[r] = 0
		heap.Push(h, costItem{r, 0})
	}
	for h.Len() > 0 {
		it := heap.Pop(h).(costItem)
		if it.cost != dist[it.node] {
			continue
		}
		n := t.nodes[it.node]
		if !n.expanded {
			if !n.over && n.ply < cfg.MaxPly && abs(n.value) <= cfg.MaxScore {
				return it.node
			}
			continue
		}
		for _, c := range n.children {
			if !forward(n, t.nodes[c]) {
				continue
			}
			cost := it.cost + cfg.PlyCost + n.value - parentScore(t.nodes[c].value)
			if dist[c] < 0 || cost < dist[c] {
				dist[c] = cost
				heap.Push(h, costItem{c, cost})
			}
		}
	}
	return -1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// entries returns the book's entries.
func (t *tree) entries() []Entry {
	t.refresh()
	es := make([]Entry, len(t.nodes))
	for i, n := range t.nodes {
		es[i] = Entry{
			Key: n.pos.Key(), Score: int16(n.value), Depth: uint8(min(n.vdepth, 255)),
			Ply: uint8(min(max(n.ply, 0), maxPly)), Expanded: n.expanded,
		}
	}
	return es
}

// maxDepth returns the largest ply of a position in the book.
func (t *tree) maxDepth() int {
	d := 0
	for _, n := range t.nodes {
		d = max(d, n.ply)
	}
	return d
}

// Summary is what a build did.
type Summary struct {
	Positions, Expanded int // in the book
	MaxPly              int // the deepest position's ply
	Resumed             int // positions read back from the journal
	Elapsed             time.Duration
}

func (s Summary) String() string {
	return fmt.Sprintf("%s (%d expanded), %s deep, %d resumed, %s",
		plural.Of(s.Positions, "position", "positions"), s.Expanded, plural.Of(s.MaxPly, "ply", "plies"), s.Resumed, s.Elapsed.Round(time.Second))
}

// describe lists the settings for the log.
func describe(cfg BuildConfig) string {
	return strings.TrimPrefix(cfg.settings(), "# ")
}

// progressBar returns the build's bar.
func progressBar(w io.Writer, done, total int) *progress.Bar {
	return progress.New(w, "book", "positions", int64(done), int64(max(total, done)))
}

// ctxDone reports whether ctx is cancelled.
func ctxDone(ctx context.Context) bool {
	select {
	case <-ctx.Done():
		return true
	default:
		return false
	}
}

// byScore orders scored moves best first for their mover, ties by move
// generation order.
func byScore(a, b scored) int {
	if c := cmp.Compare(b.score, a.score); c != 0 {
		return c
	}
	return cmp.Compare(a.order, b.order)
}
