package progress

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLineShowsCountsAndNote(t *testing.T) {
	b := New(&bytes.Buffer{}, "datagen", "games", 10, 40)
	b.Add(10)
	b.SetNote("500 positions")
	line := b.Line()
	for _, want := range []string{"datagen [", "20/40 games", "games/s", "left ", "500 positions", "############"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
}

// Not a terminal: nothing is drawn, so logs and pipes stay clean.
func TestSilentOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	b := New(&buf, "x", "items", 0, 5)
	b.Add(5)
	b.Done()
	if buf.Len() != 0 {
		t.Errorf("wrote %q to a non-terminal", buf.String())
	}
}

// A bar over files counts their bytes together; a missing file is refused.
func TestForFilesCountsBytes(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(a, make([]byte, 30), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, make([]byte, 12), 0o644); err != nil {
		t.Fatal(err)
	}
	bar, err := ForFiles(&bytes.Buffer{}, "loading", []string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	bar.Add(21)
	if line := bar.Line(); !strings.Contains(line, "21/42 bytes") {
		t.Errorf("line %q lacks 21/42 bytes", line)
	}
	if _, err := ForFiles(&bytes.Buffer{}, "loading", []string{a, filepath.Join(dir, "missing")}); err == nil {
		t.Error("a missing file was not refused")
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		12 * time.Second: "12s", 185 * time.Second: "3m05s", 3720 * time.Second: "1h02m",
	} {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
