package train

import (
	"fmt"

	"github.com/camelot-engine/camelot/tune"
)

// fitK returns the K for which sigmoid(K·score/400) best predicts the
// game results of the positions (least squares): the scale between the
// search's centi-men and expected results. It is tune's fit (Texel's
// method, tune.Data.FitK) with the search score as the evaluation: a
// tune data set of one feature a position, whose coefficient is the
// score (beyond ±32767, which no K the fit allows tells apart from
// ±32767, it is clipped) and whose one weight is 1.
func fitK(d *Data, positions []uint32, threads int) (float64, error) {
	td := tune.NewData(1, 1)
	rows := make([]uint32, len(positions))
	for n, i := range positions {
		s := min(max(d.Score(int(i)), -32767), 32767)
		// Phase 1 of 1 is all middlegame: the evaluation is the
		// coefficient times the first weight.
		if err := td.Add([]tune.Feature{{Index: 0, Coef: int16(s)}}, 1, s, d.Result(int(i))); err != nil {
			return 0, err
		}
		rows[n] = uint32(n)
	}
	k := td.FitK([]float64{1, 0}, rows, threads)
	if k < 0.0101 || k > 99 {
		return 0, fmt.Errorf("the fit of K ended at the end of its range (%.4g): the scores do not predict the results; give -k", k)
	}
	return k, nil
}
