package datetime_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDatetimeSpecialMethods checks the special methods a date and a
// timedelta have from their operators (lang.OperatorNamer), called by
// name and listed by dir(), against CPython: only the operators their
// types define, and the comparisons through their own order.
func TestDatetimeSpecialMethods(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import datetime\nd, e, t = datetime.date(2020, 1, 2), datetime.date(2021, 1, 1), datetime.timedelta(3)\n", []string{
		"d.__lt__(e), d.__ge__(e), d.__eq__(d), d.__ne__(e), d.__lt__(3), d.__eq__(3)",
		"d.__add__(t), t.__radd__(d), d.__sub__(e), d.__rsub__(e), d.__sub__(t), d.__add__(1)",
		"t.__mul__(2), t.__rmul__(2), t.__truediv__(2), t.__floordiv__(t), t.__mod__(datetime.timedelta(2)), t.__neg__(), t.__pos__(), t.__abs__()",
		"t.__mul__('x'), t.__add__(1)",
		"[n in dir(d) for n in ['__add__', '__radd__', '__sub__', '__rsub__', '__mul__', '__truediv__', '__and__', '__matmul__', '__neg__']]",
		"[n in dir(t) for n in ['__add__', '__mul__', '__rmul__', '__truediv__', '__rtruediv__', '__floordiv__', '__mod__', '__pow__', '__and__', '__matmul__', '__neg__', '__abs__']]",
	})
}
