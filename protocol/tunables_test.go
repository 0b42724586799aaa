package protocol

import (
	"fmt"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/search"
)

// TestUCITuneAnnouncesParams: with ShowTunables (camelot uci -tune) the
// reply to uci ends with one spin option per search parameter, in the
// table's order, so that a match runner may set them; without it they
// are not announced (TestUCIHandshake) but still accepted.
func TestUCITuneAnnouncesParams(t *testing.T) {
	s := NewSession(boards.NewEngine(search.Options{Hash: 4, Threads: 1}))
	s.ShowTunables = true
	c := newClientSession(t, s)
	c.send("uci")
	got := c.expect("uciok")
	var want []string
	for _, p := range search.ParamTable {
		want = append(want, fmt.Sprintf("option name %s type spin default %d min %d max %d", p.Name, p.Default, p.Min, p.Max))
	}
	want = append(want, "uciok")
	tail := got[len(got)-len(want):]
	if strings.Join(tail, "\n") != strings.Join(want, "\n") {
		t.Errorf("uci -tune ends with\n%s\nwant\n%s", strings.Join(tail, "\n"), strings.Join(want, "\n"))
	}
}

// TestParamsReachTheSearch: a search parameter set by setoption changes
// the search (the node count of a fixed-depth search), and setting it
// back restores the default search exactly.
func TestParamsReachTheSearch(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name OwnBook value false")
	nodes := func() string {
		t.Helper()
		c.send("ucinewgame")
		c.send("position startpos")
		c.send("go depth 7")
		var last string
		for _, l := range c.expectPrefix("bestmove") {
			if i := strings.Index(l, " nodes "); i >= 0 && strings.HasPrefix(l, "info depth 7 ") {
				last = strings.Fields(l[i:])[1]
			}
		}
		if last == "" {
			t.Fatal("no depth 7 line")
		}
		return last
	}
	def := nodes()
	c.quiet("setoption name LMPBase value 20")
	c.quiet("setoption name FutilityDepth value 0")
	if changed := nodes(); changed == def {
		t.Errorf("LMPBase 20 and FutilityDepth 0 searched %s nodes, as the defaults", changed)
	}
	c.quiet("setoption name LMPBase value 4")
	c.quiet("setoption name FutilityDepth value 2")
	if back := nodes(); back != def {
		t.Errorf("back at the defaults: %s nodes, want %s", back, def)
	}
}
