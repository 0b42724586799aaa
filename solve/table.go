package solve

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	farm "github.com/dgryski/go-farm"
	"github.com/klauspost/compress/zstd"

	"github.com/camelot-engine/camelot/movegen"
)

// The table's identity: a table is read only by a program that agrees on
// all three.
const (
	// Format names the files: a manifest and one compressed file per layer.
	Format = "camelot-solution 1"
	// Rules names the rules the values follow: Camette's board and moves
	// (V2–V4, R6–R12), its end of game (V5) with repetition as a draw and
	// the 100-ply rule ignored.
	Rules = "camette V2-V5 R6-R12; repetition draws; no 100-ply rule"
	// IndexScheme names Index: White Knight, White Men, Black Knight, Black
	// Men as combinations of the squares left free, then the side to move.
	IndexScheme = "combinatorial K-M-k-m side 1"
)

// ManifestName is the manifest's file name in a table directory.
const ManifestName = "manifest.json"

// layerMagic starts every layer file.
var layerMagic = [8]byte{'C', 'A', 'M', 'S', 'O', 'L', 0, 1}

// layerHeaderSize is the size of a layer file's header: the magic, the
// signature, the number of positions and the fingerprint of the values.
const layerHeaderSize = 8 + 4 + 8 + 8

// Manifest describes a table directory. It holds no times or paths, so an
// interrupted and resumed solve writes the same bytes as an unbroken one.
type Manifest struct {
	Format  string       `json:"format"`
	Variant string       `json:"variant"`
	Rules   string       `json:"rules"`
	Index   string       `json:"index"`
	Layers  []LayerEntry `json:"layers"`
}

// LayerEntry is one solved layer.
type LayerEntry struct {
	Signature   string `json:"signature"`
	File        string `json:"file"`
	Positions   uint64 `json:"positions"`
	Won         uint64 `json:"won"`
	Lost        uint64 `json:"lost"`
	Drawn       uint64 `json:"drawn"`
	LongestWin  int    `json:"longest_win"`
	LongestLoss int    `json:"longest_loss"`
	SHA256      string `json:"sha256"` // of the layer file
}

// newManifest returns the manifest of an empty table.
func newManifest() *Manifest {
	return &Manifest{Format: Format, Variant: "camette", Rules: Rules, Index: IndexScheme, Layers: []LayerEntry{}}
}

// ReadManifest reads and checks dir's manifest.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	switch {
	case m.Format != Format:
		return nil, fmt.Errorf("%s: format %q, this program reads %q", path, m.Format, Format)
	case m.Variant != "camette":
		return nil, fmt.Errorf("%s: variant %q, only camette is solved", path, m.Variant)
	case m.Rules != Rules:
		return nil, fmt.Errorf("%s: rules %q, this program plays %q", path, m.Rules, Rules)
	case m.Index != IndexScheme:
		return nil, fmt.Errorf("%s: index %q, this program uses %q", path, m.Index, IndexScheme)
	}
	for _, l := range m.Layers {
		if _, err := ParseSignature(l.Signature); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return &m, nil
}

// encode returns the manifest's bytes.
func (m *Manifest) encode() []byte {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(data, '\n')
}

// ParseSignature reads a signature as String writes it.
func ParseSignature(text string) (Signature, error) {
	for _, s := range Signatures() {
		if s.String() == text {
			return s, nil
		}
	}
	return Signature{}, fmt.Errorf("unknown signature %q", text)
}

// layerFileName is the file of a layer in a table directory.
func layerFileName(s Signature) string { return s.String() + ".layer" }

// encodeLayer returns a layer file: the header and the values compressed
// with zstd (one thread, so the bytes are the same on every run).
func encodeLayer(s Signature, values []Value) ([]byte, error) {
	var buf bytes.Buffer
	var h [layerHeaderSize]byte
	copy(h[:8], layerMagic[:])
	h[8], h[9], h[10], h[11] = s.WK, s.WM, s.BK, s.BM
	binary.LittleEndian.PutUint64(h[12:], uint64(len(values)))
	binary.LittleEndian.PutUint64(h[20:], fingerprint(values))
	buf.Write(h[:])
	enc, err := zstd.NewWriter(&buf, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBetterCompression))
	if err != nil {
		return nil, err
	}
	if _, err := enc.Write(valueBytes(values)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodeLayer reads a layer file of signature s and checks it whole.
func decodeLayer(s Signature, r io.Reader) ([]Value, error) {
	var h [layerHeaderSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, fmt.Errorf("header: %v", err)
	}
	if !bytes.Equal(h[:8], layerMagic[:]) {
		return nil, errors.New("not a layer file of this format")
	}
	if got := (Signature{h[8], h[9], h[10], h[11]}); got != s {
		return nil, fmt.Errorf("holds layer %s, not %s", got, s)
	}
	n := binary.LittleEndian.Uint64(h[12:])
	if n != s.Size() {
		return nil, fmt.Errorf("holds %d positions, layer %s has %d", n, s, s.Size())
	}
	dec, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<31))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	values := make([]Value, n)
	if _, err := io.ReadFull(dec, valueBytes(values)); err != nil {
		return nil, fmt.Errorf("values: %v", err)
	}
	if extra, _ := dec.Read(make([]byte, 1)); extra != 0 {
		return nil, errors.New("values: more than the layer holds")
	}
	if fingerprint(values) != binary.LittleEndian.Uint64(h[20:]) {
		return nil, errors.New("values do not match their checksum")
	}
	return values, nil
}

