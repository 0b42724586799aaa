package cli

import (
	"bufio"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBuiltBinaryTranscript drives the real camelot binary over its pipes,
// as a GUI does: the protocol answers, errors keep the engine usable, and
// quit ends the process cleanly.
func TestBuiltBinaryTranscript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "camelot")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(s string) {
		if _, err := io.WriteString(stdin, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(prefix string) string {
		t.Helper()
		deadline := time.After(20 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("output ended before %q", prefix)
				}
				if strings.HasPrefix(l, prefix) {
					return l
				}
			case <-deadline:
				t.Fatalf("no %q within 20 s", prefix)
			}
		}
	}
	send("uci")
	expect("uciok")
	send("isready")
	expect("readyok")
	send("position startpos moves E6-G8 E6-G8")
	if l := expect("info string error"); !strings.Contains(l, "E6-G8") {
		t.Errorf("error line %q does not name the move", l)
	}
	send("d")
	if l := expect("CFEN:"); !strings.Contains(l, " b 0/0 1 1") {
		t.Errorf("after the rejected second move: %q; want the position after E6-G8, Black to move", l)
	}
	send("frobnicate")
	expect(`info string error: unknown command "frobnicate"`)
	send("setoption name Threads value 2")
	send("go depth 4")
	expect("info depth 4")
	if l := expect("bestmove "); len(strings.Fields(l)) < 2 {
		t.Errorf("bad bestmove line %q", l)
	}
	send("go infinite")
	send("isready")
	expect("readyok")
	send("stop")
	expect("bestmove ")
	send("quit")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("camelot exited with %v", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("camelot did not exit after quit")
	}
}

// A release build says its stamped version everywhere: camelot version,
// -version, the protocol's banner and id name.
func TestStampedVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "camelot")
	stamp := "-X github.com/camelot-engine/camelot/internal/version.Release=9.8.7-test"
	if out, err := exec.Command("go", "build", "-ldflags", stamp, "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		out, err := exec.Command(bin, args...).Output()
		if err != nil || string(out) != "camelot 9.8.7-test\n" {
			t.Errorf("camelot %s: %q, %v; want \"camelot 9.8.7-test\"", args[0], out, err)
		}
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(out), "\n")
	if lines[0] != "Camelot 9.8.7-test by The Camelot engine authors" || lines[1] != "id name Camelot 9.8.7-test" {
		t.Errorf("protocol start: %q", lines[:2])
	}
	if out, err := exec.Command(bin, "version", "extra").CombinedOutput(); err == nil || !strings.Contains(string(out), `unexpected argument "extra"`) {
		t.Errorf("camelot version extra: %q, %v", out, err)
	}
}
