package cmath_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/cmath"
)

// cmathPrelude rounds a complex's parts to 12 decimals: Go's math/cmplx
// and CPython's cmath may differ in the last digits.
const cmathPrelude = "import cmath\ndef r(z):\n    return (round(z.real, 12), round(z.imag, 12))\n"

func TestCmathMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, cmathPrelude, []string{
		`r(cmath.sqrt(-1)), r(cmath.sqrt(3 + 4j)), r(cmath.exp(1j * cmath.pi)), r(cmath.log(-1)), r(cmath.log(8, 2)), r(cmath.log10(100j))`,
		`r(cmath.sin(1 + 1j)), r(cmath.cos(1j)), r(cmath.tan(0.5 - 1j)), r(cmath.sinh(1 + 2j)), r(cmath.cosh(2)), r(cmath.tanh(-1j))`,
		`r(cmath.asin(2)), r(cmath.acos(0.5j)), r(cmath.atan(1 + 1j)), r(cmath.asinh(1j)), r(cmath.acosh(2 + 0j)), r(cmath.atanh(0.5))`,
		`cmath.phase(-1), cmath.phase(1j), cmath.phase(-1 - 0j), cmath.polar(3 + 4j), r(cmath.rect(2, cmath.pi / 2)), cmath.rect(1, 0)`,
		`cmath.isnan(complex(0, float('nan'))), cmath.isinf(cmath.infj), cmath.isfinite(1 + 1j), cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1j, 2j)`,
		`cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.infj, cmath.nanj`,
		`cmath.log(0)`,
		`cmath.exp(1000)`,
		`cmath.sqrt('x')`,
		`cmath.sqrt(2**2000)`,
		`cmath.isclose(1, 2, rel_tol=-1)`,
	})
}
