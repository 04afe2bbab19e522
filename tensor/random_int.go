package tensor

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/internal/libm"
)

// Tensor.random_ in its three forms, drawn as ATen's CPU kernels draw
// them (aten/src/ATen/native/DistributionTemplates.h and
// native/cpu/DistributionTemplates.h of PyTorch 1.13): one engine word per
// element, or two where the dtype or the range needs 64 bits, reduced
// modulo the range and cast to the dtype.

// cppTypeName is the name PyTorch's TypeMeta gives d in random_'s bound
// errors ("from is out of bounds for signed char").
func cppTypeName(d DType) string {
	names := map[DType]string{Bool: "bool", Uint8: "unsigned char", Int8: "signed char", Int16: "short int",
		Int32: "int", Int64: "long int", Float16: "c10::Half", BFloat16: "c10::BFloat16", Float32: "float",
		Float64: "double", Complex64: "c10::complex<float>", Complex128: "c10::complex<double>"}
	return names[d]
}

// CppTypeName is the C++ name PyTorch's TypeMeta gives d in its messages:
// float, long int, c10::Half.
func CppTypeName(d DType) string { return cppTypeName(d) }

// floatDigits is std::numeric_limits<T>::digits of the floating dtype d:
// its significand's bits, the hidden one included.
func floatDigits(d DType) int {
	return 1 - int(math.Logb(FloatInfoOf(d).Eps))
}

// wide reports whether random_(from, to) draws two words for a range of
// 2^32 or more in d, as ATen does for int64, double, float and bfloat16.
func wideRandomDType(d DType) bool {
	return d == Int64 || d == Float64 || d == Float32 || d == BFloat16
}

// FillRandom overwrites t as t.random_() does: uniform integers in
// [0, 2^digits] for a floating dtype (digits of its significand), in
// [0, max] for an integer dtype, 0 or 1 for bool.
func FillRandom(t *Tensor, g *Generator) error {
	d := t.dtype
	if d.IsComplex() {
		return NotImplementedFor("random_kernel_cpu", d)
	}
	var mod uint64
	wide := d == Int64 || d == Float64
	if d.IsFloating() {
		mod = 1<<floatDigits(d) + 1
	} else if _, hi, _ := IntRange(d); d != Bool {
		mod = uint64(hi) + 1
	}
	return fillDrawn(g, t, func(g *Generator) int64 {
		if d == Bool {
			return int64(g.random32() & 1)
		}
		if wide {
			return int64(g.random64() % mod)
		}
		return int64(uint64(g.random32()) % mod)
	})
}

// FillRandomRange overwrites t as t.random_(from, to) does, with values
// uniform in [from, to); to nil is random_(from, None), up to the largest
// value of t's dtype (2^digits for a floating one), and from the smallest
// int64 with to nil draws all 64 bits. It returns the warnings PyTorch
// gives for a floating dtype whose bounds lie beyond the integers it
// holds exactly.
func FillRandomRange(t *Tensor, from int64, to *int64, g *Generator) (warnings []string, err error) {
	d := t.dtype
	if d.IsComplex() {
		return nil, Errorf(RuntimeError, "check_random_bounds handles only integral, floating-point and boolean types")
	}
	var toInc int64
	switch {
	case to != nil:
		if from >= *to {
			return nil, Errorf(RuntimeError, "random_ expects 'from' to be less than 'to', but got from=%d >= to=%d", from, *to)
		}
		toInc = *to
		if d.IsFloating() {
			from, toInc = updateFrom(from, d), updateTo(toInc, d)
			if from >= toInc {
				return nil, Errorf(RuntimeError, "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=%d >= to=%d", from, toInc)
			}
		}
		toInc--
	case from != math.MinInt64:
		if d.IsFloating() {
			toInc = int64(1) << floatDigits(d)
			if floatDigits(d) >= 63 {
				toInc = math.MaxInt64
			}
			from = updateFrom(from, d)
			if from >= toInc {
				return nil, Errorf(RuntimeError, "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but got from=%d > to_inc=%d", from, toInc)
			}
		} else {
			_, toInc, _ = IntRange(d)
		}
	default:
		return nil, fillFullRange(t, g)
	}
	warnings, err = checkRandomBounds(from, toInc, d)
	if err != nil {
		return nil, err
	}
	span := uint64(toInc) - uint64(from) + 1
	wide := span >= 1<<32 && wideRandomDType(d)
	return warnings, fillDrawn(g, t, func(g *Generator) int64 {
		if wide {
			return int64(g.random64()%span + uint64(from))
		}
		return int64(uint64(g.random32())%span + uint64(from))
	})
}

// fillFullRange is random_(-2**63, None): every element the 64 bits of two
// words as an int64, cast to t's dtype.
func fillFullRange(t *Tensor, g *Generator) error {
	d := t.dtype
	if !wideRandomDType(d) {
		if d == Bool || d == Float16 || d.IsComplex() {
			return NotImplementedFor("random_full_64_bits_range_kernel_cpu", d)
		}
		return Errorf(RuntimeError, "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16")
	}
	return fillDrawn(g, t, func(g *Generator) int64 { return int64(g.random64()) })
}

