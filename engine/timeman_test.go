package engine

import (
	"testing"
	"time"

	"github.com/camelot-engine/camelot/movegen"
)

// The flag, past which even the first iteration stops, comes after the
// hard limit and well before the clock falls; with a fixed move time it
// is that time.
func TestPlanTimeFlag(t *testing.T) {
	for _, l := range []Limits{
		{WTime: time.Second, WInc: 10 * time.Millisecond},
		{WTime: 300 * time.Millisecond, BTime: time.Second},
		{WTime: 5 * time.Second, MovesToGo: 1},
	} {
		b := planTime(l, movegen.White, 10*time.Millisecond, 30)
		if b.flag < b.hard || b.flag >= l.WTime-10*time.Millisecond {
			t.Errorf("%+v: hard %v, flag %v", l, b.hard, b.flag)
		}
	}
	if b := planTime(Limits{MoveTime: time.Second}, movegen.White, 0, 30); b.flag != time.Second {
		t.Errorf("move time: flag %v", b.flag)
	}
}
