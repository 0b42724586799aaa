package tune

import (
	"fmt"
	"io"
	"os"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/progress"
)

// Load reads datagen files of variant v's positions into one Data set,
// each position kept only as its evaluation features (boards.EvalFeatures:
// the features of the tuned evaluation of its board's grid), its
// phase, score and result. A position of another board is an error. An
// error names the file and line ("name:line: reason"). Progress, in bytes
// read, goes to status on a terminal.
func Load(paths []string, v game.Variant, status io.Writer) (*Data, error) {
	bar, err := progress.ForFiles(status, "loading", paths)
	if err != nil {
		return nil, err
	}
	defer bar.Done()
	d := NewData(len(boards.Of(v).EvalWeightNames(v)), linear.MaxPhase)
	var evalRow []linear.Feature
	var row []Feature
	add := func(r datagen.Record) error {
		if r.Pos.Variant() != v {
			return fmt.Errorf("a position of %s, but the weights are %s's (-variant)", r.Pos.Variant(), v)
		}
		var phase int
		evalRow, phase = boards.EvalFeatures(r.Pos, evalRow[:0])
		row = row[:0]
		for _, f := range evalRow {
			row = append(row, Feature{Index: f.Index, Coef: f.Coef})
		}
		return d.Add(row, phase, r.Score, r.Result)
	}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		err = datagen.Scan(countingReader{f, bar}, path, add)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return d, nil
}

// countingReader reports the bytes read through it to a progress bar.
type countingReader struct {
	r   io.Reader
	bar *progress.Bar
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.bar.Add(int64(n))
	return n, err
}
