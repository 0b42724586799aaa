package nnue

// The kernels work on slices of one length, a multiple of 16. useAVX2
// (kernels_amd64.go) picks the assembly where the processor has it;
// elsewhere, and with -tags purego, the Go loops below run. Both give
// the same results (kernels_test.go).

// AddRow adds src to dst.
func AddRow(dst, src []int16) {
	if useAVX2 {
		addRowAVX2(dst, src)
		return
	}
	addRowGo(dst, src)
}

// SubRow subtracts src from dst.
func SubRow(dst, src []int16) {
	if useAVX2 {
		subRowAVX2(dst, src)
		return
	}
	subRowGo(dst, src)
}

// AddSubRow sets dst to src + add − sub: a quiet move's update in one
// pass.
func AddSubRow(dst, src, add, sub []int16) {
	if useAVX2 {
		addSubRowAVX2(dst, src, add, sub)
		return
	}
	addSubRowGo(dst, src, add, sub)
}

// DotCReLU returns Σ clamp(acc[i], 0, QA)·w[i].
func DotCReLU(acc, w []int16) int32 {
	if useAVX2 {
		return dotCReLUAVX2(acc, w)
	}
	return dotCReLUGo(acc, w)
}

func addRowGo(dst, src []int16) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}

func subRowGo(dst, src []int16) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] -= src[i]
	}
}

func addSubRowGo(dst, src, add, sub []int16) {
	src, add, sub = src[:len(dst)], add[:len(dst)], sub[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + add[i] - sub[i]
	}
}

func dotCReLUGo(acc, w []int16) int32 {
	w = w[:len(acc)]
	var sum int32
	for i, a := range acc {
		sum += int32(min(max(a, 0), QA)) * int32(w[i])
	}
	return sum
}
