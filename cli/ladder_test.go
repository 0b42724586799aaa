package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLadderCommand(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.log")
	b := filepath.Join(dir, "b.log")
	os.WriteFile(a, []byte("Score of L0 vs random: 1 - 0 - 0  [1.000] 1\nScore of L0 vs random: 75 - 25 - 0  [0.750] 100\nElo difference: 190.8\n"), 0o644)
	os.WriteFile(b, []byte("Score of L5 vs L0: 50 - 50 - 0  [0.500] 100\n"), 0o644)
	code, stdout, stderr := run("ladder", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[1], "random ") || !strings.Contains(lines[3], "190.8") {
		t.Errorf("output:\n%s", stdout)
	}
	empty := filepath.Join(dir, "empty.log")
	os.WriteFile(empty, []byte("nothing\n"), 0o644)
	if code, _, stderr := run("ladder", empty); code != 1 || !strings.Contains(stderr, "empty.log: no \"Score of") {
		t.Errorf("no score line: exit %d, %q", code, stderr)
	}
	if code, _, stderr := run("ladder", "-anchor", "x", a); code != 1 || !strings.Contains(stderr, "camelot ladder: ") {
		t.Errorf("unknown anchor: exit %d, %q", code, stderr)
	}
}
