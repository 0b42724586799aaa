package solve

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// layersUpTo is how many of the first layers hold at most pieces pieces
// (Signatures solves fewer pieces first).
func layersUpTo(pieces int) int {
	n := 0
	for _, s := range Signatures() {
		if w, b := s.Pieces(); w+b <= pieces {
			n++
		}
	}
	return n
}

// smallLayers is how many of the first layers the tests solve: every
// layer of at most four pieces, a second or two.
var smallLayers = layersUpTo(4)

// smallTable returns a table of the small layers, solved once for the
// tests that only read it.
var smallTable = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "camette-small")
	if err != nil {
		return "", err
	}
	smallDir = dir
	_, err = Solve(Config{Dir: dir, Threads: 2, Stop: smallLayers})
	return dir, err
})

// smallDir is the small table's directory once made, removed by TestMain.
var smallDir string

func openSmall(t *testing.T) (*Table, *Manifest) {
	t.Helper()
	dir, err := smallTable()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return tab, tab.Manifest()
}

func solveSmall(t *testing.T, dir string, threads, stop int) *Manifest {
	t.Helper()
	m, err := Solve(Config{Dir: dir, Threads: threads, Stop: stop})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// readDir returns the files of dir by name.
func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = data
	}
	return out
}

// Two runs write the same bytes, whatever the threads; a run stopped
// after some layers, with a half-written file left behind as a killed run
// leaves it, and started again, writes the same bytes as an unbroken run.
func TestSolveDeterministicAndResumable(t *testing.T) {
	whole, err := smallTable() // solved on two threads
	if err != nil {
		t.Fatal(err)
	}
	stop := smallLayers
	if testing.Short() {
		// The race run (-short) stops after the layers of three pieces:
		// the four-piece layers, solved twice more, were 30 s of it.
		stop = layersUpTo(3)
		whole = t.TempDir()
		solveSmall(t, whole, 2, stop)
	}
	resumed := t.TempDir()
	solveSmall(t, resumed, 1, 9)
	next := Signatures()[9]
	os.WriteFile(filepath.Join(resumed, layerFileName(next)), []byte("half a layer"), 0o644)
	os.WriteFile(filepath.Join(resumed, "."+layerFileName(next)+".tmp123"), []byte("killed"), 0o644)
	solveSmall(t, resumed, 2, stop)
	a, b := readDir(t, whole), readDir(t, resumed)
	if len(a) != stop+1 || len(a) != len(b) {
		t.Fatalf("%d and %d files, want %d", len(a), len(b), stop+1)
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between the unbroken and the resumed run", name)
		}
	}
}

// A resumed solve refuses a table whose files do not match the manifest.
func TestSolveRefusesDamagedTable(t *testing.T) {
	dir := t.TempDir()
	m := solveSmall(t, dir, 2, 6)
	path := filepath.Join(dir, m.Layers[3].File)
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 1
	os.WriteFile(path, data, 0o644)
	_, err := Solve(Config{Dir: dir, Threads: 2, Stop: 8})
	if err == nil || !strings.Contains(err.Error(), m.Layers[3].File) {
		t.Fatalf("damaged layer: %v", err)
	}
	os.WriteFile(filepath.Join(dir, ManifestName), []byte(`{"format":"camelot-solution 9"}`), 0o644)
	if _, err := Solve(Config{Dir: dir, Threads: 2}); err == nil || !strings.Contains(err.Error(), "format") {
		t.Fatalf("foreign manifest: %v", err)
	}
	if _, err := Open(dir); err == nil {
		t.Fatal("Open accepted a foreign manifest")
	}
}

// Every value of the small layers equals its mirror image's (V2) and its
// colour-flipped image's: the rules are the same for both sides.
func TestValuesSymmetric(t *testing.T) {
	tab, _ := openSmall(t)
	// The race run (-short) checks every 16th position: the test is one
	// goroutine's, and the whole layers were 25 s of it.
	stride := 1
	if testing.Short() {
		stride = 16
	}
	for _, s := range Signatures()[:smallLayers] {
		values, err := tab.layer(s)
		if err != nil {
			t.Fatal(err)
		}
		flipped, err := tab.layer(s.Flip())
		if err != nil {
			t.Fatal(err)
		}
		for idx := 0; idx < len(values); idx += stride {
			v := values[idx]
			pl := Unrank(s, uint64(idx))
			if m := values[Index(pl.Mirror())]; m != v {
				t.Fatalf("%s is %s, its mirror image %s", cfen(pl), v, m)
			}
			if f := flipped[Index(flipColours(pl))]; f != v {
				t.Fatalf("%s is %s, with colours flipped %s", cfen(pl), v, f)
			}
		}
	}
}

