package engineproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// helperEnv makes the test binary a tiny engine (see TestHelperEngine).
const helperEnv = "CAMELOT_ENGINEPROC_HELPER"

// TestHelperEngine is a minimal protocol speaker when helperEnv is set:
// it announces one option, answers isready, echoes "go" as a bestmove,
// ignores "hang", and exits with status 3 on "crash".
func TestHelperEngine(t *testing.T) {
	if os.Getenv(helperEnv) == "" {
		return
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		switch f := strings.Fields(sc.Text()); {
		case len(f) == 0:
		case f[0] == "uci":
			fmt.Println("id name Helper 1")
			fmt.Println("option name Skill Level type spin default 20 min 0 max 20")
			fmt.Println("uciok")
		case f[0] == "isready":
			fmt.Println("readyok")
		case f[0] == "go":
			fmt.Println("info depth 1 score cp 5")
			fmt.Println("bestmove E6-G8")
		case f[0] == "crash":
			fmt.Fprintln(os.Stderr, "helper: crashing")
			os.Exit(3)
		case f[0] == "quit":
			os.Exit(0)
		}
	}
	os.Exit(0)
}

func helperConfig(t *testing.T, opts ...Option) Config {
	t.Setenv(helperEnv, "1")
	return Config{Name: "helper", Cmd: os.Args[0], Args: []string{"-test.run=^TestHelperEngine$"}, Options: opts}
}

func TestConversation(t *testing.T) {
	var mu sync.Mutex
	var logged []string
	cfg := helperConfig(t, Option{"Skill Level", "3"})
	cfg.Debug = func(name, dir, line string) {
		mu.Lock()
		defer mu.Unlock()
		logged = append(logged, name+" "+dir+" "+line)
	}
	ctx := context.Background()
	p, err := Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	if p.ID() != "Helper 1" || !p.HasOption("skill level") || p.HasOption("Hash") || p.Name() != "helper" {
		t.Errorf("id %q, options %v", p.ID(), p.options)
	}
	if err := p.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	if err := p.Send("go movetime 10"); err != nil {
		t.Fatal(err)
	}
	var best string
	if err := p.ReadUntil(ctx, time.Now().Add(5*time.Second), func(l string) bool {
		best, _ = strings.CutPrefix(l, "bestmove ")
		return strings.HasPrefix(l, "bestmove")
	}); err != nil || best != "E6-G8" {
		t.Fatalf("bestmove %q, %v", best, err)
	}
	// Nothing more comes: the deadline passes.
	if err := p.ReadUntil(ctx, time.Now().Add(50*time.Millisecond), func(string) bool { return false }); !errors.Is(err, ErrTimeout) {
		t.Errorf("read past the output: %v", err)
	}
	p.Quit() // it exits, or is killed after QuitTimeout
	if p.Alive() {
		t.Errorf("alive after quit: %s", p.ExitStatus())
	}
	mu.Lock()
	defer mu.Unlock()
	if len(logged) == 0 || !strings.Contains(strings.Join(logged, "\n"), "helper > setoption name Skill Level value 3") {
		t.Errorf("debug log %q", logged)
	}
}

func TestUnknownOptionRefused(t *testing.T) {
	_, err := Start(context.Background(), helperConfig(t, Option{"Hash", "64"}))
	if err == nil || !strings.Contains(err.Error(), `no option "Hash"`) || !strings.Contains(err.Error(), "skill level") {
		t.Errorf("error %v", err)
	}
}

func TestCrashReported(t *testing.T) {
	ctx := context.Background()
	p, err := Start(ctx, helperConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	_ = p.Send("crash")
	err = p.ReadUntil(ctx, time.Now().Add(5*time.Second), func(string) bool { return false })
	if !errors.Is(err, ErrEOF) {
		t.Fatalf("read after the crash: %v", err)
	}
	<-p.Exited()
	msg := p.Failure("bestmove", err).Error()
	if !strings.Contains(msg, "exit status 3") || !strings.Contains(msg, "stderr: helper: crashing") {
		t.Errorf("failure %q", msg)
	}
}

func TestStartFailure(t *testing.T) {
	_, err := Start(context.Background(), Config{Name: "none", Cmd: "/nonexistent/camelot-engine"})
	if err == nil || !strings.Contains(err.Error(), "cannot start engine none") {
		t.Errorf("error %v", err)
	}
}

// A line read before the deadline counts however late ReadUntil looks at
// it, and one read after it does not: a referee starved of the CPU wakes
// to the engine's answer and its own timer at once (and select picks
// either), and the answer's time is when it was read (LastLineAt).
func TestReadUntilJudgesLinesByWhenTheyWereRead(t *testing.T) {
	ctx := context.Background()
	p, err := Start(ctx, helperConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	bestmove := func(l string) bool { return strings.HasPrefix(l, "bestmove") }
	for i := range 20 {
		sent := time.Now()
		if err := p.Send("go movetime 10"); err != nil {
			t.Fatal(err)
		}
		// Wait until the answer has been read, then look with a deadline
		// that has passed but came after the reading.
		for len(p.lines) < 2 {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(5 * time.Millisecond)
		deadline := time.Now().Add(-time.Millisecond)
		if err := p.ReadUntil(ctx, deadline, bestmove); err != nil {
			t.Fatalf("try %d: an answer read in time refused: %v", i, err)
		}
		if at := p.LastLineAt(); at.Before(sent) || at.After(deadline) {
			t.Fatalf("try %d: answer read at %v, sent %v, deadline %v", i, at, sent, deadline)
		}
	}
	// An answer read after the deadline is late.
	deadline := time.Now()
	time.Sleep(2 * time.Millisecond)
	if err := p.Send("go movetime 10"); err != nil {
		t.Fatal(err)
	}
	for len(p.lines) < 2 {
		time.Sleep(time.Millisecond)
	}
	if err := p.ReadUntil(ctx, deadline, bestmove); !errors.Is(err, ErrTimeout) {
		t.Errorf("an answer read after the deadline: %v, want a timeout", err)
	}
}
