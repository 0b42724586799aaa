package solve

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/internal/progress"
)

// Config says what Solve does.
type Config struct {
	Dir     string // the table directory, created if missing
	Threads int
	// Stop, when set, ends the solve after that many layers (for tests of
	// resuming); 0 solves them all.
	Stop int
	// MemoryLimit, when set, is the Go heap's soft limit for the solve
	// (runtime/debug.SetMemoryLimit): the collector works harder near it
	// instead of letting the heap grow to twice what is live.
	MemoryLimit int64
	// Log receives a line per layer and the progress bars.
	Log io.Writer
}

// Solve solves every Camette layer that dir does not hold yet, writing each
// through a temporary file and a rename and then the manifest, so a killed
// run loses at most the layer it was on and, run again, writes the same
// bytes as an unbroken run.
func Solve(cfg Config) (*Manifest, error) {
	if cfg.Threads < 1 {
		cfg.Threads = 1
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.MemoryLimit > 0 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(cfg.MemoryLimit))
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	// A killed run may leave a temporary file of the layer it was writing.
	stale, _ := filepath.Glob(filepath.Join(cfg.Dir, ".*.tmp*"))
	for _, f := range stale {
		os.Remove(f)
	}
	m, err := ReadManifest(cfg.Dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		m = newManifest()
	case err != nil:
		return nil, err
	}
	solved := map[Signature][]Value{}
	for i, e := range m.Layers {
		s, _ := ParseSignature(e.Signature)
		if want := Signatures()[i]; s != want {
			return nil, fmt.Errorf("%s: layer %d is %s, expected %s", filepath.Join(cfg.Dir, ManifestName), i+1, s, want)
		}
		data, err := os.ReadFile(filepath.Join(cfg.Dir, e.File))
		if err != nil {
			return nil, err
		}
		if fileSHA256(data) != e.SHA256 {
			return nil, fmt.Errorf("%s: does not match the manifest's checksum", filepath.Join(cfg.Dir, e.File))
		}
		v, err := decodeLayer(s, bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(cfg.Dir, e.File), err)
		}
		solved[s] = v
	}
	if len(m.Layers) > 0 {
		fmt.Fprintf(cfg.Log, "resuming: %d of %d layers solved\n", len(m.Layers), len(Signatures()))
	}
	below := func(s Signature) []Value { return solved[s] }
	todo := Signatures()[len(m.Layers):]
	if cfg.Stop > 0 {
		todo = todo[:max(0, min(len(todo), cfg.Stop-len(m.Layers)))]
	}
	for i, s := range todo {
		// Once a layer's rounds are over, the layers below that no layer
		// still to solve can capture into are freed: the largest layer is
		// solved last and needs none of them when its values are made.
		free := func() {
			for low := range solved {
				needed := false
				for _, up := range todo[i+1:] {
					needed = needed || low.below(up)
				}
				if !needed {
					delete(solved, low)
				}
			}
			runtime.GC()
		}
		start := time.Now()
		bar := progress.New(cfg.Log, "layer "+s.String(), "positions", 0, int64(2*s.Size()))
		values, stats, err := solveLayer(s, below, cfg.Threads, bar.Add, free)
		bar.Done()
		if err != nil {
			return nil, err
		}
		data, err := encodeLayer(s, values)
		if err != nil {
			return nil, err
		}
		name := layerFileName(s)
		if err := atomicfile.Write(filepath.Join(cfg.Dir, name), data); err != nil {
			return nil, err
		}
		m.Layers = append(m.Layers, LayerEntry{
			Signature: s.String(), File: name, Positions: s.Size(),
			Won: stats.Won, Lost: stats.Lost, Drawn: stats.Drawn,
			LongestWin: stats.LongestWin, LongestLoss: stats.LongestLoss,
			SHA256: fileSHA256(data),
		})
		if err := atomicfile.Write(filepath.Join(cfg.Dir, ManifestName), m.encode()); err != nil {
			return nil, err
		}
		solved[s] = values
		elapsed := time.Since(start)
		fmt.Fprintf(cfg.Log, "layer %-6s %13d positions: %d won, %d lost, %d drawn; longest win %d plies; %d rounds; %s (%.2f M positions/s); %d bytes\n",
			s, s.Size(), stats.Won, stats.Lost, stats.Drawn, stats.LongestWin, stats.Rounds,
			progress.FormatDuration(elapsed), float64(s.Size())/elapsed.Seconds()/1e6, len(data))
	}
	return m, nil
}
