package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Protocol timeouts.
const (
	handshakeTimeout = 10 * time.Second // for uciok and readyok
	quitTimeout      = time.Second      // for an engine to exit after quit
	lastLines        = 6                // engine output lines kept for reports
)

// Errors of an engine conversation.
var (
	errTimeout = errors.New("timed out")
	errEOF     = errors.New("engine output closed")
)

// process is a running engine and the conversation with it. One goroutine
// (a worker) talks to it; the readers feed lines through a channel.
type process struct {
	name     string // for messages and the debug log
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	lines    chan string   // engine output, closed at EOF
	exited   chan struct{} // closed once the process has been waited for
	waitErr  error         // valid once exited is closed
	stop     chan struct{} // closed by kill: output is no longer read
	stopOnce sync.Once

	options map[string]bool // option names announced after uci, lower case
	idName  string          // from "id name"

	mu   sync.Mutex
	tail []string // the last lines of output (stderr lines marked)

	log *console // debug log target when -debug; nil otherwise
}

// command builds the exec.Cmd of an engine. A cmd with spaces that is not
// itself a file is split into program and arguments.
func command(e *EngineConfig) *exec.Cmd {
	prog, args := e.Cmd, e.Args
	if f := strings.Fields(prog); len(f) > 1 {
		path := prog
		if e.Dir != "" && !filepath.IsAbs(path) {
			path = filepath.Join(e.Dir, path)
		}
		if _, err := os.Stat(path); err != nil {
			prog, args = f[0], append(f[1:], args...)
		}
	}
	cmd := exec.Command(prog, args...)
	cmd.Dir = e.Dir
	ownProcessGroup(cmd)
	return cmd
}

// startProcess starts the engine and runs the handshake: uci, uciok, the
// options, isready, readyok.
func startProcess(ctx context.Context, e *EngineConfig, log *console) (*process, error) {
	cmd := command(e)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start engine %s: %v", e.Name, err)
	}
	p := &process{
		name: e.Name, cmd: cmd, stdin: stdin,
		lines: make(chan string, 256), exited: make(chan struct{}), stop: make(chan struct{}),
		options: map[string]bool{}, log: log,
	}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() {
		defer readers.Done()
		defer close(p.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			line := strings.TrimRight(sc.Text(), "\r")
			p.remember(line)
			p.debug("<", line)
			select {
			case p.lines <- line:
			case <-p.stop:
			}
		}
		// Keep the pipe drained so that Wait cannot block on it.
		_, _ = io.Copy(io.Discard, stdout)
	}()
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			line := strings.TrimRight(sc.Text(), "\r")
			p.remember("stderr: " + line)
			p.debug("<stderr", line)
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	go func() {
		readers.Wait()
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	if err := p.handshake(ctx, e); err != nil {
		p.kill()
		return nil, err
	}
	return p, nil
}

// handshake runs uci/uciok, sets the options and checks them with
// isready/readyok.
func (p *process) handshake(ctx context.Context, e *EngineConfig) error {
	if err := p.send("uci"); err != nil {
		return p.failure("uci", err)
	}
	err := p.readUntil(ctx, time.Now().Add(handshakeTimeout), func(line string) bool {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "id" && f[1] == "name":
			p.idName = strings.Join(f[2:], " ")
		case len(f) >= 3 && f[0] == "option" && f[1] == "name":
			name := strings.Join(f[2:], " ")
			if i := strings.Index(name, " type "); i >= 0 {
				name = name[:i]
			}
			p.options[strings.ToLower(name)] = true
		}
		return line == "uciok"
	})
	if err != nil {
		return p.failure("uciok", err)
	}
	for _, o := range e.Options {
		if !p.options[strings.ToLower(o.Name)] {
			return fmt.Errorf("engine %s has no option %q (it announced: %s)", p.name, o.Name, p.optionList())
		}
		if err := p.send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return p.failure("setoption", err)
		}
	}
	var errs []string
	if err := p.sync(ctx, func(line string) {
		if s, ok := strings.CutPrefix(line, "info string error:"); ok {
			errs = append(errs, strings.TrimSpace(s))
		}
	}); err != nil {
		return err
	}
	if len(errs) > 0 {
		return fmt.Errorf("engine %s rejected its options: %s", p.name, strings.Join(errs, "; "))
	}
	return nil
}

