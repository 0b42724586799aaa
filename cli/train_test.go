package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/nnue"
)

func runTrainCommand(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Main(append([]string{"train"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// gameData is tuneData with a trailer after every ten positions, so
// that the positions make games.
func gameData(t *testing.T, dir string, n int, seed uint64) string {
	t.Helper()
	path := tuneData(t, dir, n, seed)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var game []string
	games := 0
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			b.WriteString(line)
			continue
		}
		// Every position of a game has the game's result: the first's.
		fields := strings.Split(strings.TrimSpace(line), " | ")
		if len(game) > 0 {
			fields[2] = strings.Split(strings.TrimSpace(game[0]), " | ")[2]
		}
		game = append(game, strings.Join(fields, " | ")+"\n")
		if len(game) == 10 {
			b.WriteString(strings.Join(game, ""))
			result := strings.Split(strings.TrimSpace(game[0]), " | ")[2]
			b.WriteString("# game " + strconv.Itoa(games) + " " + result + " 10 10\n")
			game, games = nil, games+1
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A short run writes a net the engine loads, named nn-<hash>.nnue by
// default, and reports its epochs.
func TestTrainWritesNet(t *testing.T) {
	dir := t.TempDir()
	data := gameData(t, dir, 1500, 1)
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	code, stdout, stderr := runTrainCommand("-hidden", "16", "-epochs", "2", "-batch", "256", "-threads", "2", "-k", "1.5", data)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, re := range []string{`(?m)^epoch 2 train 0\.\d+ validation 0\.\d+ lr 1e-05 \(`, `(?m)^wrote (nn-[0-9a-f]{12}\.nnue) \((nn-[0-9a-f]{12}\.nnue), `} {
		if !regexp.MustCompile(re).MatchString(stdout) {
			t.Errorf("stdout lacks %s:\n%s", re, stdout)
		}
	}
	name := regexp.MustCompile(`wrote (nn-[0-9a-f]{12}\.nnue)`).FindStringSubmatch(stdout)
	if name == nil {
		t.Fatalf("no net named in the output:\n%s", stdout)
	}
	n, err := nnue.LoadFile(filepath.Join(dir, name[1]))
	if err != nil || n.Name != name[1] || n.Hidden != 16 || !strings.Contains(n.Description, "lambda 0.3, K 1.5000 (given)") {
		t.Errorf("the net: %v, %+v", err, n)
	}
}

// -buckets gives the net written that many output buckets.
func TestTrainBuckets(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "net.nnue")
	code, stdout, stderr := runTrainCommand("-hidden", "16", "-buckets", "4", "-epochs", "1", "-batch", "256", "-threads", "2", "-k", "1.5", "-out", out, gameData(t, dir, 1500, 3))
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if n, err := nnue.LoadFile(out); err != nil || n.Buckets != 4 {
		t.Errorf("the net: %v, %+v", err, n)
	}
}

// Bad flags and malformed data: one line saying what is wrong, and a
// non-zero exit.
func TestTrainErrors(t *testing.T) {
	dir := t.TempDir()
	data := gameData(t, dir, 30, 2)
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("# camelot-datagen 1\nnot a position | 1 | 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-hidden", "100", data}, 2, "camelot train: -hidden 100: want a multiple of 16 from 16 to 1024\n"},
		{[]string{"-lambda", "2", data}, 2, "camelot train: -lambda 2: want 0..1\n"},
		{[]string{"-buckets", "0", data}, 2, "camelot train: -buckets 0: want 1 to 16\n"},
		{[]string{"-buckets", "17", data}, 2, "camelot train: -buckets 17: want 1 to 16\n"},
		{[]string{"-epochs", "0", data}, 2, "camelot train: -epochs 0: want at least 1\n"},
		{[]string{"-validation", "1", data}, 2, "camelot train: -validation 1: want a share in 0..1 (below 1)\n"},
		{[]string{"-out", filepath.Join(dir, "no", "net.nnue"), data}, 2, "no directory"},
		{nil, 2, "camelot train: no data files"},
		{[]string{"-hidden", "x", data}, 2, "invalid value"},
		{[]string{"-out", filepath.Join(dir, "n.nnue"), bad}, 1, "camelot train: " + bad + ":2: "},
		{[]string{"-out", filepath.Join(dir, "n.nnue"), filepath.Join(dir, "missing.txt")}, 1, "missing.txt"},
	} {
		code, _, stderr := runTrainCommand(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
		if tc.code == 2 && tc.want != "invalid value" && strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: want one line, got %q", tc.args, stderr)
		}
	}
}
