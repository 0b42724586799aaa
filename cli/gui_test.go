package cli

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestGUIBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"gui", "-bogus"},
		{"gui", "-addr"},
		{"gui", "extra"},
		{"gui", "-engine-arg", "x"},
		{"gui", "-engine", "a", "-engine", "b"},
		{"gui", "-addr", "no-port"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(args, strings.NewReader(""), &stdout, &stderr)
		if code != 2 || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
}

// The built binary prints the page's URL as its first line, serves the
// page, and ends cleanly on Ctrl-C.
func TestGUIServesAndStops(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds the binary; needs SIGINT")
	}
	bin := filepath.Join(t.TempDir(), "camelot")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "gui", "-addr", "127.0.0.1:0")
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	first, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := strings.TrimSuffix(first, "\n")
	if !regexp.MustCompile(`^http://127\.0\.0\.1:[0-9]+/$`).MatchString(url) {
		t.Fatalf("first line %q is not the page's URL", first)
	}
	resp, err := http.Get(url + "api/board")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"squares"`) {
		t.Errorf("GET /api/board: %d %s", resp.StatusCode, body)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit after Ctrl-C: %v; stderr %q", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("still running 10 s after Ctrl-C")
	}
}
