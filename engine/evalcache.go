package engine

import (
	"github.com/camelot-engine/camelot/eval"
	"github.com/camelot-engine/camelot/movegen"
)

// evalCacheBits sizes each thread's evaluation cache: 2^14 entries of 16
// bytes, 256 KB, which stays in the L2 cache. The search evaluates many
// positions more than once (transpositions, re-searches, the next
// iteration), and the tuned evaluation (package eval) costs several
// times a move generation.
const evalCacheBits = 14

type evalCacheEntry struct {
	key   uint64
	score int32
	valid bool
}

// evalCache remembers one thread's static evaluations by position key
// (which covers the board, the side to move and the castle moves used:
// everything an evaluation reads). It belongs to one Evaluator: a change
// of evaluator clears it.
type evalCache struct {
	of      eval.Evaluator
	entries [1 << evalCacheBits]evalCacheEntry
}

// use makes the cache the evaluator's, clearing it if it held another's.
func (c *evalCache) use(ev eval.Evaluator) {
	if c.of != ev {
		c.of = ev
		c.entries = [1 << evalCacheBits]evalCacheEntry{}
	}
}

// evaluate returns the cached score of p, or evaluates and stores it.
func (c *evalCache) evaluate(p *movegen.Position) int {
	e := &c.entries[p.Key&(1<<evalCacheBits-1)]
	if e.valid && e.key == p.Key {
		return int(e.score)
	}
	v := c.of.Evaluate(p)
	*e = evalCacheEntry{key: p.Key, score: int32(v), valid: true}
	return v
}
