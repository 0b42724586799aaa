package spsa

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/search"
)

// TestStateRoundTrip: a state written is read back the same.
func TestStateRoundTrip(t *testing.T) {
	st, _ := NewState(nil, search.DefaultParams(), 50, 0.002)
	st.Setup = "x"
	st.Apply(Step{K: 0, Flip: make([]float64, len(st.Params))}, 1, 1, 0, 1, 2)
	path := filepath.Join(t.TempDir(), "s.json")
	if err := WriteState(path, st); err != nil {
		t.Fatal(err)
	}
	got, err := ReadState(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Summary() != st.Summary() || got.Pairs != 1 || got.Losses != 1 || len(got.Params) != len(search.ParamTable) {
		t.Errorf("read back %+v", got)
	}
}

// TestBadStateFiles: each broken state file is refused, naming the fault.
func TestBadStateFiles(t *testing.T) {
	good := `{"version":1,"setup":"s","total_pairs":10,"alpha":0.602,"gamma":0.101,"a_frac":0.1,
	"params":[{"name":"RFPMargin","start":110,"value":110,"min":20,"max":300,"c_end":10,"r_end":0.002}],
	"pairs":0,"wins":0,"draws":0,"losses":0,"seconds":0,"batches":0}`
	for _, tc := range []struct{ edit, want string }{
		{"", ""},
		{`"version":1` + "|" + `"version":2`, "state version 2"},
		{`"total_pairs":10` + "|" + `"total_pairs":0`, "total_pairs 0"},
		{`"name":"RFPMargin"` + "|" + `"name":"Bogus"`, `unknown search parameter "Bogus"`},
		{`"value":110` + "|" + `"value":1000`, "value 1000 outside 20..300"},
		{`"max":300` + "|" + `"max":900`, "range 20..900 outside"},
		{`"c_end":10` + "|" + `"c_end":0`, "must be positive"},
		{`"pairs":0` + "|" + `"pairs":-1`, "negative counts"},
		{`"alpha":0.602` + "|" + `"alpha":7`, "out of range"},
		{`{` + "|" + `[`, "not an SPSA state file"},
	} {
		text := good
		if tc.edit != "" {
			from, to, _ := strings.Cut(tc.edit, "|")
			text = strings.Replace(good, from, to, 1)
		}
		path := filepath.Join(t.TempDir(), "s.json")
		os.WriteFile(path, []byte(text), 0o644)
		_, err := ReadState(path)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("good file: %v", err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.edit, err, tc.want)
		}
	}
}

// FuzzReadState: no state file crashes the reader, and one it accepts
// gives engines in range.
func FuzzReadState(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.json")
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "s.json")
		os.WriteFile(path, data, 0o644)
		st, err := ReadState(path)
		if err != nil {
			return
		}
		plus, minus := st.Engines(Step{K: st.Pairs, Flip: ones(len(st.Params))}, search.DefaultParams())
		for _, p := range []search.Params{plus, minus} {
			for _, d := range search.ParamTable {
				v, _ := p.Get(d.Name)
				if v < d.Min || v > d.Max {
					t.Fatalf("%s = %d outside %d..%d", d.Name, v, d.Min, d.Max)
				}
			}
		}
	})
}

func ones(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}
