package engine

import (
	"strings"
	"testing"
)

// TestApplyDisable: each name switches off its heuristic and nothing
// else; an unknown name is an error naming it.
func TestApplyDisable(t *testing.T) {
	saved := features
	defer func() { features = saved }()

	if err := applyDisable("nullmove, lmr"); err != nil {
		t.Fatal(err)
	}
	if features.nullMove || features.lmr || !features.rfp || !features.pruning || !features.forcedExt {
		t.Errorf("after nullmove,lmr: %+v", features)
	}
	features = saved
	if err := applyDisable("rfp,pruning,forcedext"); err != nil {
		t.Fatal(err)
	}
	if !features.nullMove || !features.lmr || features.rfp || features.pruning || features.forcedExt {
		t.Errorf("after rfp,pruning,forcedext: %+v", features)
	}
	err := applyDisable("lmr,nulmove")
	if err == nil || !strings.Contains(err.Error(), `"nulmove"`) {
		t.Errorf("unknown name: got %v", err)
	}
}
