// Package progress draws a one-line progress bar for long jobs (datagen,
// tuning, book builds) on a terminal: done/total, rate and time left. On
// anything that is not a terminal it prints nothing, so logs and tests
// stay clean.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Bar is a progress line. Its methods are safe for concurrent use.
type Bar struct {
	mu      sync.Mutex
	w       io.Writer
	label   string
	unit    string
	total   int64
	done    int64
	base    int64  // done when the bar was made (a resumed job): not in the rate
	note    string // shown after the rate
	start   time.Time
	last    time.Time
	enabled bool
}

// IsTerminal reports whether w is a character device such as a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// ForFiles returns a bar over the bytes of the files at paths, for jobs
// that read them through once; an unreadable file is the error.
func ForFiles(w io.Writer, label string, paths []string) (*Bar, error) {
	var total int64
	for _, path := range paths {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		total += fi.Size()
	}
	return New(w, label, "bytes", 0, total), nil
}

// New returns a bar counting towards total units (say "positions"),
// already at done (a resumed job). It draws on w only when w is a terminal.
func New(w io.Writer, label, unit string, done, total int64) *Bar {
	now := time.Now()
	return &Bar{w: w, label: label, unit: unit, total: total, done: done, base: done,
		start: now, enabled: IsTerminal(w)}
}

// Add counts n more units done and redraws at most a few times a second.
func (b *Bar) Add(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done += n
	if !b.enabled {
		return
	}
	if now := time.Now(); now.Sub(b.last) >= 200*time.Millisecond || b.done >= b.total {
		b.last = now
		fmt.Fprint(b.w, "\r"+b.line(now)+"\x1b[K")
	}
}

// SetNote sets a text shown after the bar's figures, such as a second rate.
func (b *Bar) SetNote(note string) {
	b.mu.Lock()
	b.note = note
	b.mu.Unlock()
}

// Done ends the bar's line.
func (b *Bar) Done() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.enabled {
		fmt.Fprintln(b.w, "\r"+b.line(time.Now())+"\x1b[K")
		b.enabled = false
	}
}

// Line returns the bar's text as it would be drawn now.
func (b *Bar) Line() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.line(time.Now())
}

func (b *Bar) line(now time.Time) string {
	const width = 24
	frac := 0.0
	if b.total > 0 {
		frac = min(float64(b.done)/float64(b.total), 1)
	}
	filled := int(frac * width)
	bar := strings.Repeat("#", filled) + strings.Repeat(".", width-filled)
	el := now.Sub(b.start).Seconds()
	rate := 0.0
	if el > 0 {
		rate = float64(b.done-b.base) / el
	}
	left := "--"
	if rate > 0 && b.total > b.done {
		left = FormatDuration(time.Duration(float64(b.total-b.done) / rate * float64(time.Second)))
	} else if b.done >= b.total {
		left = "0s"
	}
	line := fmt.Sprintf("%s [%s] %d/%d %s  %.1f %s/s  left %s",
		b.label, bar, b.done, b.total, b.unit, rate, b.unit, left)
	if b.note != "" {
		line += "  " + b.note
	}
	return line
}

// FormatDuration writes d as 1h02m, 3m05s or 12s.
func FormatDuration(d time.Duration) string {
	s := int(d.Seconds() + 0.5)
	switch {
	case s >= 3600:
		return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
	case s >= 60:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%ds", s)
}
