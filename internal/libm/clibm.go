package libm

import (
	"math"
	"sync"
)

// C's log, sin and cos, where they may round differently from the correct
// value. glibc's are accurate to about 0.52 ulp (its log, from ARM's
// optimized-routines, documents 0.519; sin and cos, IBM's, stay below 0.55
// since glibc 2.28 removed their slow exact paths), so they can round the
// other way only when the exact value lies within 0.05 ulp of the midpoint
// between two doubles. For those inputs, about one in nine, this package
// calls the C library itself (on Linux, through purego, without cgo); for
// the others the correctly rounded value is C's. Where no C library can be
// loaded, the correctly rounded value is returned for every input.

// halfwayMargin is how near, in ulps, an exact value must be to a
// rounding midpoint for C's result to be asked for: C's worst error minus
// one half, with room to spare (measured differences all lie within 0.016).
const halfwayMargin = 0.06

// nearHalfway reports whether v, a normalized double-double, lies within
// halfwayMargin ulp of the midpoint between v.hi and its neighbour on v.lo's
// side.
func nearHalfway(v dd) bool {
	if v.lo == 0 {
		return false
	}
	ulp := math.Nextafter(v.hi, math.Inf(1)) - v.hi
	if v.lo < 0 {
		ulp = v.hi - math.Nextafter(v.hi, math.Inf(-1))
	}
	return math.Abs(v.lo) > (0.5-halfwayMargin)*ulp
}

// cFuncs are the C library's functions of one double.
type cFuncs struct {
	log, sin, cos, exp, log1p, tan func(float64) float64
	acos                           func(float64) float64
	pow                            func(float64, float64) float64
	expf, logf, log1pf             func(float32) float32
	powf                           func(float32, float32) float32
	// one and atan2 are the math module's functions (cmath.go); a
	// missing one is nil, and its Go fallback is used.
	one   [nOne]func(float64) float64
	atan2 func(float64, float64) float64
}

var (
	cOnce   sync.Once
	cLoaded *cFuncs
)

// cLibm returns the C library's functions, or nil where they cannot be
// loaded (see loadCLibm).
func cLibm() *cFuncs {
	cOnce.Do(func() { cLoaded = loadCLibm() })
	return cLoaded
}

// CLibraryLoaded reports whether the C library's log, sin and cos are
// used for the inputs near a rounding midpoint.
func CLibraryLoaded() bool { return cLibm() != nil }

// Pow is C's pow(x, y), the value CPython's float ** float gives; Go's
// math.Pow, which multiplies by repeated squaring for an integer y, can
// differ in the last digits (0.95 ** 5). Where no C library can be loaded
// it is math.Pow.
func Pow(x, y float64) float64 {
	if c := cLibm(); c != nil {
		return c.pow(x, y)
	}
	return math.Pow(x, y)
}

// Exp is C's exp(x), as NumPy's random distributions call it; Go's
// math.Exp can differ by an ulp. Where no C library can be loaded it is
// math.Exp.
func Exp(x float64) float64 {
	if c := cLibm(); c != nil {
		return c.exp(x)
	}
	return math.Exp(x)
}

// Tan is C's tan(x), as PyTorch's cauchy_ calls it (math.Tan where no C
// library can be loaded).
func Tan(x float64) float64 {
	if c := cLibm(); c != nil {
		return c.tan(x)
	}
	return math.Tan(x)
}

// Acos is C's acos(x), as NumPy's von Mises draws call it (math.Acos,
// which can differ in the last bit, where no C library can be loaded).
func Acos(x float64) float64 {
	if c := cLibm(); c != nil {
		return c.acos(x)
	}
	return math.Acos(x)
}

// Log1p is C's log1p(x) (math.Log1p where no C library can be loaded).
func Log1p(x float64) float64 {
	if c := cLibm(); c != nil {
		return c.log1p(x)
	}
	return math.Log1p(x)
}

// Expf is C's expf(x), in float32 as C computes it; where no C library
// can be loaded, math.Exp rounded to float32.
func Expf(x float32) float32 {
	if c := cLibm(); c != nil {
		return c.expf(x)
	}
	return float32(math.Exp(float64(x)))
}

// Logf is C's logf(x) (math.Log rounded to float32 without a C library).
func Logf(x float32) float32 {
	if c := cLibm(); c != nil {
		return c.logf(x)
	}
	return float32(math.Log(float64(x)))
}

// Log1pf is C's log1pf(x) (math.Log1p rounded to float32 without a C
// library).
func Log1pf(x float32) float32 {
	if c := cLibm(); c != nil {
		return c.log1pf(x)
	}
	return float32(math.Log1p(float64(x)))
}

// Powf is C's powf(x, y) (math.Pow rounded to float32 without a C
// library).
func Powf(x, y float32) float32 {
	if c := cLibm(); c != nil {
		return c.powf(x, y)
	}
	return float32(math.Pow(float64(x), float64(y)))
}
