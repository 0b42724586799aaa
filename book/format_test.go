package book

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

func sampleEntries() []Entry {
	return []Entry{
		{Key: 0x9000, Score: -15, Depth: 9, Ply: 1},
		{Key: 0x0001, Score: 20, Depth: 12, Ply: 0, Expanded: true},
		{Key: 0xffffffffffffffff, Score: WinScore - 3, Depth: 0, Ply: 127, Expanded: true},
		{Key: 0x5000, Score: -WinScore, Depth: 255, Ply: 3},
	}
}

func TestFormatRoundTrips(t *testing.T) {
	es := sampleEntries()
	data, err := Encode(es)
	if err != nil {
		t.Fatal(err)
	}
	if want := headerSize + entrySize*len(es) + footerSize; len(data) != want {
		t.Fatalf("%d bytes, want %d", len(data), want)
	}
	b, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != len(es) || b.Size() != len(data) {
		t.Fatalf("Len %d Size %d", b.Len(), b.Size())
	}
	for _, e := range es {
		got, ok := b.Lookup(e.Key)
		if !ok || got != e {
			t.Errorf("Lookup(%#x) = %+v, %v; want %+v", e.Key, got, ok, e)
		}
	}
	for i := 1; i < b.Len(); i++ {
		if b.At(i-1).Key >= b.At(i).Key {
			t.Errorf("entries %d and %d out of order", i-1, i)
		}
	}
	for _, k := range []uint64{0, 2, 0x4fff, 0x5001, 0xfffffffffffffffe} {
		if e, ok := b.Lookup(k); ok {
			t.Errorf("Lookup(%#x) found %+v in a book without it", k, e)
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, es); err != nil || !bytes.Equal(buf.Bytes(), data) {
		t.Errorf("Write differs from Encode (%v)", err)
	}
	if empty, err := Encode(nil); err != nil {
		t.Error(err)
	} else if b, err := Load(empty); err != nil || b.Len() != 0 {
		t.Errorf("empty book: %v", err)
	} else if _, ok := b.Lookup(1); ok {
		t.Error("the empty book found a key")
	}
}

func TestEncodeRejectsDuplicateKeys(t *testing.T) {
	if _, err := Encode([]Entry{{Key: 7}, {Key: 7, Score: 1}}); err == nil {
		t.Error("two entries with one key were accepted")
	}
}

// Every damaged file is refused with a message saying what is wrong.
func TestLoadRejectsDamage(t *testing.T) {
	good, _ := Encode(sampleEntries())
	for n := 0; n < len(good); n++ {
		if _, err := Load(good[:n]); err == nil {
			t.Fatalf("a book cut to %d of %d bytes loaded", n, len(good))
		}
	}
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 0x20
		if _, err := Load(bad); err == nil {
			t.Fatalf("a book with byte %d changed loaded", i)
		}
	}
	// Out of order but with a correct checksum: only the order check sees it.
	unsorted := bytes.Clone(good)
	body := unsorted[headerSize : len(unsorted)-footerSize]
	tmp := bytes.Clone(body[:entrySize])
	copy(body[:entrySize], body[entrySize:2*entrySize])
	copy(body[entrySize:2*entrySize], tmp)
	fixChecksum(unsorted)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "shorter than"},
		{"magic", append([]byte("NOTABOOK"), good[8:]...), "not a book"},
		{"version", func() []byte { b := bytes.Clone(good); b[8] = 9; return b }(), "version 9"},
		{"count", func() []byte { b := bytes.Clone(good); b[12]++; return b }(), "truncated or padded"},
		{"checksum", func() []byte { b := bytes.Clone(good); b[headerSize] ^= 1; return b }(), "checksum"},
		{"order", unsorted, "out of key order"},
	} {
		_, err := Load(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
		}
	}
}

func fixChecksum(data []byte) {
	body := data[headerSize : len(data)-footerSize]
	binary.LittleEndian.PutUint64(data[len(data)-footerSize:], fingerprint(body))
}
