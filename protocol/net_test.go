package protocol

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// writeNet writes a random net file and returns its path and the net.
func writeNet(t *testing.T, seed uint64, hidden int) (string, *nnue.Net) {
	t.Helper()
	n := nnue.Random(seed, hidden)
	data, err := nnue.Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), nnue.FileName(data))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, n
}

// netLine is the NNUE line of `eval`.
func netLine(c *client) string {
	c.t.Helper()
	for _, l := range c.roundTrip("eval") {
		if strings.HasPrefix(l, "NNUE: ") {
			return l
		}
	}
	c.t.Fatal("no NNUE line in eval")
	return ""
}

// EvalFile loads a net; a missing, truncated, corrupt or other-architecture
// file gets one error line and the engine keeps the net it had; Use NNUE
// false selects the tuned evaluation, which the search then reports.
func TestEvalFile(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	c := newClientSession(t, NewSession(e))
	good, n := writeNet(t, 1, 32)
	c.quiet("setoption name EvalFile value " + good)
	if l := netLine(c); !strings.HasSuffix(l, "net "+n.Name) {
		t.Fatalf("after loading %s: %q", n.Name, l)
	}
	data, _ := os.ReadFile(good)
	dir := t.TempDir()
	bad := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, b, 0o644)
		return p
	}
	corrupt := append([]byte(nil), data...)
	corrupt[200] ^= 4
	otherArch := append([]byte(nil), data...)
	otherArch[12] = 7
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.nnue"), "no such file"},
		{bad("short.nnue", data[:1000]), "truncated"},
		{bad("corrupt.nnue", corrupt), "checksum mismatch"},
		{bad("arch.nnue", otherArch), "architecture 7"},
		{bad("text.nnue", []byte("hello\n")), "not a net file"},
	} {
		c.errorLine("setoption name EvalFile value "+tc.path, "EvalFile", tc.want, "keeping net "+n.Name)
		if l := netLine(c); !strings.HasSuffix(l, "net "+n.Name) {
			t.Errorf("after a bad file the net is %q", l)
		}
	}
	// The search runs with the net, and with the tuned evaluation.
	c.quiet("setoption name OwnBook value false")
	c.send("go depth 3")
	checkSearch(t, c.expectPrefix("bestmove"))
	c.quiet("setoption name Use NNUE value false")
	if got := c.roundTrip("eval"); got[len(got)-1] != "The search uses the tuned evaluation" {
		t.Errorf("Use NNUE false: %q", got[len(got)-1])
	}
	c.send("go depth 3")
	checkSearch(t, c.expectPrefix("bestmove"))
	c.quiet("setoption name Use NNUE value true")
	if got := c.roundTrip("eval"); got[len(got)-1] != "The search uses NNUE" {
		t.Errorf("Use NNUE true: %q", got[len(got)-1])
	}
	// <empty> is the built-in net again (or none, in a binary without one).
	c.quiet("setoption name EvalFile value <empty>")
	if def, _ := nnue.Default(); def == nil && netLine(c) != "NNUE: no net (EvalFile names one)" || def != nil && !strings.HasSuffix(netLine(c), def.Name) {
		t.Errorf("EvalFile <empty>: %q", netLine(c))
	}
}
