package search

import (
	"strings"
	"testing"
)

// TestParamsSetAndChanged: Set takes a value in range by any case of the
// name and refuses others unchanged; Changed lists what differs from the
// defaults, in table order.
func TestParamsSetAndChanged(t *testing.T) {
	p := DefaultParams()
	if p.RFPMargin != 110 || p.LMRDivisor != 220 || p.TimeStable != 36 || len(p.Changed()) != 0 {
		t.Fatalf("defaults %+v, changed %v", p, p.Changed())
	}
	if err := p.Set("futilitymargin", 150); err != nil {
		t.Fatal(err)
	}
	if err := p.Set("RFPDepth", 5); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		name string
		v    int
		want string
	}{
		{"LMRDivisor", 99, "outside 100..500"},
		{"AspirationWindow", 201, "outside 5..200"},
		{"Depth", 3, `unknown search parameter "Depth"`},
	} {
		if err := p.Set(bad.name, bad.v); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Set(%s, %d): %v, want %q", bad.name, bad.v, err, bad.want)
		}
	}
	if got := strings.Join(p.Changed(), " "); got != "RFPDepth=5 FutilityMargin=150" {
		t.Errorf("Changed: %s", got)
	}
	if v, err := p.Get("FUTILITYMARGIN"); v != 150 || err != nil {
		t.Errorf("Get: %d, %v", v, err)
	}
	for _, d := range ParamTable {
		if d.Default < d.Min || d.Default > d.Max || d.CEnd <= 0 {
			t.Errorf("%s: default %d outside %d..%d or c_end %g", d.Name, d.Default, d.Min, d.Max, d.CEnd)
		}
	}
}
