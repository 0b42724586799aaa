package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/camelot-engine/camelot/game"
)

func TestFileRoundTrip(t *testing.T) {
	n := randomNet(rand.New(rand.NewPCG(5, 6)), 32)
	n.Description = "a test net"
	data, err := Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != FileName(data) || !strings.HasPrefix(m.Name, "nn-") || len(m.Name) != len("nn-123456789012.nnue") {
		t.Errorf("name %q", m.Name)
	}
	again, _ := Encode(m)
	if !bytes.Equal(again, data) || m.Description != n.Description {
		t.Error("the net does not round-trip")
	}
	fs := []Feature{0, 5, 77, 300}
	if m.RawOutput(fs, fs[1:]) != n.RawOutput(fs, fs[1:]) {
		t.Error("the loaded net evaluates differently")
	}
}

func TestLoadRefusesDamage(t *testing.T) {
	n := randomNet(rand.New(rand.NewPCG(7, 8)), 32)
	good, err := Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	resum := func(b []byte) []byte { // a valid checksum over changed bytes
		body := b[:len(b)-sha256.Size]
		sum := sha256.Sum256(body)
		return append(append([]byte(nil), body...), sum[:]...)
	}
	with := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[off:], v)
		return resum(b)
	}
	flip := append([]byte(nil), good...)
	flip[100] ^= 1
	untied := append([]byte(nil), good...)
	untied[8+6*4+2*7]++ // after the 32-byte header: feature 0, unit 7, not its twin
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a net file"},
		{"other file", []byte("[Event \"x\"]\n1-0\n"), "not a net file"},
		{"truncated", good[:len(good)/2], "truncated"},
		{"header only", good[:20], "truncated"},
		{"bit flip", flip, "checksum mismatch"},
		{"version", with(8, 9), "version 9"},
		{"architecture", with(12, 3), "architecture 3"},
		{"board", with(12, 1|15<<8), "board 15"},
		{"hidden size", with(16, 48), "payload of"},
		{"odd hidden size", with(16, 17), "hidden size 17"},
		{"not mirror twins", resum(untied), "not mirror twins"},
	} {
		_, err := Load(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

func TestDefaultNet(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if n != nil {
		t.Logf("default net %s", n.Name)
	}
	data, _ := Encode(randomNet(rand.New(rand.NewPCG(13, 14)), 16))
	good := fstest.MapFS{"default/" + FileName(data): {Data: data}}
	if m, err := loadDefault(good, game.Camelot); err != nil || m == nil {
		t.Errorf("a well-named net: %v", err)
	}
	bad := fstest.MapFS{"default/nn-000000000000.nnue": {Data: data}}
	if _, err := loadDefault(bad, game.Camelot); err == nil || !strings.Contains(err.Error(), "names it") {
		t.Errorf("a misnamed net: %v", err)
	}
}