func (p *process) optionList() string {
	var names []string
	for n := range p.options {
		names = append(names, n)
	}
	if len(names) == 0 {
		return "none"
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// sync sends isready and waits for readyok, handing the lines before it
// to seen (if not nil).
func (p *process) sync(ctx context.Context, seen func(string)) error {
	if err := p.send("isready"); err != nil {
		return p.failure("isready", err)
	}
	err := p.readUntil(ctx, time.Now().Add(handshakeTimeout), func(line string) bool {
		if line == "readyok" {
			return true
		}
		if seen != nil {
			seen(line)
		}
		return false
	})
	if err != nil {
		return p.failure("readyok", err)
	}
	return nil
}

// newGame prepares the engine for a game: ucinewgame, isready, readyok.
func (p *process) newGame(ctx context.Context) error {
	if err := p.send("ucinewgame"); err != nil {
		return p.failure("ucinewgame", err)
	}
	return p.sync(ctx, nil)
}

// failure describes a failed exchange: a wait for what, or the sending of
// what.
func (p *process) failure(what string, err error) error {
	switch {
	case errors.Is(err, errTimeout):
		return fmt.Errorf("engine %s did not answer %s within %v", p.name, what, handshakeTimeout)
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return err
	}
	// The output ended or the input is closed: the engine is gone.
	msg := fmt.Sprintf("engine %s exited (%s) at %s", p.name, p.exitStatus(), what)
	if out := p.lastOutput(); len(out) > 0 {
		msg += "; last output: " + strings.Join(out, " | ")
	}
	return errors.New(msg)
}

// send writes one command line.
func (p *process) send(line string) error {
	p.debug(">", line)
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// readUntil hands each output line to done until it returns true. It
// fails with errTimeout at the deadline (a zero deadline: none), errEOF
// when the output ends, or the context's error.
func (p *process) readUntil(ctx context.Context, deadline time.Time, done func(string) bool) error {
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return errEOF
			}
			if done(line) {
				return nil
			}
		case <-timeout:
			return errTimeout
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// alive reports whether the process is still running.
func (p *process) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// exitStatus describes how the process ended, waiting a moment for it.
func (p *process) exitStatus() string {
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		return "still running"
	}
	if p.waitErr == nil {
		return "exit status 0"
	}
	return p.waitErr.Error()
}

// quit asks the engine to exit and kills it if it does not.
func (p *process) quit() {
	if p.alive() {
		_ = p.send("quit")
		_ = p.stdin.Close()
		select {
		case <-p.exited:
			return
		case <-time.After(quitTimeout):
		}
	}
	p.kill()
}

// kill ends the process (and its process group) at once and waits for it.
func (p *process) kill() {
	p.stopOnce.Do(func() { close(p.stop) })
	_ = p.stdin.Close()
	if p.alive() {
		killProcess(p.cmd)
	}
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
	}
}

// remember keeps line among the last output lines.
func (p *process) remember(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.tail) == lastLines {
		copy(p.tail, p.tail[1:])
		p.tail = p.tail[:lastLines-1]
	}
	p.tail = append(p.tail, line)
}

// lastOutput returns the engine's last output lines, oldest first, each
// cut to a readable length.
func (p *process) lastOutput() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, len(p.tail))
	for i, l := range p.tail {
		if len(l) > 200 {
			l = l[:200] + "…"
		}
		out[i] = l
	}
	return out
}

func (p *process) debug(dir, line string) {
	if p.log != nil {
		p.log.debug(p.name, dir, line)
	}
}
