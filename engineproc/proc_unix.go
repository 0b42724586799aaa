//go:build unix

package engineproc

import (
	"os/exec"
	"strconv"
	"syscall"
)

// ownProcessGroup puts the engine in a process group of its own, so that a
// Ctrl-C at the terminal reaches only the program driving it, which then
// shuts the engine down itself (an engine killed by the signal would
// otherwise look like a crash).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// lowerPriority makes cmd start under nice(1), n lower, when nice is
// found: from its first instruction, so every thread the engine starts
// inherits the priority (setpriority on a running Linux process would
// reach only one of its threads). Without nice it starts as it is.
func lowerPriority(cmd *exec.Cmd, n int) {
	nice, err := exec.LookPath("nice")
	if err != nil {
		return
	}
	cmd.Args = append([]string{"nice", "-n", strconv.Itoa(n), cmd.Path}, cmd.Args[1:]...)
	cmd.Path = nice
}

// killProcess kills the engine and anything it started.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
