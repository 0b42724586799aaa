package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/solve"
)

// analyse -solution DIR: each Camette position's exact value in the
// annotations and the JSON; a folder without a table is one error line.
// gui -solution refuses such a folder before it serves.
func TestSolutionFlag(t *testing.T) {
	dir := t.TempDir()
	if _, err := solve.Solve(solve.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "camette.pgn")
	game := "[Variant \"Camette\"]\n[CFEN \"1/3/5/5/m4/MM1/1 w 0/0 0 1\"]\n\n1. B2-C3 *\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"analyse", "-depth", "2", "-threads", "1", "-hash", "4", "-solution", dir}
	code, stdout, stderr := run(append(args, path)...)
	if code != 0 || !strings.Contains(stderr, "solution table "+dir+": Camette, 12 of 49 layers") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if text := strings.Join(strings.Fields(stdout), " "); !strings.Contains(text, "B2-C3?? {#-5/1 solved: black wins in 9 plies}") {
		t.Errorf("no exact value in the annotation:\n%s", stdout)
	}
	code, stdout, _ = run(append(append(args, "-json"), path)...)
	if code != 0 || !strings.Contains(strings.Join(strings.Fields(stdout), ""), `"solution":{"result":"0-1","plies":9,"mate":-5}`) {
		t.Errorf("-json: exit %d, no exact value:\n%s", code, stdout)
	}

	missing := filepath.Join(dir, "nothing")
	for _, args := range [][]string{
		{"analyse", "-depth", "2", "-solution", missing, path},
		{"gui", "-addr", "127.0.0.1:0", "-solution", missing},
	} {
		code, stdout, stderr := run(args...)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "-solution: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and one error line", args, code, stdout, stderr)
		}
	}
}
