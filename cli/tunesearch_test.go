package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/spsa"
)

// TestTuneSearchRun: the built binary tunes two parameters over two
// batches of node-limited game pairs against itself (uci -tune), writes
// the state file, prints a progress line a batch and the report, and a
// second run of the same command finds the run finished.
func TestTuneSearchRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays games")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "camelot")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	state := filepath.Join(dir, "spsa.json")
	args := []string{"tune-search", "-state", state, "-openings", "../testdata/openings/balanced.cfen",
		"-pairs", "4", "-batch", "2", "-nodes", "800", "-params", "RFPMargin,LMPBase", "-seed", "3"}
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("tune-search: %v\n%s", err, out)
	}
	text := string(out)
	for _, want := range []string{
		"spsa: new run in " + state + ": 4 game pairs over 2 parameters",
		"spsa: pairs 2/4 (50.0%)",
		"spsa: pairs 4/4 (100.0%)",
		"spsa: finished: 4 game pairs (8 games",
		"spsa: options:",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	st, err := spsa.ReadState(state)
	if err != nil {
		t.Fatal(err)
	}
	if st.Pairs != 4 || st.Batches != 2 || st.Wins+st.Draws+st.Losses != 8 {
		t.Errorf("state: %d pairs, %d batches, %d games", st.Pairs, st.Batches, st.Wins+st.Draws+st.Losses)
	}
	out, err = exec.Command(bin, args...).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "spsa: resuming "+state+" at 4 of 4 game pairs") {
		t.Errorf("second run: %v\n%s", err, out)
	}
}

// TestTuneSearchRefusals: each bad command line names its fault on
// stderr with a non-zero exit, and leaves no state file.
func TestTuneSearchRefusals(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "s.json")
	open := "../testdata/openings/balanced.cfen"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-openings", open}, "give the run's state file with -state FILE"},
		{[]string{"-state", state}, "give an openings file with -openings FILE"},
		{[]string{"-state", state, "-openings", filepath.Join(dir, "none.cfen")}, "-openings: stat"},
		{[]string{"-state", state, "-openings", open, "-params", "Bogus"}, `unknown search parameter "Bogus"`},
		{[]string{"-state", state, "-openings", open, "-tc", "fast"}, "fast"},
		{[]string{"-state", state, "-openings", open, "-variant", "draughts"}, "-variant"},
		{[]string{"-state", state, "-openings", open, "-batch", "0"}, "-batch and -pairs must be at least 1"},
		{[]string{"-state", state, "-openings", open, "extra"}, `unexpected argument "extra"`},
	} {
		var stdout, stderr strings.Builder
		code := Main(append([]string{"tune-search"}, tc.args...), nil, &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, stderr.String(), tc.want)
		}
		if _, err := spsa.ReadState(state); err == nil {
			t.Errorf("%v left a state file", tc.args)
		}
	}
	var stdout, stderr strings.Builder
	if code := Main([]string{"tune-search", "-list"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(strings.Join(strings.Fields(stdout.String()), " "), "RFPMargin 110 20 300 10 reverse futility pruning") {
		t.Errorf("-list: exit %d\n%s", code, stdout.String())
	}
}
