package train

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// The built-in net, made a float model and quantised again, is the same
// net, integer for integer.
func TestFromNetQuantisesBack(t *testing.T) {
	for _, v := range game.Variants() {
		n, err := nnue.DefaultFor(v)
		if err != nil || n == nil {
			continue // a board without a net of its own
		}
		m, err := FromNet(n, n.Buckets)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		q, err := Quantise(m, KOf(n), n.Description)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if !slices.Equal(q.Weights, n.Weights) || !slices.Equal(q.Bias, n.Bias) || !slices.Equal(q.Out, n.Out) ||
			!slices.Equal(q.OutBias, n.OutBias) || q.Scale != n.Scale {
			t.Errorf("%s: %s quantised back differs from itself", v, n.Name)
		}
	}
}

// A one-bucket net given to seven buckets evaluates every position as
// it did: each bucket starts as the net's output layer.
func TestFromNetSpreadsOneBucket(t *testing.T) {
	n, err := nnue.Default()
	if err != nil || n == nil {
		t.Skip("no built-in Camelot net")
	}
	if n.Buckets != 1 { // its first bucket alone is a net of one
		one := *n
		one.Buckets, one.Out, one.OutBias = 1, n.OutOf(0), n.OutBias[:1]
		n = &one
	}
	m, err := FromNet(n, 7)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Quantise(m, KOf(n), "")
	if err != nil {
		t.Fatal(err)
	}
	for o := range 7 {
		if !slices.Equal(q.OutOf(o), n.OutOf(0)) || q.OutBias[o] != n.OutBias[0] {
			t.Fatalf("bucket %d is not the net's output layer", o)
		}
	}
	rng := rand.New(rand.NewPCG(39, 4))
	checked := 0
	for _, g := range randomGames(rng, 6, 160) {
		for _, p := range g {
			if got, want := boards.NetEvaluate(q, p), boards.NetEvaluate(n, p); got != want {
				t.Fatalf("%s: %d with 7 buckets, %d as built in", p.CFEN(), got, want)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func TestFromNetRefusesOtherBuckets(t *testing.T) {
	n := &nnue.Net{Hidden: 16, Buckets: 3}
	if _, err := FromNet(n, 5); err == nil || !strings.Contains(err.Error(), "the net has 3 output buckets, the run asks for 5") {
		t.Errorf("3 buckets into 5: %v", err)
	}
	if _, err := FromNet(n, 0); err == nil || !strings.Contains(err.Error(), "output buckets 0") {
		t.Errorf("0 buckets: %v", err)
	}
}

// A run from a net takes the net's units and K, and its file says where
// it began; settings the net cannot have are refused by name.
func TestRunFromNet(t *testing.T) {
	dir := t.TempDir()
	data := tinyData(t, dir, 40, 11)
	c := tinyConfig(dir, data)
	c.Epochs, c.Out = 1, filepath.Join(dir, "first.nnue")
	first, err := nnue.Load(runOK(t, c))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "from.nnue")
	if err := os.WriteFile(path, mustEncode(t, first), 0o644); err != nil {
		t.Fatal(err)
	}

	c = tinyConfig(dir, data)
	c.Init, c.Hidden, c.Buckets, c.Out = path, 0, 4, filepath.Join(dir, "second.nnue")
	second, err := nnue.Load(runOK(t, c))
	if err != nil {
		t.Fatal(err)
	}
	out := c.Stdout.(*bytes.Buffer).String()
	if second.Hidden != 16 || second.Buckets != 4 || second.Scale != first.Scale {
		t.Errorf("from a net of 16 units, scale %d: %d units, %d buckets, scale %d", first.Scale, second.Hidden, second.Buckets, second.Scale)
	}
	if !strings.Contains(out, "K ") || !strings.Contains(out, "(of "+first.Name+")") {
		t.Errorf("the run does not say K is the net's:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^epoch 0 validation \d\.\d{6} \(` + regexp.QuoteMeta(first.Name) + ` as given\)$`).MatchString(out) {
		t.Errorf("no line of the given net's validation loss:\n%s", out)
	}
	if !strings.Contains(second.Description, "4 output buckets, from "+first.Name) {
		t.Errorf("description %q", second.Description)
	}

	// Settings that do not fit the net.
	for _, tc := range []struct {
		hidden, buckets int
		want            string
	}{
		{32, 1, "-hidden 32, but -init " + path + " has 16 units"},
	} {
		c := tinyConfig(dir, data)
		c.Init, c.Hidden, c.Buckets = path, tc.hidden, tc.buckets
		if _, err := Run(t.Context(), c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("-hidden %d -buckets %d: %v, want %q", tc.hidden, tc.buckets, err, tc.want)
		}
	}
	c = tinyConfig(dir, data)
	c.Init = filepath.Join(dir, "missing.nnue")
	if _, err := Run(t.Context(), c); err == nil || !strings.Contains(err.Error(), "-init: ") || !strings.Contains(err.Error(), "missing.nnue") {
		t.Errorf("a missing net: %v", err)
	}
	c = tinyConfig(dir, data)
	c.Init = data // not a net
	if _, err := Run(t.Context(), c); err == nil || !strings.Contains(err.Error(), "-init: ") {
		t.Errorf("a data file as the net: %v", err)
	}
}

func mustEncode(t *testing.T, n *nnue.Net) []byte {
	t.Helper()
	b, err := nnue.Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
