package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"unicode/utf8"

	"github.com/camelot-engine/camelot/game"
)

// The net file, little-endian:
//
//	magic        8 bytes  "CMLTNNUE"
//	version      uint32   FormatVersion
//	architecture uint32   Architecture or ArchitectureBuckets | board<<8,
//	                      the board being the variant's number (V1
//	                      order: 0 Camelot, 1 Cam, 2 Camette, 3 Chivalry)
//	hidden       uint32   H
//	buckets      uint32   B, 2 to MaxBuckets: in ArchitectureBuckets only
//	scale        int32    centi-men per logit, in thousandths
//	description  uint32 length, then UTF-8 text (at most 4096 bytes)
//	payload      uint32 length, then int16 weights[I·H], bias[H],
//	             out[2H·B], and int32 output biases[B]
//	checksum     SHA-256 of every byte before it
//
// I is the board's inputs, 4 × its squares (Board). A net of one bucket
// is always written as Architecture, with no buckets field, so that its
// bytes and name are those of an architecture 1 net (the built-in nets
// are such). A file is named after
// its board and its SHA-256: nn-<first 12 hex digits>.nnue for Camelot,
// the variant's name for another board (cam-<12 hex>.nnue), as
// Fairy-Stockfish names its variant nets.
const (
	magic         = "CMLTNNUE"
	FormatVersion = 1
	// Architecture 1 is (I → H)×2 → 1 with CReLU and mirror twins.
	Architecture = 1
	// ArchitectureBuckets, 2, is Architecture with B > 1 output buckets.
	ArchitectureBuckets = 2
	maxDesc             = 4096
)

// FileName returns the name a net file's bytes give it.
func FileName(data []byte) string {
	sum := sha256.Sum256(data)
	prefix := "nn"
	if len(data) >= 16 && string(data[:len(magic)]) == magic {
		if v := game.Variant(binary.LittleEndian.Uint32(data[12:]) >> 8); v != game.Camelot && v < game.NumVariants {
			prefix = v.String()
		}
	}
	return prefix + "-" + hex.EncodeToString(sum[:])[:12] + ".nnue"
}

// Encode writes the net as a file.
func Encode(n *Net) ([]byte, error) {
	if err := n.check(); err != nil {
		return nil, err
	}
	if len(n.Description) > maxDesc || !utf8.ValidString(n.Description) {
		return nil, fmt.Errorf("description: want UTF-8 of at most %d bytes", maxDesc)
	}
	var b bytes.Buffer
	b.WriteString(magic)
	put := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	put(uint32(FormatVersion))
	if n.Buckets == 1 {
		put(uint32(Architecture) | uint32(n.Variant)<<8)
		put(uint32(n.Hidden))
	} else {
		put(uint32(ArchitectureBuckets) | uint32(n.Variant)<<8)
		put(uint32(n.Hidden))
		put(uint32(n.Buckets))
	}
	put(n.Scale)
	put(uint32(len(n.Description)))
	b.WriteString(n.Description)
	put(uint32(2*(len(n.Weights)+len(n.Bias)+len(n.Out)) + 4*len(n.OutBias)))
	put(n.Weights)
	put(n.Bias)
	put(n.Out)
	put(n.OutBias)
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes(), nil
}

// Load reads a net file, refusing (with the reason) one that is not a net
// file, is of another version or architecture, is truncated or corrupt,
// or whose weights break what the engine relies on.
func Load(data []byte) (*Net, error) {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, errors.New("not a net file (no CMLTNNUE header)")
	}
	if len(data) < len(magic)+sha256.Size {
		return nil, errors.New("net file truncated")
	}
	r := reader{data: data[:len(data)-sha256.Size], at: len(magic)}
	version, arch, hidden := r.u32(), r.u32(), r.u32()
	switch {
	case r.err != nil:
		return nil, r.err
	case version != FormatVersion:
		return nil, fmt.Errorf("net format version %d; this program reads version %d", version, FormatVersion)
	case arch&0xff != Architecture && arch&0xff != ArchitectureBuckets:
		return nil, fmt.Errorf("net architecture %d; this program evaluates architectures %d, (I → H)×2 → 1, and %d, the same with output buckets",
			arch&0xff, Architecture, ArchitectureBuckets)
	case arch>>8 >= uint32(game.NumVariants):
		return nil, fmt.Errorf("a net of board %d, which this program does not play", arch>>8)
	case hidden < 16 || hidden > MaxHidden || hidden%16 != 0:
		return nil, fmt.Errorf("hidden size %d: want a multiple of 16 from 16 to %d", hidden, MaxHidden)
	}
	buckets := uint32(1)
	if arch&0xff == ArchitectureBuckets {
		// One bucket is Architecture's: a file has one form (Encode's).
		if buckets = r.u32(); r.err == nil && (buckets < 2 || buckets > MaxBuckets) {
			return nil, fmt.Errorf("output buckets %d: want 2 to %d (a net of one bucket is architecture %d)", buckets, MaxBuckets, Architecture)
		}
	}
	h, nb := int(hidden), int(buckets)
	n := &Net{Variant: game.Variant(arch >> 8), Hidden: h, Buckets: nb, Scale: int32(r.u32())}
	inputs := n.Board().Inputs()
	descLen := r.u32()
	if descLen > maxDesc {
		return nil, fmt.Errorf("description of %d bytes: at most %d", descLen, maxDesc)
	}
	n.Description = string(r.bytes(int(descLen)))
	payload := r.u32()
	if want := uint32(2*(inputs*h+h+2*h*nb) + 4*nb); r.err == nil && payload != want {
		shape := fmt.Sprintf("hidden size %d", h)
		if nb > 1 {
			shape += fmt.Sprintf(" with %d output buckets", nb)
		}
		return nil, fmt.Errorf("payload of %d bytes; %s on the %s board needs %d", payload, shape, n.Variant.Title(), want)
	}
	n.Weights, n.Bias, n.Out = r.i16s(inputs*h), r.i16s(h), r.i16s(2*h*nb)
	n.OutBias = make([]int32, nb)
	for b := range n.OutBias {
		n.OutBias[b] = int32(r.u32())
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.at != len(r.data) {
		return nil, fmt.Errorf("%d bytes after the payload", len(r.data)-r.at)
	}
	if sum := sha256.Sum256(r.data); !bytes.Equal(sum[:], data[len(data)-sha256.Size:]) {
		return nil, errors.New("checksum mismatch: the net file is corrupt")
	}
	if !utf8.ValidString(n.Description) {
		return nil, errors.New("description is not UTF-8")
	}
	if err := n.check(); err != nil {
		return nil, err
	}
	n.Name = FileName(data)
	return n, nil
}

// LoadFile reads a net file by name.
func LoadFile(path string) (*Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return n, nil
}

// reader reads little-endian values, remembering the first shortfall.
type reader struct {
	data []byte
	at   int
	err  error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || len(r.data)-r.at < n {
		r.err = errors.New("net file truncated")
		return nil
	}
	b := r.data[r.at : r.at+n]
	r.at += n
	return b
}

func (r *reader) u32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) i16s(n int) []int16 {
	b := r.bytes(2 * n)
	if b == nil {
		return nil
	}
	v := make([]int16, n)
	for i := range v {
		v[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return v
}
