package main

import (
	"bufio"
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/bench"
	"github.com/camelot-engine/camelot/gui"
)

// nodeRunner returns node and the toolchain's wasm_exec_node.js, skipping
// the test where node is missing (failing it under CI, which installs it).
func nodeRunner(t *testing.T) (node, wasmExec string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the WebAssembly module")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed; CI must run the WebAssembly tests")
		}
		t.Skip("NOTICE: node is not installed; WebAssembly tests skipped")
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	wasmExec = filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec_node.js")
	if _, err := os.Stat(wasmExec); err != nil {
		t.Skipf("no %s", wasmExec)
	}
	return node, wasmExec
}

func module(t *testing.T) string {
	t.Helper()
	wasm, err := compile("")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "camelot.wasm")
	if err := os.WriteFile(path, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var nodesRE = regexp.MustCompile(`Nodes searched: (\d+)`)

// The WebAssembly build searches the same tree as the native one: its
// bench gives the same node count, the engine's signature.
func TestWasmBenchSignature(t *testing.T) {
	node, wasmExec := nodeRunner(t)
	mod := module(t)
	out, err := exec.Command(node, wasmExec, mod, "bench", "7").CombinedOutput()
	if err != nil {
		t.Fatalf("bench under node: %v\n%s", err, out)
	}
	var native bytes.Buffer
	if err := bench.Command(&native, []string{"7"}); err != nil {
		t.Fatal(err)
	}
	got, want := nodesRE.FindSubmatch(out), nodesRE.FindSubmatch(native.Bytes())
	if got == nil || want == nil || string(got[1]) != string(want[1]) {
		t.Fatalf("WebAssembly bench: %q, native: %q", got, want)
	}
	t.Logf("bench 7: %s nodes in both builds", got[1])
}

// On js/wasm a search hands the thread back to the host now and then, so
// a `stop` sent during `go infinite` is read at once and the engine
// answers. (Without that, node delivers the stop only when the search
// blocks on writing its next line, a second or more later at depth 10; a
// browser's Worker never does: TestBrowserWorkerProtocol in gui.)
func TestWasmStopIsRead(t *testing.T) {
	node, wasmExec := nodeRunner(t)
	cmd := exec.Command(node, wasmExec, module(t))
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	expect := func(prefix string, within time.Duration) {
		t.Helper()
		deadline := time.After(within)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("output ended before %q", prefix)
				}
				if strings.HasPrefix(l, prefix) {
					return
				}
			case <-deadline:
				t.Fatalf("no %q within %v", prefix, within)
			}
		}
	}
	_, _ = io.WriteString(stdin, "uci\nposition startpos\ngo infinite\n")
	expect("info depth 6 ", 60*time.Second)
	start := time.Now()
	_, _ = io.WriteString(stdin, "stop\n")
	expect("bestmove ", 10*time.Second)
	t.Logf("stop to bestmove under node: %v", time.Since(start).Round(time.Millisecond))
	_, _ = io.WriteString(stdin, "quit\n")
}

// The static page's index.html names the Worker as its back end, and the
// page of camelot gui the server; nothing else in it changes.
func TestStaticIndex(t *testing.T) {
	page, err := fs.ReadFile(gui.Page(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(serverMarker)) {
		t.Fatalf("the server's index.html lacks %s", serverMarker)
	}
	got, err := staticIndex(page)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte(serverMarker)) || !bytes.Contains(got, []byte(workerMarker)) {
		t.Errorf("the static index.html is not marked for the Worker")
	}
	if back := bytes.Replace(got, []byte(workerMarker), []byte(serverMarker), 1); !bytes.Equal(back, page) {
		t.Errorf("staticIndex changed more than the marker")
	}
	if _, err := staticIndex([]byte("<html></html>")); err == nil {
		t.Errorf("a page without the marker was accepted")
	}
}
