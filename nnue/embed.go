package nnue

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sync"
)

//go:embed default
var defaultFiles embed.FS

var defaultNet struct {
	once sync.Once
	net  *Net
	err  error
}

// Default returns the net built into the binary, loaded once; nil (and
// no error) when the binary has none.
func Default() (*Net, error) {
	defaultNet.once.Do(func() {
		defaultNet.net, defaultNet.err = loadDefault(defaultFiles)
	})
	return defaultNet.net, defaultNet.err
}

// loadDefault loads the one nn-*.nnue file of fsys's default folder and
// checks that its name is its checksum's.
func loadDefault(fsys fs.FS) (*Net, error) {
	names, err := fs.Glob(fsys, "default/nn-*.nnue")
	if err != nil || len(names) == 0 {
		return nil, err
	}
	if len(names) > 1 {
		return nil, fmt.Errorf("%d default nets: want one", len(names))
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
	return n, nil
}
