package netgen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// InstallFigures are what install did: the net it installed and the nets
// it removed, and the bench of the current net and of the new one.
type InstallFigures struct {
	File     string   `json:"file"` // in nnue/default/
	Bytes    int      `json:"bytes"`
	Removed  []string `json:"removed"`
	Forced   bool     `json:"forced,omitempty"`
	OldNodes uint64   `json:"old_nodes"`
	OldNPS   uint64   `json:"old_nps"`
	NewNodes uint64   `json:"new_nodes"`
	NewNPS   uint64   `json:"new_nps"`
}

// boardNets lists the net files in dir that are nets of v's board, by
// their contents, sorted.
func boardNets(dir string, v game.Variant) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no folder %s: run in the repository's root (or give -root)", dir)
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".nnue") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		if n, err := nnue.Load(data); err == nil && n.Variant == v.WithRules(game.WCF) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// InstallName is the file name of a net in nnue/default/: the one its
// bytes give it (nnue.FileName, as `camelot train` names its nets), which
// the binary checks of each built-in net.
func InstallName(data []byte) string { return nnue.FileName(data) }

// install puts the candidate in nnue/default/ in place of the board's
// net there, benches the current net and the new one, and writes the new
// one's node count into the board's row of the bench signatures.
func (r *run) install(ctx context.Context) (*InstallFigures, error) {
	if err := need(r.candidate(), StepTrain); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(r.candidate())
	if err != nil {
		return nil, err
	}
	n, err := nnue.Load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.candidate(), err)
	}
	if n.Variant != r.Variant.WithRules(game.WCF) {
		return nil, fmt.Errorf("%s: a net of %s, not of %s", r.candidate(), n.Variant.Title(), r.Variant.Title())
	}
	// The table must have the board's row before anything is changed.
	doc, err := os.ReadFile(r.docPath())
	if err != nil {
		return nil, err
	}
	if _, err := RewriteSignature(string(doc), r.Variant, 0); err != nil {
		return nil, fmt.Errorf("%s: %v", r.docPath(), err)
	}
	f := &InstallFigures{File: InstallName(data), Bytes: len(data), Forced: r.Force}
	if err := r.benchBest(ctx, r.currentPath(), &f.OldNodes, &f.OldNPS); err != nil {
		return nil, err
	}
	old, err := boardNets(r.defaultDir(), r.Variant)
	if err != nil {
		return nil, err
	}
	dest := filepath.Join(r.defaultDir(), f.File)
	if err := writeFile(dest, data); err != nil {
		return nil, err
	}
	// One net a board (the binary refuses two): the old one goes, whether
	// or not it is the one this generation started from.
	for _, name := range old {
		if name == f.File {
			continue
		}
		if err := os.Remove(filepath.Join(r.defaultDir(), name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		f.Removed = append(f.Removed, name)
		if name != r.current.Name {
			r.printf("net: note: removed %s, which is not %s, the net this generation started from\n", name, r.current.Name)
		}
	}
	r.printf("net: installed %s (%d bytes) in %s; removed %s\n", f.File, f.Bytes, r.defaultDir(), orNone(strings.Join(f.Removed, ", ")))
	if err := r.benchInTurn(ctx, f, dest); err != nil {
		return nil, err
	}
	// Read again: others may have edited the page meanwhile.
	if doc, err = os.ReadFile(r.docPath()); err != nil {
		return nil, err
	}
	text, err := RewriteSignature(string(doc), r.Variant, f.NewNodes)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.docPath(), err)
	}
	if err := writeFile(r.docPath(), []byte(text)); err != nil {
		return nil, err
	}
	r.printf("net: bench signature of %s with the new net: %s nodes, written into %s\n", r.Variant.Title(), commas(f.NewNodes), r.docPath())
	return f, nil
}

// benchRounds are the runs of `camelot bench` install makes of each net,
// the current one and the new one in turn: one run of each on the
// 2-core machine moved nodes/s by a third between identical runs
// (docs/training.md, net 7), and alternate runs share the machine's
// slow and quiet spells.
const benchRounds = 3

// benchInTurn benches the current net and the new one at dest in turn,
// benchRounds times each (the current one's first run made before the
// install), and keeps each net's fastest run: the one least slowed by
// the rest of the machine. A net's node count is the same in every run
// (one thread, a fixed depth), or something else moved the search.
func (r *run) benchInTurn(ctx context.Context, f *InstallFigures, dest string) error {
	for round := range benchRounds {
		if round > 0 {
			if err := r.benchBest(ctx, r.currentPath(), &f.OldNodes, &f.OldNPS); err != nil {
				return err
			}
		}
		if err := r.benchBest(ctx, dest, &f.NewNodes, &f.NewNPS); err != nil {
			return err
		}
	}
	return nil
}

// benchBest benches net once more into the figures nodes and nps, keeping
// the higher nodes/s; nodes, when set, must match the run's.
func (r *run) benchBest(ctx context.Context, net string, nodes, nps *uint64) error {
	n, s, err := r.bench(ctx, net)
	if err != nil {
		return err
	}
	if *nodes != 0 && n != *nodes {
		return fmt.Errorf("bench of %s: %d nodes, then %d: the search is not deterministic", net, *nodes, n)
	}
	*nodes, *nps = n, max(*nps, s)
	return nil
}

// bench runs `camelot bench` with a net and reads its figures.
func (r *run) bench(ctx context.Context, net string) (nodes, nps uint64, err error) {
	var out bytes.Buffer
	if err := r.child(ctx, StepInstall, r.benchArgs(net), &out); err != nil {
		return 0, 0, err
	}
	return parseBench(out.String())
}

// RewriteSignature returns the page text with the with-net count of v's
// row in the table under "### Bench signatures" set to nodes, the rest
// of the text as it was. The table is the one bench/signatures_test.go
// reads: rows "| Title | 1,234 | 5,678 |" up to the next heading.
func RewriteSignature(text string, v game.Variant, nodes uint64) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	in, found := false, -1
	for i, line := range lines {
		row := strings.TrimRight(line, "\r\n")
		switch {
		case row == "### Bench signatures":
			in = true
			continue
		case in && strings.HasPrefix(row, "#"):
			in = false
		case !in || !strings.HasPrefix(row, "| ") || strings.HasPrefix(row, "| game") || strings.HasPrefix(row, "|---"):
			continue
		}
		if !in {
			break
		}
		cells := strings.Split(strings.Trim(row, "| "), "|")
		if len(cells) != 3 {
			return "", fmt.Errorf("row %q of the bench signatures: want a game and two counts", row)
		}
		if w, err := game.ParseVariant(cells[0]); err != nil || w != v.WithRules(game.WCF) {
			continue
		}
		if found >= 0 {
			return "", fmt.Errorf("two rows of %s in the bench signatures", v.Title())
		}
		found = i
		// Only the second cell changes: the bars of the row stay where
		// they were.
		first := strings.Index(row[1:], "|") + 1
		second := strings.Index(row[first+1:], "|") + first + 1
		lines[i] = row[:first+1] + " " + commas(nodes) + " " + row[second:] + line[len(row):]
	}
	if found < 0 {
		return "", fmt.Errorf("no row of %s in the table under \"### Bench signatures\"", v.Title())
	}
	return strings.Join(lines, ""), nil
}

// commas writes n with thousands separators: 3,525,837.
func commas(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
