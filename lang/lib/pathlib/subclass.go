package pathlib

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// pathlib's classes as base classes: class P(PosixPath) (or
// type(Path())) and class Q(PurePosixPath). An instance keeps its path
// as Instance.Native() (a *based), made from the arguments of the call as
// PurePath.__new__ makes it; the base's methods and properties run on
// it, and those that make a path (/, joinpath, parent, with_suffix, ...)
// make one of the subclass, printing with its name, as CPython 3.11's.
// Path and PurePath themselves choose the flavour from the class being
// Path or PurePath, so that a class deriving directly from them cannot
// make instances: CPython 3.11's AttributeError about _flavour.

// based is the path of an instance of a subclass; pure is true under
// PurePosixPath, whose instances have no file system methods.
type based struct {
	p    *path
	pure bool
}

// pureMethods are the methods of PurePosixPath; the others of pathMethods
// ask or change the file system.
var pureMethods = map[string]bool{
	"as_posix": true, "as_uri": true, "is_absolute": true, "is_relative_to": true, "is_reserved": true,
	"joinpath": true, "match": true, "relative_to": true, "with_name": true, "with_stem": true, "with_suffix": true,
}

// pathOf is the path of v: a path or an instance of a subclass.
func pathOf(v lang.Value) (*path, bool) {
	switch x := v.(type) {
	case *path:
		return x, true
	case *lang.Instance:
		if b, ok := x.Native().(*based); ok {
			return b.p, true
		}
	}
	return nil, false
}

// wrapPaths makes each path of v (a path, or a tuple, list or iterator
// of them: parents, iterdir(), glob()) an instance of cls.
func wrapPaths(cls *lang.UserClass, pure bool, v lang.Value) lang.Value {
	switch x := v.(type) {
	case *path:
		return lang.NewInstance(cls, &based{p: x, pure: pure})
	case lang.Tuple:
		out := make(lang.Tuple, len(x))
		for i, e := range x {
			out[i] = wrapPaths(cls, pure, e)
		}
		return out
	case *lang.List:
		out := make([]lang.Value, len(x.Elems))
		for i, e := range x.Elems {
			out[i] = wrapPaths(cls, pure, e)
		}
		return &lang.List{Elems: out}
	case *lang.Iterator: // iterdir, glob, rglob: made with its paths, not yet consumed
		elems, err := lang.Collect(x)
		if err != nil {
			return v
		}
		return lang.NewIterator(x.TypeName(), wrapPaths(cls, pure, &lang.List{Elems: elems}).(*lang.List).Elems)
	}
	return v
}

// baseSelf is the instance and path of a base method's self.
func baseSelf(a *lang.Args, method string) (*lang.Instance, *based, error) {
	x, ok := a.Value("self").(*lang.Instance)
	if ok {
		if b, ok := x.Native().(*based); ok {
			return x, b, nil
		}
	}
	return nil, nil, lang.Errorf(lang.TypeError, "descriptor '%s' for 'PurePath' objects doesn't apply to a '%s' object", method, lang.TypeName(a.Value("self")))
}

// BaseClass is the class a class statement naming c derives from.
func (c *pathClass) BaseClass() (*lang.UserClass, error) {
	return lang.NativeBaseClass("pathlib." + c.name), nil
}

// defPathBase registers the pathlib class name as a base a class
// statement may derive from; its methods are made on first lookup.
func defPathBase(name string, pure, abstract bool) {
	class := pathlibModule.Attrs[name].(*pathClass)
	base := &lang.NativeBase{
		Name: "pathlib." + name,
		New:  func(x *lang.Instance) error { x.SetNative(&based{p: &path{}, pure: pure}); return nil },
		NewArgs: func(x *lang.Instance, pos []lang.Value) error {
			p, err := joinAll(&path{}, pos)
			if err == nil {
				x.SetNative(&based{p: p, pure: pure})
			}
			return err
		},
		// object.__init__: __new__ took the arguments
		Init: func(*lang.Instance, []lang.Value, []string, []lang.Value) error { return nil },
		Attr: func(x *lang.Instance, attr string) (lang.Value, bool, error) {
			b, ok := x.Native().(*based)
			if _, method := pathMethods[attr]; !ok || method {
				return nil, false, nil
			}
			v, ok := b.p.Attr(attr)
			if !ok {
				return nil, false, nil
			}
			return wrapPaths(x.Class(), pure, v), true, nil
		},
		LazyMethods: func() map[string]lang.Value { return pathBaseMethods(pure) },
		Repr: func(x *lang.Instance) (string, bool) {
			return x.Class().Name + "(" + lang.Repr(x.Native().(*based).p.String()) + ")", true
		},
		HashValue: func(x *lang.Instance) lang.Value { return x.Native().(*based).p },
		Str:       func(x *lang.Instance) (string, bool) { return x.Native().(*based).p.String(), true },
		Names:     func(x *lang.Instance) []string { return (&path{}).AttrNames() },
	}
	if !pure {
		base.ClassAttr = func(c *lang.UserClass, attr string) (lang.Value, bool, error) {
			m, ok := classMethods[attr]
			if !ok || attr == "__call__" {
				return nil, false, nil
			}
			return lang.NewBuiltin(lang.AsValue, attr+"()", m.Doc, func(a *lang.Args) (lang.Value, error) {
				v, err := a.Call(m)
				if err != nil {
					return nil, err
				}
				return wrapPaths(c, false, v), nil
			}), true, nil
		}
	}
	if abstract {
		base.Construct = func(c *lang.UserClass) error {
			return lang.Errorf(lang.AttributeError, "type object '%s' has no attribute '_flavour'", c.Name)
		}
	}
	lang.RegisterNativeBase("pathlib."+name, class, base)
}

