package datagen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// A tiny Cam run (V7): the settings line names the variant, every data
// line is a Cam position that Scan reads on Cam's board, a cut run
// resumes to the same games, and a run of another variant is refused.
func TestCamRunResumes(t *testing.T) {
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.txt"), filepath.Join(dir, "cut.txt")
	cfg := tiny(4, 2)
	cfg.Variant = movegen.Cam
	run(t, cfg, whole)
	data, _ := os.ReadFile(whole)
	lines := strings.Split(string(data), "\n")
	if lines[0] != Header || !strings.HasPrefix(lines[1], "# seed=4 ") || !strings.HasSuffix(lines[1], " variant=cam") {
		t.Fatalf("header lines %q %q", lines[0], lines[1])
	}
	if v, err := FileVariant(whole); v != movegen.Cam || err != nil {
		t.Errorf("FileVariant: %s, %v", v, err)
	}
	f, _ := os.Open(whole)
	n := 0
	err := Scan(f, whole, func(r Record) error {
		n++
		if r.Pos.Variant != movegen.Cam {
			t.Errorf("record on %s", r.Pos.Variant)
		}
		return nil
	})
	f.Close()
	if err != nil || n == 0 {
		t.Fatalf("Scan: %d records, %v", n, err)
	}
	// A Cam data line is no Camelot one, and says so.
	var line string
	for _, l := range lines {
		if l != "" && !strings.HasPrefix(l, "#") {
			line = l
			break
		}
	}
	if _, err := ParseLine(line); err == nil || !strings.Contains(err.Error(), "a position of Cam, not of Camelot") {
		t.Errorf("ParseLine of a Cam line: %v", err)
	}
	if r, err := ParseVariantLine(line, movegen.Cam); err != nil || r.Pos.Variant != movegen.Cam {
		t.Errorf("ParseVariantLine: %v", err)
	}

	// Cut in the middle of the fourth game and resume.
	idx := 0
	for range 3 {
		idx += strings.Index(string(data[idx:]), "# game ") + 1
	}
	idx += strings.Index(string(data[idx:]), "\n") + 1
	if err := os.WriteFile(cut, data[:idx+20], 0o644); err != nil {
		t.Fatal(err)
	}
	if sum := run(t, cfg, cut); sum.Resumed != 3 || sum.Games != 3 {
		t.Errorf("resumed %d games and played %d, want 3 and 3", sum.Resumed, sum.Games)
	}
	want, got := gamesOf(t, whole), gamesOf(t, cut)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("game %s differs after resuming", i)
		}
	}
	// The variant is a setting: another one is refused.
	for _, v := range []movegen.Variant{movegen.Camelot, movegen.Camette} {
		other := cfg
		other.Variant = v
		if _, err := Run(context.Background(), other, cut, nil); err == nil || !strings.Contains(err.Error(), "a file of Cam, this run plays "+v.Title()) {
			t.Errorf("resuming as %s: %v", v, err)
		}
	}
	camelot := filepath.Join(dir, "camelot.txt")
	run(t, tiny(4, 2), camelot)
	cam := cfg
	if _, err := Run(context.Background(), cam, camelot, nil); err == nil || !strings.Contains(err.Error(), "a file of Camelot, this run plays Cam") {
		t.Errorf("resuming a Camelot file as Cam: %v", err)
	}
}

// A Camelot run's settings line has no variant field, as before.
func TestCamelotSettingsUnchanged(t *testing.T) {
	if s := tiny(1, 1).settings(); s != "# seed=1 games=6 nodes=400 random-plies=8-9 opening-limit=300 verify-nodes=800 adjudicate=2000/4 hash=1" {
		t.Errorf("settings %q", s)
	}
	c := tiny(1, 1)
	c.Variant = movegen.Chivalry
	if err := c.Check(); err == nil {
		t.Error("Chivalry accepted")
	}
}
