package train

// The hot loops of training, on float32 slices whose length (H, or the
// row length of a matrix) is a multiple of 16. useAVX2 (kernels_amd64.go)
// picks the assembly where the processor has it; elsewhere, and with
// -tags purego, the Go loops below run. Both give the same bits
// (kernels_test.go): the assembly uses no fused multiply-add, and the Go
// loops add in the assembly's order, with explicit float32 conversions
// where a compiler could otherwise fuse a multiply and an add.

// sumRows sets dst to the sum of the rows of m (rows of len(dst) floats)
// that rows names, added in order: one view's accumulator, the bias being
// one of the rows (model.go).
func sumRows(dst, m []float32, rows []uint16) {
	if useAVX2 {
		sumRowsAVX2(dst, m, rows)
		return
	}
	sumRowsGo(dst, m, rows)
}

// addToRows adds src to each row of m (rows of len(src) floats) that rows
// names: one view's accumulator gradient into its features' gradient
// rows.
func addToRows(m, src []float32, rows []uint16) {
	if useAVX2 {
		addToRowsAVX2(m, src, rows)
		return
	}
	addToRowsGo(m, src, rows)
}

// outputDot returns Σ v[j]·clamp(acc[j], 0, 1): one view's share of the
// output, in eight lanes summed as the assembly sums them.
func outputDot(acc, v []float32) float32 {
	if useAVX2 {
		return outputDotAVX2(acc, v)
	}
	return outputDotGo(acc, v)
}

// outputGrad is the output layer's backward pass for one view, given
// dy = d(loss)/d(output): it adds dy·clamp(acc[j], 0, 1) to gv[j] and
// sets dacc[j] to dy·v[j] where 0 < acc[j] < 1, else to 0 (CReLU passes
// no gradient where it clips).
func outputGrad(acc, v, gv, dacc []float32, dy float32) {
	if useAVX2 {
		outputGradAVX2(acc, v, gv, dacc, dy)
		return
	}
	outputGradGo(acc, v, gv, dacc, dy)
}

func sumRowsGo(dst, m []float32, rows []uint16) {
	h := len(dst)
	clear(dst)
	for _, r := range rows {
		row := m[int(r)*h : int(r)*h+h]
		for j := range dst {
			dst[j] += row[j]
		}
	}
}

func addToRowsGo(m, src []float32, rows []uint16) {
	h := len(src)
	for _, r := range rows {
		row := m[int(r)*h : int(r)*h+h]
		for j := range row {
			row[j] += src[j]
		}
	}
}

func outputDotGo(acc, v []float32) float32 {
	v = v[:len(acc)]
	var lane [8]float32
	for j := 0; j < len(acc); j += 8 {
		for l := range lane {
			a := min(max(acc[j+l], 0), 1)
			lane[l] += float32(a * v[j+l])
		}
	}
	// The assembly's reduction: the upper half onto the lower, then
	// lanes 2, 3 onto 0, 1, then lane 1 onto lane 0.
	t0, t1, t2, t3 := lane[0]+lane[4], lane[1]+lane[5], lane[2]+lane[6], lane[3]+lane[7]
	return (t0 + t2) + (t1 + t3)
}

func outputGradGo(acc, v, gv, dacc []float32, dy float32) {
	v, gv, dacc = v[:len(acc)], gv[:len(acc)], dacc[:len(acc)]
	for j, x := range acc {
		gv[j] += float32(dy * min(max(x, 0), 1))
		if x > 0 && x < 1 {
			dacc[j] = dy * v[j]
		} else {
			dacc[j] = 0
		}
	}
}
