package lang

import "testing"

// fastPathCases exercise the arithmetic and comparison fast paths of
// compile_fast.go on every kind of operand (local, global, constant,
// computed) and every kind of value they hand back to the general
// operator (floats, mixed, bools, strings, lists, negatives, unbound
// names), so that a fast path that answers differently from the general
// one shows up against CPython.
var fastPathCases = []string{
	"def f(n):\n    return n - 1, n + 1, n * 3, n % 4\n[f(x) for x in (0, 5, -7, 2.5, True)]",
	"n = 10\n(n - 1, n + 1, n * 3, n % 4, n % -3, -n % 3)",
	"x = 2.5\n(x + 1, x - 1, x * 2, x % 2, 1 - x, 3 * x)",
	"a, b = 7, 2\n(a + b, a - b, a * b, a % b, b - a, -a % b, a % -b)",
	"a, b = 1.5, 4\n(a + b, b - a, a * b, b % a)",
	"s = 'ab'\n(s + 'c', s * 2, 'x' + s)",
	"l = [1]\n(l + [2], l * 3)",
	"t = True\n(t + 1, t - 1, t * 5, 5 % t, t + t)",
	"def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n[fib(i) for i in range(15)]",
	"def g(x):\n    return x\ndef h(n):\n    return g(n) + g(n + 1), g(n) - g(2.5), g('a') + g('b')\n(h(3), h(-1))",
	"def c(n):\n    out = []\n    if n < 2:\n        out.append('lt')\n    if n >= 2.0:\n        out.append('ge')\n    if len(out) > 0:\n        out.append(len(out))\n    return out\n[c(v) for v in (0, 1, 2, 3.5, True)]",
	"i = 3\nr = []\nwhile i > 0:\n    r.append(i)\n    i = i - 1\nr",
	"def u():\n    y = z + 1\n    z = 2\n    return y\nu()",
	"def u2(n):\n    if m < 2:\n        return 1\n    m = n\nu2(1)",
	"log = []\ndef side(v):\n    log.append(v)\n    return v\n(side(1) + side(2), side(3) - side(4.0), log)",
	"log = []\ndef side(v):\n    log.append(v)\n    return v\ntry_missing = 0\n(missing_name + side(1))",
	"k = 50\n[(i % k, i % 7 + 1, (i * 2) % 5) for i in range(0, 200, 37)]",
	"counts = {}\nfor i in range(30):\n    k = i % 4\n    counts[k] = counts.get(k, 0) + 1\ncounts",
	"(255 + 1, 256 - 1, -1 + 0, 0 - 1, 128 * 2, 300 % 256)",
	"x = 1e308\n(x * 10, -x * 10, x - x)",
	"def m(a, b):\n    return a % b\nm(5, 0)",
	"def m(a, b):\n    return a % b\nm(-5, 0.5)",
	"(1 // 0.1, -1 // 0.1, 1 % 0.1, divmod(1, 0.1), 7.5 // 2, -7.5 // 2, -0.0 // 1, 0.0 // -1, 5 % -0.5, 0.0 % -1)",
	"(1 // 0, 1.0 // 0)",
	"divmod(1, 0)",
	"'a' + 1", "[1] + (2,)", "(1,) + [2]", "'a' + [1]", "(1,) + None", "1 + 'a'",
	"def cat(a, b):\n    return a + b\ncat('x', 2)",
	// A call's argument n - 1 computed at the call site (operand.step).
	"def g(x):\n    return x\ndef steps(n):\n    return g(n - 1), g(n + 2), g(n - -3)\n[steps(v) for v in (0, -5, 2.5, True, False, 9223372036854775804, -9223372036854775807)]",
	"def g(x):\n    return x\ndef s1(n):\n    return g(n - 1)\ns1('a')",
	"def g(x):\n    return x\ndef s2():\n    r = g(n - 1)\n    n = 1\n    return r\ns2()",
	"def g(x):\n    return x\ndef s3(n):\n    return g(n + 1)\ns3([1])",
	// if n < k: return v, returned by the if statement itself.
	"def guard(n):\n    if n < 2:\n        return n\n    return -1\n[guard(v) for v in (0, 1, 2, 1.5, True, -3)]",
	"def guard2(n):\n    if n <= 0:\n        return 7\n    return n\n[guard2(v) for v in (0, 1, -1.0)]",
	"def guard3(n):\n    if n < 2:\n        return m\n    m = 1\n    return m\nguard3(1)",
	"def guard4(n):\n    if n < 2:\n        return n\n    return 0\nguard4('a')",
}

// TestFastPathsMatchCPython runs each case in kael and in CPython
// (python3 on PATH) and compares the outcomes: the value's repr, or the
// exception's kind and message.
func TestFastPathsMatchCPython(t *testing.T) { checkMatchesCPython(t, "", fastPathCases) }

// TestFloorDivideMatchesPyTorch checks the tensor floor division against
// PyTorch on the quotients that flooring a / b gets wrong.
func TestFloorDivideMatchesPyTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\n", []string{
		"a = torch.tensor([1., -1., 7.5, -7.5, 0., 1e308], dtype=torch.float64)\nb = torch.tensor([0.1, 0.1, 2., 2., -1., 1e-308], dtype=torch.float64)\n(a // b).tolist()",
		"torch.floor_divide(torch.tensor([1., 3.], dtype=torch.float32), 0.1).tolist()",
		"torch.div(torch.tensor([1., -1.], dtype=torch.float64), 0.1, rounding_mode='floor').tolist()",
	})
}
