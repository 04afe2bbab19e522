package lang

import "testing"

// Ints beyond 64 bits: arithmetic, conversions, comparisons with floats,
// hashing and the 4300-digit text limit, each as CPython 3.11 gives it.
func TestBigIntMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "import math\n", []string{
		`str(10**5000)`,
		`repr(10**5000)`,
		`int('9'*5000)`,
		`float(10**400)`,
		`10**400/2.0`,
		`10**400/3`,
		`(10**400)**-1`,
		`1<<10**20`,
		`2**64>>10**20`,
		`hash(2**64)`,
		`hash(2**61-1)`,
		`hash(-2**64)`,
		`hash(2**100)`,
		`2**64 == 2.0**64`,
		`2**53+1 == 2.0**53`,
		`2**53+1 > 2.0**53`,
		`divmod(-10**30, 7)`,
		`pow(3, 10**30, 10**9+7)`,
		`math.factorial(50)`,
		`f'{2**70:,}'`,
		`'%d' % 2**70`,
		`hex(-2**70)`,
		`format(2**70,'x')`,
		`10**400 < float('inf')`,
		`round(10**30, -29)`,
		`round(2**70+0.0)`,
		`int(1e300)`,
		`abs(-2**63)`,
		`-(-2**63)`,
		`~(2**64)`,
		`math.sqrt(10**400)`,
		`math.log(10**400)`,
		`math.isqrt(10**40)`,
		`math.gcd(2**80, 6**40)`,
		`sum([2**62]*4)`,
		`[1][2**64]`,
		`math.floor(1e30)`,
		`int("1"*4301)`, `int("99999999999999999999")`, `int("-9223372036854775809")`, `round(9223372036854775807, -1)`, `round(-25 * 10**30, -31)`, `int("-0b" + "1"*70, 0)`,
		`True + 2**64`,
		`2**64 // 0`,
		`2**64 % 0`,
		`1.5 < 2**64`,
		`float('nan') < 2**64`,
		`{2**64: 1}[float(2**64)]`,
		`{2.0**62: 'f'}[2**62]`,
		`[2**64, 1.5, -2**70, 3]`,
		`sorted([2**64, 1.5, -2**70, 3])`,
		`max(2**64, 3)`,
		`int('-0x' + 'f'*40, 16)`,
		`(2**64) ** 3 % 7`,
		`2**64 * 2.5`,
		`2**100 - 2**100 + 5`,
		`type(2**100 - 2**100)`,
		`(-7) // 2**64`,
		`7 % -2**64`,
		`-2**63`,
		`9223372036854775807 + 1`,
		`(-9223372036854775807 - 1) * -1`,
		`10 ** 20 // 3`,
		`str(2**64)`,
		`1 << 64`,
		`round(2.0**80 + 0.5)`, `math.log2(2**2000)`, `math.log10(10**400)`, `math.log(10**400, 10)`, `math.comb(2**64, 3)`, `math.perm(30, 20)`, `math.lcm(2**40, 3**30, 10)`, `math.trunc(-1e25)`, `math.ceil(2**70)`, `math.prod(range(1, 30))`, `math.factorial(-1)`, `math.isqrt(-1)`, `math.isqrt(2**200 - 1)`, `123456789012345678901234567890 * 10`, `-9223372036854775808`, `0xffff_ffff_ffff_ffff_ff`, `x = 9223372036854775807
x += 1
x`, `def f(n):
    return g(n + 1)
def g(x):
    return x
f(2**63 - 1)`, `t = 1
for i in range(100):
    t *= 3
t`, `n = 2**64
n - 1 == 18446744073709551615`, `sum([2**63, 2**63, -2**64])`, `[2**64, 2**65].index(2**65)`, `2**64 in [1.0, 1.8446744073709552e19]`, `(2**64).__class__`, `type(-2**64)`,
		`[1] * 2**64`,
		`2**64 in {2**64}`,
		`bool(2**64)`,
		`not 2**64`,
		`0 ** 2**100`,
		`(-1) ** (2**100 + 1)`,
		`2 ** -(2**64)`,
		`pow(2, -1, 7)`,
		`pow(2**100, 2, 2**64+1)`,
		`pow(2, 3, 0)`,
	})
}

// The methods of int, on ints of any size and on bools.
func TestIntMethodsMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		`(255).bit_length(), (-256).bit_length(), (0).bit_length(), (2**100).bit_length(), True.bit_length()`,
		`(-7).bit_count(), (2**100 - 1).bit_count()`,
		`(255).to_bytes(2, 'big'), (255).to_bytes(2, 'little'), (-2).to_bytes(2, 'big', signed=True)`,
		`(2**64).to_bytes(9, 'little'), (5).to_bytes()`,
		`(256).to_bytes(1, 'big')`,
		`(-1).to_bytes(1, 'big')`,
		`(128).to_bytes(1, 'big', signed=True)`,
		`(1).to_bytes(1, 'middle')`,
		`(1).to_bytes(-1, 'big')`,
		`int.from_bytes('ab', 'big')`,
		`int.from_bytes([256], 'big')`,
		"x = 2**70 + 3\nint.from_bytes(x.to_bytes(10, 'big'), 'big') == x",
		`(5).conjugate(), (2**70).as_integer_ratio(), True.as_integer_ratio()`,
	})
}

// Tensors refuse ints beyond 64 bits with PyTorch's error.
func TestBigIntTensorsMatchTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\n", []string{
		`torch.tensor(2**64)`,
		`torch.tensor([1, 2**64])`,
		`torch.tensor(2**63)`,
		`torch.zeros(2) + 2**64`,
		`torch.tensor([2**63 - 1, -2**63]).tolist()`,
	})
}
