// Package parallel runs a loop's parts on goroutines the same way every
// time, so that sums made of the parts' results do not change from run
// to run (the tuner and the trainer rely on it).
package parallel

import "sync"

// Parts splits 0..n into threads contiguous parts and runs fn on each in
// its own goroutine (t is the part's number), returning when all are
// done. The parts depend only on n and threads.
func Parts(threads, n int, fn func(t, lo, hi int)) {
	if threads <= 1 {
		fn(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for t := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(t, n*t/threads, n*(t+1)/threads)
		}()
	}
	wg.Wait()
}
