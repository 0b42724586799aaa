package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/record"
)

// A file with a malformed game between two good ones: the bad one is
// reported with file, line and game, the others are analysed, and the
// output reads back as records (or, with -json, is well-formed JSON).
func TestAnalyseCommand(t *testing.T) {
	blunder, err := os.ReadFile(filepath.Join("..", "analysis", "testdata", "castle-blunder.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(blunder) + "[Event \"bad\"]\n\n1. E6-G8 Z9-Z10 *\n\n" + string(blunder)
	path := filepath.Join(t.TempDir(), "games.pgn")
	os.WriteFile(path, []byte(text), 0o644)

	code, stdout, stderr := run("analyse", "-depth", "4", "-threads", "1", "-hash", "4", path)
	if code != 1 || !strings.Contains(stderr, path+":14: game 2: ") {
		t.Errorf("exit %d, stderr %q; want 1 and the bad game's file:line", code, stderr)
	}
	games, err := record.Read(strings.NewReader(stdout))
	if err != nil || len(games) != 2 {
		t.Fatalf("output reads back as %d games, %v:\n%s", len(games), err, stdout)
	}
	for _, g := range games {
		if _, err := g.Replay(); err != nil || g.Moves[0].NAG != "??" {
			t.Errorf("game: %v, first glyph %q", err, g.Moves[0].NAG)
		}
	}
	if !strings.Contains(stdout, "; white: 1 move, average loss") {
		t.Errorf("no summary lines:\n%s", stdout)
	}

	code, stdout, _ = run("analyse", "-depth", "3", "-threads", "1", "-hash", "4", "-json", path)
	var out struct {
		Games []struct {
			Game  int `json:"game"`
			Moves []struct {
				Mark string `json:"mark"`
				Best string `json:"best"`
			} `json:"moves"`
		} `json:"games"`
		Errors []struct {
			Game int `json:"game"`
			Line int `json:"line"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 1 {
		t.Fatalf("-json: exit %d, %v:\n%s", code, err, stdout)
	}
	if len(out.Games) != 2 || out.Games[1].Game != 3 || len(out.Errors) != 1 || out.Errors[0].Game != 2 || out.Games[0].Moves[0].Mark != "??" {
		t.Errorf("-json: %+v", out)
	}

	for _, args := range [][]string{{}, {"-depth", "-1", path}, {"-plies", "5-2", path}, {"a", "b"}} {
		if code, _, stderr := run(append([]string{"analyse"}, args...)...); code != 2 || !strings.HasPrefix(stderr, "camelot analyse: ") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
	if code, _, stderr := run("analyse", filepath.Join(t.TempDir(), "none.pgn")); code != 1 || !strings.Contains(stderr, "none.pgn") {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
}

// The 2009 championship game as the encyclopedia article prints it (a
// heading, a prose header line, en dash and remark after the result) is
// one game of 59 plies won by White.
func TestAnalyseArticleGame(t *testing.T) {
	path := filepath.Join("..", "testdata", "games", "nolan-troyka-2009-article.txt")
	code, stdout, stderr := run("analyse", "-depth", "1", "-threads", "1", "-hash", "4", path)
	if code != 0 || !strings.Contains(stderr, "analysed 1 game, 60 positions, in ") {
		t.Fatalf("exit %d, stderr %q; want 0 and one game of 60 positions", code, stderr)
	}
	games, err := record.Read(strings.NewReader(stdout))
	if err != nil || len(games) != 1 {
		t.Fatalf("output reads back as %d games, %v:\n%s", len(games), err, stdout)
	}
	g := games[0]
	if len(g.Moves) != 59 || g.Result != "1-0" || g.Tag("White") != "Michael Nolan" || g.Tag("Black") != "Dan Troyka" {
		t.Errorf("%d plies, result %q, tags %q", len(g.Moves), g.Result, g.Tags)
	}
	if !strings.HasSuffix(strings.SplitN(stdout, "\n;", 2)[0], " 1-0") {
		t.Errorf("the game does not end with its result 1-0:\n%s", stdout)
	}
}

// Input without a game is an error that names the file; one game is
// "1 game".
func TestAnalyseNoGame(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"empty.pgn": "",
		"prose.txt": "==Sample game==\nThe game was not recorded.\n1. One space in any direction.\n",
		"blank.pgn": "\uFEFF\r\n\u00a0\r\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, json := range []bool{false, true} {
			args := []string{"analyse", "-depth", "1", "-threads", "1", "-hash", "4", path}
			if json {
				args = append(args[:len(args)-1], "-json", path)
			}
			code, stdout, stderr := run(args...)
			if code != 1 || stderr != path+": no game found\n" || stdout != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and %q", args, code, stdout, stderr, path+": no game found")
			}
		}
	}
	var stdout, stderr bytes.Buffer
	code := Main([]string{"analyse", "-depth", "1", "-threads", "1", "-hash", "4", "-"}, strings.NewReader("Nothing here.\n"), &stdout, &stderr)
	if code != 1 || stderr.String() != "stdin: no game found\n" || stdout.Len() != 0 {
		t.Errorf("stdin: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}

	stdout.Reset()
	stderr.Reset()
	code = Main([]string{"analyse", "-depth", "1", "-threads", "1", "-hash", "4", "-"}, strings.NewReader("1. E6-G8 *\n"), &stdout, &stderr)
	if code != 0 || !strings.HasPrefix(stderr.String(), "analysed 1 game, 2 positions, in ") {
		t.Errorf("one game: exit %d, stderr %q", code, stderr.String())
	}
}

// A Cam record is analysed on Cam's board: its Variant tag wins over
// -variant (V8), and -variant gives the game of a record without the tag
// (V7). The annotated record keeps the tag.
func TestAnalyseVariant(t *testing.T) {
	const moves = "1. D5-D6 D9-D8 2. C4-C6 *\n"
	dir := t.TempDir()
	tagged := filepath.Join(dir, "tagged.pgn")
	untagged := filepath.Join(dir, "untagged.pgn")
	os.WriteFile(tagged, []byte("[Event \"cam\"]\n[Variant \"Cam\"]\n\n"+moves), 0o644)
	os.WriteFile(untagged, []byte("[Event \"cam\"]\n\n"+moves+"\n"+moves), 0o644)
	for _, c := range []struct {
		args  []string
		games int
	}{
		{[]string{tagged}, 1},
		{[]string{"-variant", "camette", tagged}, 1},
		{[]string{"-variant", "cam", untagged}, 2},
	} {
		code, stdout, stderr := run(append([]string{"analyse", "-depth", "2", "-threads", "1", "-hash", "1"}, c.args...)...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, stderr)
			continue
		}
		games, err := record.Read(strings.NewReader(stdout))
		if err != nil || len(games) != c.games {
			t.Fatalf("%v: output reads back as %d games, %v:\n%s", c.args, len(games), err, stdout)
		}
		for _, g := range games {
			if g.Variant != record.Cam || len(g.Moves) != 3 || !strings.Contains(stdout, "[Variant \"Cam\"]") {
				t.Errorf("%v: variant %s, %d moves:\n%s", c.args, g.Variant, len(g.Moves), stdout)
			}
		}
	}
	// Without the tag and the flag, the moves are read on Camelot's board.
	code, _, stderr := run("analyse", "-depth", "1", "-threads", "1", "-hash", "1", untagged)
	if code != 1 || !strings.Contains(stderr, untagged+":3: game 1: ") {
		t.Errorf("untagged as Camelot: exit %d, stderr %q", code, stderr)
	}
}
