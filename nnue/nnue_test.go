package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/camelot-engine/camelot/movegen"
)

// Camelot's numbering: White's Man on F1 in White's view is own Man 0;
// Black's Man on F16 in Black's view is the same input.
func TestCamelotFeatures(t *testing.T) {
	b := BoardOf(movegen.Camelot)
	if f := b.Feature(movegen.White, movegen.White, movegen.Man, movegen.MustParseSquare("F1")); f != 0 {
		t.Errorf("F1 own Man: %d", f)
	}
	if f := b.Feature(movegen.Black, movegen.Black, movegen.Man, movegen.MustParseSquare("F16")); f != 0 {
		t.Errorf("F16 own Man for Black: %d", f)
	}
	if b.Inputs() != 640 {
		t.Errorf("Camelot has %d inputs, want 640", b.Inputs())
	}
}

// The score is the same after a colour flip and after a left-right
// mirror, exactly, on random positions (R1).
func TestSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := randomNet(rng, 64)
	for i, p := range randomPositions(rng, 3000) {
		v := n.Evaluate(&p)
		if w := n.Evaluate(ptr(flipColours(p))); w != v {
			t.Fatalf("position %d %s: %d, colour-flipped %d", i, p.CFEN(), v, w)
		}
		if w := n.Evaluate(ptr(mirrorFiles(p))); w != v {
			t.Fatalf("position %d %s: %d, mirrored %d", i, p.CFEN(), v, w)
		}
	}
}

// The accumulators a Stack updates move by move equal a full refresh,
// through long random games with every kind of move (R6–R13): plain
// moves, canters, jumps, Knight's Charges, castle entries and castle
// moves, moves out of one's own castle, and null moves.
func TestStackMatchesRefresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := randomNet(rng, 48)
	const plies = 64
	s := NewStack(n, plies)
	kinds := map[string]int{}
	for game := 0; game < 300; game++ {
		var pos movegen.Position
		if game%3 == 0 { // from a start position itself, castle ones included
			pos, _ = movegen.ParseCFEN(startCFENs[game/3%len(startCFENs)])
		} else {
			p := randomPositions(rng, 1+rng.IntN(40))
			pos = p[len(p)-1]
		}
		s.Reset(&pos)
		var ml movegen.MoveList
		for ply := 0; ply < plies; ply++ {
			if got, want := s.Evaluate(ply, &pos), n.Evaluate(&pos); got != want {
				t.Fatalf("game %d ply %d %s: stack %d, refresh %d", game, ply, pos.CFEN(), got, want)
			}
			if pos.Outcome().IsOver() {
				break
			}
			if pos.GenerateMoves(&ml); ml.N == 0 {
				break
			}
			if rng.IntN(10) == 0 && !pos.MustCapture() {
				s.PushNull(ply)
				pos.MakeNullMove()
				kinds["null"]++
				continue
			}
			m := ml.Moves[rng.IntN(ml.N)]
			kinds[moveKind(&pos, m)]++
			s.Push(ply, &pos, m)
			pos.MakeMove(m)
			// Skip an evaluation now and then: the next one catches up.
			if rng.IntN(3) == 0 && ply+1 < plies {
				if pos.Outcome().IsOver() {
					break
				}
				if pos.GenerateMoves(&ml); ml.N == 0 {
					break
				}
				m := ml.Moves[rng.IntN(ml.N)]
				kinds[moveKind(&pos, m)]++
				s.Push(ply+1, &pos, m)
				pos.MakeMove(m)
				ply++
			}
		}
	}
	for _, k := range []string{"plain", "canter", "jump", "charge", "castle entry", "castle move", "out of own castle", "null"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the random games (%v)", k, kinds)
		}
	}
	t.Logf("moves checked: %v", kinds)
}

// moveKind names what m is in p.
func moveKind(p *movegen.Position, m movegen.Move) string {
	us, them := p.Side, p.Side.Other()
	switch {
	case movegen.Castle[us].Has(m.From):
		return "out of own castle"
	case movegen.Castle[them].Has(m.From):
		return "castle move"
	case movegen.Castle[them].Has(m.To):
		return "castle entry"
	}
	text := p.MoveText(m)
	switch {
	case strings.Contains(text, "-") && strings.Contains(text, "x"):
		return "charge"
	case strings.Contains(text, "x"):
		return "jump"
	case m.From.File()-m.To.File() > 1 || m.To.File()-m.From.File() > 1 || m.From.Rank()-m.To.Rank() > 1 || m.To.Rank()-m.From.Rank() > 1 || strings.Count(text, "-") > 1:
		return "canter"
	}
	return "plain"
}

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
	p := movegen.StartPosition()
	if m.Evaluate(&p) != n.Evaluate(&p) {
		t.Error("the loaded net evaluates differently")
	}
}

// Every kind of damage is refused with its reason.
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
		{"architecture", with(12, 2), "architecture 2"},
		{"board", with(12, 1|7<<8), "board 7"},
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

// The default net, when the binary has one, loads and is named after its
// checksum; a folder whose net's name is wrong is refused.
func TestDefaultNet(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if n != nil {
		p := movegen.StartPosition()
		t.Logf("default net %s: start position %d", n.Name, n.Evaluate(&p))
	}
	data, _ := Encode(randomNet(rand.New(rand.NewPCG(13, 14)), 16))
	good := fstest.MapFS{"default/" + FileName(data): {Data: data}}
	if m, err := loadDefault(good, movegen.Camelot); err != nil || m == nil {
		t.Errorf("a well-named net: %v", err)
	}
	bad := fstest.MapFS{"default/nn-000000000000.nnue": {Data: data}}
	if _, err := loadDefault(bad, movegen.Camelot); err == nil || !strings.Contains(err.Error(), "names it") {
		t.Errorf("a misnamed net: %v", err)
	}
}
