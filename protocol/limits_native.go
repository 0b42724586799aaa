//go:build !(js && wasm)

package protocol

// Hash and Threads where the engine runs as a program.
const (
	defaultHash = 16
	maxHash     = 65536
	maxThreads  = 256
)
