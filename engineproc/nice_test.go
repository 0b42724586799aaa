//go:build linux

package engineproc

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// An engine started with Nice runs at that much lower priority, in every
// thread it has (field 19 of /proc/PID/task/TID/stat is the nice value).
func TestNiceLowersEveryThread(t *testing.T) {
	if _, err := exec.LookPath("nice"); err != nil {
		t.Skip("no nice(1) here")
	}
	cfg := helperConfig(t)
	cfg.Nice = 7
	p, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	// Niceness adds up: under `nice make test` the engine runs at the
	// test's own niceness plus 7.
	own, err := strconv.Atoi(niceOf(t, "/proc/self/stat"))
	if err != nil {
		t.Fatal(err)
	}
	want := strconv.Itoa(min(own+7, 19))
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(p.Pid()) + "/task")
	if err != nil || len(tasks) == 0 {
		t.Fatalf("threads of the engine: %v", err)
	}
	for _, task := range tasks {
		if nice := niceOf(t, "/proc/"+strconv.Itoa(p.Pid())+"/task/"+task.Name()+"/stat"); nice != want {
			t.Errorf("thread %s runs at nice %s, want %s", task.Name(), nice, want)
		}
	}
	if err := p.Sync(context.Background(), nil); err != nil {
		t.Errorf("the niced engine does not answer: %v", err)
	}
}

// niceOf reads the nice value from a /proc stat file.
func niceOf(t *testing.T, path string) string {
	t.Helper()
	stat, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The command name (field 2) may hold spaces; count from its ')'.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return fields[16]
}
