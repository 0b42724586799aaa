// Package engineproc runs an engine as a separate process and talks the
// UCI-style line protocol to it: the handshake with its options, commands
// sent a line at a time, output read until a line of interest within a
// deadline, isready/readyok, and a clean or forced end. The match runner
// and the browser GUI both drive their engines through it.
//
// One goroutine at a time reads a Process's output; Send may be called
// from any goroutine (so that another one can send stop).
package engineproc

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
	HandshakeTimeout = 10 * time.Second // for uciok and readyok
	QuitTimeout      = time.Second      // for an engine to exit after quit
	lastLines        = 6                // engine output lines kept for reports
)

// Errors of an engine conversation.
var (
	ErrTimeout = errors.New("timed out")
	ErrEOF     = errors.New("engine output closed")
)

// Option is one `setoption name Name value Value`.
type Option struct{ Name, Value string }

// Config says which engine to run and how.
type Config struct {
	Name    string   // for messages and the debug log
	Cmd     string   // program: a path, or a name looked up in PATH
	Dir     string   // working directory ("": the caller's)
	Args    []string // program arguments
	Options []Option // setoption commands sent after uciok, in order
	// Nice, when above 0, lowers the engine's scheduling priority by that
	// much (Unix), so that a program it shares the machine with, such as
	// a browser showing the board, stays responsive while it searches.
	Nice int
	// Run, when not nil, is the engine itself, run in this process instead
	// of a program (Cmd, Dir, Args and Nice are then not used): it reads
	// commands from stdin and writes its answers to stdout until stdin
	// ends. The static web page runs its engines this way, where no
	// program can be started. A panic in Run ends that engine as a crash
	// would end a program.
	Run func(stdin io.Reader, stdout io.Writer) error
	// Debug, when not nil, sees every line of the conversation: dir is
	// ">" for what was sent, "<" for what the engine printed on stdout,
	// "<stderr" for its stderr.
	Debug func(name, dir, line string)
}

// Process is a running engine and the conversation with it.
type Process struct {
	name     string
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	sendMu   sync.Mutex
	lines    chan outLine  // engine output, closed at EOF
	lastAt   time.Time     // when the last line ReadUntil handed on was read
	exited   chan struct{} // closed once the process has been waited for
	waitErr  error         // valid once exited is closed
	stop     chan struct{} // closed by Kill: output is no longer read
	stopOnce sync.Once

	// closeOutput, for an engine run in this process, ends its output
	// at once (Kill); a program's ends with the program.
	closeOutput func()

	options map[string]bool // option names announced after uci, lower case
	idName  string          // from "id name"

	mu   sync.Mutex
	tail []string // the last lines of output (stderr lines marked)

	debugLog func(name, dir, line string)
}

// command builds the exec.Cmd of an engine. A cmd with spaces that is not
// itself a file is split into program and arguments.
func command(c *Config) *exec.Cmd {
	prog, args := c.Cmd, c.Args
	if f := strings.Fields(prog); len(f) > 1 {
		path := prog
		if c.Dir != "" && !filepath.IsAbs(path) {
			path = filepath.Join(c.Dir, path)
		}
		if _, err := os.Stat(path); err != nil {
			prog, args = f[0], append(f[1:], args...)
		}
	}
	cmd := exec.Command(prog, args...)
	cmd.Dir = c.Dir
	ownProcessGroup(cmd)
	return cmd
}

