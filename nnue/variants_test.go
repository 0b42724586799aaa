package nnue

// Tests of the net files of every board (the net is the same for every
// grid; each grid's eval feeds it positions, tested there).

import (
	"bytes"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

func TestFileEveryBoard(t *testing.T) {
	for _, v := range game.Variants() {
		n := RandomFor(v, 9, 16)
		data, err := Encode(n)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Load(data)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		prefix := v.String() + "-"
		if v == game.Camelot {
			prefix = "nn-"
		}
		if m.Variant != v || m.Name != FileName(data) || !strings.HasPrefix(m.Name, prefix) {
			t.Errorf("%s: loaded a net of %s named %s", v, m.Variant, m.Name)
		}
		if again, _ := Encode(m); !bytes.Equal(again, data) {
			t.Errorf("%s: the net does not round-trip", v)
		}
		fs := []Feature{0, 5, 77}
		if m.RawOutput(fs, fs[1:]) != n.RawOutput(fs, fs[1:]) {
			t.Errorf("%s: the loaded net evaluates differently", v)
		}
		// Another board's number in the architecture: the sizes no longer fit.
		for _, w := range game.Variants() {
			if w == v {
				continue
			}
			b := append([]byte(nil), data...)
			b[13] = byte(w)
			if _, err := Load(b); err == nil {
				t.Errorf("a net of %s relabelled %s loads", v, w)
			}
		}
	}
	if _, err := Load(append([]byte(magic), append([]byte{1, 0, 0, 0, 1, 10, 0, 0, 16, 0, 0, 0}, make([]byte, 64)...)...)); err == nil || !strings.Contains(err.Error(), "board 10") {
		t.Errorf("a net of board 10: %v", err)
	}
}
