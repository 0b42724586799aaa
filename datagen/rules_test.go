package datagen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// Under AbstractPlay's rules (V14) the settings line names the rule set
// after the variant, SettingsRules reads it back, the positions are read
// as the board's (shared by both rule sets), and the games end although
// no draw is automatic: a side claims where it may and sees no better.
func TestRulesRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ap.txt")
	cfg := tiny(2, 2)
	cfg.Games, cfg.Nodes, cfg.VerifyNodes = 4, 100, 100
	cfg.Variant = game.Camette.WithRules(game.AbstractPlay)
	sum := run(t, cfg, path)
	if sum.Games != 4 {
		t.Fatalf("%d games, want 4", sum.Games)
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(string(data), "\n")
	if !strings.HasSuffix(lines[1], " variant=camette rules=abstractplay") {
		t.Fatalf("settings line %q", lines[1])
	}
	if r, err := SettingsRules(lines[1]); r != game.AbstractPlay || err != nil {
		t.Errorf("SettingsRules: %v, %v", r, err)
	}
	if v, err := SettingsVariant(lines[1]); v != game.Camette || err != nil {
		t.Errorf("SettingsVariant: %v, %v; want the board, Camette", v, err)
	}
	if r, err := SettingsRules("# seed=1 games=1"); r != game.WCF || err != nil {
		t.Errorf("SettingsRules of a WCF line: %v, %v", r, err)
	}
	if _, err := SettingsRules("# seed=1 rules=nosuch"); err == nil {
		t.Error("SettingsRules accepted rules=nosuch")
	}
	f, _ := os.Open(path)
	defer f.Close()
	n := 0
	if err := Scan(f, path, func(r Record) error {
		n++
		if r.Pos.Variant() != game.Camette {
			t.Errorf("record on %v", r.Pos.Variant())
		}
		return nil
	}); err != nil || n == 0 {
		t.Errorf("Scan: %d records, %v", n, err)
	}
	// The same settings under the WCF's rules are another file's.
	cfg.Variant = game.Camette
	if _, err := Run(t.Context(), cfg, path, nil); err == nil || !strings.Contains(err.Error(), "a file of games under abstractplay rules, this run plays under wcf (V14)") {
		t.Errorf("resuming under wcf: %v", err)
	}
}
