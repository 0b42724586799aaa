package nnue

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sync"

	"github.com/camelot-engine/camelot/game"
)

//go:embed default
var defaultFiles embed.FS

// defaultNets holds each board's built-in net, loaded once.
var defaultNets [game.NumVariants]struct {
	once sync.Once
	net  *Net
	err  error
}

// Default returns Camelot's net built into the binary, loaded once; nil
// (and no error) when the binary has none.
func Default() (*Net, error) { return DefaultFor(game.Camelot) }

// DefaultFor returns the net of variant v's board built into the binary,
// loaded once; nil (and no error) when the binary has none.
func DefaultFor(v game.Variant) (*Net, error) {
	v = v.WithRules(game.WCF) // the same under either rule set (V14)
	d := &defaultNets[v%game.NumVariants]
	d.once.Do(func() {
		d.net, d.err = loadDefault(defaultFiles, v)
	})
	return d.net, d.err
}

// netPrefix is the start of the file name of v's nets (FileName).
func netPrefix(v game.Variant) string {
	if v == game.Camelot {
		return "nn"
	}
	return v.String()
}

// loadDefault loads the one net file of v's board in fsys's default
// folder (nn-*.nnue for Camelot, cam-*.nnue for Cam, …) and checks that
// its name is its checksum's and its board v.
func loadDefault(fsys fs.FS, v game.Variant) (*Net, error) {
	names, err := fs.Glob(fsys, "default/"+netPrefix(v)+"-*.nnue")
	if err != nil || len(names) == 0 {
		return nil, err
	}
	if len(names) > 1 {
		return nil, fmt.Errorf("%d default nets of %s: want one", len(names), v.Title())
	}
	data, err := fs.ReadFile(fsys, names[0])
	if err != nil {
		return nil, err
	}
	n, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("default net %s: %v", names[0], err)
	}
	if base := path.Base(names[0]); base != n.Name {
		return nil, fmt.Errorf("default net %s: its checksum names it %s", base, n.Name)
	}
	if n.Variant != v {
		return nil, fmt.Errorf("default net %s: a net of %s, not of %s", names[0], n.Variant.Title(), v.Title())
	}
	return n, nil
}
