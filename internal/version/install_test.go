package version

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// installVersion is the made-up version of the module that
// TestGoInstallReportsModuleVersion serves from its own module proxy.
const installVersion = "v1.2.3-installtest"

// go install MODULE@VERSION, the Go user's way to get camelot, builds with
// no ldflags: camelot version must still say VERSION. The test serves the
// working tree as that version of the module from a file:// module proxy
// (the dependencies come from the local module cache, or the regular
// proxy), installs it into a temporary GOBIN and runs camelot version.
func TestGoInstallReportsModuleVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("go install of the whole module is skipped under -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on the PATH")
	}
	root := filepath.Dir(goOutput(t, goBin, ".", nil, "env", "GOMOD"))
	modPath := strings.TrimSpace(goOutput(t, goBin, root, nil, "list", "-m"))
	realCache := strings.TrimSpace(goOutput(t, goBin, root, nil, "env", "GOMODCACHE"))

	tmp := t.TempDir()
	proxy := filepath.Join(tmp, "proxy")
	writeModuleVersion(t, goBin, root, modPath, proxy)

	gobin := filepath.Join(tmp, "bin")
	env := []string{
		"GOPROXY=" + fileURL(proxy) + "," + fileURL(filepath.Join(realCache, "cache", "download")) + ",https://proxy.golang.org",
		"GOMODCACHE=" + filepath.Join(tmp, "modcache"), // the made-up version stays out of the real cache
		"GOFLAGS=-modcacherw",                          // so that the temporary folder can be removed
		// The checksum database knows no made-up version; the dependencies
		// in the module cache were checked when they were downloaded.
		"GOSUMDB=off",
		"GOPRIVATE=", "GONOPROXY=", "GOWORK=off", "GOTOOLCHAIN=local",
		"GOBIN=" + gobin,
	}
	goOutput(t, goBin, tmp, env, "install", modPath+"@"+installVersion)

	out, err := exec.Command(filepath.Join(gobin, "camelot"), "version").CombinedOutput()
	if err != nil {
		t.Fatalf("camelot version: %v\n%s", err, out)
	}
	if got, want := strings.TrimSpace(string(out)), "camelot "+installVersion; got != want {
		t.Errorf("camelot version of a go install build says %q, want %q", got, want)
	}
}

// goOutput runs the go command in dir with env added and returns its
// standard output; a failure ends the test.
func goOutput(t *testing.T, goBin, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(goBin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.TrimSpace(string(out))
}

func fileURL(dir string) string {
	return "file://" + filepath.ToSlash(dir)
}

// writeModuleVersion lays out the module of root as modPath@installVersion
// in a file:// module proxy: @v/list, .info, .mod and the module zip,
// whose files sit under modPath@installVersion/. The zip holds go.mod,
// go.sum, LICENSE and the files of the packages that the main package is
// built from (go list -deps), embedded files included.
func writeModuleVersion(t *testing.T, goBin, root, modPath, proxy string) {
	t.Helper()
	files := map[string]bool{"go.mod": true, "go.sum": true, "LICENSE": true}
	type pkg struct {
		Dir    string
		Module *struct{ Path string }
		GoFiles, CgoFiles, CFiles, HFiles, SFiles, SysoFiles,
		EmbedFiles []string
	}
	dec := json.NewDecoder(strings.NewReader(goOutput(t, goBin, root, nil, "list", "-deps", "-json", ".")))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Module == nil || p.Module.Path != modPath {
			continue
		}
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.HFiles, p.SFiles, p.SysoFiles, p.EmbedFiles} {
			for _, f := range list {
				files[filepath.ToSlash(filepath.Join(rel, f))] = true
			}
		}
	}

	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if errors.Is(err, os.ErrNotExist) && name == "LICENSE" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(modPath + "@" + installVersion + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}

	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(proxy, filepath.FromSlash(modPath), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"list":                   []byte(installVersion + "\n"),
		installVersion + ".info": []byte(`{"Version":"` + installVersion + `","Time":"2026-01-02T03:04:05Z"}`),
		installVersion + ".mod":  goMod,
		installVersion + ".zip":  buf.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
