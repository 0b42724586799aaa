package verify

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	farm "github.com/dgryski/go-farm"
	"github.com/klauspost/compress/zstd"
)

// The table's identity: the checks here follow exactly these rules and
// this index, so a table that names others is refused.
const (
	tableFormat = "camelot-solution 1"
	tableRules  = "camette V2-V5 R6-R12; repetition draws; no 100-ply rule"
	tableIndex  = "combinatorial K-M-k-m side 1"
)

// manifest is manifest.json: the layers in the order they were solved.
type manifest struct {
	Format  string  `json:"format"`
	Variant string  `json:"variant"`
	Rules   string  `json:"rules"`
	Index   string  `json:"index"`
	Layers  []entry `json:"layers"`
}

// entry is one layer of the manifest.
type entry struct {
	Signature   string `json:"signature"`
	File        string `json:"file"`
	Positions   uint64 `json:"positions"`
	Won         uint64 `json:"won"`
	Lost        uint64 `json:"lost"`
	Drawn       uint64 `json:"drawn"`
	LongestWin  int    `json:"longest_win"`
	LongestLoss int    `json:"longest_loss"`
	SHA256      string `json:"sha256"`
}

// layer is a layer read and checked as a file.
type layer struct {
	sig    signature
	entry  entry
	path   string
	values []byte
}

// readManifest reads dir's manifest and checks that it describes a
// Camette table of this format, each layer once with its size.
func readManifest(dir string) (*manifest, error) {
	path := filepath.Join(dir, "manifest.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	for _, c := range []struct{ name, got, want string }{
		{"format", m.Format, tableFormat}, {"variant", m.Variant, "camette"},
		{"rules", m.Rules, tableRules}, {"index", m.Index, tableIndex},
	} {
		if c.got != c.want {
			return nil, fmt.Errorf("%s: %s %q, this check knows only %q", path, c.name, c.got, c.want)
		}
	}
	seen := map[signature]bool{}
	for i, e := range m.Layers {
		s, err := parseSignature(e.Signature)
		if err != nil {
			return nil, fmt.Errorf("%s: layer %d: %v", path, i+1, err)
		}
		switch {
		case seen[s]:
			return nil, fmt.Errorf("%s: layer %s listed twice", path, s)
		case e.Positions != s.size():
			return nil, fmt.Errorf("%s: layer %s: %d positions, its index has %d", path, s, e.Positions, s.size())
		case e.File == "" || filepath.Base(e.File) != e.File || e.File == "." || e.File == "..":
			return nil, fmt.Errorf("%s: layer %s: file %q is not a name in the table's directory", path, s, e.File)
		}
		seen[s] = true
	}
	return &m, nil
}

// Layer files: the magic, the signature, the number of positions, the
// fingerprint of the values, then the values as one zstd stream.
var layerMagic = []byte("CAMSOL\x00\x01")

const headerSize = 8 + 4 + 8 + 8

// readLayer reads the file of e and checks it against the manifest's
// SHA-256, its header and its fingerprint.
func readLayer(dir string, s signature, e entry) (*layer, error) {
	path := filepath.Join(dir, e.File)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("layer %s: %v", s, err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != e.SHA256 {
		return nil, fmt.Errorf("%s: SHA-256 %s, the manifest says %s", path, got, e.SHA256)
	}
	values, err := decodeLayer(s, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &layer{sig: s, entry: e, path: path, values: values}, nil
}

// decodeLayer returns the values of a layer file of signature s.
func decodeLayer(s signature, data []byte) ([]byte, error) {
	if len(data) < headerSize {
		return nil, fmt.Errorf("%d bytes, shorter than a header", len(data))
	}
	if !bytes.Equal(data[:8], layerMagic) {
		return nil, errors.New("not a layer file (bad magic)")
	}
	if got := (signature{data[8], data[9], data[10], data[11]}); got != s {
		return nil, fmt.Errorf("holds layer %s, the manifest says %s", got, s)
	}
	n := binary.LittleEndian.Uint64(data[12:])
	if n != s.size() {
		return nil, fmt.Errorf("header says %d positions, layer %s has %d", n, s, s.size())
	}
	dec, err := zstd.NewReader(bytes.NewReader(data[headerSize:]), zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	values := make([]byte, n)
	if _, err := io.ReadFull(dec, values); err != nil {
		return nil, fmt.Errorf("compressed values: %v", err)
	}
	var extra [1]byte
	if k, err := dec.Read(extra[:]); k != 0 || err != io.EOF {
		if err == nil || err == io.EOF {
			err = errors.New("more values than positions")
		}
		return nil, fmt.Errorf("compressed values: %v", err)
	}
	if got, want := fingerprint(values), binary.LittleEndian.Uint64(data[20:]); got != want {
		return nil, fmt.Errorf("values' fingerprint %#016x, the header says %#016x", got, want)
	}
	return values, nil
}

// fingerprint chains FarmHash over 1 MiB blocks of values, each hashed
// after the previous block's sum (8 bytes, little-endian).
func fingerprint(values []byte) uint64 {
	var sum uint64
	block := make([]byte, 0, 8+1<<20)
	for b := values; len(b) > 0; {
		n := min(len(b), 1<<20)
		block = append(binary.LittleEndian.AppendUint64(block[:0], sum), b[:n]...)
		sum = farm.Fingerprint64(block)
		b = b[n:]
	}
	return sum
}
