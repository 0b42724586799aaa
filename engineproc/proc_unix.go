//go:build unix

package engineproc

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the engine in a process group of its own, so that a
// Ctrl-C at the terminal reaches only the program driving it, which then
// shuts the engine down itself (an engine killed by the signal would
// otherwise look like a crash).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine and anything it started.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
