package bench

import (
	"io"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// TestRulesArgs: -rules NAME (V14) sets the rule set of the suite's
// variant, before or after -variant, and a bad name is one error.
func TestRulesArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want game.Variant
	}{
		{[]string{"-rules", "abstractplay"}, game.Camelot.WithRules(game.AbstractPlay)},
		{[]string{"-rules=WCF", "2"}, game.Camelot},
		{[]string{"--rules", "AbstractPlay", "-variant", "cam"}, game.Cam.WithRules(game.AbstractPlay)},
		{[]string{"-variant", "chivalry", "-rules", "abstractplay"}, game.Chivalry.WithRules(game.AbstractPlay)},
	} {
		cfg, err := ParseArgs(c.args)
		if err != nil || cfg.Variant != c.want {
			t.Errorf("ParseArgs(%q) = %+v, %v; want variant %v under %v", c.args, cfg, err, c.want, c.want.Rules())
		}
	}
	if cfg, _ := ParseArgs([]string{"-variant", "chivalry", "-rules", "abstractplay"}); cfg.Depth != ChivalryDepth {
		t.Errorf("Chivalry under abstractplay: depth %d, want %d", cfg.Depth, ChivalryDepth)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-rules", "foo"}, `bench: -rules: unknown rules "foo" (want wcf or abstractplay)`},
		{[]string{"-rules"}, "bench: -rules needs a name: wcf or abstractplay"},
		{[]string{"-rules", "wcf", "-rules=wcf"}, "bench: -rules given twice"},
	} {
		if _, err := ParseArgs(c.args); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ParseArgs(%q): %v; want %q", c.args, err, c.want)
		}
	}
}

// TestRulesSignature: the same suite searched under AbstractPlay's rules
// visits other nodes (its Knights' canters, V14.1), so the rule set has a
// signature of its own; the WCF's stays what it is.
func TestRulesSignature(t *testing.T) {
	nodes := map[game.Rules]uint64{}
	for _, r := range game.AllRules() {
		cfg := DefaultConfig()
		cfg.Depth, cfg.HashMB, cfg.Variant = 3, 1, game.Camelot.WithRules(r)
		sum, err := Run(io.Discard, cfg)
		if err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		nodes[r] = sum.Nodes
	}
	if nodes[game.WCF] == nodes[game.AbstractPlay] {
		t.Errorf("depth 3: %d nodes under both rule sets; want AbstractPlay's to differ", nodes[game.WCF])
	}
	ps, err := PositionsOf(game.Cam.WithRules(game.AbstractPlay))
	if err != nil || ps[0].Pos.Variant() != game.Cam.WithRules(game.AbstractPlay) {
		t.Errorf("Cam's suite under abstractplay: %v, positions of %v", err, ps[0].Pos.Variant())
	}
	if SuiteFile(game.Cam.WithRules(game.AbstractPlay)) != "positions-cam.txt" || SuiteFile(game.Camelot.WithRules(game.AbstractPlay)) != "positions.txt" {
		t.Error("a suite's file depends on the rule set")
	}
}
