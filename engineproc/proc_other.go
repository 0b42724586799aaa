//go:build !unix

package engineproc

import "os/exec"

// ownProcessGroup does nothing where there are no process groups.
func ownProcessGroup(*exec.Cmd) {}

// lowerPriority leaves the engine's priority as it is.
func lowerPriority(*exec.Cmd, int) {}

// killProcess kills the engine.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
