package solve

import (
	"sync/atomic"

	"github.com/camelot-engine/camelot/internal/parallel"
	"github.com/camelot-engine/camelot/movegen"
)

// LongestStretch returns the longest run of plies without a capture or a
// move into a castle that optimal play needs (the 100-ply rule of R16
// counts such plies). Along optimal play (the winner keeps the shortest
// win, the loser the longest defence) the winner picks, among its best
// moves, the one that reaches a capture or a castle soonest, the loser the
// one that puts it off longest; the stretch of a position is then the
// plies to the next such move. A capture leaves the layer and a castle
// entry ends the game, so each layer is done alone, in rounds of
// increasing distance to the end.
func (t *Table) LongestStretch(threads int) (longest int, err error) {
	layers := map[Signature][]Value{}
	for _, s := range Signatures() {
		if _, ok := t.entries[s]; !ok {
			continue
		}
		if layers[s], err = t.layer(s); err != nil {
			return 0, err
		}
	}
	for s, values := range layers {
		longest = max(longest, layerStretch(s, values, layers, threads))
	}
	return longest, nil
}

// layerStretch returns the longest stretch of one layer's positions.
func layerStretch(s Signature, values []Value, layers map[Signature][]Value, threads int) int {
	stretch := make([]uint8, len(values))
	deepest := 0
	for _, v := range values {
		if v != WinNow {
			deepest = max(deepest, v.Plies())
		}
	}
	var longest atomic.Int64
	for d := 1; d <= deepest; d++ {
		at := InPlies(d)
		parallel.Parts(threads, len(values), func(_, lo, hi int) {
			var ml movegen.MoveList
			top := 0
			for idx := lo; idx < hi; idx++ {
				if values[idx] != at {
					continue
				}
				pl := Unrank(s, uint64(idx))
				p := pl.position()
				p.GenerateMoves(&ml)
				win := d%2 == 1
				best := -1
				for _, m := range ml.Slice() {
					q := pl.after(m)
					var qv Value
					switch {
					case q.Pieces[q.Side] == 0:
						qv = LostNow
					default:
						qv = layers[q.Signature()][Index(q)]
					}
					if qv.Plies() != d-1 || qv == Draw || qv.IsWin() == win {
						continue // not a move of optimal play
					}
					c := 1
					if !m.IsCapture() && !p.Geometry().Castle[p.Side.Other()].Has(m.To) {
						c = 1 + int(stretch[Index(q)])
					}
					if best < 0 || win && c < best || !win && c > best {
						best = c
					}
				}
				stretch[idx] = uint8(best)
				top = max(top, best)
			}
			for {
				old := longest.Load()
				if int64(top) <= old || longest.CompareAndSwap(old, int64(top)) {
					break
				}
			}
		})
	}
	return int(longest.Load())
}
