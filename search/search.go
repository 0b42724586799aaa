// Package search holds what a search is asked and what it answers, the
// same for every grid: options, limits, progress reports, results and
// scores, the strength levels and the Engine interface that each grid's
// engine (package engine and its generated copy) implements. The tools
// above the engines (protocol, match, book, datagen, the page) are written
// once against it; package boards picks the engine of the grid that fits
// a game's board.
package search

import (
	"context"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// Options are the engine's settings.
type Options struct {
	Hash         int           // transposition table size, MB
	Threads      int           // search threads
	MultiPV      int           // principal variations reported
	MoveOverhead time.Duration // time kept in reserve per move for communication
	Play         Play          // playing style: Normal, or a reference opponent
	Skill        Skill         // strength level; the zero value is read as full strength
	// Net is the learned evaluation the search uses on its board
	// (Net.Variant); the other boards, and its board when Net is nil, use
	// the net built into the binary for them (nnue.DefaultFor), if it has
	// one, else the tuned evaluation. Classic selects the tuned evaluation
	// (package eval) on every board. The reference opponents (Play) never
	// use a net.
	Net     *nnue.Net
	Classic bool
	// Params are the search's tunable constants; the zero value is read
	// as DefaultParams.
	Params Params
}

// Play selects how the engine chooses its moves. Random and Material are
// weak reference opponents for sanity checks of the engine's strength.
type Play string

// Playing styles.
const (
	PlayNormal   Play = "normal"   // full search and evaluation
	PlayRandom   Play = "random"   // a uniformly random legal move
	PlayMaterial Play = "material" // full search, material-only evaluation
)

// Limits are the conditions of one search, as `go` gives them.
type Limits struct {
	Depth       int           // plies; 0: no limit
	Nodes       uint64        // 0: no limit
	MoveTime    time.Duration // exact time for this move; 0: none
	WTime       time.Duration // clocks; 0 with no MoveTime and no other limit: unlimited
	BTime       time.Duration
	WInc        time.Duration
	BInc        time.Duration
	MovesToGo   int
	Infinite    bool
	Ponder      bool
	SearchMoves []game.Move // restrict the root to these moves; nil: all
}

// Info is one progress report: sent once per completed iteration (per PV
// line with MultiPV) and when the search stops.
type Info struct {
	Depth, SelDepth int
	MultiPV         int
	Score           Score
	Nodes, NPS      uint64
	HashFull        int
	Time            time.Duration
	PV              []game.Move
	// Note, when not empty, is a sentence of explanation sent instead of
	// the figures (the protocol's info string): the tree phase's reason.
	Note string
}

// Result is the outcome of a search.
type Result struct {
	Best, Ponder game.Move // Best is NullMove when the game is over
	Score        Score
	Depth        int
	Nodes        uint64
	Outcome      game.Outcome // set when the game was already over
}

// Engine is a searcher with its table and threads, on one grid or (package
// boards) on every grid. One search runs at a time; the setters must not
// be called during a search.
type Engine interface {
	// Search searches the game's current position; info, if not nil,
	// gets the progress reports. It returns when the limits are reached
	// or ctx is cancelled (or Stop is called).
	Search(ctx context.Context, g *game.Game, lim Limits, info func(Info)) Result
	Stop()
	PonderHit()
	NewGame() // forget everything learnt: table, killers, histories
	Options() Options
	SetHash(mb int)
	SetThreads(n int)
	SetSkill(sk Skill)
	SetPlay(p Play) error
	SetNet(v game.Variant, n *nnue.Net) error
	Net(v game.Variant) *nnue.Net
	SetClassic(classic bool)
	SetMultiPV(n int)
	SetMoveOverhead(d time.Duration)
	SetParams(p Params)
	// EvalReport describes the static evaluation of p, a line a term.
	EvalReport(p game.Position) []string
}
