package datagen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// A tiny Cam run (V7): the settings line names the variant, every data
// line is a Cam position that Scan reads on Cam's board, a cut run
// resumes to the same games, and a run of another variant is refused.
func TestCamRunResumes(t *testing.T) {
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.txt"), filepath.Join(dir, "cut.txt")
	cfg := tiny(4, 2)
	cfg.Variant = game.Cam
	run(t, cfg, whole)
	data, _ := os.ReadFile(whole)
	lines := strings.Split(string(data), "\n")
	if lines[0] != Header || !strings.HasPrefix(lines[1], "# seed=4 ") || !strings.HasSuffix(lines[1], " variant=cam") {
		t.Fatalf("header lines %q %q", lines[0], lines[1])
	}
	if v, err := FileVariant(whole); v != game.Cam || err != nil {
		t.Errorf("FileVariant: %s, %v", v, err)
	}
	f, _ := os.Open(whole)
	n := 0
	err := Scan(f, whole, func(r Record) error {
		n++
		if r.Pos.Variant() != game.Cam {
			t.Errorf("record on %s", r.Pos.Variant())
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
	if r, err := ParseVariantLine(line, game.Cam); err != nil || r.Pos.Variant() != game.Cam {
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
	for _, v := range []game.Variant{game.Camelot, game.Camette} {
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
	c.Variant = game.NumVariants * game.Variant(game.NumRules) // past every game under every rule set (V14)
	if err := c.Check(); err == nil {
		t.Error("an unknown variant accepted")
	}
}

// Every board is played by the same datagen: a tiny run of each writes
// its variant's settings line and positions of its board, which read back
// on that board and nowhere else.
func TestEveryBoardRuns(t *testing.T) {
	dir := t.TempDir()
	for _, v := range game.Variants() {
		cfg := tiny(2, 2)
		cfg.Games, cfg.Variant = 2, v
		path := filepath.Join(dir, v.String()+".txt")
		if sum := run(t, cfg, path); sum.Games != 2 {
			t.Errorf("%s: played %d games, want 2", v, sum.Games)
		}
		data, _ := os.ReadFile(path)
		lines := strings.Split(string(data), "\n")
		if want := " variant=" + v.String(); v != game.Camelot && !strings.HasSuffix(lines[1], want) || v == game.Camelot && strings.Contains(lines[1], "variant=") {
			t.Errorf("%s: settings line %q", v, lines[1])
		}
		if got, err := FileVariant(path); got != v || err != nil {
			t.Errorf("%s: FileVariant: %s, %v", v, got, err)
		}
		f, _ := os.Open(path)
		n := 0
		err := Scan(f, path, func(r Record) error {
			n++
			if r.Pos.Variant() != v {
				t.Errorf("%s: record on %s", v, r.Pos.Variant())
			}
			return nil
		})
		f.Close()
		if err != nil || n == 0 {
			t.Errorf("%s: Scan: %d records, %v", v, n, err)
		}
		for _, l := range lines {
			if l == "" || strings.HasPrefix(l, "#") || v.Board() == game.Camelot {
				continue
			}
			if _, err := ParseLine(l); err == nil || !strings.Contains(err.Error(), "a position of "+v.Board().Title()+", not of Camelot") {
				t.Errorf("%s: ParseLine of a %s line: %v", v, v.Title(), err)
			}
			break
		}
	}
}
