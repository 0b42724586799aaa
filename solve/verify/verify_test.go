package verify

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/camelot-engine/camelot/internal/refgen"
	"github.com/camelot-engine/camelot/solve"
)

// smallLayers is how many layers the tests solve: every layer of up to
// four pieces, solved in about a second.
const smallLayers = 24

// small is a table of smallLayers layers, made once by TestMain.
var small string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "verify-test-")
	if err != nil {
		panic(err)
	}
	small = dir
	if _, err := solve.Solve(solve.Config{Dir: small, Threads: 2, Stop: smallLayers}); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// copyTable copies the small table into a directory of the test's own.
func copyTable(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(small)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(small, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func loadManifest(t *testing.T, dir string) *manifest {
	t.Helper()
	m, err := readManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func saveManifest(t *testing.T, dir string, m *manifest) {
	t.Helper()
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// rewriteLayer replaces the file of layer i with data and, when fixSHA is
// set, makes the manifest's SHA-256 match it.
func rewriteLayer(t *testing.T, dir string, i int, data []byte, fixSHA bool) {
	t.Helper()
	m := loadManifest(t, dir)
	if err := os.WriteFile(filepath.Join(dir, m.Layers[i].File), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if fixSHA {
		sum := sha256.Sum256(data)
		m.Layers[i].SHA256 = hex.EncodeToString(sum[:])
		saveManifest(t, dir, m)
	}
}

// encodeLayer writes a layer file: header with the values' fingerprint,
// then the values compressed.
func encodeLayer(t *testing.T, s signature, values []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	buf.Write(layerMagic)
	buf.Write(s[:])
	buf.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(values))))
	buf.Write(binary.LittleEndian.AppendUint64(nil, fingerprint(values)))
	enc, err := zstd.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := enc.Write(values); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func mustFail(t *testing.T, dir string, want ...string) {
	t.Helper()
	_, err := Check(dir, 2, nil)
	if err == nil {
		t.Fatalf("Check passed, want an error with %q", want)
	}
	t.Log(err)
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not name %q", err, w)
		}
	}
}

func TestCheckPasses(t *testing.T) {
	var log bytes.Buffer
	rep, err := Check(small, 2, &log)
	if err != nil {
		t.Fatal(err)
	}
	var positions uint64
	for _, s := range solve.Signatures()[:smallLayers] {
		positions += s.Size()
	}
	if rep.Layers != smallLayers || rep.Positions != positions || rep.Successors == 0 {
		t.Errorf("report %+v, want %d layers, %d positions", rep, smallLayers, positions)
	}
	if n := strings.Count(log.String(), "verified"); n != smallLayers {
		t.Errorf("log has %d layer lines, want %d:\n%s", n, smallLayers, log.String())
	}
}

// One changed value, in a file that is otherwise sound, is found and the
// error names its position. The position has a White piece in White's
// castle and Black to move: only a capture leads there (R12), so no
// position of its layer checked before it depends on it, and it is checked
// before its mirror image. The table keeps its first 13 layers (those
// below a layer are a table of their own), the last of them changed.
func TestCheckFindsChangedValue(t *testing.T) {
	dir := copyTable(t)
	m := loadManifest(t, dir)
	m.Layers = m.Layers[:13]
	saveManifest(t, dir, m)
	i := len(m.Layers) - 1
	s, err := parseSignature(m.Layers[i].Signature)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, m.Layers[i].File))
	if err != nil {
		t.Fatal(err)
	}
	values, err := decodeLayer(s, data)
	if err != nil {
		t.Fatal(err)
	}
	idx := uint64(0)
	for ; ; idx++ {
		p := unrank(s, idx)
		if mp := p.mirror(); p.side == 1 && p.pieces[0]&castleOf[0] != 0 && mp.rank() >= idx {
			break
		}
	}
	p := unrank(s, idx)
	old := values[idx]
	values[idx] = old + 2
	if old == 0 || old >= 250 {
		values[idx] = 3
	}
	rewriteLayer(t, dir, i, encodeLayer(t, s, values), true)
	mustFail(t, dir, "layer "+s.String(), p.cfen(), fmt.Sprintf("(index %d)", idx), "holds "+describe(values[idx]))
}

