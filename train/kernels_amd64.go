//go:build amd64 && !purego

package train

import "github.com/klauspost/cpuid/v2"

// useAVX2 picks the assembly of kernels_amd64.s where the processor has
// AVX2; without it the Go kernels run.
var useAVX2 = cpuid.CPU.Supports(cpuid.AVX2)

// The AVX2 kernels (kernels_amd64.s) take rows and vectors of a length
// that is a multiple of 16, and row numbers within the matrix: they do
// not check bounds.

//go:noescape
func sumRowsAVX2(dst, m []float32, rows []uint16)

//go:noescape
func addToRowsAVX2(m, src []float32, rows []uint16)

//go:noescape
func outputDotAVX2(acc, v []float32) float32

//go:noescape
func outputGradAVX2(acc, v, gv, dacc []float32, dy float32)
