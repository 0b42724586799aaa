package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A match played as shards (-shard K/N -results FILE) and merged gives the
// summary of the same match played as one run, count for count: the
// games are node-limited, so each is the same game either way. A partial
// or doubled set of shards is said, with a non-zero exit.
func TestShardsMergeToOneRun(t *testing.T) {
	openings, err := filepath.Abs("../testdata/openings/balanced.cfen")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	match := []string{
		"-engine", "cmd=" + camelotBin, "name=Alpha",
		"-engine", "cmd=" + camelotBin, "name=Beta",
		"-each", "nodes=3000", "option.Threads=1", "option.Hash=1",
		"-games", "10", "-concurrency", "2",
		"-openings", "file=" + openings, "order=random", "-srand", "17",
		"-sprt", "elo0=0", "elo1=20",
	}
	// One run (its SPRT cannot stop 10 games this close).
	code, whole, errOut := runMatch(t, context.Background(), false, append(match, "-results", filepath.Join(dir, "whole.json"))...)
	if code != 0 {
		t.Fatalf("one run: exit %d\n%s\n%s", code, whole, errOut)
	}
	var files []string
	for k := 1; k <= 3; k++ {
		f := filepath.Join(dir, "shard"+string(rune('0'+k))+".json")
		files = append(files, f)
		code, out, errOut := runMatch(t, context.Background(), false, append(match, "-shard", string(rune('0'+k))+"/3", "-results", f)...)
		if code != 0 {
			t.Fatalf("shard %d: exit %d\n%s\n%s", k, code, out, errOut)
		}
		if _, _, _, n := finalScore(t, out); n != []int{4, 4, 2}[k-1] {
			t.Errorf("shard %d/3 played %d games, want its pairs' %d", k, n, []int{4, 4, 2}[k-1])
		}
	}
	code, merged, errOut := runMatch(t, context.Background(), false, append([]string{"merge"}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s\n%s", code, merged, errOut)
	}
	if !strings.HasPrefix(merged, "Merged 3 shards: 10 games of 10\n") {
		t.Errorf("merge output:\n%s", merged)
	}
	wantLines := summaryOf(whole)
	if got := summaryOf(merged); got != wantLines {
		t.Errorf("merged summary:\n%s\nwant the one run's:\n%s", got, wantLines)
	}

	// Incomplete sets: a shard missing, one given twice, another match's.
	code, _, errOut = runMatch(t, context.Background(), false, "merge", files[0], files[2])
	if code != 1 || !strings.Contains(errOut, "missing 1 shard: 2/3") {
		t.Errorf("a missing shard: exit %d, %q", code, errOut)
	}
	code, _, errOut = runMatch(t, context.Background(), false, "merge", files[0], files[1], files[2], files[1])
	if code != 1 || !strings.Contains(errOut, "shard 2/3 is given 2 times") {
		t.Errorf("a doubled shard: exit %d, %q", code, errOut)
	}
	code, _, errOut = runMatch(t, context.Background(), false, "merge", files[0], filepath.Join(dir, "whole.json"))
	if code != 1 || !strings.Contains(errOut, "is of another match") {
		t.Errorf("another match's file: exit %d, %q", code, errOut)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "something else"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runMatch(t, context.Background(), false, "merge", bad); code != 1 || !strings.Contains(errOut, "not a shard's results file") {
		t.Errorf("a foreign file: exit %d, %q", code, errOut)
	}
	for _, args := range [][]string{{"-shard", "4/3"}, {"-shard", "x"}, {"-shard", "0/2"}} {
		if code, _, errOut := runMatch(t, context.Background(), false, append(match, args...)...); code != 2 || !strings.Contains(errOut, "-shard") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// summaryOf returns the summary lines at the end of a match's output: from
// the last Score line on.
func summaryOf(out string) string {
	i := strings.LastIndex(out, "Score of ")
	if i < 0 {
		return ""
	}
	return out[i:]
}

// FuzzReadShard: a results file of any content is read or refused with an
// error naming the file; one read holds only games of its shard.
func FuzzReadShard(f *testing.F) {
	f.Add(`{"format": "camelot-match-shard 1", "match": "ab", "shard": 1, "shards": 2, "games": 4, "engines": ["A", "B"], "complete": true, "outcomes": [{"game": 1, "outcome": "w"}, {"game": 2, "outcome": "d"}]}`)
	f.Add(`{"format": "camelot-match-shard 1", "shard": 3, "shards": 2, "games": 4}`)
	f.Add(`{"format": "camelot-match-shard 1", "shard": 1, "shards": 1, "games": 2, "outcomes": [{"game": 3, "outcome": "w"}]}`)
	f.Add(`{"format": "camelot-match-shard 1", "shard": 1, "shards": 1, "games": 2, "sprt": {"Elo0": 5, "Elo1": 0, "Alpha": 0.05, "Beta": 0.05}}`)
	f.Add(`not json`)
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "r.json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := readShard(path)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		cfg := Config{Games: s.Games, Shard: s.Shard, Shards: s.Shards}
		for _, g := range s.Outcomes {
			if !cfg.inShard(g.Game) || g.Game > s.Games {
				t.Fatalf("game %d read into shard %d/%d", g.Game, s.Shard, s.Shards)
			}
		}
	})
}
