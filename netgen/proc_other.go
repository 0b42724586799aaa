//go:build !unix

package netgen

import "os/exec"

// ownProcessGroup does nothing where there are no process groups.
func ownProcessGroup(*exec.Cmd) {}

// interruptGroup kills the child: there is no SIGINT to send it.
func interruptGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}

// killGroup does nothing more: the child is killed already.
func killGroup(*exec.Cmd) {}
