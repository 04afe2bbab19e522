package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// fpPrelude defines caught(f): f's result, its type and the warnings it
// issued, each as "Category: message".
const fpPrelude = prelude + `import warnings
def caught(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try:
            r = f()
            out = (repr(r), type(r).__name__)
        except Exception as e:
            out = (type(e).__name__, str(e))
    return out, [f'{x.category.__name__}: {x.message}' for x in w]
`

// TestScalarHashMatchesNumPy covers hash() of NumPy's scalars: the hash
// of the Python number each equals, so that dict keys and sets mix them.
func TestScalarHashMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"[hash(v) == hash(v.item()) for v in (np.int16(5), np.int64(-1), np.int8(-1), np.uint64(2**64 - 1), np.bool_(True), np.bool_(False))]",
		"[hash(v) for v in (np.int16(5), np.int64(-1), np.uint64(2**64 - 1), np.uint32(7), np.bool_(True))]",
		"[hash(v) for v in (np.float32(1.5), np.float64(0.1), np.float32(0.1), np.float16(0.5), np.float64(1e300), np.float64(2.0**70), np.float64('inf'))]",
		"hash(np.complex64(1+2j)), hash(np.complex128(3)), hash(np.complex128(0.5-1j)) == hash(0.5-1j)",
		"d = {np.int16(5): 'a', 5: 'b', 2.0: 'c'}\nd, d[np.int64(2)], d[np.float32(5)], len(d)",
		"{1: 'x'}[np.int64(1)], {np.uint64(2**64 - 1): 1}[2**64 - 1], {np.float64(0.5), 0.5, np.float32(0.5)}",
		"len({np.int8(3), 3, 3.0, np.uint16(3), np.float16(3)}), np.int32(7) in {7}",
		"hash((np.int16(1), np.float64(2.5))) == hash((1, 2.5))",
	})
}

// TestScalarErrorsMatchNumPy covers NumPy 1.24's scalar arithmetic
// errors: the RuntimeWarning of an overflow, a division by zero or an
// invalid value, and np.seterr/np.errstate turning them off or into
// FloatingPointError.
func TestScalarErrorsMatchNumPy(t *testing.T) {
	cases := []string{
		"np.int16(32767) + np.int16(1)", "np.int16(-32768) - np.int16(1)", "np.int64(2**62) * np.int64(4)",
		"np.int8(-128) // np.int8(-1)", "np.int64(1) // np.int64(0)", "np.int64(1) % np.int64(0)",
		"np.int64(1) / np.int64(0)", "np.int64(0) / np.int64(0)", "-np.int8(-128)", "abs(np.int8(-128))",
		"-np.uint8(1)", "-np.uint8(0)", "abs(np.uint8(200))", "-np.int64(-2**63)", "np.int8(2) ** np.int8(10)",
		"np.uint8(0) - np.uint8(1)", "np.uint64(0) - np.uint64(1)", "np.uint64(2**64 - 1) + np.uint64(1)",
		"np.int32(2**31 - 1) + 1", "np.int8(100) + 100", "np.int16(32767) + np.array(1, dtype=np.int16)",
		"np.float32(3e38) * np.float32(10)", "np.float64(1e308) * 10", "10 * np.float64(1e308)",
		"np.float64(1e308) + np.float64(1e308)", "np.float64(10.0) ** 400", "np.float64(-1) ** 0.5",
		"np.float64(1) / np.float64(0)", "np.float64(0) / np.float64(0)", "np.float64(-1) / np.float64(0)",
		"np.float64('inf') - np.float64('inf')", "np.float64(1) // np.float64(0)", "np.float64(1) % np.float64(0)",
		"np.float64('inf') // 1", "np.float64(0) * np.float64('inf')", "np.float32(1e-45) / np.float32(10)",
		"np.float16(60000) * np.float16(2)", "np.float64(1.5) + 1", "np.int64(5) - np.int64(3)",
		"np.float64('nan') + 1", "np.complex128(1) / np.complex128(0)", "np.float64(1e308) * np.float32(10)",
		"np.int8(-128) % np.int8(-1)", "np.int16(300) * np.int16(300) > 0",
		"divmod(np.int64(7), np.int64(2))", "divmod(np.float64(7.5), 2)", "divmod(7, np.int8(-2))", "np.int8(-7) // np.int8(2)", "np.int8(-7) // np.int8(-2)", "np.int8(7) // np.int8(-2)", "np.int8(-128) // np.int8(3)", "divmod(np.array([7, 8]), 3)",
	}
	srcs := make([]string, 0, len(cases)+8)
	for _, c := range cases {
		srcs = append(srcs, "caught(lambda: "+c+")")
	}
	srcs = append(srcs,
		"np.geterr()",
		// each case that sets the modes puts them back: they are the process's, in NumPy as in kael
		"old = np.seterr(all='ignore')\nres = old, np.geterr(), caught(lambda: np.int16(32767) + np.int16(1)), caught(lambda: np.float64(1) / 0)\nnp.seterr(**old)\nres",
		"old = np.seterr(over='raise', divide='ignore')\nres = caught(lambda: np.int16(32767) + np.int16(1)), caught(lambda: np.float64(1) / 0), caught(lambda: np.float64(0) / 0), np.geterr()\nnp.seterr(**old)\nres",
		"old = np.seterr(divide='raise')\nres = caught(lambda: np.complex128(1) / np.complex128(0))\nnp.seterr(**old)\nres",
		"old = np.seterr(invalid='raise')\nres = caught(lambda: np.complex128(1) / np.complex128(0))\nnp.seterr(**old)\nres, np.geterr()",
		"with np.errstate(over='ignore'):\n    a = caught(lambda: np.int16(32767) + np.int16(1))\na, caught(lambda: np.int16(32767) + np.int16(1)), np.geterr()",
		"with np.errstate(all='raise'):\n    a = caught(lambda: np.float64(0) / np.float64(0))\na, np.geterr()",
		"with np.errstate(divide='ignore', invalid='ignore'):\n    a = caught(lambda: np.float64(0) / np.float64(0)), caught(lambda: np.float64(1) / np.float64(0))\na",
		"caught(lambda: np.seterr(over='sometimes')), np.geterr()",
		"x = np.int16(32000)\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('error')\n    try:\n        x += np.int16(1000)\n    except RuntimeWarning as e:\n        got = repr(e)\nx, got",
	)
	langtest.CheckMatchesCPython(t, fpPrelude, srcs)
}
