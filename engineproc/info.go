package engineproc

import (
	"strconv"
	"strings"
)

// Info is what an engine's `info` line with a score says about its
// search.
type Info struct {
	Depth   int
	MultiPV int // 1 when the line does not say
	Nodes   int64
	NPS     int64
	Mate    bool // Score is moves to mate (> 0: the engine wins) rather than centi-men
	Score   int
	Bound   string   // "lowerbound" or "upperbound" when Score is only a bound, else ""
	PV      []string // the moves of the line as the engine wrote them
}

// ParseInfo reads an `info` line of the protocol. ok is false for a line
// without a well-formed score: strings, the current move, a bare depth.
// Unknown fields and values that are not numbers are skipped.
func ParseInfo(line string) (in Info, ok bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return in, false
	}
	in.MultiPV, in.PV = 1, []string{}
	for i := 1; i < len(f); i++ {
		num := func() int64 {
			if i+1 >= len(f) {
				return 0
			}
			i++
			n, _ := strconv.ParseInt(f[i], 10, 64)
			return n
		}
		switch f[i] {
		case "depth":
			in.Depth = int(num())
		case "multipv":
			in.MultiPV = max(int(num()), 1)
		case "nodes":
			in.Nodes = num()
		case "nps":
			in.NPS = num()
		case "score":
			if i+2 < len(f) && (f[i+1] == "cp" || f[i+1] == "mate") {
				if n, err := strconv.Atoi(f[i+2]); err == nil {
					in.Mate, in.Score, ok = f[i+1] == "mate", n, true
				}
				i += 2
				if i+1 < len(f) && (f[i+1] == "lowerbound" || f[i+1] == "upperbound") {
					i++
					in.Bound = f[i]
				}
			}
		case "pv":
			in.PV = append(in.PV, f[i+1:]...)
			i = len(f)
		case "string":
			return in, false
		}
	}
	return in, ok
}
