package parallel

import (
	"sync"
	"testing"
)

// The parts cover 0..n once each, in threads contiguous pieces.
func TestParts(t *testing.T) {
	for _, c := range []struct{ threads, n int }{{1, 10}, {2, 10}, {3, 10}, {4, 3}, {2, 0}} {
		var mu sync.Mutex
		seen := make([]int, c.n)
		parts := map[int][2]int{}
		Parts(c.threads, c.n, func(part, lo, hi int) {
			mu.Lock()
			defer mu.Unlock()
			parts[part] = [2]int{lo, hi}
			for i := lo; i < hi; i++ {
				seen[i]++
			}
		})
		for i, k := range seen {
			if k != 1 {
				t.Errorf("threads %d n %d: index %d run %d times", c.threads, c.n, i, k)
			}
		}
		if want := max(c.threads, 1); len(parts) != want {
			t.Errorf("threads %d n %d: %d parts", c.threads, c.n, len(parts))
		}
	}
}
