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
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(p.Pid()) + "/task")
	if err != nil || len(tasks) == 0 {
		t.Fatalf("threads of the engine: %v", err)
	}
	for _, task := range tasks {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/task/" + task.Name() + "/stat")
		if err != nil {
			t.Fatal(err)
		}
		// The command name (field 2) may hold spaces; count from its ')'.
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if nice := fields[16]; nice != "7" {
			t.Errorf("thread %s runs at nice %s, want 7", task.Name(), nice)
		}
	}
	if err := p.Sync(context.Background(), nil); err != nil {
		t.Errorf("the niced engine does not answer: %v", err)
	}
}