// pathBaseMethods are the methods of a class derived from a pathlib
// class (PurePath's only when pure), run on the instance's path.
func pathBaseMethods(pure bool) map[string]lang.Value {
	methods := map[string]lang.Value{}
	for n, m := range pathMethods {
		if pure && !pureMethods[n] {
			continue
		}
		m := m
		methods[n] = lang.NewBuiltin(lang.AsValue, n+"(self, *args)", m.Doc, func(a *lang.Args) (lang.Value, error) {
			x, b, err := baseSelf(a, n)
			if err != nil {
				return nil, err
			}
			kwNames, kwVals := a.Keywords()
			v, err := a.CallKw(&lang.BoundMethod{Recv: b.p, Method: m}, a.Value("args").(lang.Tuple), kwNames, kwVals)
			if err != nil {
				return nil, err
			}
			return wrapPaths(x.Class(), b.pure, v), nil
		}).CollectKeywords().BindingSelf()
	}
	special := func(sig string, fn func(a *lang.Args, x *lang.Instance, b *based) (lang.Value, error)) {
		var m *lang.Builtin
		m = lang.NewBuiltin(lang.AsValue, sig, "PurePath's "+sig+".", func(a *lang.Args) (lang.Value, error) {
			x, b, err := baseSelf(a, m.Name)
			if err != nil {
				return nil, err
			}
			return fn(a, x, b)
		}).BindingSelf()
		methods[m.Name] = m
	}
	div := func(reflected bool) func(a *lang.Args, x *lang.Instance, b *based) (lang.Value, error) {
		return func(a *lang.Args, x *lang.Instance, b *based) (lang.Value, error) {
			other := a.Value("key")
			if o, plain := other.(*path); plain && reflected {
				return o.join(b.p), nil // Path('x') / P('y') is the left operand's, as CPython's
			}
			if o, ok := pathOf(other); ok {
				other = o
			}
			v, ok, err := b.p.BinaryOp(syntax.SLASH, other, reflected)
			if err != nil || !ok {
				return lang.NotImplemented, err
			}
			return wrapPaths(x.Class(), b.pure, v), nil
		}
	}
	special("__truediv__(self, key)", div(false))
	special("__rtruediv__(self, key)", div(true))
	special("__fspath__(self)", func(_ *lang.Args, _ *lang.Instance, b *based) (lang.Value, error) { return b.p.String(), nil })
	special("__eq__(self, other)", func(a *lang.Args, _ *lang.Instance, b *based) (lang.Value, error) {
		o, ok := pathOf(a.Value("other"))
		if !ok {
			return lang.NotImplemented, nil
		}
		return b.p.Equal(o), nil
	})
	for _, op := range []struct {
		name string
		ok   func(c int) bool
	}{
		{"__lt__", func(c int) bool { return c < 0 }}, {"__le__", func(c int) bool { return c <= 0 }},
		{"__gt__", func(c int) bool { return c > 0 }}, {"__ge__", func(c int) bool { return c >= 0 }},
	} {
		special(op.name+"(self, other)", func(a *lang.Args, _ *lang.Instance, b *based) (lang.Value, error) {
			o, ok := pathOf(a.Value("other"))
			if !ok {
				return lang.NotImplemented, nil
			}
			return op.ok(slices.Compare(b.p.allParts(), o.allParts())), nil
		})
	}
	return methods
}

func init() {
	defPathBase("PosixPath", false, false)
	defPathBase("Path", false, true)
	defPathBase("PurePosixPath", true, false)
	defPathBase("PurePath", true, true)
}

// PyType is type(p): pathlib.PosixPath, which a class statement may
// derive from.
func (p *path) PyType() lang.Value { return pathlibModule.Attrs["PosixPath"] }
