package protocol

import (
	"io"
	"strings"

	widebench "github.com/camelot-engine/camelot/internal/wide/bench"
	wideprotocol "github.com/camelot-engine/camelot/internal/wide/protocol"
	"github.com/camelot-engine/camelot/movegen"
)

// This file is the narrow build's hand-over to the wide grid (see
// internal/widegen): while UCI_Variant names a variant whose board does
// not fit movegen's 12-file grid (Chivalry, V2), every command goes to a
// session of internal/wide/protocol, the same protocol on the 14-file
// grid. The GUI sees one engine: one output, one set of options.

func init() {
	newGridRouter = func(s *Session) gridRouter { return &wideRouter{narrow: s} }
}

// wideRouter is a narrow session's way to its wide twin.
type wideRouter struct {
	narrow *Session
	wide   *wideprotocol.Session // made when first needed
	active bool                  // the wide session is in charge

	// setoptions holds every setoption line but UCI_Variant's, in order;
	// applied[0] and applied[1] count how many of them the narrow and the
	// wide session have run. The session taking charge runs the rest
	// quietly, so that both always end with the same options.
	setoptions []string
	applied    [2]int
}

func (r *wideRouter) route(cmd string, args []string, line string) (quit, handled bool) {
	if cmd == "setoption" {
		name, value, _, err := parseSetOption(args)
		if err == nil && strings.EqualFold(name, "SolutionPath") {
			// The table is Camette's, which this grid plays: this session
			// holds it whichever is in charge, and says how it went.
			if r.active {
				r.narrow.run(cmd, args, strings.Fields(line))
				return false, true
			}
			return false, false
		}
		if err == nil && strings.EqualFold(name, "UCI_Variant") {
			v, err := movegen.ParseVariant(value)
			switch {
			case err != nil: // the session in charge names the bad value
			case v.Playable():
				r.toNarrow()
				return false, false
			default:
				r.toWide()
			}
		} else {
			r.setoptions = append(r.setoptions, line)
			r.applied[r.index()] = len(r.setoptions)
		}
	}
	if !r.active {
		return false, false
	}
	if cmd == "quit" {
		return true, true // the narrow session's shutdown stops the wide one
	}
	return r.wide.Execute(line), true
}

func (r *wideRouter) index() int {
	if r.active {
		return 1
	}
	return 0
}

// toWide puts the wide session in charge, making it on first use.
func (r *wideRouter) toWide() {
	if r.active {
		return
	}
	r.narrow.stopSearch()
	if r.wide == nil {
		r.wide = wideprotocol.NewSession(nil)
		if r.narrow.BenchFunc != nil {
			r.wide.BenchFunc = widebench.Command
		}
		r.wide.Attach(gridWriter{r.narrow.out})
	}
	r.wide.SetCaps(r.narrow.Caps())
	for _, l := range r.setoptions[r.applied[1]:] {
		r.wide.ExecuteQuietly(l)
	}
	r.applied[1] = len(r.setoptions)
	r.active = true
}

// toNarrow gives the narrow session charge back.
func (r *wideRouter) toNarrow() {
	if !r.active {
		return
	}
	r.wide.Execute("ucinewgame") // stops its search and waits for its bestmove
	for _, l := range r.setoptions[r.applied[0]:] {
		r.narrow.ExecuteQuietly(l)
	}
	r.applied[0] = len(r.setoptions)
	r.active = false
}

func (r *wideRouter) shutdown() {
	if r.wide != nil {
		r.wide.Shutdown()
	}
}

// gridWriter passes the wide session's output to the narrow session's,
// one line per write (the wide output writes a line at a time), so that
// both share one lock and one record of a failed write.
type gridWriter struct{ out *output }

func (w gridWriter) Write(p []byte) (int, error) {
	w.out.line(strings.TrimSuffix(string(p), "\n"))
	if err := w.out.failure(); err != nil {
		return 0, err
	}
	return len(p), nil
}

var _ io.Writer = gridWriter{}
