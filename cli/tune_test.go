package cli

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/game"
)

// tuneData writes a datagen file of n positions from random games, scored
// by material with results that mostly follow it, and returns its path.
func tuneData(t *testing.T, dir string, n int, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	var b strings.Builder
	b.WriteString(datagen.Header + "\n# random games scored by material\n")
	p := boards.StartPosition(game.Camelot)
	for i := 0; i < n; {
		ms := p.Moves()
		if len(ms) == 0 || p.Outcome().IsOver() || p.MoveNumber() > 60 {
			p = boards.StartPosition(game.Camelot)
			continue
		}
		p.MakeMove(ms[rng.IntN(len(ms))])
		if p.Outcome().IsOver() {
			continue
		}
		material := 0
		for _, s := range p.Variant().Squares() {
			if pc := p.PieceAt(s); pc.IsPiece() {
				sign := 1
				if pc.Color() == game.Black {
					sign = -1
				}
				material += sign * 100
				if pc.Kind() == game.Knight {
					material += sign * 60
				}
			}
		}
		score := material + rng.IntN(41) - 20
		result := "0.5"
		if r := rng.Float64(); r < 0.4+float64(material)/1000 {
			result = "1"
		} else if r > 0.6+float64(material)/1000 {
			result = "0"
		}
		rec := fmt.Sprintf("%s | %d | %s\n", p.CFEN(), score, result)
		b.WriteString(rec)
		i++
	}
	path := filepath.Join(dir, fmt.Sprintf("data-%d.txt", seed))
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runTuneCommand(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Main(append([]string{"tune"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestTuneWritesWeights runs a short tuning on two files: the report
// lines are there, the weights file is valid Go, and the same seed gives
// the same file.
func TestTuneWritesWeights(t *testing.T) {
	dir := t.TempDir()
	a, b := tuneData(t, dir, 1500, 1), tuneData(t, dir, 500, 2)
	out := filepath.Join(dir, "weights.go")
	args := []string{"-epochs", "2", "-batch", "256", "-threads", "2", "-out", out, a, b}
	code, stdout, stderr := runTuneCommand(args...)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, re := range []string{
		`(?m)^loaded 2000 positions \(\d+ bytes/position`,
		`(?m)^K \d+\.\d{4} `,
		`(?m)^epoch 0 train 0\.\d{6} validation 0\.\d{6}$`,
		`(?m)^epoch 1 train 0\.\d{6} validation 0\.\d{6}$`,
		`(?m)^epoch 2 train 0\.\d{6} validation 0\.\d{6}$`,
		`(?m)^loss before: train 0\.\d{6} validation 0\.\d{6}$`,
		`(?m)^loss after: +train 0\.\d{6} validation 0\.\d{6}`,
		`(?m)^wrote ` + regexp.QuoteMeta(out) + `$`,
		`(?m)^\d+ of \d+ weights changed`,
	} {
		if !regexp.MustCompile(re).MatchString(stdout) {
			t.Errorf("output has no line matching %s:\n%s", re, stdout)
		}
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), out, src, 0)
	if err != nil {
		t.Fatalf("the weights file is not valid Go: %v", err)
	}
	if f.Name.Name != "tuned" {
		t.Errorf("the weights file is package %s, want tuned", f.Name.Name)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o644 {
		t.Errorf("the weights file has mode %v, want 0644", fi.Mode().Perm())
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}

	again := filepath.Join(dir, "again.go")
	args[len(args)-3] = again
	if code, _, stderr := runTuneCommand(args...); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	if src2, _ := os.ReadFile(again); !bytes.Equal(src, src2) {
		t.Error("the same seed and threads wrote different weights")
	}
}

// TestTuneRejectsMalformedData checks that a bad line is reported as
// file:line: reason, with a non-zero exit and no weights written.
func TestTuneRejectsMalformedData(t *testing.T) {
	good := game.StartCFEN + " | 12 | 0.5\n"
	for _, c := range []struct {
		name, text string
		line       int
		reason     string
	}{
		{"bad CFEN", datagen.Header + "\n" + good + "2/8/10/12/zz w 0/0 0 1 | 0 | 1\n", 3, "CFEN"},
		{"missing field", datagen.Header + "\n" + good + good + game.StartCFEN + " | 5\n", 4, "want 3 fields"},
		{"bad result", datagen.Header + "\n# comment\n" + good + game.StartCFEN + " | 5 | 2\n", 4, `result "2"`},
		{"bad score", datagen.Header + "\n" + game.StartCFEN + " | x | 1\n", 2, `score "x"`},
		{"wrong version", "# camelot-datagen 9\n" + good, 1, "version"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "data.txt")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "weights.go")
			code, _, stderr := runTuneCommand("-epochs", "1", "-out", out, path)
			want := fmt.Sprintf("%s:%d: ", path, c.line)
			if code == 0 || !strings.Contains(stderr, want) || !strings.Contains(stderr, c.reason) {
				t.Errorf("exit %d, stderr %q; want a non-zero exit and %q … %q", code, stderr, want, c.reason)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("weights written despite the bad data")
			}
		})
	}
}

// TestTuneBadCFENMessage checks the whole line of a bad CFEN: the file
// and line, then the CFEN reader's message with its prefix once.
func TestTuneBadCFENMessage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.txt")
	text := datagen.Header + "\n" + game.StartCFEN + " | 12 | 0.5\n2/8/10 | 0 | 1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runTuneCommand("-epochs", "1", "-out", filepath.Join(dir, "w.go"), path)
	want := "camelot tune: " + path + ":3: CFEN: want 2 to 5 fields (board, side, castle moves, plies, move number), got 1\n"
	if code != 1 || stderr != want || stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, want)
	}
}

