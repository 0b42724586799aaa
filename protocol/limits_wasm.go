//go:build js && wasm

package protocol

// Hash and Threads in a browser: WebAssembly in Go has one thread, so
// more search threads would only take turns, and the table is kept to
// what a phone can give a page.
const (
	defaultHash = 32
	maxHash     = 256
	maxThreads  = 1
)
