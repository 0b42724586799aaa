package match

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// console serialises the runner's output: result lines on stdout,
// warnings and the debug log on stderr, and on a terminal a live progress
// line at the bottom of stdout that other output is printed above.
type console struct {
	mu       sync.Mutex
	stdout   io.Writer
	stderr   io.Writer
	terminal bool
	progress string // the progress line on screen ("" none)
	start    time.Time
}

func newConsole(stdout, stderr io.Writer, terminal bool) *console {
	return &console{stdout: stdout, stderr: stderr, terminal: terminal, start: time.Now()}
}

// clearProgress removes the progress line; the caller holds mu.
func (c *console) clearProgress() {
	if c.progress != "" {
		fmt.Fprint(c.stdout, "\r\x1b[K")
	}
}

// drawProgress shows the progress line again; the caller holds mu.
func (c *console) drawProgress() {
	if c.progress != "" {
		fmt.Fprint(c.stdout, "\r"+c.progress+"\x1b[K")
	}
}

// println prints lines on stdout.
func (c *console) println(lines ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearProgress()
	for _, l := range lines {
		fmt.Fprintln(c.stdout, l)
	}
	c.drawProgress()
}

// warn prints a warning line on stderr.
func (c *console) warn(format string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearProgress()
	fmt.Fprintln(c.stderr, "Warning: "+oneLine(fmt.Sprintf(format, a...)))
	c.drawProgress()
}

// setProgress replaces the progress line (terminal only).
func (c *console) setProgress(s string) {
	if !c.terminal {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.progress = s
	c.drawProgress()
}

// endProgress takes the progress line off the screen for good.
func (c *console) endProgress() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearProgress()
	c.progress = ""
}

// debug logs one line of engine traffic: dir is ">" for what the runner
// sent, "<" for what the engine printed, "<stderr" for its stderr.
func (c *console) debug(engine, dir, line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearProgress()
	fmt.Fprintf(c.stderr, "%8.3f %s %s %s\n", time.Since(c.start).Seconds(), engine, dir, line)
	c.drawProgress()
}

// oneLine keeps a message on one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}