// TestTuneOnePosition checks that a count of one is written in the
// singular.
func TestTuneOnePosition(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "one.txt")
	if err := os.WriteFile(path, []byte(datagen.Header+"\n"+game.StartCFEN+" | 12 | 0.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runTuneCommand("-epochs", "0", "-k", "1", "-validation", "0", "-out", filepath.Join(dir, "w.go"), path)
	if code != 0 || !strings.HasPrefix(stdout, "loaded 1 position (") {
		t.Errorf("exit %d, stdout %q, stderr %q; want it to begin \"loaded 1 position (\"", code, stdout, stderr)
	}
}

// TestTuneMissingFile checks the error for a file that is not there.
func TestTuneMissingFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nothing.txt")
	code, _, stderr := runTuneCommand("-out", filepath.Join(dir, "w.go"), missing)
	if code != 1 || !strings.Contains(stderr, missing) || !strings.Contains(stderr, "no such file") {
		t.Errorf("exit %d, stderr %q; want exit 1 naming the missing file", code, stderr)
	}
}

// TestTuneOptions checks -h and that bad options give one clear line and
// exit status 2.
func TestTuneOptions(t *testing.T) {
	code, _, stderr := runTuneCommand("-h")
	if code != 0 {
		t.Errorf("-h: exit %d", code)
	}
	for _, opt := range []string{"-lambda", "-k", "-epochs", "-batch", "-lr", "-l2", "-threads",
		"-validation", "-seed", "-freeze", "-out", "(default 0.5)", "(default 16384)", "(default 20)"} {
		if !strings.Contains(stderr, opt) {
			t.Errorf("-h does not show %q:\n%s", opt, stderr)
		}
	}
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(datagen.Header+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "w.go")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-out", out}, "no data files"},
		{[]string{"-lambda", "2", "-out", out, data}, "-lambda 2: want 0..1"},
		{[]string{"-validation", "1", "-out", out, data}, "-validation 1"},
		{[]string{"-batch", "0", "-out", out, data}, "-batch 0"},
		{[]string{"-threads", "0", "-out", out, data}, "-threads 0"},
		{[]string{"-lr", "-1", "-out", out, data}, "-lr -1"},
		{[]string{"-freeze", "nosuchweight.", "-out", out, data}, `-freeze "nosuchweight."`},
		{[]string{"-out", filepath.Join(dir, "no", "w.go"), data}, "no directory"},
		{[]string{"-epochs", "many", data}, "invalid value"},
		{[]string{"-frobnicate", data}, "not defined"},
	} {
		code, stdout, stderr := runTuneCommand(c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || stdout != "" {
			t.Errorf("tune %q: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, stderr := runTuneCommand("-out", out, data); code != 1 || !strings.Contains(stderr, "no positions") {
		t.Errorf("a file without positions: exit %d, stderr %q", code, stderr)
	}
}
