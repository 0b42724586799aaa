package book

import (
	_ "embed"
	"fmt"
	"os"
	"sync"
)

// defaultData is the book built into the binary (see the README's "Opening
// book" section for the command that made it).
//
//go:embed default.book
var defaultData []byte

var (
	defaultOnce sync.Once
	defaultBook *Book
	defaultErr  error
)

// Default returns the embedded book, checked once on first use.
func Default() (*Book, error) {
	defaultOnce.Do(func() {
		defaultBook, defaultErr = Load(defaultData)
		if defaultErr != nil {
			defaultErr = fmt.Errorf("embedded book: %v", defaultErr)
		}
	})
	return defaultBook, defaultErr
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