// Start starts the engine and runs the handshake: uci, uciok, the
// options, isready, readyok. Every option must be one the engine
// announced, and the engine must not answer any with an error.
func Start(ctx context.Context, c Config) (*Process, error) {
	if c.Run != nil {
		return startInProcess(ctx, c)
	}
	cmd := command(&c)
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
	if c.Nice > 0 {
		lowerPriority(cmd, c.Nice)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start engine %s: %v", c.Name, err)
	}
	p := newProcess(c, stdin)
	p.cmd = cmd
	var readers sync.WaitGroup
	readers.Add(2)
	go func() {
		defer readers.Done()
		p.readOutput(stdout)
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
	if err := p.handshake(ctx, c.Options); err != nil {
		p.Kill()
		return nil, err
	}
	return p, nil
}

func newProcess(c Config, stdin io.WriteCloser) *Process {
	return &Process{
		name: c.Name, stdin: stdin,
		lines: make(chan outLine, 256), exited: make(chan struct{}), stop: make(chan struct{}),
		options: map[string]bool{}, debugLog: c.Debug,
	}
}

// outLine is a line of the engine's output and when it was read.
type outLine struct {
	text string
	at   time.Time
}

// readOutput passes the engine's output on a line at a time, each with
// the time it was read, then closes p.lines.
func (p *Process) readOutput(stdout io.Reader) {
	defer close(p.lines)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		at := time.Now()
		line := strings.TrimRight(sc.Text(), "\r")
		p.remember(line)
		p.debug("<", line)
		select {
		case p.lines <- outLine{line, at}:
		case <-p.stop:
		}
	}
	// Keep the pipe drained so that the engine cannot block on it.
	_, _ = io.Copy(io.Discard, stdout)
}

// startInProcess runs c.Run in a goroutine, talking to it through pipes
// as to a program. Killing it closes both pipes: the engine reads the end
// of its input, and its writes fail.
func startInProcess(ctx context.Context, c Config) (*Process, error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := newProcess(c, inW)
	p.closeOutput = func() { outR.CloseWithError(ErrEOF) }
	ran := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				ran <- fmt.Errorf("engine panicked: %v", r)
			}
			outW.Close()
			inR.Close()
		}()
		ran <- c.Run(inR, outW)
	}()
	read := make(chan struct{})
	go func() {
		defer close(read)
		p.readOutput(outR)
	}()
	go func() {
		<-read
		p.waitErr = <-ran
		close(p.exited)
	}()
	if err := p.handshake(ctx, c.Options); err != nil {
		p.Kill()
		return nil, err
	}
	return p, nil
}

