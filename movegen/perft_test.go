package movegen_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// pfFile is the perft suite: `NAME; CFEN; N1 N2 ...` lines (R17).
var pfFile = filepath.Join("..", "testdata", "perft.txt")

// pfEntry is one line of the perft suite: the counts for depths 1, 2, ...
type pfEntry struct {
	line   int
	name   string
	cfen   string
	counts []uint64
}

// pfParseLine reads one non-comment line `NAME; CFEN; N1 N2 N3 ...`. Every
// part must be present and well formed: a name without spaces, a CFEN that
// movegen accepts and at least one count.
func pfParseLine(line string) (pfEntry, error) {
	parts := strings.Split(line, ";")
	if len(parts) != 3 {
		return pfEntry{}, fmt.Errorf("want NAME; CFEN; COUNTS, got %d fields", len(parts))
	}
	e := pfEntry{name: strings.TrimSpace(parts[0]), cfen: strings.TrimSpace(parts[1])}
	if e.name == "" || strings.ContainsAny(e.name, " \t") {
		return pfEntry{}, fmt.Errorf("bad name %q", e.name)
	}
	if _, err := movegen.ParseCFEN(e.cfen); err != nil {
		return pfEntry{}, err
	}
	fields := strings.Fields(parts[2])
	if len(fields) == 0 {
		return pfEntry{}, fmt.Errorf("no perft counts")
	}
	for _, f := range fields {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return pfEntry{}, fmt.Errorf("bad perft count %q", f)
		}
		e.counts = append(e.counts, n)
	}
	return e, nil
}

// pfRead reads the whole suite; any malformed line or repeated name is an
// error.
func pfRead(path string) ([]pfEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var entries []pfEntry
	names := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := pfParseLine(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if prev, ok := names[e.name]; ok {
			return nil, fmt.Errorf("%s:%d: name %q already used on line %d", path, n, e.name, prev)
		}
		names[e.name] = n
		e.line = n
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s: no entries", path)
	}
	return entries, nil
}

// TestPerftSuite checks movegen.Perft against every count of
// testdata/perft.txt. Counts above 200,000,000 nodes run only with
// CAMELOT_PERFT_DEEP=1, counts above 2,000,000 not under -short.
func TestPerftSuite(t *testing.T) {
	entries, err := pfRead(pfFile)
	if err != nil {
		t.Fatal(err)
	}
	limit := uint64(200_000_000)
	if os.Getenv("CAMELOT_PERFT_DEEP") == "1" {
		limit = ^uint64(0)
	}
	if testing.Short() {
		limit = 2_000_000
	}
	for _, e := range entries {
		t.Run(e.name, func(t *testing.T) {
			p, err := movegen.ParseCFEN(e.cfen)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range e.counts {
				depth := i + 1
				if want > limit {
					t.Logf("depth %d skipped: %d nodes is above the limit of %d", depth, want, limit)
					continue
				}
				if got := movegen.Perft(p, depth); got != want {
					t.Errorf("line %d: perft(%d) of %s = %d, want %d", e.line, depth, e.cfen, got, want)
				}
			}
		})
	}
}

// TestPerftSuiteRejectsMalformedLines checks that the suite reader fails
// on a malformed line instead of skipping it.
func TestPerftSuiteRejectsMalformedLines(t *testing.T) {
	good := "ok; " + movegen.StartCFEN + "; 100 10026"
	if _, err := pfParseLine(good); err != nil {
		t.Fatalf("pfParseLine(%q): %v", good, err)
	}
	for _, line := range []string{
		"start " + movegen.StartCFEN + " 100",                     // no separators
		"start; " + movegen.StartCFEN,                             // no counts field
		"start; " + movegen.StartCFEN + ";",                       // empty counts
		"start; " + movegen.StartCFEN + "; 100 1oo26",             // bad count
		"start; " + movegen.StartCFEN + "; 100 -5",                // negative count
		"start; " + movegen.StartCFEN + "; 100; 10026",            // extra field
		"; " + movegen.StartCFEN + "; 100",                        // no name
		"two words; " + movegen.StartCFEN + "; 100",               // name with a space
		"start; 2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12 w; 100",       // bad CFEN
		"start; 2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 x; 1", // bad side
	} {
		if e, err := pfParseLine(line); err == nil {
			t.Errorf("pfParseLine(%q) = %+v, want an error", line, e)
		}
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "perft.txt")
	if err := os.WriteFile(bad, []byte("# comment\n"+good+"\nbroken line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := pfRead(bad); err == nil || !strings.Contains(err.Error(), ":3:") {
		t.Errorf("pfRead of a file with a malformed line 3: error %v, want one naming line 3", err)
	}
	dup := filepath.Join(dir, "dup.txt")
	if err := os.WriteFile(dup, []byte(good+"\n"+good+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := pfRead(dup); err == nil {
		t.Errorf("pfRead of a file with a repeated name: no error")
	}
}
