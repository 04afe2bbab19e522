package vecmath

// powF32AVX2 (pow_amd64.s) computes groups of four elements of
// PowFloat32 until n is reached or a group has a lane for the fix-up,
// and returns how many it stored; xstep and ystep are the bytes from one
// group's operands to the next (16, or 0 for a broadcast operand).
//
//go:noescape
func powF32AVX2(dst, x, y *float32, n, xstep, ystep int, tab *powTab) int

// powF32Arch runs powF32AVX2 over dst (x and y step xs and ys elements
// an element, 0 or 1) and returns how many elements it stored: 0 where
// the generic implementation is forced (SetImpl) or fewer than four
// remain.
func powF32Arch(dst, x, y []float32, xs, ys int) int {
	n := unaryVector(len(dst)) &^ 3
	if n == 0 || !hasFMA {
		return 0
	}
	_, _ = x[(n-1)*xs], y[(n-1)*ys] // the kernel reads no further
	return powF32AVX2(&dst[0], &x[0], &y[0], n, 16*xs, 16*ys, powF32Table)
}