func TestCheckFindsBadFiles(t *testing.T) {
	const i = 13 // a layer with several kinds of position
	layerData := func(t *testing.T, dir string) ([]byte, string) {
		m := loadManifest(t, dir)
		data, err := os.ReadFile(filepath.Join(dir, m.Layers[i].File))
		if err != nil {
			t.Fatal(err)
		}
		return data, m.Layers[i].File
	}
	for _, c := range []struct {
		name   string
		change func(data []byte) []byte
		fixSHA bool
		want   string
	}{
		{"flipped byte", func(d []byte) []byte { d[len(d)/2] ^= 0x10; return d }, false, "SHA-256"},
		{"flipped byte, SHA-256 updated", func(d []byte) []byte { d[len(d)-6] ^= 0x10; return d }, true, "values"},
		{"bad magic", func(d []byte) []byte { d[0] = 'X'; return d }, true, "bad magic"},
		{"other layer", func(d []byte) []byte { d[9]++; return d }, true, "holds layer"},
		{"wrong size", func(d []byte) []byte { d[12]++; return d }, true, "positions"},
		{"fingerprint", func(d []byte) []byte { d[25] ^= 1; return d }, true, "fingerprint"},
		{"truncated", func(d []byte) []byte { return d[:len(d)-10] }, true, "values"},
		{"header only", func(d []byte) []byte { return d[:20] }, true, "shorter than a header"},
		{"extra values", func(d []byte) []byte { return d }, true, "more values"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyTable(t)
			data, file := layerData(t, dir)
			if c.name == "extra values" {
				m := loadManifest(t, dir)
				s, _ := parseSignature(m.Layers[i].Signature)
				values, err := decodeLayer(s, data)
				if err != nil {
					t.Fatal(err)
				}
				data = encodeLayer(t, s, append(values, 0))
				binary.LittleEndian.PutUint64(data[12:], s.size())
			} else {
				data = c.change(data)
			}
			rewriteLayer(t, dir, i, data, c.fixSHA)
			mustFail(t, dir, file, c.want)
		})
	}
}

func TestCheckFindsBadManifest(t *testing.T) {
	t.Run("sha256", func(t *testing.T) {
		dir := copyTable(t)
		m := loadManifest(t, dir)
		m.Layers[5].SHA256 = strings.Repeat("0", 64)
		saveManifest(t, dir, m)
		mustFail(t, dir, m.Layers[5].File, "SHA-256")
	})
	t.Run("missing file", func(t *testing.T) {
		dir := copyTable(t)
		m := loadManifest(t, dir)
		if err := os.Remove(filepath.Join(dir, m.Layers[7].File)); err != nil {
			t.Fatal(err)
		}
		mustFail(t, dir, m.Layers[7].File)
	})
	t.Run("counts", func(t *testing.T) {
		dir := copyTable(t)
		m := loadManifest(t, dir)
		m.Layers[9].Won++
		saveManifest(t, dir, m)
		mustFail(t, dir, "layer "+m.Layers[9].Signature, "manifest says")
	})
	t.Run("missing layer", func(t *testing.T) {
		// Captures from 2-1 reach 1-1, which the table then lacks.
		dir := copyTable(t)
		m := loadManifest(t, dir)
		if m.Layers[0].Signature != "1-1" {
			t.Fatalf("first layer %s, want 1-1", m.Layers[0].Signature)
		}
		m.Layers = m.Layers[1:]
		saveManifest(t, dir, m)
		mustFail(t, dir, "layer 1-1, which the table lacks")
	})
	t.Run("no manifest", func(t *testing.T) {
		mustFail(t, t.TempDir(), "manifest.json")
	})
	t.Run("rules", func(t *testing.T) {
		dir := copyTable(t)
		m := loadManifest(t, dir)
		m.Rules = "camette with the 100-ply rule"
		saveManifest(t, dir, m)
		mustFail(t, dir, "manifest.json", "rules")
	})
	t.Run("file outside", func(t *testing.T) {
		dir := copyTable(t)
		m := loadManifest(t, dir)
		m.Layers[2].File = "../" + m.Layers[2].File
		saveManifest(t, dir, m)
		mustFail(t, dir, "not a name in the table's directory")
	})
}

