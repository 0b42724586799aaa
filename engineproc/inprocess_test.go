package engineproc_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/engineproc"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/protocol"
	"github.com/camelot-engine/camelot/search"
)

// The engine's own protocol session, run in this process, holds the same
// conversation as the program: handshake with options, a search, quit.
func TestInProcessEngine(t *testing.T) {
	ctx := context.Background()
	cfg := engineproc.Config{
		Name:    "inproc",
		Options: []engineproc.Option{{Name: "Hash", Value: "4"}, {Name: "OwnBook", Value: "false"}},
		Run: func(in io.Reader, out io.Writer) error {
			return protocol.NewSession(boards.NewEngine(search.Options{Hash: 4, Threads: 1})).Run(in, out)
		},
	}
	p, err := engineproc.Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.ID(), "Camelot ") || p.Pid() != 0 {
		t.Errorf("id %q, pid %d", p.ID(), p.Pid())
	}
	if err := p.Send("go depth 3"); err != nil {
		t.Fatal(err)
	}
	var best string
	if err := p.ReadUntil(ctx, time.Now().Add(10*time.Second), func(l string) bool {
		best = l
		return strings.HasPrefix(l, "bestmove ")
	}); err != nil {
		t.Fatalf("no bestmove: %v", err)
	}
	p.Quit()
	if p.Alive() || p.ExitStatus() != "exit status 0" {
		t.Errorf("after quit: alive %t, %s", p.Alive(), p.ExitStatus())
	}
	t.Log(best)
}

// The in-process engine plays every board, each chosen with UCI_Variant
// (V7) in the handshake: its move from the start is legal there.
func TestInProcessEveryBoard(t *testing.T) {
	ctx := context.Background()
	for _, v := range game.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			p, err := engineproc.Start(ctx, engineproc.Config{
				Name:    "inproc",
				Options: []engineproc.Option{{Name: "UCI_Variant", Value: v.String()}, {Name: "OwnBook", Value: "false"}},
				Run: func(in io.Reader, out io.Writer) error {
					return protocol.NewSession(boards.NewEngine(search.Options{Hash: 1, Threads: 1})).Run(in, out)
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Quit()
			for _, cmd := range []string{"ucinewgame", "position startpos", "go depth 2"} {
				if err := p.Send(cmd); err != nil {
					t.Fatal(err)
				}
			}
			var best string
			if err := p.ReadUntil(ctx, time.Now().Add(10*time.Second), func(l string) bool {
				best = l
				return strings.HasPrefix(l, "bestmove ")
			}); err != nil {
				t.Fatalf("no bestmove: %v", err)
			}
			f := strings.Fields(best)
			if _, err := boards.StartPosition(v).ParseMove(f[1]); err != nil {
				t.Errorf("%s: %q is not a move from %s's start: %v", v.Title(), best, v.Title(), err)
			}
		})
	}
}

// Kill ends an in-process engine in the middle of an endless search.
func TestInProcessKill(t *testing.T) {
	ctx := context.Background()
	p, err := engineproc.Start(ctx, engineproc.Config{Name: "inproc", Run: func(in io.Reader, out io.Writer) error {
		return protocol.NewSession(boards.NewEngine(search.Options{Hash: 1, Threads: 1})).Run(in, out)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Send("go infinite"); err != nil {
		t.Fatal(err)
	}
	p.Kill()
	select {
	case <-p.Exited():
	case <-time.After(5 * time.Second):
		t.Fatal("the engine did not end")
	}
}

// A panic in the engine is reported as a program's crash is: with the
// reason and the last output.
func TestInProcessPanic(t *testing.T) {
	_, err := engineproc.Start(context.Background(), engineproc.Config{Name: "boom", Run: func(in io.Reader, out io.Writer) error {
		sc := bufio.NewScanner(in)
		sc.Scan()
		fmt.Fprintln(out, "id name Boom")
		panic("out of cheese")
	}})
	if err == nil || !strings.Contains(err.Error(), "engine panicked: out of cheese") || !strings.Contains(err.Error(), "id name Boom") {
		t.Errorf("Start: %v", err)
	}
}
