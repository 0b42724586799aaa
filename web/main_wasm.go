//go:build js && wasm

// Command web is camelot compiled to WebAssembly for the static web
// page: the game logic of `camelot gui` (package gui's API) and the
// engine, run in a Web Worker, with the raw protocol beside them; under
// Node.js it speaks the protocol on stdin and stdout. Build the page with
// `make web` (go run ./web/build).
package main

import (
	"fmt"
	"io"
	"os"
	"syscall/js"

	"github.com/camelot-engine/camelot/bench"
	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/engineproc"
	"github.com/camelot-engine/camelot/gui"
	"github.com/camelot-engine/camelot/protocol"
)

func main() {
	if !js.Global().Get("WorkerGlobalScope").Truthy() {
		os.Exit(runCommand(os.Args[1:]))
	}
	w := newWorker(gui.NewAPI(engineproc.Config{Name: "engine", Run: runEngine}))
	js.Global().Call("camelotReady", js.FuncOf(func(_ js.Value, args []js.Value) any {
		w.receive(args[0])
		return nil
	}))
	select {} // the Worker lives as long as the page
}

// runEngine is one engine of a game, run in this Worker: the protocol on
// a new engine with the browser's defaults (one thread, a 32 MB table).
func runEngine(in io.Reader, out io.Writer) error {
	return newSession().Run(in, out)
}

func newSession() *protocol.Session {
	s := protocol.NewSession(boards.NewEngine(protocol.DefaultOptions()))
	s.BenchFunc = bench.Command
	return s
}

// runCommand is the program under Node.js: `bench [ARGS]` runs the
// benchmark (the same node count as the native build), anything else
// the protocol on stdin and stdout.
func runCommand(args []string) int {
	if len(args) > 0 && args[0] == "bench" {
		if err := bench.Command(os.Stdout, args[1:]); err != nil {
			fmt.Fprintln(os.Stderr, "camelot:", err)
			return 1
		}
		return 0
	}
	if err := newSession().Run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "camelot:", err)
		return 1
	}
	return 0
}
