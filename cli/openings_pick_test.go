package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// camelot openings pick keeps the openings whose pair the named engine
// won, writes them as CFEN lines under the command that made them, and
// names what is wrong with bad input.
func TestOpeningsPickCommand(t *testing.T) {
	dir := t.TempDir()
	pgn := func(white, black, result string) string {
		return "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n\n1. E6-G8 " + result + "\n\n"
	}
	pilot := filepath.Join(dir, "pilot.pgn")
	os.WriteFile(pilot, []byte(pgn("a", "b", "1-0")+pgn("b", "a", "0-1")), 0o644)
	out := filepath.Join(dir, "suite.cfen")
	code, _, stderr := run("openings", "pick", "-player", "a", "-out", out, pilot)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "# Picked by: camelot openings pick -player a -min 1.5 -count 600 ") || lines[3] != game.StartCFEN {
		t.Errorf("suite:\n%s", data)
	}

	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte("[White \"a\"]\n\n1. Z1-Z2 *\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-out", out, pilot}, 2, "-player is required"},
		{[]string{"-player", "a"}, 2, "no pilot record file"},
		{[]string{"-player", "a", "-min", "3", pilot}, 2, "-min must be from 0 to 2"},
		{[]string{"-player", "b", pilot}, 1, "no opening of 1 where b scored 1.5"},
		{[]string{"-player", "c", pilot}, 1, "game 1: a against b: want c on exactly one side"},
		{[]string{"-player", "a", bad}, 1, bad + ":3: "},
		{[]string{"-player", "a", filepath.Join(dir, "missing.pgn")}, 1, "missing.pgn"},
	} {
		code, _, stderr := run(append([]string{"openings", "pick"}, tc.args...)...)
		if code != tc.code || !strings.HasPrefix(stderr, "camelot openings pick: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}
