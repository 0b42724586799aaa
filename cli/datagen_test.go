package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

func runDatagenCommand(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Main(append([]string{"datagen"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// A file written with other settings is refused with one line on stderr
// and no summary: nothing was resumed or played.
func TestDatagenOtherSettingsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.txt")
	text := datagen.Header + "\n# seed=1 games=12 nodes=5000\n"
	for i := range 12 {
		text += fmt.Sprintf("%s | 0 | 0.5\n# game %d 0.5 10 1\n", game.StartCFEN, i)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runDatagenCommand("-out", path, "-games", "1", "-nodes", "100", "-threads", "1")
	if code == 0 || stdout != "" || strings.Count(stderr, "\n") != 1 ||
		!strings.HasPrefix(stderr, "camelot datagen: "+path+":2: written with other settings") {
		t.Errorf("exit %d, stdout %q, stderr %q; want a non-zero exit, no summary and one line naming %s:2", code, stdout, stderr, path)
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != text {
		t.Errorf("the refused file was changed")
	}
}

// The summary writes a count of one in the singular.
func TestDatagenSummaryCounts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.txt")
	args := []string{"-out", path, "-games", "1", "-nodes", "100", "-verify-nodes", "100", "-hash", "1", "-threads", "1"}
	code, stdout, stderr := runDatagenCommand(args...)
	if code != 0 || !strings.HasPrefix(stdout, "datagen: "+path+": 1 game and ") || !strings.Contains(stdout, "; 0 games were there already\n") {
		t.Fatalf("first run: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, stderr = runDatagenCommand(args...)
	if code != 0 || !strings.HasPrefix(stdout, "datagen: "+path+": 0 games and 0 positions written") || !strings.Contains(stdout, "; 1 game was there already\n") {
		t.Errorf("resumed run: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// -out in a folder that does not exist yet makes it.
func TestDatagenMakesOutputFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "datagen-1.txt")
	code, stdout, stderr := runDatagenCommand("-out", path, "-games", "1", "-nodes", "100", "-verify-nodes", "100", "-hash", "1", "-threads", "1")
	if code != 0 || !strings.HasPrefix(stdout, "datagen: "+path+": 1 game and ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if _, err := os.Stat(path); err != nil {
		t.Error(err)
	}
}

// A tiny Cam run writes the variant in its settings line and resumes;
// resuming it as Camelot is refused in one line (V7).
func TestDatagenVariant(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cam.txt")
	args := []string{"-variant", "cam", "-out", path, "-games", "2", "-nodes", "100", "-verify-nodes", "100", "-hash", "1", "-threads", "1"}
	code, stdout, stderr := runDatagenCommand(args...)
	if code != 0 || !strings.HasPrefix(stdout, "datagen: "+path+": 2 games and ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if v, err := datagen.FileVariant(path); v != game.Cam || err != nil {
		t.Errorf("file variant %s, %v", v, err)
	}
	code, stdout, _ = runDatagenCommand(args...)
	if code != 0 || !strings.Contains(stdout, "; 2 games were there already\n") {
		t.Errorf("resumed run: exit %d, stdout %q", code, stdout)
	}
	code, stdout, stderr = runDatagenCommand(args[2:]...)
	if code == 0 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "a file of Cam, this run plays Camelot") {
		t.Errorf("resumed as Camelot: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// A net of another board than the games' is refused.
	netFile := filepath.Join(t.TempDir(), "camelot.nnue")
	data, err := nnue.Encode(nnue.Random(3, 16))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(netFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runDatagenCommand("-variant", "camette", "-net", netFile, "-out", path)
	if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "a net of Camelot, but the games are of Camette") {
		t.Errorf("-net of Camelot with camette: exit %d, stderr %q", code, stderr)
	}
}
