package tune

import (
	"errors"
	"fmt"
	"math"
)

// Feature is one term of a position's linear evaluation: Coef times
// weight Index, White's count minus Black's. It has the layout of
// linear.Feature, so four bytes a term is all a stored position costs.
type Feature struct {
	Index uint16
	Coef  int16
}

// Data is a set of training positions held compactly: every position's
// features in one flat store and a few bytes of fixed columns a position,
// so that tens of millions of positions fit in memory (see
// BytesPerPosition). The store is a list of fixed-size chunks rather than
// one slice, so that it never grows by copying: that would briefly need
// twice the memory.
type Data struct {
	NumWeights int // feature indices are below this
	MaxPhase   int // the phase of the opening; phases are 0..MaxPhase

	chunks     [][]Feature // each of cap 1<<chunkShift
	chunkShift uint
	features   int // features stored, not counting the padding at chunk ends

	// Position i's features begin at Start[i] and end at Start[i+1], as
	// offsets chunk<<chunkShift + index, both in the same chunk or the
	// end at the start of the next one (see Row).
	Start  []uint32  // len Len()+1
	Phase  []uint8   // 0..MaxPhase: MaxPhase is all middlegame, 0 all endgame
	Result []uint8   // the game's result for White in half points: 0, 1 or 2
	Score  []int32   // the search score, centi-men, White's view
	Target []float32 // what the loss fits, set by SetTargets
}

// chunkShift is the default size of the feature store's chunks: 2^20
// features, 4 MB.
const chunkShift = 20

// NewData returns an empty set for an evaluation of numWeights weights
// whose phase runs from 0 to maxPhase.
func NewData(numWeights, maxPhase int) *Data {
	return newData(numWeights, maxPhase, chunkShift)
}

func newData(numWeights, maxPhase int, shift uint) *Data {
	return &Data{NumWeights: numWeights, MaxPhase: maxPhase, chunkShift: shift, Start: []uint32{0}}
}

// Len is the number of positions.
func (d *Data) Len() int { return len(d.Phase) }

// NumFeatures is the number of features stored, all positions together.
func (d *Data) NumFeatures() int { return d.features }

// Add appends a position: its non-zero features (each index once), its
// phase, its search score and its game result for White (0, 0.5 or 1).
func (d *Data) Add(features []Feature, phase, score int, result float64) error {
	if phase < 0 || phase > d.MaxPhase {
		return fmt.Errorf("phase %d out of 0..%d", phase, d.MaxPhase)
	}
	if result != 0 && result != 0.5 && result != 1 {
		return fmt.Errorf("result %v: want 0, 0.5 or 1", result)
	}
	if score < math.MinInt32 || score > math.MaxInt32 {
		return fmt.Errorf("score %d out of range", score)
	}
	for _, f := range features {
		if int(f.Index) >= d.NumWeights {
			return fmt.Errorf("feature index %d out of 0..%d", f.Index, d.NumWeights-1)
		}
	}
	size := 1 << d.chunkShift
	if len(features) > size {
		return fmt.Errorf("%d features in one position: at most %d", len(features), size)
	}
	last := len(d.chunks) - 1
	if last < 0 || len(d.chunks[last])+len(features) > size || len(d.chunks[last]) == size {
		if uint64(len(d.chunks)+1)<<d.chunkShift > math.MaxUint32 {
			return errors.New("too many features for 32-bit offsets: use fewer positions")
		}
		if last >= 0 {
			// Pad the full chunk with features of coefficient 0, which
			// add nothing, so that the previous position can end at the
			// chunk's end.
			d.chunks[last] = d.chunks[last][:size]
		}
		d.chunks = append(d.chunks, make([]Feature, 0, size))
		last++
		d.Start[len(d.Start)-1] = uint32(last << d.chunkShift)
	}
	d.chunks[last] = append(d.chunks[last], features...)
	d.features += len(features)
	d.Start = append(d.Start, uint32(last<<d.chunkShift+len(d.chunks[last])))
	d.Phase = append(d.Phase, uint8(phase))
	d.Result = append(d.Result, uint8(result*2))
	d.Score = append(d.Score, int32(score))
	return nil
}

// Row returns position i's features and its phase.
func (d *Data) Row(i int) ([]Feature, int) {
	start, end := d.Start[i], d.Start[i+1]
	chunk := start >> d.chunkShift
	base := chunk << d.chunkShift
	return d.chunks[chunk][start-base : end-base], int(d.Phase[i])
}

// SetTargets sets every position's target to
// λ·result + (1−λ)·sigmoid(K, score): the game result blended with the
// win probability the search score stands for.
func (d *Data) SetTargets(k, lambda float64) {
	if cap(d.Target) < d.Len() {
		d.Target = make([]float32, d.Len())
	}
	d.Target = d.Target[:d.Len()]
	for i := range d.Target {
		r := float64(d.Result[i]) / 2
		d.Target[i] = float32(lambda*r + (1-lambda)*Sigmoid(k, float64(d.Score[i])))
	}
}

// BytesPerPosition is the memory the set holds a position, the capacity
// of its slices and chunks (spare room included) over its length, counting the
// targets even before SetTargets makes them and the four bytes of
// the fitter's shuffled order.
func (d *Data) BytesPerPosition() float64 {
	if d.Len() == 0 {
		return 0
	}
	const featureSize, orderSize, targetSize = 4, 4, 4
	bytes := featureSize*len(d.chunks)<<d.chunkShift + 4*cap(d.Start) + cap(d.Phase) + cap(d.Result) + 4*cap(d.Score) +
		targetSize*max(cap(d.Target), d.Len()) + orderSize*d.Len()
	return float64(bytes) / float64(d.Len())
}
