package solve

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// A layer file of any bytes is read or refused, never crashes; what is
// read has the layer's size.
func FuzzDecodeLayer(f *testing.F) {
	s := Signature{0, 1, 0, 1}
	values := make([]Value, s.Size())
	for i := range values {
		values[i] = Value(i % 7)
	}
	good, err := encodeLayer(s, values)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:layerHeaderSize])
	f.Add([]byte("CAMSOL\x00\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := decodeLayer(s, bytes.NewReader(data))
		if err == nil && uint64(len(v)) != s.Size() {
			t.Fatalf("read %d values of a layer of %d", len(v), s.Size())
		}
	})
}

// A manifest of any bytes is read or refused, never crashes.
func FuzzReadManifest(f *testing.F) {
	f.Add(newManifest().encode())
	f.Add([]byte(`{"format":"camelot-solution 1","variant":"camette","layers":[{"signature":"K9"}]}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if m, err := ReadManifest(dir); err == nil && m.Format != Format {
			t.Fatalf("accepted format %q", m.Format)
		}
		if tab, err := Open(dir); err == nil {
			tab.Complete()
		}
	})
}
