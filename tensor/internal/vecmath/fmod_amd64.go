package vecmath

// fmodF32AVX2 (fmod_amd64.s) computes groups of four elements of
// FmodFloat32 (RemainderFloat32 where rem is 1) until n is reached or a
// group has a lane outside the fast form's conditions, and returns how
// many it stored; xstep and ystep are the bytes from one group's
// operands to the next (16, or 0 for one operand).
//
//go:noescape
func fmodF32AVX2(dst, x, y *float32, n, xstep, ystep, rem int) int

func fmodF32Arch(dst, x, y []float32, xs, ys int, rem bool) int {
	n := unaryVector(len(dst)) &^ 3
	if n == 0 || !hasAVX {
		return 0
	}
	_, _ = x[(n-1)*xs], y[(n-1)*ys] // the kernel reads no further
	r := 0
	if rem {
		r = 1
	}
	return fmodF32AVX2(&dst[0], &x[0], &y[0], n, 16*xs, 16*ys, r)
}
