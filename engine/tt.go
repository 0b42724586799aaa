package engine

import (
	"math/bits"
	"sync/atomic"

	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/search"
)

// The transposition table is shared by all search threads without locks.
// Each entry is two atomic words: data, and key^data. A reader accepts an
// entry only when the two XOR back to its key, so a torn write (one word
// from each of two writers) is simply a miss — the idea of Hyatt and
// Mann's lockless hashing, done with atomics so the race detector agrees.

// Bound says how a stored score relates to the true value (search.Bound).
type Bound = search.Bound

// Bounds of a stored score.
const (
	BoundNone  = search.BoundNone
	BoundUpper = search.BoundUpper
	BoundLower = search.BoundLower
	BoundExact = search.BoundExact
)

const bucketSize = 4 // entries per bucket: 4 × 16 bytes = one cache line

type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

type ttBucket [bucketSize]ttEntry

// TT is the shared transposition table.
type TT struct {
	buckets []ttBucket
	age     uint8 // 6 bits, bumped once per search
}

// TTHit is a decoded table entry.
type TTHit struct {
	Move  PackedMove
	Score int
	Depth int
	Bound Bound
}

// PackedMove is a move squeezed into 32 bits: origin, destination and a
// 16-bit digest of the captured set. It identifies a legal move of a known
// position; Unpack finds that move in the move list.
type PackedMove uint32

// Pack packs m.
func Pack(m movegen.Move) PackedMove {
	h := m.Captured.Digest16()
	return PackedMove(uint32(m.From) | uint32(m.To)<<8 | uint32(h)<<16)
}

// Matches reports whether pm is the packing of m.
func (pm PackedMove) Matches(m movegen.Move) bool {
	return pm != 0 && movegen.Square(pm) == m.From && movegen.Square(pm>>8) == m.To && Pack(m) == pm
}

// data layout: bits 0-31 move, 32-47 score, 48-55 depth, 56-57 bound, 58-63 age.
func packData(pm PackedMove, score, depth int, b Bound, age uint8) uint64 {
	return uint64(pm) | uint64(uint16(int16(score)))<<32 | uint64(uint8(depth))<<48 |
		uint64(b)<<56 | uint64(age&63)<<58
}

func unpackData(d uint64) TTHit {
	return TTHit{
		Move:  PackedMove(uint32(d)),
		Score: int(int16(uint16(d >> 32))),
		Depth: int(uint8(d >> 48)),
		Bound: Bound(d >> 56 & 3),
	}
}

// NewTT returns a table of about mb megabytes.
func NewTT(mb int) *TT {
	t := &TT{}
	t.Resize(mb)
	return t
}

// Resize reallocates the table to about mb megabytes (at least 1), empty.
func (t *TT) Resize(mb int) {
	if mb < 1 {
		mb = 1
	}
	n := mb << 20 / 64
	t.buckets = make([]ttBucket, n)
	t.age = 0
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.buckets)
	t.age = 0
}

// NewSearch ages the table: entries of earlier searches become the first
// to be replaced.
func (t *TT) NewSearch() { t.age = (t.age + 1) & 63 }

func (t *TT) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// Probe looks key up.
func (t *TT) Probe(key uint64) (TTHit, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			return unpackData(d), true
		}
	}
	return TTHit{}, false
}

// Store records a search result for key, replacing the same key's entry,
// else the entry least worth keeping: shallow and from older searches.
func (t *TT) Store(key uint64, pm PackedMove, score, depth int, b Bound) {
	bk := t.bucket(key)
	victim, worst := 0, 1<<30
	for i := range bk {
		d := bk[i].data.Load()
		if bk[i].check.Load()^d == key || d == 0 {
			if d != 0 && pm == 0 {
				pm = unpackData(d).Move // keep the old move when none is given
			}
			victim = i
			break
		}
		ageDiff := int((t.age - uint8(d>>58)) & 63)
		if v := int(uint8(d>>48)) - 8*ageDiff; v < worst {
			victim, worst = i, v
		}
	}
	d := packData(pm, score, depth, b, t.age)
	bk[victim].data.Store(d)
	bk[victim].check.Store(key ^ d)
}

// HashFull returns the permille of the table's first entries written by
// the current search, as UCI's hashfull reports it.
func (t *TT) HashFull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d != 0 && uint8(d>>58)&63 == t.age {
				used++
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return used * 1000 / n
}