// checkRandomBounds is ATen's check_from_to_in_range: from and to_inc
// must be values of d, and for a floating d within ±2^digits or a warning
// says so.
func checkRandomBounds(from, toInc int64, d DType) ([]string, error) {
	for _, b := range []struct {
		name string
		v    int64
	}{{"from", from}, {"to - 1", toInc}} {
		in := false
		if d.IsFloating() {
			hi := FloatInfoOf(d).Max
			in = float64(b.v) >= -hi && float64(b.v) <= hi
		} else {
			lo, hi, _ := IntRange(d)
			in = b.v >= lo && b.v <= hi
		}
		if !in {
			return nil, Errorf(RuntimeError, "%s is out of bounds for %s", b.name, cppTypeName(d))
		}
	}
	if !d.IsFloating() {
		return nil, nil
	}
	var warnings []string
	digits := floatDigits(d)
	for _, b := range []struct {
		name string
		v    int64
	}{{"from", from}, {"to - 1", toInc}} {
		if b.v < -(1<<digits) || b.v > 1<<digits {
			warnings = append(warnings, fmt.Sprintf("%s is out of bounds [-(2^%d), 2^%d]. Due to precision limitations %s can support discrete uniform distribution only within this range. This warning will become an error in version 1.7 release, please fix the code in advance", b.name, digits, digits, cppTypeName(d)))
		}
	}
	return warnings, nil
}

// castInt64 is static_cast<int64_t>(static_cast<scalar_t>(v)) for the
// floating dtype d: v rounded to float (to double for float64), then to
// d, and truncated back.
func castInt64(v int64, d DType) int64 {
	if d == Float64 {
		return int64(float64(v))
	}
	f := float64(float32(v))
	if d == Float16 || d == BFloat16 {
		t, err := FromSlice([]float32{float32(v)})
		if err == nil {
			t, err = t.To(d)
		}
		if err == nil {
			t, err = t.To(Float64)
		}
		if err == nil {
			f = t.storage.data.([]float64)[t.offset]
		}
	}
	if f >= math.MaxInt64 {
		return math.MinInt64 // what x86's conversion of an out-of-range value gives
	}
	return int64(f)
}

// updateFrom is ATen's update_from: a from that rounds down in d moves up
// to the next value d holds.
func updateFrom(from int64, d DType) int64 {
	p := castInt64(from+1, d)
	if p < from {
		n := 0
		for f := abs64(from + 1); f > 1; f >>= 1 {
			n++
		}
		from = p + int64(1)<<(n-floatDigits(d)+1)
	}
	return from
}

// updateTo is ATen's update_to: a to that rounds up in d moves down to
// the previous value d holds.
func updateTo(to int64, d DType) int64 {
	m := castInt64(to-1, d)
	if m >= to {
		n := 0
		for f := abs64(to - 1); f > 1; f >>= 1 {
			n++
		}
		to = m - int64(1)<<(n-floatDigits(d)+1)
	}
	return to
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// fillDrawn overwrites t with draw's values, one per element in
// PyTorch's order, cast once to t's dtype. Integer draws are cast as C++'s
// static_cast does (random_); double draws are computed in double and
// cast once, as ATen's CPU kernels of cauchy_, log_normal_ and geometric_
// compute them.
func fillDrawn[T int64 | float64](g *Generator, t *Tensor, draw func(g *Generator) T) error {
	return randomInPlace(g, t, func(g *Generator, buf *Tensor, _ bool) error {
		vals := make([]T, buf.Numel())
		for i := range vals {
			if i%chunkElements == 0 && Interrupted() {
				return errInterrupted()
			}
			vals[i] = draw(g)
		}
		src, err := FromSlice(vals, buf.shape...)
		if err != nil {
			return err
		}
		return copyInto(buf, src)
	})
}

// FillCauchy overwrites t with Cauchy values of the given median and
// scale, as t.cauchy_(median, sigma): median + sigma·tan(π(u - ½)) of a
// uniform double u. t must be floating.
func FillCauchy(t *Tensor, median, sigma float64, g *Generator) error {
	if !t.dtype.IsFloating() {
		return NotImplementedFor("cauchy_cpu", t.dtype)
	}
	return fillDrawn(g, t, func(g *Generator) float64 {
		return median + sigma*libm.Tan(math.Pi*(g.uniform64()-0.5))
	})
}

// FillLogNormal overwrites t with exp of normal values of the given mean
// and standard deviation, as t.log_normal_(mean, std). t must be
// floating and std positive.
func FillLogNormal(t *Tensor, mean, std float64, g *Generator) error {
	if !(std > 0) {
		return Errorf(RuntimeError, "log_normal_ expects std > 0.0, but found std=%s", streamDouble(std))
	}
	if !t.dtype.IsFloating() {
		return NotImplementedFor("log_normal_cpu", t.dtype)
	}
	return fillDrawn(g, t, func(g *Generator) float64 { return libm.Exp(g.normalSample(mean, std)) })
}

// FillGeometric overwrites t with the number of trials up to the first
// success of probability p, as t.geometric_(p): ⌈log u / log(1-p)⌉ of a
// uniform double u. t may be floating or integer, not bool.
func FillGeometric(t *Tensor, p float64, g *Generator) error {
	if !(p > 0 && p < 1) {
		return Errorf(RuntimeError, "geometric_ expects p to be in (0, 1), but got p=%s", streamDouble(p))
	}
	if t.dtype == Bool || t.dtype.IsComplex() {
		return NotImplementedFor("geometric_cpu", t.dtype)
	}
	return fillDrawn(g, t, func(g *Generator) float64 {
		return math.Ceil(libm.Log(g.uniform64()) / libm.Log(1-p))
	})
}
