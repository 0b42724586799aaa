package cli

import (
	"runtime"

	"github.com/klauspost/cpuid/v2"
)

// physicalCores returns the machine's physical core count as cpuid reports
// it, falling back to the logical CPU count where cpuid cannot tell.
func physicalCores() int {
	if n := cpuid.CPU.PhysicalCores; n > 0 {
		return n
	}
	return runtime.NumCPU()
}
