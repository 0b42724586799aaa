package spsa

import (
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// TestMatchPlayerRules: under AbstractPlay's rules (V14) the batches'
// matches are played with -rules abstractplay, and the run's setup names
// the rule set; under the WCF's the command line and the setup are what
// they always were, so that older state files resume.
func TestMatchPlayerRules(t *testing.T) {
	m := &MatchPlayer{Engine: "camelot", Variant: "cam", Limit: "nodes=100", Openings: "o.cfen", Concurrency: 1}
	d := search.DefaultParams()
	wcf := m.Setup()
	if strings.Contains(wcf, "rules") || slices.Contains(m.args(d, d, 1, 1), "-rules") {
		t.Errorf("WCF: setup %q, args %q name the rules", wcf, m.args(d, d, 1, 1))
	}
	m.Rules = "wcf"
	if m.Setup() != wcf || slices.Contains(m.args(d, d, 1, 1), "-rules") {
		t.Errorf("-rules wcf: setup %q, want %q", m.Setup(), wcf)
	}
	m.Rules = "abstractplay"
	if s := m.Setup(); s != strings.Replace(wcf, "variant=cam ", "variant=cam rules=abstractplay ", 1) {
		t.Errorf("abstractplay setup %q", s)
	}
	args := m.args(d, d, 1, 1)
	if i := slices.Index(args, "-rules"); i < 0 || args[i+1] != "abstractplay" {
		t.Errorf("args %q: want -rules abstractplay", args)
	}
	if err := m.Check(1); err != nil {
		t.Errorf("Check: %v", err)
	}
	if !strings.Contains(m.Setup(), "rules="+game.AbstractPlay.String()) {
		t.Errorf("setup %q", m.Setup())
	}
}