// flipColours swaps the sides and turns the board round rank-wise: C1 and
// C7, White's and Black's castles, trade places.
func flipColours(pl Placement) Placement {
	geo := movegen.GeometryOf(movegen.Camette)
	flip := func(m Mask) Mask {
		var out Mask
		for i := 0; i < NumSquares; i++ {
			if m&(1<<uint(i)) != 0 {
				s := camette.square[i]
				out |= 1 << uint(camette.number[geo.SquareAt(s.File(), movegen.Camette.Ranks()-1-s.Rank())])
			}
		}
		return out
	}
	return Placement{
		Pieces:  [2]Mask{flip(pl.Pieces[1]), flip(pl.Pieces[0])},
		Knights: flip(pl.Knights),
		Side:    pl.Side.Other(),
	}
}

// Known values (V5): a Man next to the open opponent castle wins at
// once; a capture of the last enemy piece wins at once; a side with no
// legal move has lost; the table plays the shortest win.
func TestKnownValues(t *testing.T) {
	tab, _ := openSmall(t)
	cases := []struct {
		cfen, value, best string
	}{
		// White's Man steps into Black's castle C7 (V5).
		{"1/1M1/5/5/5/1m1/1 w", "win in 1", "C6-C7"},
		// The lone Black Man on B4 is jumped: all captured (V5).
		{"1/3/5/1m3/1M3/3/1 w", "win in 1", "B3xB5"},
		// Black to move: the White Man already stands in Black's castle.
		{"M/3/5/5/5/1m1/1 b", "loss in 0", ""},
	}
	for _, c := range cases {
		p, err := movegen.ParseCFENOf(movegen.Camette, c.cfen)
		if err != nil {
			t.Fatalf("%s: %v", c.cfen, err)
		}
		v, ok, err := tab.Probe(&p)
		if !ok || err != nil || v.String() != c.value {
			t.Errorf("%s: %s (%v, %v), want %s", c.cfen, v, ok, err, c.value)
			continue
		}
		if c.best == "" {
			continue
		}
		m, _, ok, err := tab.BestMove(&p)
		if !ok || err != nil || p.MoveText(m) != c.best {
			t.Errorf("%s: best move %s (%v, %v), want %s", c.cfen, p.MoveText(m), ok, err, c.best)
		}
	}
	// Positions of layers the table does not hold, or of other boards,
	// are not in it.
	start := movegen.StartOf(movegen.Camette)
	if _, ok, _ := tab.Probe(&start); ok {
		t.Error("the start position found in a table of small layers")
	}
	camelot := movegen.StartPosition()
	if _, ok, _ := tab.Probe(&camelot); ok {
		t.Error("a Camelot position found in the table")
	}
}

// The longest stretch without a capture or castle entry is at least one
// ply and never more than the longest game (it is part of one).
func TestLongestStretch(t *testing.T) {
	tab, m := openSmall(t)
	got, err := tab.LongestStretch(2)
	if err != nil {
		t.Fatal(err)
	}
	longest := 0
	for _, l := range m.Layers {
		longest = max(longest, l.LongestWin, l.LongestLoss)
	}
	if got < 1 || got > longest {
		t.Fatalf("longest stretch %d plies, longest game %d", got, longest)
	}
	t.Logf("longest stretch %d plies, longest game %d", got, longest)
}

// ProbeReady answers only from layers already read, agrees with Probe, and
// does not wait while another goroutine reads a layer.
func TestProbeReady(t *testing.T) {
	tab, _ := openSmall(t)
	p, err := movegen.ParseCFENOf(movegen.Camette, "1/3/5/1m3/1M3/3/1 w")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tab.ProbeReady(&p); ok {
		t.Fatal("ProbeReady answered before the layer was read")
	}
	want, ok, err := tab.Probe(&p)
	if !ok || err != nil {
		t.Fatalf("Probe: %v %v", ok, err)
	}
	tab.mu.Lock() // as while another layer is being read
	got, ok := tab.ProbeReady(&p)
	tab.mu.Unlock()
	if !ok || got != want {
		t.Errorf("ProbeReady during a read: %s (%v), want %s", got, ok, want)
	}
}