// The signatures and their sizes are the solver's.
func TestSignatures(t *testing.T) {
	for _, ss := range solve.Signatures() {
		s, err := parseSignature(ss.String())
		if err != nil {
			t.Fatal(err)
		}
		if s.String() != ss.String() || s.size() != ss.Size() || s != (signature{ss.WK, ss.WM, ss.BK, ss.BM}) {
			t.Errorf("%s: read as %v (%s), size %d, want %d", ss, s, s, s.size(), ss.Size())
		}
	}
	for _, bad := range []string{"", "-", "0-1", "1-0", "K0-k", "4-1", "KK-1", "1-k4", "K-K", "1-1-1", "1k-1", "+1-1"} {
		if _, err := parseSignature(bad); err == nil {
			t.Errorf("signature %q accepted", bad)
		}
	}
}

// rank inverts unrank, and both agree with the solver's index.
func TestIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"1-1", "K-k", "K1-k2", "2-k3", "K3-k3", "K3-3", "3-k"} {
		s, err := parseSignature(name)
		if err != nil {
			t.Fatal(err)
		}
		n := s.size()
		for k := 0; k < 20000; k++ {
			idx := uint64(k)
			if n > 20000 {
				idx = rng.Uint64N(n)
			}
			if idx >= n {
				break
			}
			p := unrank(s, idx)
			if got := p.signature(); got != s {
				t.Fatalf("%s: unrank(%d) has signature %s", s, idx, got)
			}
			if p.pieces[0]&p.pieces[1] != 0 || p.knights&^(p.pieces[0]|p.pieces[1]) != 0 {
				t.Fatalf("%s: unrank(%d) is no placement: %+v", s, idx, p)
			}
			if r := p.rank(); r != idx {
				t.Fatalf("%s: rank(unrank(%d)) = %d", s, idx, r)
			}
		}
	}
	// Random placements of every signature against solve.Index.
	sigs := solve.Signatures()
	for k := 0; k < 50000; k++ {
		ss := sigs[rng.IntN(len(sigs))]
		var p placement
		free := rng.Perm(numSquares)
		for g, n := range []uint8{ss.WK, ss.WM, ss.BK, ss.BM} {
			for range n {
				bit := uint32(1) << free[0]
				free = free[1:]
				p.pieces[g/2] |= bit
				if g%2 == 0 {
					p.knights |= bit
				}
			}
		}
		p.side = rng.IntN(2)
		var sp solve.Placement
		sp.Pieces = [2]solve.Mask{solve.Mask(p.pieces[0]), solve.Mask(p.pieces[1])}
		sp.Knights = solve.Mask(p.knights)
		if p.side == 1 {
			sp.Side = sp.Side.Other()
		}
		if got, want := p.rank(), solve.Index(sp); got != want {
			t.Fatalf("%s %s: index %d, solve.Index says %d", ss, p.cfen(), got, want)
		}
		if got := unrank(p.signature(), p.rank()); got != p {
			t.Fatalf("%s: unrank(rank) = %s", p.cfen(), got.cfen())
		}
	}
}

