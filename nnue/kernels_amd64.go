//go:build amd64 && !purego

package nnue

import "github.com/klauspost/cpuid/v2"

// useAVX2 picks the assembly of kernels_amd64.s where the processor has
// AVX2; without it the Go kernels run.
var useAVX2 = cpuid.CPU.Supports(cpuid.AVX2)

// The AVX2 kernels (kernels_amd64.s) take slices of one length, a
// multiple of 16 (one 256-bit register holds 16 int16).

//go:noescape
func addRowAVX2(dst, src []int16)

//go:noescape
func subRowAVX2(dst, src []int16)

//go:noescape
func addSubRowAVX2(dst, src, add, sub []int16)

//go:noescape
func dotCReLUAVX2(acc, w []int16) int32
