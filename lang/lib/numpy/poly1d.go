package numpy

import (
	_ "embed" // poly1d.py

	"github.com/kael-dev/kael/lang"
)

// np.poly1d is a Python class (poly1d.py) over the polynomial functions
// (np.polyadd, np.polymul, np.polydiv, np.polyval, np.roots, ...), as
// NumPy's own is: the private source module _numpy_poly1d, run once per
// session the first time np.poly1d is called. It is not a submodule of
// numpy, whose module is built in Go once, while the source imports it.

//go:embed poly1d.py
var poly1dSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_poly1d", "np.poly1d, written in Python over kael's NumPy polynomial functions (kael's own code, behaving as NumPy 1.24's numpy/lib/polynomial.py class).", poly1dSource)
	})
}

// poly1dType is np.poly1d: calling it makes an instance of the source
// module's class, which isinstance(p, np.poly1d) recognises.
type poly1dType struct{ call *lang.Builtin }

// TypeName returns "type".
func (*poly1dType) TypeName() string { return "type" }

// PyRepr returns <class 'numpy.poly1d'>.
func (*poly1dType) PyRepr() string { return "<class 'numpy.poly1d'>" }

// isPoly1dClass reports whether cls is the source module's class (its
// __module__ is numpy, as NumPy's is).
func isPoly1dClass(cls lang.Value) bool {
	if _, ok := cls.(*lang.UserClass); !ok {
		return false
	}
	mod, err1 := lang.GetAttr(cls, "__module__")
	name, err2 := lang.GetAttr(cls, "__name__")
	return err1 == nil && err2 == nil && mod == "numpy" && name == "poly1d"
}

// InstanceCheck is isinstance(p, np.poly1d).
func (*poly1dType) InstanceCheck(obj lang.Value) (bool, error) {
	cls, err := lang.GetAttr(obj, "__class__")
	return err == nil && isPoly1dClass(cls), nil
}

// SubclassCheck is issubclass(cls, np.poly1d).
func (*poly1dType) SubclassCheck(cls lang.Value) (bool, error) { return isPoly1dClass(cls), nil }

// Attr gives __name__ and __call__.
func (c *poly1dType) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__":
		return "poly1d", true
	case "__call__":
		return c.call, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*poly1dType) AttrNames() []string { return []string{"__name__"} }

// defPoly1d adds np.poly1d.
func defPoly1d(m map[string]lang.Value) {
	call := lang.NewBuiltin(lang.AsValue, "poly1d(c_or_r, r=False, variable=None)", "A one-dimensional polynomial: poly1d([1, 2, 3]) is x**2 + 2x + 3 (r=True: the monic one of those roots); it evaluates (p(0.5), p(array), p(q)), computes with numbers and polynomials (+ - * / **), has deriv, integ, roots, coeffs/c, order/o, variable, p[k] (the coefficient of x**k), and prints on two lines as NumPy's.", func(a *lang.Args) (lang.Value, error) {
		mod, err := a.Import("_numpy_poly1d")
		if err != nil {
			return nil, err
		}
		pyClass, err := lang.GetAttr(mod, "poly1d")
		if err != nil {
			return nil, err
		}
		return a.Call(pyClass, a.Value("c_or_r"), a.Value("r"), a.Value("variable"))
	})
	m["poly1d"] = &poly1dType{call: call}
}
