package engineproc

import (
	"slices"
	"testing"
)

func TestParseInfo(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Info
		ok   bool
	}{
		{"info depth 8 seldepth 21 multipv 2 score cp 15 nodes 447734 nps 1181799 hashfull 42 time 378 pv J6-H8 H11-H9",
			Info{Depth: 8, MultiPV: 2, Nodes: 447734, NPS: 1181799, Score: 15, PV: []string{"J6-H8", "H11-H9"}}, true},
		{"info depth 9 seldepth 20 multipv 1 score cp 40 lowerbound nodes 9000 nps 1000 hashfull 1 time 9 pv C6-E8",
			Info{Depth: 9, MultiPV: 1, Nodes: 9000, NPS: 1000, Score: 40, Bound: "lowerbound", PV: []string{"C6-E8"}}, true},
		{"info depth 9 score mate -3 upperbound pv C6-E8",
			Info{Depth: 9, MultiPV: 1, Mate: true, Score: -3, Bound: "upperbound", PV: []string{"C6-E8"}}, true},
		{"info depth 13 seldepth 13 multipv 1 score cp -4 nodes 0 nps 0 hashfull 0 time 0 pv E6-G8",
			Info{Depth: 13, MultiPV: 1, Score: -4, PV: []string{"E6-G8"}}, true},
		{"info string book move E6-G8 score cp -4 depth 13 weight 10.3%", Info{}, false},
		{"info depth 3 score cp", Info{}, false},
	} {
		got, ok := ParseInfo(tc.line)
		if ok != tc.ok {
			t.Errorf("%q: ok %t, want %t", tc.line, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if got.Depth != tc.want.Depth || got.MultiPV != tc.want.MultiPV || got.Nodes != tc.want.Nodes || got.NPS != tc.want.NPS ||
			got.Mate != tc.want.Mate || got.Score != tc.want.Score || got.Bound != tc.want.Bound || !slices.Equal(got.PV, tc.want.PV) {
			t.Errorf("%q: got %+v, want %+v", tc.line, got, tc.want)
		}
	}
}
