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
	log, sin, cos func(float64) float64
	pow           func(float64, float64) float64
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
