package book

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

func tinyConfig(positions, threads int) BuildConfig {
	return BuildConfig{Nodes: 400, ScoutNodes: 60, Width: 3, PlyCost: 15, MaxPly: 6,
		MaxScore: 300, Positions: positions, Threads: threads, Hash: 1}
}

func build(t *testing.T, cfg BuildConfig, games []*record.Game, out string) Summary {
	t.Helper()
	sum, err := Build(context.Background(), cfg, games, out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func loadFile(t *testing.T, path string) (*Book, []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return b, data
}

// A build gives the same book whatever the threads, and a build stopped
// part way (here: a smaller target, then a journal cut mid-line as a kill
// leaves it) continues to exactly the book of an uninterrupted one.
func TestBuildIsReproducibleAndResumes(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.book")
	sum := build(t, tinyConfig(40, 2), nil, whole)
	if sum.Positions < 40 || sum.Expanded < 2 || sum.Resumed != 0 {
		t.Fatalf("summary %+v", sum)
	}
	_, want := loadFile(t, whole)

	parts := filepath.Join(dir, "parts.book")
	build(t, tinyConfig(15, 1), nil, parts)
	f, err := os.OpenFile(parts+".journal", os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("x 2/8/10/12/12/2nmmmm") // a kill in the middle of a write
	f.Close()
	sum = build(t, tinyConfig(40, 1), nil, parts)
	if sum.Resumed < 15 {
		t.Errorf("resumed %d positions, want at least 15", sum.Resumed)
	}
	if _, got := loadFile(t, parts); !bytes.Equal(got, want) {
		t.Error("the resumed build differs from the uninterrupted one")
	}
}

func TestBuildRefusesAJournalOfOtherSettings(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.book")
	build(t, tinyConfig(5, 1), nil, out)
	cfg := tinyConfig(10, 1)
	cfg.Width = 4
	_, err := Build(context.Background(), cfg, nil, out, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("error %v, want one about other settings", err)
	}
}

func TestBuildStopsWhenCancelled(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.book")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, tinyConfig(50, 1), nil, out, io.Discard); err != context.Canceled {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

// The winner's moves of an imported game enter the book even where the
// search would not choose them, both sides' in a draw; the loser's only if
// the search ranks them among the best, and the game is followed no
// further than the book follows it.
func TestBuildImportsTheWinnersMoves(t *testing.T) {
	games, err := record.Read(strings.NewReader(`[Result "1-0"]
1. J6-K5 E10-E9 2. K5-L4 1-0

[Result "1/2-1/2"]
1. C6-B5 I10-J9 2. B5-A4 1/2-1/2

[Result "0-1"]
1. D6-C5 H10-H9 0-1

[Result "*"]
1. I6-J5 *
`))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "g.book")
	build(t, tinyConfig(1, 1), games, out) // the games only: no room for more
	b, _ := loadFile(t, out)
	start := boards.StartPosition(game.Camelot)
	for _, tc := range []struct {
		line []string
		in   bool
	}{
		{[]string{"J6-K5"}, true},                     // the winner's
		{[]string{"J6-K5", "E10-E9", "K5-L4"}, false}, // after a loser's move the search does not keep
		{[]string{"C6-B5"}, true},                     // a draw: both sides'
		{[]string{"C6-B5", "I10-J9"}, true},
		{[]string{"C6-B5", "I10-J9", "B5-A4"}, true},
		{[]string{"D6-C5"}, false}, // the loser's
		{[]string{"I6-J5"}, false}, // no result
	} {
		if _, ok := b.Lookup(after(t, start, tc.line...).Key()); ok != tc.in {
			t.Errorf("after %v: in the book %v, want %v", tc.line, ok, tc.in)
		}
	}
	if e, ok := b.Lookup(after(t, start, "J6-K5").Key()); !ok || !e.Expanded {
		t.Errorf("after J6-K5: %+v, want expanded", e)
	}
	checkBook(t, b)
}

func TestBuiltBookIsConsistent(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.book")
	build(t, tinyConfig(60, 2), nil, out)
	b, _ := loadFile(t, out)
	checkBook(t, b)
}

// The book holds Camelot's positions: a game of another board is refused,
// not read on Camelot's (V8).
func TestBuildRefusesAGameOfAnotherBoard(t *testing.T) {
	games, err := record.Read(strings.NewReader("[Variant \"Cam\"]\n\n1. D5-D6 D9-D8 1-0\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Build(context.Background(), tinyConfig(5, 1), games, filepath.Join(t.TempDir(), "b.book"), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "Cam") {
		t.Errorf("error %v, want one naming Cam", err)
	}
}

// A book of every board builds through the same code: its positions are
// its board's, and every move it offers is legal there.
func TestBuildOnEveryBoard(t *testing.T) {
	if testing.Short() {
		// One thread a build: nothing here for the race detector (the race
		// run is -short), which made it 200 s of the CI's race run.
		t.Skip("the builds on every board are left to the full run")
	}
	for _, v := range game.Boards() {
		cfg := tinyConfig(12, 1)
		cfg.Variant = v
		out := filepath.Join(t.TempDir(), v.String()+".book")
		sum := build(t, cfg, nil, out)
		if sum.Positions < 12 || sum.Expanded < 1 {
			t.Errorf("%s: summary %+v", v, sum)
		}
		b, _ := loadFile(t, out)
		if b.Variant != v {
			t.Fatalf("%s: the book holds %s's positions", v, b.Variant)
		}
		checkBook(t, b)
		if sum := build(t, cfg, nil, out); sum.Resumed != sum.Positions {
			t.Errorf("%s: a second run resumed %d of %d positions", v, sum.Resumed, sum.Positions)
		}
	}
}
