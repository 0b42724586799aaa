//go:build !amd64 || purego

package nnue

// useAVX2 is false where there is no assembly: the Go kernels run.
var useAVX2 = false

func addRowAVX2(dst, src []int16)              { addRowGo(dst, src) }
func subRowAVX2(dst, src []int16)              { subRowGo(dst, src) }
func addSubRowAVX2(dst, src, add, sub []int16) { addSubRowGo(dst, src, add, sub) }
func dotCReLUAVX2(acc, w []int16) int32        { return dotCReLUGo(acc, w) }
