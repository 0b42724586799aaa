package apbot

import (
	"context"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// multiPV is how many lines a search reports: the best move and the two
// sent instead when AbstractPlay refuses it.
const multiPV = 3

// maxMovesPerTurn is how many moves a turn sends at most.
const maxMovesPerTurn = 3

// thinkTime is the time a turn searches: the move time, but never more
// than a twentieth of the clock (hours, as AbstractPlay rounds it) nor,
// with none left, more than minThink.
func thinkTime(moveTime time.Duration, clockHours float64) time.Duration {
	limit := minThink
	if clockHours > 0 {
		limit = max(time.Duration(clockHours*float64(time.Hour)/20), minThink)
	}
	return min(moveTime, limit)
}

// choice is what a search chose: the moves to send in order of
// preference, with the best one's score.
type choice struct {
	moves []game.Move
	texts []string
	// resend: texts is the one move a request of which may have been
	// played already (turn.Attempted), sent again without a search.
	resend bool
	score  search.Score
	depth  int
	think  time.Duration
}

// think searches turn t's position on eng and returns the moves to send:
// the best, then the next-best lines of the search, then the other legal
// moves in the generator's order, leaving out those refused already, as
// many as the turn may still send. None when the side to move has no
// legal move (V14.2: it can only resign), or when ctx ends.
func think(ctx context.Context, eng search.Engine, t *turn, moveTime time.Duration) choice {
	g := t.game
	legal := g.LegalMoves()
	c := choice{think: thinkTime(moveTime, t.ClockCurr)}
	if len(legal) == 0 {
		return c
	}
	var mu sync.Mutex
	lines := make([]game.Move, multiPV+1)
	info := func(in search.Info) {
		if in.MultiPV >= 1 && in.MultiPV <= multiPV && len(in.PV) > 0 {
			mu.Lock()
			lines[in.MultiPV] = in.PV[0]
			mu.Unlock()
		}
	}
	start := time.Now()
	res := eng.Search(ctx, g.Clone(), search.Limits{MoveTime: c.think}, info)
	c.think = time.Since(start)
	if ctx.Err() != nil {
		return choice{}
	}
	c.score, c.depth = res.Score, res.Depth
	pos := g.Position()
	isLegal := make(map[game.Move]bool, len(legal))
	for _, m := range legal {
		isLegal[m] = true
	}
	refused := map[string]bool{}
	for _, s := range t.Refused {
		refused[s] = true
	}
	want := maxMovesPerTurn - len(t.Refused)
	seen := map[game.Move]bool{}
	add := func(m game.Move) {
		if len(c.moves) >= want || seen[m] || !isLegal[m] {
			return
		}
		seen[m] = true
		text := pos.AbstractPlayText(m)
		if refused[text] {
			return
		}
		c.moves = append(c.moves, m)
		c.texts = append(c.texts, text)
	}
	add(res.Best)
	mu.Lock()
	for _, m := range lines[1:] {
		add(m)
	}
	mu.Unlock()
	for _, m := range legal {
		if len(c.moves) >= want {
			break
		}
		add(m)
	}
	return c
}
