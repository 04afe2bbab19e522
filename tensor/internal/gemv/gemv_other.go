//go:build !amd64

package gemv

import "fmt"

func archImpls() []*impl { return nil }

// callAxpy4 and callDot4 have no assembly kernels to call here: every
// implementation's asmKernels are noKernel, so vecMatRows and matVecRows
// never call them.
func callAxpy4[E float32 | uint16](id asmKernel, y *float32, w0, w1, w2, w3 *E, x *[4]float32, n int) {
	panic(fmt.Sprintf("gemv: no assembly kernel %d on this architecture", id))
}

func callDot4[E float32 | uint16](id asmKernel, w0, w1, w2, w3 *E, x *float32, n int, out *[4]float32) {
	panic(fmt.Sprintf("gemv: no assembly kernel %d on this architecture", id))
}
