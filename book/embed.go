package book

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"github.com/camelot-engine/camelot/game"
)

// defaultFiles holds the books built into the binary, one a board:
// default.book for Camelot, default-cam.book for Cam, … (see
// docs/book.md for the commands that made them).
//
//go:embed default*.book
var defaultFiles embed.FS

// defaultBooks holds each board's built-in book, checked once on first use.
var defaultBooks [game.NumVariants]struct {
	once sync.Once
	b    *Book
	err  error
}

// Default returns Camelot's embedded book.
func Default() (*Book, error) { return DefaultFor(game.Camelot) }

// DefaultFileName is the name of v's embedded book file.
func DefaultFileName(v game.Variant) string {
	if v == game.Camelot {
		return "default.book"
	}
	return "default-" + v.String() + ".book"
}

// DefaultFor returns the book of v's board built into the binary, checked
// once on first use; nil (and no error) when the binary has none.
func DefaultFor(v game.Variant) (*Book, error) {
	v = v.WithRules(game.WCF) // the same under either rule set (V14)
	d := &defaultBooks[v%game.NumVariants]
	d.once.Do(func() {
		data, err := defaultFiles.ReadFile(DefaultFileName(v))
		if errors.Is(err, fs.ErrNotExist) {
			return
		}
		if err == nil {
			d.b, err = Load(data)
		}
		if err == nil && d.b.Variant != v {
			d.b, err = nil, fmt.Errorf("a book of %s", d.b.Variant.Title())
		}
		if err != nil {
			d.err = fmt.Errorf("embedded book %s: %v", DefaultFileName(v), err)
		}
	})
	return d.b, d.err
}

// Open reads and checks a book file.
func Open(path string) (*Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return b, nil
}