// valueBytes views values as bytes.
func valueBytes(values []Value) []byte {
	b := make([]byte, 0)
	if len(values) > 0 {
		b = unsafeBytes(values)
	}
	return b
}

// fingerprint is a checksum of the values (FarmHash, in blocks so that a
// large layer needs no second copy).
func fingerprint(values []Value) uint64 {
	b := valueBytes(values)
	var sum uint64
	block := make([]byte, 0, 8+1<<20)
	for len(b) > 0 {
		n := min(len(b), 1<<20)
		block = append(binary.LittleEndian.AppendUint64(block[:0], sum), b[:n]...)
		sum = farm.Fingerprint64(block)
		b = b[n:]
	}
	return sum
}

// fileSHA256 returns the hex SHA-256 of data.
func fileSHA256(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Table is a solved Camette table for probing. Layers are read on first
// use and kept. The map of read layers is replaced, never changed
// (copy on write), so that probes of layers already read never wait for
// a layer being read: mu only lets one goroutine at a time read a layer
// from disk, so none is read twice.
type Table struct {
	dir      string
	manifest *Manifest
	entries  map[Signature]LayerEntry
	mu       sync.Mutex
	layers   atomic.Pointer[map[Signature][]Value]
}

// Open opens the table in dir; its layers are read when first probed. A
// table that an interrupted solve left (or a test's small one) has only
// its lower layers: positions of the others are not in it (Probe says so).
func Open(dir string) (*Table, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	t := &Table{dir: dir, manifest: m, entries: map[Signature]LayerEntry{}}
	t.layers.Store(&map[Signature][]Value{})
	for _, l := range m.Layers {
		s, _ := ParseSignature(l.Signature)
		t.entries[s] = l
	}
	return t, nil
}

// Complete reports whether the table holds every layer of Camette.
func (t *Table) Complete() bool { return len(t.entries) == len(Signatures()) }

// Manifest returns the table's manifest.
func (t *Table) Manifest() *Manifest { return t.manifest }

// Dir returns the table's directory.
func (t *Table) Dir() string { return t.dir }

// layer returns the values of s, reading them the first time.
func (t *Table) layer(s Signature) ([]Value, error) {
	if v, ok := t.readLayer(s); ok {
		return v, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if v, ok := t.readLayer(s); ok {
		return v, nil
	}
	e := t.entries[s]
	path := filepath.Join(t.dir, e.File)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	v, err := decodeLayer(s, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	read := *t.layers.Load()
	next := make(map[Signature][]Value, len(read)+1)
	maps.Copy(next, read)
	next[s] = v
	t.layers.Store(&next)
	return v, nil
}

// readLayer returns the values of s if they have been read.
func (t *Table) readLayer(s Signature) ([]Value, bool) {
	v, ok := (*t.layers.Load())[s]
	return v, ok
}

// Probe returns the value of p for its side to move. ok is false when p is
// not a Camette position or its layer is not in the table, and when the
// layer cannot be read (err says why).
// The ply clock is not looked at: the values ignore the 100-ply rule.
func (t *Table) Probe(p *movegen.Position) (v Value, ok bool, err error) {
	if p.Variant != movegen.Camette {
		return 0, false, nil
	}
	pl := PlacementOf(p)
	if pl.Pieces[0] == 0 || pl.Pieces[1] == 0 {
		if pl.Pieces[pl.Side] == 0 {
			return LostNow, true, nil
		}
		return WinNow, true, nil
	}
	sig := pl.Signature()
	if _, ok := t.entries[sig]; !ok {
		return 0, false, nil
	}
	values, err := t.layer(sig)
	if err != nil {
		return 0, false, err
	}
	return values[Index(pl)], true, nil
}
