package tensor

import (
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// Typed loops for the comparisons, maximum/minimum and where (issue 34):
// the same results as the closures of binary.go and where.go, bit for bit,
// without a call and a data-dependent branch per element. Each loop body is
// a compare and a SETcc or a CMOV, which random operands (t > u, half
// true) cannot mispredict.

// cmpOp names one of the six comparisons.
type cmpOp int

const (
	cmpEq cmpOp = iota
	cmpNe
	cmpLt
	cmpLe
	cmpGt
	cmpGe
)

// mirror returns the comparison with its operands swapped: s < b is b > s.
// For NaN both sides are false (or, for ne, true), as IEEE compares.
func (op cmpOp) mirror() cmpOp {
	return [...]cmpOp{cmpEq: cmpEq, cmpNe: cmpNe, cmpLt: cmpGt, cmpLe: cmpGe, cmpGt: cmpLt, cmpGe: cmpLe}[op]
}

// compareFast returns the vector-vector and vector-scalar loops of op.
func compareFast[T Native](op cmpOp) *fastPaths[T, uint8] {
	vv := [...]func(o []uint8, a, b []T){cmpEq: eqVV[T], cmpNe: neVV[T], cmpLt: ltVV[T], cmpLe: leVV[T], cmpGt: gtVV[T], cmpGe: geVV[T]}
	vs := [...]func(o []uint8, a []T, s T){cmpEq: eqVS[T], cmpNe: neVS[T], cmpLt: ltVS[T], cmpLe: leVS[T], cmpGt: gtVS[T], cmpGe: geVS[T]}
	m := vs[op.mirror()]
	return &fastPaths[T, uint8]{vv: vv[op], vs: vs[op], sv: func(o []uint8, s T, b []T) { m(o, b, s) }}
}

func eqVV[T Native](o []uint8, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] == b[i])
	}
}

func neVV[T Native](o []uint8, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] != b[i])
	}
}

func ltVV[T Native](o []uint8, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] < b[i])
	}
}

func leVV[T Native](o []uint8, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] <= b[i])
	}
}

func gtVV[T Native](o []uint8, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] > b[i])
	}
}

func geVV[T Native](o []uint8, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] >= b[i])
	}
}

func eqVS[T Native](o []uint8, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] == s)
	}
}

func neVS[T Native](o []uint8, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] != s)
	}
}

func ltVS[T Native](o []uint8, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] < s)
	}
}

func leVS[T Native](o []uint8, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] <= s)
	}
}

func gtVS[T Native](o []uint8, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] > s)
	}
}

func geVS[T Native](o []uint8, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = boolByte(a[i] >= s)
	}
}

// extremeFast returns maximum's (or minimum's) loops for a float type:
// vecmath's vector kernels for two vectors, and for a scalar maxNaN and
// minNaN selecting by the bits, so that the compiler emits a CMOV where
// maxNaN's || and branch mispredict on random operands.
func extremeFast[T Float](isMax bool) *fastPaths[T, T] {
	var zero T
	if _, ok := any(zero).(float32); ok {
		return any(extremePaths[float32, uint32](isMax, vecmath.MaximumFloat32, vecmath.MinimumFloat32)).(*fastPaths[T, T])
	}
	return any(extremePaths[float64, uint64](isMax, vecmath.MaximumFloat64, vecmath.MinimumFloat64)).(*fastPaths[T, T])
}

// extremePaths are extremeFast's loops for F, whose bits are U.
func extremePaths[F Float, U uint32 | uint64](isMax bool, maxVV, minVV func(o, a, b []F)) *fastPaths[F, F] {
	if isMax {
		return &fastPaths[F, F]{vv: maxVV, vs: maxVS[F, U], sv: maxSV[F, U]}
	}
	return &fastPaths[F, F]{vv: minVV, vs: minVS[F, U], sv: minSV[F, U]}
}

// pickBits returns a when take is 1 and b when it is 0, without a branch.
func pickBits[U uint32 | uint64](take uint8, a, b U) U {
	m := -U(take)
	return b ^ ((a ^ b) & m)
}

// bitsOf reinterprets one float as its bits, as asBits a slice.
func bitsOf[F Float, U uint32 | uint64](s F) U { return *(*U)(unsafe.Pointer(&s)) }

// maxVS is maxNaN(a[i], s): a[i] where it is NaN or greater, else s.
func maxVS[F Float, U uint32 | uint64](o, a []F, s F) {
	a = a[:len(o)]
	ob, ab, sb := asBits[F, U](o), asBits[F, U](a), bitsOf[F, U](s)
	for i := range ob {
		x := a[i]
		ob[i] = pickBits(boolByte(x != x)|boolByte(x > s), ab[i], sb)
	}
}

