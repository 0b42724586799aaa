//go:build !(js && wasm)

// Command web is camelot compiled to WebAssembly for the static web
// page: the game logic of `camelot gui` (package gui's API) and the
// engine, run in a Web Worker, with the raw protocol beside them; under
// Node.js it speaks the protocol on stdin and stdout. Build the page with
// `make web` (go run ./web/build), not this package directly.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "web: this program runs as WebAssembly only: GOOS=js GOARCH=wasm go build ./web (make web builds the page)")
	os.Exit(2)
}
