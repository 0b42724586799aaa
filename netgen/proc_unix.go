//go:build unix

package netgen

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the child in a process group of its own: a Ctrl-C
// at the terminal then reaches this program only, which stops the child
// itself (interruptGroup).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// interruptGroup sends SIGINT to the child's process group, as a Ctrl-C
// would.
func interruptGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
}

// killGroup kills whatever is left of the child's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
