//go:build js && wasm

package engine

import (
	"sync"
	"syscall/js"
	"time"
)

// hostYieldEvery is how often a search hands the thread back to the host.
// On js/wasm every goroutine shares the host's one thread, and the host
// delivers a message (a `stop`, a click in the page) only when every
// goroutine is blocked: runtime.Gosched switches goroutines but never
// returns to the host. So the search blocks now and then until a message
// it posts to itself comes back, after whatever the host had queued
// before it. A MessageChannel round trip costs tens of microseconds,
// where a timer would cost at least the host's 4 ms clamp, so the yield
// can come often enough for the page to answer a click at once.
const hostYieldEvery = 20 * time.Millisecond

var host struct {
	mu   sync.Mutex // one yield at a time: one message in flight
	port js.Value   // posting on it wakes the yielding goroutine
	wake chan struct{}
	last time.Time
}

func init() {
	mc := js.Global().Get("MessageChannel")
	if mc.IsUndefined() {
		return // no way to yield: a host without MessageChannel
	}
	ch := mc.New()
	host.wake = make(chan struct{}, 1)
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case host.wake <- struct{}{}:
		default:
		}
		return nil
	}))
	host.port = ch.Get("port2")
}

// yieldToHost lets the host run its queued events if the last yield was
// hostYieldEvery ago.
func yieldToHost() {
	if host.wake == nil || !features.hostYield {
		return
	}
	host.mu.Lock()
	defer host.mu.Unlock()
	if time.Since(host.last) < hostYieldEvery {
		return
	}
	host.port.Call("postMessage", js.Null())
	<-host.wake
	host.last = time.Now()
}
