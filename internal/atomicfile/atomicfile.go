// Package atomicfile writes a file so that it is either the old one or
// the whole new one, whenever the program is killed: the data goes to a
// temporary file beside it, is synced, and is renamed into place.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write replaces path with data (mode 0644).
func Write(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %v", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644) // a temporary file is private
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %v", path, err)
	}
	return nil
}
