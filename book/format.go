// Package book is the engine's opening book: positions with the scores and
// depths the engine's own search gave them, built by drop-out expansion
// (Build) and read back by binary search in the file's bytes (Book).
//
// Moves are not stored. A probe generates the legal moves of a position and
// looks up the position after each one, so a move is identified by what it
// leads to and never needs an encoding of its own (R4 tells moves apart by
// their captured squares too), and transpositions are found for free. The
// idea is Scan's (a draughts engine whose book is a searched tree without
// moves); the building method is Lincke's drop-out expansion as in Fuego's
// book builder.
//
// File format, version 1, all integers little-endian:
//
//	offset  size  field
//	0       8     magic "CAMBOOK\n"
//	8       4     version (1) | board<<8: the variant whose positions the
//	              book holds (V1 order: 0 Camelot, 1 Cam, 2 Camette, 3
//	              Chivalry), so a Camelot book reads as version 1
//	12      4     number of entries N
//	16      12·N  entries, sorted by key, keys distinct
//	16+12·N 8     go-farm Fingerprint64 of the entry bytes
//
// An entry is the position's key (Position.Key(), the grid's Zobrist key: board, side to
// move and castle moves used, stable across platforms, see movegen's
// TestKeysArePinned), 8 bytes; its score in centi-men from the side to
// move's view, int16; the depth of the search behind the score (for an
// expanded position, one more than its best child's), uint8; and a flags
// byte: bit 7 set when the position was expanded (every move the builder
// considered has its position in the book), bits 0–6 the fewest plies from
// the build's root, capped at 127.
package book

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	farm "github.com/dgryski/go-farm"
)

// Format constants.
const (
	Version    = 1
	magic      = "CAMBOOK\n"
	headerSize = 16
	entrySize  = 12
	footerSize = 8

	flagExpanded = 0x80
	maxPly       = 0x7f
)

// Scores at or beyond WinScore (less one for each ply to the end) are
// decided games: wins of the side to move, or losses when negative.
const (
	WinScore   = 20000
	winBound   = WinScore - 1000
	scoreLimit = 10000 // undecided scores are clamped within ±scoreLimit
)

// Entry is one position of the book.
type Entry struct {
	Key      uint64
	Score    int16 // centi-men, from the side to move's view
	Depth    uint8 // search depth behind the score
	Ply      uint8 // fewest plies from the build's root, at most 127
	Expanded bool  // the builder scored this position's moves
}

func (e Entry) flags() byte {
	f := min(e.Ply, maxPly)
	if e.Expanded {
		f |= flagExpanded
	}
	return f
}

func decodeEntry(b []byte) Entry {
	f := b[11]
	return Entry{
		Key:      binary.LittleEndian.Uint64(b),
		Score:    int16(binary.LittleEndian.Uint16(b[8:])),
		Depth:    b[10],
		Ply:      f & maxPly,
		Expanded: f&flagExpanded != 0,
	}
}

// Encode returns the book file of Camelot's entries (EncodeOf).
func Encode(entries []Entry) ([]byte, error) { return EncodeOf(game.Camelot, entries) }

// EncodeOf returns the book file of entries of variant v's positions,
// which it sorts by key. Two entries with the same key are an error. The
// file names v's board, which both rule sets share (V14).
func EncodeOf(v game.Variant, entries []Entry) ([]byte, error) {
	v = v.WithRules(game.WCF)
	es := slices.Clone(entries)
	slices.SortFunc(es, func(a, b Entry) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	})
	buf := make([]byte, headerSize, headerSize+entrySize*len(es)+footerSize)
	copy(buf, magic)
	binary.LittleEndian.PutUint32(buf[8:], Version|uint32(v)<<8)
	binary.LittleEndian.PutUint32(buf[12:], uint32(len(es)))
	for i, e := range es {
		if i > 0 && es[i-1].Key == e.Key {
			return nil, fmt.Errorf("book: two entries for key %#016x", e.Key)
		}
		buf = binary.LittleEndian.AppendUint64(buf, e.Key)
		buf = binary.LittleEndian.AppendUint16(buf, uint16(e.Score))
		buf = append(buf, e.Depth, e.flags())
	}
	return binary.LittleEndian.AppendUint64(buf, fingerprint(buf[headerSize:])), nil
}

// Write writes the book file of entries to w.
func Write(w io.Writer, entries []Entry) error {
	data, err := Encode(entries)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Load checks a book file and returns the book reading it in place. It
// checks the header, the size, the checksum and the key order, so a
// truncated or corrupt file is an error saying what is wrong, never a
// wrong answer later.
func Load(data []byte) (*Book, error) {
	if len(data) < headerSize {
		return nil, fmt.Errorf("not a book: %d bytes, shorter than the %d-byte header", len(data), headerSize)
	}
	if !bytes.Equal(data[:8], []byte(magic)) {
		return nil, fmt.Errorf("not a book: the file does not start with %q", magic[:7])
	}
	version := binary.LittleEndian.Uint32(data[8:])
	if version&0xff != Version {
		return nil, fmt.Errorf("book format version %d; this program reads version %d", version&0xff, Version)
	}
	variant := game.Variant(version >> 8)
	if version>>8 >= uint32(game.NumVariants) {
		return nil, fmt.Errorf("a book of board %d, which this program does not play", version>>8)
	}
	n := int64(binary.LittleEndian.Uint32(data[12:]))
	want := headerSize + entrySize*n + footerSize
	if int64(len(data)) != want {
		return nil, fmt.Errorf("book truncated or padded: %d bytes, want %d for %s", len(data), want, plural.Of(int(n), "entry", "entries"))
	}
	body := data[headerSize : headerSize+entrySize*n]
	if sum := binary.LittleEndian.Uint64(data[len(data)-footerSize:]); sum != fingerprint(body) {
		return nil, fmt.Errorf("book corrupt: checksum mismatch")
	}
	var prev uint64
	for i := int64(0); i < n; i++ {
		k := binary.LittleEndian.Uint64(body[i*entrySize:])
		if i > 0 && k <= prev {
			return nil, fmt.Errorf("book corrupt: entry %d is out of key order", i)
		}
		prev = k
	}
	return &Book{Variant: variant, body: body, n: int(n)}, nil
}

func fingerprint(b []byte) uint64 { return farm.Fingerprint64(b) }
