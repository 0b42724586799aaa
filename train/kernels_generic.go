//go:build !amd64 || purego

package train

// useAVX2 is false where there is no assembly: the Go kernels run.
var useAVX2 = false

func sumRowsAVX2(dst, m []float32, rows []uint16)           { sumRowsGo(dst, m, rows) }
func addToRowsAVX2(m, src []float32, rows []uint16)         { addToRowsGo(m, src, rows) }
func outputDotAVX2(acc, v []float32) float32                { return outputDotGo(acc, v) }
func outputGradAVX2(acc, v, gv, dacc []float32, dy float32) { outputGradGo(acc, v, gv, dacc, dy) }