// handshake runs uci/uciok, sets the options and checks them with
// isready/readyok.
func (p *Process) handshake(ctx context.Context, options []Option) error {
	if err := p.Send("uci"); err != nil {
		return p.Failure("uci", err)
	}
	err := p.ReadUntil(ctx, time.Now().Add(HandshakeTimeout), func(line string) bool {
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
		return p.Failure("uciok", err)
	}
	for _, o := range options {
		if !p.options[strings.ToLower(o.Name)] {
			return fmt.Errorf("engine %s has no option %q (it announced: %s)", p.name, o.Name, p.optionList())
		}
		if err := p.Send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return p.Failure("setoption", err)
		}
	}
	var errs []string
	if err := p.Sync(ctx, func(line string) {
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

func (p *Process) optionList() string {
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

// Name returns the name the engine was started under.
func (p *Process) Name() string { return p.name }

// ID returns the engine's own name, from its "id name" line.
func (p *Process) ID() string { return p.idName }

// HasOption reports whether the engine announced the option (the name
// matched case-insensitively).
func (p *Process) HasOption(name string) bool { return p.options[strings.ToLower(name)] }

// Pid returns the process id; 0 for an engine run in this process.
func (p *Process) Pid() int {
	if p.cmd == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// Sync sends isready and waits for readyok, handing the lines before it
// to seen (if not nil).
func (p *Process) Sync(ctx context.Context, seen func(string)) error {
	if err := p.Send("isready"); err != nil {
		return p.Failure("isready", err)
	}
	err := p.ReadUntil(ctx, time.Now().Add(HandshakeTimeout), func(line string) bool {
		if line == "readyok" {
			return true
		}
		if seen != nil {
			seen(line)
		}
		return false
	})
	if err != nil {
		return p.Failure("readyok", err)
	}
	return nil
}

// NewGame prepares the engine for a game: ucinewgame, isready, readyok.
func (p *Process) NewGame(ctx context.Context) error {
	if err := p.Send("ucinewgame"); err != nil {
		return p.Failure("ucinewgame", err)
	}
	return p.Sync(ctx, nil)
}

// Failure describes a failed exchange: a wait for what, or the sending of
// what.
func (p *Process) Failure(what string, err error) error {
	switch {
	case errors.Is(err, ErrTimeout):
		return fmt.Errorf("engine %s did not answer %s within %v", p.name, what, HandshakeTimeout)
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return err
	}
	// The output ended or the input is closed: the engine is gone.
	msg := fmt.Sprintf("engine %s exited (%s) at %s", p.name, p.ExitStatus(), what)
	if out := p.LastOutput(); len(out) > 0 {
		msg += "; last output: " + strings.Join(out, " | ")
	}
	return errors.New(msg)
}

// Send writes one command line.
func (p *Process) Send(line string) error {
	p.sendMu.Lock()
	defer p.sendMu.Unlock()
	p.debug(">", line)
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// ReadUntil hands each output line to done until it returns true. It
// fails with ErrTimeout at the deadline (a zero deadline: none), ErrEOF
// when the output ends, or the context's error. A line read before the
// deadline counts even when ReadUntil wakes after it: on a loaded machine
// the line and the timer are often ready at once, and one picked at
// random would forfeit a move made in time.
func (p *Process) ReadUntil(ctx context.Context, deadline time.Time, done func(string) bool) error {
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
				return ErrEOF
			}
			if !deadline.IsZero() && line.at.After(deadline) {
				return ErrTimeout
			}
			p.lastAt = line.at
			if done(line.text) {
				return nil
			}
		case <-timeout:
			return p.drainUntil(deadline, done)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// drainUntil hands done the lines already read by the deadline, after
// the timer fired: nil if done accepts one, else ErrTimeout (ErrEOF when
// the output ended).
func (p *Process) drainUntil(deadline time.Time, done func(string) bool) error {
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return ErrEOF
			}
			if line.at.After(deadline) {
				return ErrTimeout
			}
			p.lastAt = line.at
			if done(line.text) {
				return nil
			}
		default:
			return ErrTimeout
		}
	}
}

// LastLineAt is when the last line ReadUntil handed on was read from the
// engine: for a referee, the time of the answer, not of its own turn to
// look at it.
func (p *Process) LastLineAt() time.Time { return p.lastAt }

// Alive reports whether the process is still running.
func (p *Process) Alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// Exited is closed once the process has ended and been waited for.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// ExitStatus describes how the process ended, waiting a moment for it.
func (p *Process) ExitStatus() string {
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

// Quit asks the engine to exit and kills it if it does not within
// QuitTimeout.
func (p *Process) Quit() {
	if p.Alive() {
		_ = p.Send("quit")
		_ = p.stdin.Close()
		select {
		case <-p.exited:
			return
		case <-time.After(QuitTimeout):
		}
	}
	p.Kill()
}

// Kill ends the process (and its process group) at once and waits for it.
func (p *Process) Kill() {
	p.stopOnce.Do(func() { close(p.stop) })
	_ = p.stdin.Close()
	if p.Alive() {
		if p.cmd != nil {
			killProcess(p.cmd)
		} else {
			p.closeOutput()
		}
	}
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
	}
}

// remember keeps line among the last output lines.
func (p *Process) remember(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.tail) == lastLines {
		copy(p.tail, p.tail[1:])
		p.tail = p.tail[:lastLines-1]
	}
	p.tail = append(p.tail, line)
}

// LastOutput returns the engine's last output lines, oldest first, each
// cut to a readable length.
func (p *Process) LastOutput() []string {
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

func (p *Process) debug(dir, line string) {
	if p.debugLog != nil {
		p.debugLog(p.name, dir, line)
	}
}
