package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The commands of Chivalry, whose 14-file board is played on the wider
// grid (package boards): the board is chosen by the -variant flag, a
// record's Variant tag (V8) or a data file's settings, and each command
// answers as for any other board.

// chivalryRecord is a short game of Chivalry: a canter of a Man on each
// side, read on the 14-file board (V2, R3).
const chivalryRecord = "[Event \"test\"]\n[Variant \"Chivalry\"]\n\n1. G6-G8 G11-G9 2. F6-F8 *\n"

func TestChivalryAnalyseByTag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.cam")
	if err := os.WriteFile(path, []byte(chivalryRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	// The moves with their scores; a mark and a better line may follow,
	// as the evaluation judges.
	want := regexp.MustCompile(`(?m)^1\. G6-G8 \{[+-]\d+\.\d\d/2\} G11-G9 \{[+-]\d+\.\d\d/2\} 2\. F6-F8[?!]* \{[+-]\d+\.\d\d/2\}`)
	code, out, errText := run("analyse", "-depth", "2", path)
	if code != 0 || !want.MatchString(out) || !strings.Contains(out, `[Variant "Chivalry"]`) {
		t.Errorf("analyse FILE: exit %d, stderr %q, stdout:\n%s", code, errText, out)
	}
	// From standard input.
	var stdout, stderr bytes.Buffer
	code = Main([]string{"analyse", "-depth", "2", "-"}, strings.NewReader(chivalryRecord), &stdout, &stderr)
	if code != 0 || !want.MatchString(stdout.String()) {
		t.Errorf("analyse -: exit %d, stderr %q, stdout:\n%s", code, stderr.String(), stdout.String())
	}
	// The tag wins over the flag (V8): a Camelot flag does not read it as
	// Camelot; the game is analysed on Chivalry's board.
	code, out, errText = run("analyse", "-variant", "camelot", "-depth", "2", path)
	if code != 0 || !want.MatchString(out) || !strings.Contains(out, `[Variant "Chivalry"]`) {
		t.Errorf("analyse -variant camelot of a Chivalry record: exit %d, stderr %q, stdout:\n%s", code, errText, out)
	}
}

func TestChivalryBenchAndOpenings(t *testing.T) {
	code, out, errText := run("bench", "1", "1", "1", "-variant", "chivalry")
	if code != 0 || errText != "" || strings.Count(out, "\nPosition ") != 11 || !regexp.MustCompile(`(?m)^Nodes searched: \d+$`).MatchString(out) {
		t.Errorf("bench -variant chivalry: exit %d, stderr %q, stdout:\n%s", code, errText, out)
	}
	code, out, errText = run("openings", "-variant", "Chivalry", "-count", "2", "-nodes", "500")
	line := regexp.MustCompile(`(?m)^2/8/10/12/[0-9mnMN/]+/10/8/2 [wb] 0/0 \d+ \d+ # [+-]\d+$`) // either side to move: 6-10 random plies
	if code != 0 || !strings.HasPrefix(out, "# Variant: Chivalry\n") || len(line.FindAllString(out, -1)) != 2 {
		t.Errorf("openings -variant Chivalry: exit %d, stderr %q, stdout:\n%s", code, errText, out)
	}
}

// TestChivalryDataAndTune makes Chivalry data and fits its weights: tune
// finds the board from -variant, and without it from the file.
func TestChivalryDataAndTune(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "chivalry.txt")
	code, out, errText := run("datagen", "-variant", "chivalry", "-out", data, "-games", "2", "-nodes", "100", "-verify-nodes", "100", "-hash", "1", "-threads", "1")
	if code != 0 || !strings.HasPrefix(out, "datagen: "+data+": 2 games and ") {
		t.Fatalf("datagen: exit %d, stdout %q, stderr %q", code, out, errText)
	}
	head, err := os.ReadFile(data)
	if err != nil || !strings.Contains(string(head), " variant=chivalry\n") {
		t.Fatalf("data file lacks variant=chivalry (%v):\n%.300s", err, head)
	}
	weights := filepath.Join(dir, "chivalry.go")
	// K is given: two games of data are too few to fit it (which games the
	// built-in net plays decides whether the fit ends inside its range).
	for _, args := range [][]string{
		{"tune", "-variant", "chivalry", "-k", "1", "-epochs", "1", "-threads", "1", "-out", weights, data},
		{"tune", "-epochs", "1", "-threads", "1", "-out", weights, data},
	} {
		code, out, errText := run(args...)
		if args[1] != "-variant" {
			// Without -variant, tune refuses data of another board than
			// its -variant's (camelot), naming both.
			if code == 0 || !strings.Contains(errText, "chivalry") {
				t.Errorf("%v: exit %d, stderr %q", args, code, errText)
			}
			continue
		}
		src, _ := os.ReadFile(weights)
		if code != 0 || !strings.Contains(string(src), "register(game.Chivalry,") || !strings.Contains(out, "wrote "+weights) {
			t.Errorf("%v: exit %d, stderr %q, weights:\n%.400s", args, code, errText, src)
		}
	}
}
