package movegen_test

import (
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// TestKeysArePinned holds position keys fixed. The opening book is keyed
// by them, so a key that changes with the platform, the Go version or a
// go-farm release would silently empty the book. Changing the key scheme
// on purpose means rebuilding the book and updating these values.
func TestKeysArePinned(t *testing.T) {
	for _, tc := range []struct {
		cfen string
		key  uint64
	}{
		{movegen.StartCFEN, 0x486ad57b87f5e524},
		// After E6-G8 (R5's example): side, board and move number change.
		{"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1", 0x5748c8001033051a},
		// The start position with Black to move differs by the side only.
		{"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 b 0/0 0 1", 0xd2a58d97d635a0f6},
		// Castle moves used count (R13); quiet plies and move number do not.
		{"1M/8/10/12/12/12/5m6/12/12/12/12/12/12/10/8/1n b 1/2 7 40", 0x1d91c4beb982a44c},
		{"1M/8/10/12/12/12/5m6/12/12/12/12/12/12/10/8/1n b 1/2 0 1", 0x1d91c4beb982a44c},
	} {
		p, err := movegen.ParseCFEN(tc.cfen)
		if err != nil {
			t.Fatalf("%s: %v", tc.cfen, err)
		}
		if p.Key != tc.key {
			t.Errorf("%s: key %#016x, want %#016x", tc.cfen, p.Key, tc.key)
		}
	}
}
