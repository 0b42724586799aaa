package netgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// Command is one child process of a step: this program run with Args.
type Command struct {
	Step   string   // the step it belongs to
	Args   []string // the subcommand and its arguments: "datagen", "-variant", …
	Stdout io.Writer
	Stderr io.Writer
}

// String writes the command as a shell would take it, the program as
// camelot.
func (c Command) String() string { return shellLine(append([]string{"camelot"}, c.Args...)) }

// Runner runs one child to its end: nil when it exited with status 0.
// When ctx is cancelled it stops the child and returns an error.
type Runner func(ctx context.Context, c Command) error

// stopGrace is how long a child has to stop cleanly after the signal
// before its process group is killed.
const stopGrace = 15 * time.Second

// ExecRunner runs the children as processes of the program self. Each
// gets a process group of its own, so that Ctrl-C reaches this program
// alone, which passes it on as SIGINT to the child's whole group (the
// child then stops as its own Ctrl-C would stop it, keeping what it can
// resume from) and kills the group if it has not ended stopGrace later.
func ExecRunner(self string) Runner {
	return func(ctx context.Context, c Command) error {
		cmd := exec.CommandContext(ctx, self, c.Args...)
		cmd.Stdout, cmd.Stderr = c.Stdout, c.Stderr
		ownProcessGroup(cmd)
		cmd.Cancel = func() error { return interruptGroup(cmd) }
		cmd.WaitDelay = stopGrace
		err := cmd.Run()
		if ctx.Err() != nil {
			killGroup(cmd) // anything the child left behind
			return ctx.Err()
		}
		if errors.Is(err, exec.ErrWaitDelay) {
			return nil // it exited with status 0; something it started held its output open
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("camelot %s exited with status %d", c.Args[0], exit.ExitCode())
		}
		return err
	}
}

// shellLine quotes the words that a shell would split or expand.
func shellLine(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		out[i] = w
	}
	return strings.Join(out, " ")
}
