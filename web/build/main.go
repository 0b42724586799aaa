// Command build writes the static web page: the page of `camelot gui`
// (the same files, from package gui, with index.html marked to use its
// Worker instead of the server), worker.js's WebAssembly module
// (package web, gzip-compressed) and the Go toolchain's wasm_exec.js, in
// one folder that any static file host can serve.
//
//	go run ./web/build [-out dist/web] [-version V]
//
// `make web` runs it. The folder is written beside its final place and
// renamed into it, so a failed build leaves the last one as it was.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/camelot-engine/camelot/gui"
)

func main() {
	out := flag.String("out", "dist/web", "the folder to write (replaced)")
	version := flag.String("version", "", "the release version to stamp (default: what the build records)")
	flag.Parse()
	if err := build(*out, *version); err != nil {
		fmt.Fprintln(os.Stderr, "web/build:", err)
		os.Exit(1)
	}
}

func build(out, version string) error {
	tmp := out + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	if err := fs.WalkDir(gui.Page(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(gui.Page(), name)
		if err != nil {
			return err
		}
		if name == "index.html" {
			if data, err = staticIndex(data); err != nil {
				return err
			}
		}
		return write(filepath.Join(tmp, name), data)
	}); err != nil {
		return err
	}
	if err := copyWasmExec(tmp); err != nil {
		return err
	}
	wasm, err := compile(version)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // no name, no time: the same bytes every build
	if _, err := zw.Write(wasm); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := write(filepath.Join(tmp, "camelot.wasm.gz"), gz.Bytes()); err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	return report(out, len(wasm))
}

// The page's back-end marker (gui/web/index.html, read by api.js): the
// server's page says "server"; the static page talks to its Worker.
const (
	serverMarker = `<meta name="camelot-backend" content="server">`
	workerMarker = `<meta name="camelot-backend" content="worker">`
)

// staticIndex turns the server's index.html into the static page's: the
// marker tells the page its back end is the Worker, so that it never asks
// the host for an API it does not have.
func staticIndex(page []byte) ([]byte, error) {
	if n := bytes.Count(page, []byte(serverMarker)); n != 1 {
		return nil, fmt.Errorf("index.html has %d back-end markers %s, want 1", n, serverMarker)
	}
	return bytes.Replace(page, []byte(serverMarker), []byte(workerMarker), 1), nil
}

// compile builds package web for js/wasm and returns the module.
func compile(version string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "camelot-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "camelot.wasm")
	ldflags := "-s -w"
	if version != "" {
		ldflags += " -X github.com/camelot-engine/camelot/internal/version.Release=" + version
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", ldflags, "-o", bin, "github.com/camelot-engine/camelot/web")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build for js/wasm: %v\n%s", err, msg)
	}
	return os.ReadFile(bin)
}

// copyWasmExec copies the toolchain's wasm_exec.js, which must match the
// Go that compiled the module.
func copyWasmExec(dir string) error {
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(root))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if data, err := os.ReadFile(filepath.Join(goroot, p)); err == nil {
			return write(filepath.Join(dir, "wasm_exec.js"), data)
		}
	}
	return fmt.Errorf("no wasm_exec.js in %s", goroot)
}

func write(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// report prints the folder's files, its size and its size gzipped (each
// file as a host would send it compressed; the module is already).
func report(dir string, wasmBytes int) error {
	var total, zipped int
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		total += len(data)
		if strings.HasSuffix(p, ".gz") {
			zipped += len(data)
		} else {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			zw.Write(data)
			zw.Close()
			zipped += b.Len()
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d bytes (WebAssembly module %d bytes before compression), %d bytes gzipped\n", dir, total, wasmBytes, zipped)
	return nil
}
