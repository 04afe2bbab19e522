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
		f := any(&fastPaths[float32, float32]{vv: vecmath.MaximumFloat32, vs: maxVS32, sv: func(o []float32, s float32, b []float32) { maxSV32(o, s, b) }})
		if !isMax {
			f = any(&fastPaths[float32, float32]{vv: vecmath.MinimumFloat32, vs: minVS32, sv: func(o []float32, s float32, b []float32) { minSV32(o, s, b) }})
		}
		return f.(*fastPaths[T, T])
	}
	f := any(&fastPaths[float64, float64]{vv: vecmath.MaximumFloat64, vs: maxVS64, sv: func(o []float64, s float64, b []float64) { maxSV64(o, s, b) }})
	if !isMax {
		f = any(&fastPaths[float64, float64]{vv: vecmath.MinimumFloat64, vs: minVS64, sv: func(o []float64, s float64, b []float64) { minSV64(o, s, b) }})
	}
	return f.(*fastPaths[T, T])
}

// pick returns a when take is 1 and b when it is 0, without a branch.
func pick32(take uint8, a, b uint32) uint32 {
	m := -uint32(take)
	return b ^ ((a ^ b) & m)
}

func pick64(take uint8, a, b uint64) uint64 {
	m := -uint64(take)
	return b ^ ((a ^ b) & m)
}

func f32bits(x []float32) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(x))), len(x))
}

func f64bits(x []float64) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(x))), len(x))
}

func maxVS32(o, a []float32, s float32) {
	a = a[:len(o)]
	ob, ab, sb := f32bits(o), f32bits(a)[:len(o)], f32bitsOf(s)
	for i := range ob {
		x := a[i]
		ob[i] = pick32(boolByte(x != x)|boolByte(x > s), ab[i], sb)
	}
}

func maxSV32(o []float32, s float32, b []float32) {
	b = b[:len(o)]
	ob, bb, sb := f32bits(o), f32bits(b)[:len(o)], f32bitsOf(s)
	take := boolByte(s != s)
	for i := range ob {
		ob[i] = pick32(take|boolByte(s > b[i]), sb, bb[i])
	}
}

func minVS32(o, a []float32, s float32) {
	a = a[:len(o)]
	ob, ab, sb := f32bits(o), f32bits(a)[:len(o)], f32bitsOf(s)
	for i := range ob {
		x := a[i]
		ob[i] = pick32(boolByte(x != x)|boolByte(x < s), ab[i], sb)
	}
}

func minSV32(o []float32, s float32, b []float32) {
	b = b[:len(o)]
	ob, bb, sb := f32bits(o), f32bits(b)[:len(o)], f32bitsOf(s)
	take := boolByte(s != s)
	for i := range ob {
		ob[i] = pick32(take|boolByte(s < b[i]), sb, bb[i])
	}
}

func maxVS64(o, a []float64, s float64) {
	a = a[:len(o)]
	ob, ab, sb := f64bits(o), f64bits(a)[:len(o)], f64bitsOf(s)
	for i := range ob {
		x := a[i]
		ob[i] = pick64(boolByte(x != x)|boolByte(x > s), ab[i], sb)
	}
}

func maxSV64(o []float64, s float64, b []float64) {
	b = b[:len(o)]
	ob, bb, sb := f64bits(o), f64bits(b)[:len(o)], f64bitsOf(s)
	take := boolByte(s != s)
	for i := range ob {
		ob[i] = pick64(take|boolByte(s > b[i]), sb, bb[i])
	}
}

func minVS64(o, a []float64, s float64) {
	a = a[:len(o)]
	ob, ab, sb := f64bits(o), f64bits(a)[:len(o)], f64bitsOf(s)
	for i := range ob {
		x := a[i]
		ob[i] = pick64(boolByte(x != x)|boolByte(x < s), ab[i], sb)
	}
}

func minSV64(o []float64, s float64, b []float64) {
	b = b[:len(o)]
	ob, bb, sb := f64bits(o), f64bits(b)[:len(o)], f64bitsOf(s)
	take := boolByte(s != s)
	for i := range ob {
		ob[i] = pick64(take|boolByte(s < b[i]), sb, bb[i])
	}
}

func f32bitsOf(s float32) uint32 { return *(*uint32)(unsafe.Pointer(&s)) }

func f64bitsOf(s float64) uint64 { return *(*uint64)(unsafe.Pointer(&s)) }

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
