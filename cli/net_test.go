package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runNetCommand(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Main(append([]string{"net"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// Bad arguments and a board without a net: one line on stderr saying
// what is wrong, and a non-zero exit. Nothing runs.
func TestNetErrors(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "work")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-variant", "cam"}, 2, "camelot net: -gen: missing; give the generation to make, e.g. -gen 5 (make net GEN=5)\n"},
		{[]string{"-variant", "camelot", "-gen"}, 2, "camelot net: -gen: missing; "}, // make net without GEN
		{[]string{"-gen", "-dry-run"}, 2, "camelot net: -gen: missing; "},
		{[]string{"-gen", "x"}, 2, "camelot net: -gen x: want a generation number from 1\n"},
		{[]string{"-gen", "0"}, 2, "camelot net: -gen 0: want a generation number from 1\n"},
		{[]string{"-variant", "chess", "-gen", "2"}, 2, "camelot net: -variant: unknown variant \"chess\""},
		{[]string{"-gen", "2", "-steps", "datagen,play"}, 2, "camelot net: -steps: unknown step \"play\""},
		{[]string{"-gen", "2", "extra"}, 2, "camelot net: unexpected argument \"extra\"\n"},
		{[]string{"-variant", "camette", "-gen", "2", "-root", "..", "-dir", dir}, 1, "holds no net of Camette: give the net to start from with -from FILE\n"},
		{[]string{"-variant", "cam", "-gen", "2", "-root", "..", "-dir", dir, "-from", "missing.nnue"}, 1, "camelot net: -from: open missing.nnue: no such file or directory\n"},
		{[]string{"-gen", "2", "-dir", dir}, 1, "camelot net: no folder nnue/default: run in the repository's root (or give -root)\n"},
	} {
		code, stdout, stderr := runNetCommand(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and one line with %q", tc.args, code, stdout, stderr, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the work folder was made: %v", err)
	}
}

// -dry-run prints the commands of the repository's own net, reading
// nnue/default/ and writing nothing.
func TestNetDryRunCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "work")
	code, stdout, stderr := runNetCommand("-variant", "cam", "-gen", "2", "-root", "..", "-dir", dir, "-threads", "2", "-dry-run")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, s := range []string{
		"net: datagen: camelot datagen -variant cam -net " + filepath.Join(dir, "current.nnue") + " -seed 2001 -games 12000 -threads 2 -out " + filepath.Join(dir, "data.txt") + "\n",
		"net: train: camelot train -variant cam -init " + filepath.Join(dir, "current.nnue") + " -epochs 3 -lr 0.0003 -lambda 0.3 -threads 2 -seed 2 -buckets 1 ",
		" -sprt elo0=0 elo1=10 -pgnout " + filepath.Join(dir, "match.pgn") + "\n",
	} {
		if !strings.Contains(stdout, s) {
			t.Errorf("no %q in\n%s", s, stdout)
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the work folder was made: %v", err)
	}
	if code, _, stderr := runNetCommand("-h"); code != 0 || !strings.HasPrefix(stderr, "usage: camelot net -variant NAME -gen N [options]\n") {
		t.Errorf("-h: exit %d, %q", code, stderr)
	}
}
