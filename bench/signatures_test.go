package bench

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// signaturesDoc holds the table of every board's bench signature, which
// users compare their build against (docs/variants.md, "Bench
// signatures").
const signaturesDoc = "../docs/variants.md"

// TestSignatures: each board's `bench -variant NAME` and `-classic` node
// counts are those its documentation gives, so that the table stays true
// as the search, the evaluations and the suites change.
func TestSignatures(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every board's suite twice")
	}
	rows := readSignatures(t)
	if len(rows) != len(game.Variants()) {
		t.Fatalf("%s: %d rows in the table of bench signatures, want one for each of the %d games", signaturesDoc, len(rows), len(game.Variants()))
	}
	for _, r := range rows {
		for i, classic := range []bool{false, true} {
			cfg := DefaultConfig()
			cfg.Variant, cfg.Depth, cfg.Classic = r.variant, DefaultDepthOf(r.variant), classic
			sum, err := Run(io.Discard, cfg)
			if err != nil {
				t.Fatalf("%s: %v", r.variant, err)
			}
			if sum.Nodes != r.nodes[i] {
				t.Errorf("%s (classic %v): %d nodes, the table says %d", r.variant.Title(), classic, sum.Nodes, r.nodes[i])
			}
		}
	}
}

type signatureRow struct {
	variant game.Variant
	nodes   [2]uint64 // with the board's net, and -classic
}

// readSignatures parses the rows "| Title | 1,234 | 5,678 |" under the
// heading "### Bench signatures".
func readSignatures(t *testing.T) []signatureRow {
	t.Helper()
	f, err := os.Open(signaturesDoc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []signatureRow
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "### Bench signatures":
			in = true
			continue
		case in && strings.HasPrefix(line, "#"):
			return rows
		case !in || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| game") || strings.HasPrefix(line, "|---"):
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		if len(cells) != 3 {
			t.Fatalf("%s: row %q: want a game and two counts", signaturesDoc, line)
		}
		v, err := game.ParseVariant(cells[0]) // a title reads as its variant (V1)
		if err != nil {
			t.Fatalf("%s: row %q: %v", signaturesDoc, line, err)
		}
		for _, seen := range rows {
			if seen.variant == v {
				t.Fatalf("%s: %s has two rows", signaturesDoc, v.Title())
			}
		}
		r := signatureRow{variant: v}
		for i, c := range cells[1:] {
			n, err := strconv.ParseUint(strings.ReplaceAll(strings.TrimSpace(c), ",", ""), 10, 64)
			if err != nil {
				t.Fatalf("%s: row %q: %v", signaturesDoc, line, err)
			}
			r.nodes[i] = n
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !in {
		t.Fatalf("%s: no heading \"### Bench signatures\"", signaturesDoc)
	}
	return rows
}
