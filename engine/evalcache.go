package engine

// evalCacheBits sizes each thread's evaluation cache: 2^14 entries of 16
// bytes, 256 KB, which stays in the L2 cache. The search evaluates many
// positions more than once (transpositions, re-searches, the next
// iteration), and an evaluation costs several times a move generation.
const evalCacheBits = 14

type evalCacheEntry struct {
	key   uint64
	score int32
	valid bool
}

// evalCache remembers one thread's static evaluations by position key
// (which covers the board, the side to move and the castle moves used:
// everything an evaluation reads). It belongs to one evaluation, the
// tuned one or a net: a change clears it.
type evalCache struct {
	of      any
	entries [1 << evalCacheBits]evalCacheEntry
}

// use makes the cache that of the evaluation of, clearing it if it held
// another's.
func (c *evalCache) use(of any) {
	if c.of != of {
		c.of = of
		c.entries = [1 << evalCacheBits]evalCacheEntry{}
	}
}

// lookup returns the stored score of the position with this key.
func (c *evalCache) lookup(key uint64) (int, bool) {
	e := &c.entries[key&(1<<evalCacheBits-1)]
	if e.valid && e.key == key {
		return int(e.score), true
	}
	return 0, false
}

// store keeps a score.
func (c *evalCache) store(key uint64, v int) {
	c.entries[key&(1<<evalCacheBits-1)] = evalCacheEntry{key: key, score: int32(v), valid: true}
}