// maxSV is maxNaN(s, b[i]): s where it is NaN or greater, else b[i].
func maxSV[F Float, U uint32 | uint64](o []F, s F, b []F) {
	b = b[:len(o)]
	ob, bb, sb := asBits[F, U](o), asBits[F, U](b), bitsOf[F, U](s)
	take := boolByte(s != s)
	for i := range ob {
		ob[i] = pickBits(take|boolByte(s > b[i]), sb, bb[i])
	}
}

// minVS is minNaN(a[i], s): a[i] where it is NaN or less, else s.
func minVS[F Float, U uint32 | uint64](o, a []F, s F) {
	a = a[:len(o)]
	ob, ab, sb := asBits[F, U](o), asBits[F, U](a), bitsOf[F, U](s)
	for i := range ob {
		x := a[i]
		ob[i] = pickBits(boolByte(x != x)|boolByte(x < s), ab[i], sb)
	}
}

// minSV is minNaN(s, b[i]): s where it is NaN or less, else b[i].
func minSV[F Float, U uint32 | uint64](o []F, s F, b []F) {
	b = b[:len(o)]
	ob, bb, sb := asBits[F, U](o), asBits[F, U](b), bitsOf[F, U](s)
	take := boolByte(s != s)
	for i := range ob {
		ob[i] = pickBits(take|boolByte(s < b[i]), sb, bb[i])
	}
}

// whereSelect writes x where cond is non-zero and y elsewhere; xs (ys) set
// means x (y) is one value broadcast, read from x[0] (y[0]). U is the
// storage type's bits, so the select is a mask and no branch.
func whereSelect[U uint8 | uint32 | uint64](out []U, cond []uint8, x, y []U, xs, ys bool) {
	cond = cond[:len(out)]
	switch {
	case !xs && !ys:
		x, y = x[:len(out)], y[:len(out)]
		for i, c := range cond {
			m := -U(boolByte(c != 0))
			out[i] = y[i] ^ ((x[i] ^ y[i]) & m)
		}
	case xs && !ys:
		a := x[0]
		y = y[:len(out)]
		for i, c := range cond {
			m := -U(boolByte(c != 0))
			out[i] = y[i] ^ ((a ^ y[i]) & m)
		}
	case !xs && ys:
		b := y[0]
		x = x[:len(out)]
		for i, c := range cond {
			m := -U(boolByte(c != 0))
			out[i] = b ^ ((x[i] ^ b) & m)
		}
	default:
		a, b := x[0], y[0]
		for i, c := range cond {
			m := -U(boolByte(c != 0))
			out[i] = b ^ ((a ^ b) & m)
		}
	}
}

// asBits reinterprets a slice of a 1-, 4- or 8-byte element type as its
// bits, for whereSelect.
func asBits[T, U any](x []T) []U {
	return unsafe.Slice((*U)(unsafe.Pointer(unsafe.SliceData(x))), len(x))
}

// whereFast runs one contiguous run of where over 1-, 4- and 8-byte types;
// it reports false for a run it does not handle (strided, or another size).
func whereFast[T Element](out []T, cond []uint8, x, y []T, offs, inner []int, n int) bool {
	o, c, a, b := offs[0], offs[1], offs[2], offs[3]
	so, sc, sa, sb := inner[0], inner[1], inner[2], inner[3]
	if so != 1 || sc != 1 || (sa != 1 && sa != 0) || (sb != 1 && sb != 0) {
		return false
	}
	xs, ys := sa == 0, sb == 0
	xe, ye := a+n, b+n
	if xs {
		xe = a + 1
	}
	if ys {
		ye = b + 1
	}
	dst, cs, xv, yv := out[o:o+n], cond[c:c+n], x[a:xe], y[b:ye]
	switch unsafe.Sizeof(dst[0]) {
	case 1:
		whereSelect(asBits[T, uint8](dst), cs, asBits[T, uint8](xv), asBits[T, uint8](yv), xs, ys)
	case 4:
		whereSelect(asBits[T, uint32](dst), cs, asBits[T, uint32](xv), asBits[T, uint32](yv), xs, ys)
	case 8:
		whereSelect(asBits[T, uint64](dst), cs, asBits[T, uint64](xv), asBits[T, uint64](yv), xs, ys)
	default:
		return false
	}
	return true
}

func maxVVInt(o, a, b []int64) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = max(a[i], b[i])
	}
}

func maxVSInt(o, a []int64, s int64) {
	a = a[:len(o)]
	for i := range o {
		o[i] = max(a[i], s)
	}
}

func minVVInt(o, a, b []int64) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = min(a[i], b[i])
	}
}

func minVSInt(o, a []int64, s int64) {
	a = a[:len(o)]
	for i := range o {
		o[i] = min(a[i], s)
	}
}