// The CFEN, the board conversions and the mirror agree with refgen.
func TestBoard(t *testing.T) {
	start := "1/1n1/1mmm1/5/1MMM1/1N1/1 w 0/0 0 1"
	if got := refgen.Camette.StartCFEN(); got != start {
		t.Fatalf("refgen's start %q", got)
	}
	var p placement
	// C2, B3, C3, D3; C6, B5, C5, D5 in local numbers (V3).
	for _, pc := range []struct {
		sq     int
		side   int
		knight bool
	}{{2, 0, true}, {5, 0, false}, {6, 0, false}, {7, 0, false}, {20, 1, true}, {15, 1, false}, {16, 1, false}, {17, 1, false}} {
		p.pieces[pc.side] |= 1 << pc.sq
		if pc.knight {
			p.knights |= 1 << pc.sq
		}
	}
	if got := p.cfen(); got != start {
		t.Errorf("start position written %q, want %q", got, start)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var b refgen.Board
	for k := 0; k < 2000; k++ {
		sigs := solve.Signatures()
		ss := sigs[rng.IntN(len(sigs))]
		s := signature{ss.WK, ss.WM, ss.BK, ss.BM}
		p := unrank(s, rng.Uint64N(s.size()))
		p.toBoard(&b)
		if got := placementOf(&b, p.side); got != p {
			t.Fatalf("%s: read back as %s", p.cfen(), got.cfen())
		}
		// The successors of the mirror image are the mirror images of the
		// successors (V2), and their number is refgen's count of moves.
		res, err := refgen.Camette.Result(p.cfen())
		if err != nil {
			t.Fatalf("%s: %v", p.cfen(), err)
		}
		moves, err := refgen.Camette.Moves(p.cfen())
		if err != nil {
			t.Fatal(err)
		}
		gen := refgen.Camette.NewSuccessors()
		gres, next := gen.Generate(&b, p.side)
		if gres != res || len(next) != len(moves) {
			t.Fatalf("%s: Generate gives %s and %d successors, Result %s and Moves %d", p.cfen(), gres, len(next), res, len(moves))
		}
		want := map[string]bool{}
		for _, mv := range moves {
			after, err := refgen.Camette.Apply(p.cfen(), mv)
			if err != nil {
				t.Fatal(err)
			}
			want[strings.Fields(after)[0]] = true
		}
		mirrored := map[placement]bool{}
		for i := range next {
			q := placementOf(&next[i], 1-p.side)
			if !want[strings.Fields(q.cfen())[0]] {
				t.Fatalf("%s: successor %s is not refgen.Apply's", p.cfen(), q.cfen())
			}
			mirrored[q.mirror()] = true
		}
		m := p.mirror()
		m.toBoard(&b)
		_, mnext := gen.Generate(&b, m.side)
		if len(mnext) != len(mirrored) {
			t.Fatalf("%s: %d successors, its mirror image %d", p.cfen(), len(mirrored), len(mnext))
		}
		for i := range mnext {
			if q := placementOf(&mnext[i], 1-p.side); !mirrored[q] {
				t.Fatalf("%s: the mirror image's successor %s is no mirrored successor", p.cfen(), q.cfen())
			}
		}
	}
}

// BenchmarkCheck verifies the small table, or the table in the directory
// $CAMETTE_TABLE, and reports positions checked per second.
func BenchmarkCheck(b *testing.B) {
	dir := small
	if env := os.Getenv("CAMETTE_TABLE"); env != "" {
		dir = env
	}
	var positions uint64
	for b.Loop() {
		rep, err := Check(dir, 2, nil)
		if err != nil {
			b.Fatal(err)
		}
		positions += rep.Positions
	}
	b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkCheckLayer checks positions of the layer $CAMETTE_LAYER of the
// table in $CAMETTE_TABLE (one op is one position, spread over the layer;
// run with -cpu 2 for two threads) and reports positions per second.
// Failures are ignored, so a table with a wrong value still measures.
func BenchmarkCheckLayer(b *testing.B) {
	dir, name := os.Getenv("CAMETTE_TABLE"), os.Getenv("CAMETTE_LAYER")
	if dir == "" || name == "" {
		b.Skip("set CAMETTE_TABLE and CAMETTE_LAYER")
	}
	m, err := readManifest(dir)
	if err != nil {
		b.Fatal(err)
	}
	c := &checker{}
	var target *layer
	for _, e := range m.Layers {
		s, _ := parseSignature(e.Signature)
		l, err := readLayer(dir, s, e)
		if err != nil {
			b.Fatal(err)
		}
		c.values[s.key()] = l.values
		if e.Signature == name {
			target = l
		}
	}
	if target == nil {
		b.Fatalf("no layer %s in %s", name, dir)
	}
	n := uint64(len(target.values))
	var next atomic.Uint64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		w := &worker{c: c, l: target, gen: refgen.Camette.NewSuccessors()}
		for pb.Next() {
			k := next.Add(1)
			_ = w.check((k>>10*0x9E3779B97F4A7C15 + k%1024) % n)
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
