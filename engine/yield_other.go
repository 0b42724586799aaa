//go:build !(js && wasm)

package engine

// yieldToHost does nothing where goroutines run on threads of their own:
// the protocol's reader runs beside the search (see yield_js.go).
func yieldToHost() {}
