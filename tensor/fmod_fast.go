package tensor

import "github.com/kael-dev/kael/tensor/internal/vecmath"

// float32 fmod and % (issue 34): vecmath.FmodF32 is
// float32(math.Mod(float64(a), float64(b))) bit for bit, by a division,
// a product and a subtraction in float64 where the quotient is below
// 2^28 (the proof is in its comment) and math.Mod elsewhere;
// vecmath.RemainderF32 adds b where that remainder's sign is not b's,
// as PyTorch's remainder kernel. Contiguous runs take vecmath's AVX2
// kernels (FmodFloat32, RemainderFloat32 and their VS/SV forms, the same
// bits); strided runs the element functions.
var (
	fmod32      = vecmath.FmodF32
	remainder32 = vecmath.RemainderF32

	fmod32Kernel = binaryKernel(func(it *Iter) error {
		return runBinary(it, fmod32, &fastPaths[float32, float32]{vv: vecmath.FmodFloat32, vs: vecmath.FmodFloat32VS, sv: vecmath.FmodFloat32SV})
	})
	remainder32Kernel = binaryKernel(func(it *Iter) error {
		return runBinary(it, remainder32, &fastPaths[float32, float32]{vv: vecmath.RemainderFloat32, vs: vecmath.RemainderFloat32VS, sv: vecmath.RemainderFloat32SV})
	})
)
