package gui

import (
	"sort"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/engineproc"
)

// infoLine is one line of the engine's thinking (API.md "info").
type infoLine struct {
	MultiPV int       `json:"multipv"`
	Depth   int       `json:"depth"`
	Score   scoreJSON `json:"score"`
	Nodes   int64     `json:"nodes"`
	NPS     int64     `json:"nps"`
	PV      []string  `json:"pv"`
}

type scoreJSON struct {
	CP   *int `json:"cp,omitempty"`
	Mate *int `json:"mate,omitempty"`
}

// parseInfo reads an info line with a score into its form for the page;
// ok is false for other info lines (strings, current move).
func parseInfo(line string) (in infoLine, ok bool) {
	pi, ok := engineproc.ParseInfo(line)
	in = infoLine{MultiPV: pi.MultiPV, Depth: pi.Depth, Nodes: pi.Nodes, NPS: pi.NPS, PV: pi.PV}
	if pi.Mate {
		in.Score.Mate = &pi.Score
	} else {
		in.Score.CP = &pi.Score
	}
	return in, ok
}

// coalescer keeps the latest info line of each PV and publishes them at
// most every infoInterval, so that a fast engine does not flood the page.
type coalescer struct {
	maxPV   int // lines of a higher multipv are not shown
	mu      sync.Mutex
	lines   map[int]infoLine
	dirty   bool
	publish func([]infoLine)
	quit    chan struct{}
	once    sync.Once
}

func newCoalescer(maxPV int, publish func([]infoLine)) *coalescer {
	c := &coalescer{maxPV: maxPV, lines: map[int]infoLine{}, publish: publish, quit: make(chan struct{})}
	go func() {
		t := time.NewTicker(infoInterval)
		defer t.Stop()
		for {
			select {
			case <-c.quit:
				return
			case <-t.C:
				c.flush()
			}
		}
	}()
	return c
}

// add takes an engine output line.
func (c *coalescer) add(line string) {
	in, ok := parseInfo(line)
	if !ok || in.MultiPV > c.maxPV {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lines[in.MultiPV] = in
	c.dirty = true
}

// flush publishes the lines if any changed.
func (c *coalescer) flush() {
	c.mu.Lock()
	if !c.dirty {
		c.mu.Unlock()
		return
	}
	c.dirty = false
	out := make([]infoLine, 0, len(c.lines))
	for _, in := range c.lines {
		out = append(out, in)
	}
	c.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].MultiPV < out[j].MultiPV })
	c.publish(out)
}

// stop ends the periodic flushing.
func (c *coalescer) stop() { c.once.Do(func() { close(c.quit) }) }

// publishInfo sends the engine's latest lines, unless the search they
// come from has been replaced or stopped since.
func (g *game) publishInfo(serial, ply int, white bool, lines []infoLine) {
	g.mu.Lock()
	current := serial == g.infoSerial && !g.ended
	g.mu.Unlock()
	if !current {
		return
	}
	g.hub.publish("info", struct {
		Lines []infoLine `json:"lines"`
		White bool       `json:"white"`
		Ply   int        `json:"ply"`
	}{lines, white, ply})
}
