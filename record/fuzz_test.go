package record

// FuzzRead feeds arbitrary text to Read and ReadOpenings. Neither may
// panic; Read's errors must be *Error; every game Read returns must replay
// on its variant's board (V8), write, and read back to the same game, and writing that again must give
// the same text; ReadAll reports ErrNoGame exactly when it finds no game,
// good or bad. The seed corpus is testdata/fuzz/FuzzRead (valid records,
// records as web pages print them, valid-web-*, and one file per kind of
// malformed record) and the record of testdata/games. Run with
//
//	go test -run '^$' -fuzz '^FuzzRead$' -fuzztime 60s ./record/

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func FuzzRead(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "games", "nolan-troyka-2009.pgn"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Read(strings.NewReader(text))
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Game < 1 || e.Line < 1 || e.Msg == "" {
				t.Fatalf("error %T %v: want an *Error naming game and line", err, err)
			}
		}
		for i, g := range games {
			if _, err := g.Replay(); err != nil {
				t.Fatalf("game %d read but does not replay: %v", i+1, err)
			}
			if g.Start.IsZero() || g.Start.Variant() != g.Variant {
				t.Fatalf("game %d of variant %s read without a start on its board", i+1, g.Variant)
			}
		}
		if len(games) > 0 && !games[0].DrawsAreClaims {
			roundTrip(t, games) // an AbstractPlay game may play on past R16's draws (V13)
		}
		readErr := err
		_, _ = ReadOpenings(strings.NewReader(text))
		all, bad, err := ReadAll(strings.NewReader(text))
		none := len(all) == 0 && len(bad) == 0
		if none != errors.Is(err, ErrNoGame) || !none && err != nil || len(all) < len(games) {
			t.Fatalf("ReadAll read %d games, %d bad (%v); Read %d", len(all), len(bad), err, len(games))
		}
		if none && readErr != nil {
			t.Fatalf("ReadAll found no game where Read failed: %v", readErr)
		}
		for _, e := range bad {
			if e.Game < 1 || e.Line < 1 || e.Msg == "" {
				t.Fatalf("ReadAll error %+v: want game, line and message", e)
			}
		}
	})
}

// TestFuzzReadSeeds checks that the seed corpus holds what its file names
// say: the files named valid-* read without error, the others fail.
func TestFuzzReadSeeds(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzRead", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no seed corpus: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(data), "\n", 2)
		arg := strings.TrimSpace(lines[len(lines)-1])
		if lines[0] != "go test fuzz v1" || !strings.HasPrefix(arg, "string(") || !strings.HasSuffix(arg, ")") {
			t.Fatalf("%s: not a corpus file of one string", file)
		}
		text, err := strconv.Unquote(arg[len("string(") : len(arg)-1])
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		_, err = Read(strings.NewReader(text))
		valid := strings.HasPrefix(filepath.Base(file), "valid-")
		if valid != (err == nil) {
			t.Errorf("%s: Read error %v", filepath.Base(file), err)
		}
	}
}
