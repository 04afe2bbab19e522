package numbers_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/numbers"
)

// numbersCases are compared with CPython 3.11's outcomes.
var numbersCases = []string{
	"[isinstance(1, c) for c in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral)]",
	"[isinstance(1.5, c) for c in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral)]",
	"[isinstance(1j, c) for c in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral)]",
	"[isinstance(True, numbers.Integral), isinstance('1', numbers.Number), isinstance(None, numbers.Number), issubclass(bool, numbers.Number)]",
	"issubclass(numbers.Integral, numbers.Real), issubclass(numbers.Real, numbers.Integral), numbers.Number.__hash__",
	"numbers.Real()",
	"numbers.Integral.__mro__[1:4]",
	"sorted(numbers.__all__)",
	"class Meters(numbers.Real):\n    pass\nMeters()",
	"class N:\n    def __init__(self, v): self.v = v\nnumbers.Rational.register(N)\nisinstance(N(1), numbers.Real), isinstance(N(1), numbers.Integral)",
	"class I(numbers.Integral):\n    def __init__(self, v): self.v = v\n    def __int__(self): return self.v\nfor m in ('__pow__ __lshift__ __rlshift__ __rshift__ __rrshift__ __and__ __rand__ __xor__ __rxor__ __or__ __ror__ __invert__ __trunc__ __floor__ __ceil__ __round__ __floordiv__ __rfloordiv__ __mod__ __rmod__ __lt__ __le__ __add__ __radd__ __neg__ __pos__ __mul__ __rmul__ __truediv__ __rtruediv__ __rpow__ __abs__ __eq__').split():\n    setattr(I, m, lambda *a: None)\nI.__abstractmethods__ = frozenset()\ni = I(7)\ni.__index__(), float(i), i.numerator, i.denominator, i.imag, complex(i)",
}

func TestNumbersMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import numbers\n", numbersCases)
}
