package numpy

import (
	"github.com/kael-dev/kael/lang"
)

// sourceClass is a NumPy class written in Python in one of the package's
// source modules (np.nditer in nditer.py, np.matrix in matrix.py). The
// numpy module is built once in Go, while the class belongs to each
// session's run of its module: np.NAME stands for it, calling it makes an
// instance of the session's class, and isinstance and issubclass
// recognise that class and the classes derived from it (its __module__ is
// numpy and its __name__ NAME, as NumPy's are).
type sourceClass struct {
	name   string     // the class's name in numpy and in its module
	module string     // the private source module that defines it
	params []string   // the constructor's parameters, passed on in order
	base   lang.Value // the built-in class it derives from (np.ndarray), or nil
	call   *lang.Builtin
}

// newSourceClass makes np.NAME for the class name of module, called with
// the signature sig (positional-or-keyword parameters, passed on in
// order) and documented by doc.
func newSourceClass(name, module, sig, doc string) *sourceClass {
	c := &sourceClass{name: name, module: module, params: sourceParams(sig)}
	c.call = lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		cls, err := c.class(a)
		if err != nil {
			return nil, err
		}
		args := make([]lang.Value, len(c.params))
		for i, p := range c.params {
			args[i] = a.Value(p)
		}
		return a.Call(cls, args...)
	})
	return c
}

// class is the session's class, its module run the first time.
func (c *sourceClass) class(a *lang.Args) (lang.Value, error) {
	mod, err := a.Import(c.module)
	if err != nil {
		return nil, err
	}
	return lang.GetAttr(mod, c.name)
}

// TypeName returns "type".
func (*sourceClass) TypeName() string { return "type" }

// PyRepr returns <class 'numpy.NAME'>.
func (c *sourceClass) PyRepr() string { return "<class 'numpy." + c.name + "'>" }

// is reports whether cls is the source module's class.
func (c *sourceClass) is(cls *lang.UserClass) bool {
	mod, err1 := lang.GetAttr(cls, "__module__")
	name, err2 := lang.GetAttr(cls, "__name__")
	return err1 == nil && err2 == nil && mod == "numpy" && name == c.name
}

// derives reports whether cls is the class or derives from it.
func (c *sourceClass) derives(v lang.Value) bool {
	cls, ok := v.(*lang.UserClass)
	if !ok {
		return false
	}
	if c.is(cls) {
		return true
	}
	for _, b := range cls.Bases() {
		if c.is(b) {
			return true
		}
	}
	return false
}

// SubclassOf is issubclass(np.NAME, c): true for the class itself, its
// base and object.
func (c *sourceClass) SubclassOf(cls lang.Value) (result, known bool) {
	switch {
	case cls == lang.Value(c), c.base != nil && cls == c.base, lang.ClassOf(cls) == "object":
		return true, true
	}
	return false, false
}

// InstanceCheck is isinstance(x, np.NAME).
func (c *sourceClass) InstanceCheck(obj lang.Value) (bool, error) {
	cls, err := lang.GetAttr(obj, "__class__")
	return err == nil && c.derives(cls), nil
}

// SubclassCheck is issubclass(cls, np.NAME).
func (c *sourceClass) SubclassCheck(cls lang.Value) (bool, error) { return c.derives(cls), nil }

// Attr gives __name__, __module__, __doc__ and __call__.
func (c *sourceClass) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__", "__qualname__":
		return c.name, true
	case "__module__":
		return "numpy", true
	case "__doc__":
		return c.call.Doc, true
	case "__call__":
		return c.call, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*sourceClass) AttrNames() []string { return []string{"__doc__", "__module__", "__name__"} }
