package io

import "github.com/kael-dev/kael/lang"

// io.StringIO and io.BytesIO as base classes: class Log(io.StringIO). An
// instance keeps its stream as Instance.Native, made by the class with
// the arguments of __init__ (super().__init__(initial_value) in a
// class's own); the stream's methods run on it, and as in CPython the
// iteration, with and print() go through the instance's own methods
// (readline, close, write), so that an override is the one used.

// streamOf is the stream of self: a StringIO or BytesIO, or an instance
// of a class derived from one.
func streamOf(v lang.Value) lang.Value {
	if x, ok := v.(*lang.Instance); ok {
		return x.Native()
	}
	return v
}

// descriptorError is CPython's error of a method of class given a self
// of another type: io.StringIO.write(3, 'x').
func descriptorError(method, class string, self lang.Value) error {
	return lang.Errorf(lang.TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", method, class, lang.TypeName(self))
}

// callOwn calls self.name(args...), the instance's method of that name.
func callOwn(self lang.Value, name string, args ...lang.Value) (lang.Value, error) {
	x, ok := self.(*lang.Instance)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s needs an instance", name)
	}
	m, err := lang.GetAttr(x, name)
	if err != nil {
		return nil, err
	}
	return x.Session().CallHook(m, args...)
}

// defStreamBase registers class (named name, "_io.StringIO") as a base,
// with its methods and those of IOBase that reach the instance's own.
func defStreamBase(name string, class *lang.Builtin, table map[string]*lang.Builtin, closed func(v lang.Value) (bool, bool)) {
	methods := map[string]lang.Value{}
	for n, m := range table {
		methods[n] = m.BindingSelf()
		lang.RegisterClassAttr(class, n, m) // io.StringIO.write(self, s)
	}
	special := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn).BindingSelf()
		methods[b.Name] = b
	}
	special("__iter__(self)", "The stream itself, an iterator of its lines.", func(a *lang.Args) (lang.Value, error) {
		if c, _ := closed(streamOf(a.Value("self"))); c {
			return nil, lang.Errorf(lang.ValueError, "I/O operation on closed file.")
		}
		return a.Value("self"), nil
	})
	special("__next__(self)", "The next line, by the instance's readline().", func(a *lang.Args) (lang.Value, error) {
		line, err := callOwn(a.Value("self"), "readline")
		if err != nil {
			return nil, err
		}
		if n, err := lang.Len(line); err == nil && n == int64(0) {
			return nil, lang.Errorf(lang.StopIteration, "")
		}
		return line, nil
	})
	special("__enter__(self)", "The stream itself, unless it is closed.", func(a *lang.Args) (lang.Value, error) {
		if c, _ := closed(streamOf(a.Value("self"))); c {
			return nil, lang.Errorf(lang.ValueError, "I/O operation on closed file.")
		}
		return a.Value("self"), nil
	})
	special("__exit__(self, *args)", "Closes the stream by the instance's close().", func(a *lang.Args) (lang.Value, error) {
		_, err := callOwn(a.Value("self"), "close")
		return lang.None, err
	})
	lang.RegisterNativeBase(name, class, &lang.NativeBase{
		Name: name,
		New: func(x *lang.Instance) error {
			v, err := x.Session().CallHook(class)
			x.SetNative(v)
			return err
		},
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			v, err := x.Session().CallHookKw(class, pos, kwNames, kwVals)
			if err == nil {
				x.SetNative(v)
			}
			return err
		},
		Attr: func(x *lang.Instance, attr string) (lang.Value, bool, error) {
			if attr == "closed" {
				c, ok := closed(x.Native())
				return c, ok, nil
			}
			return nil, false, nil
		},
		Methods: methods,
		Names:   func(*lang.Instance) []string { return []string{"closed"} },
	})
}

func init() {
	defStreamBase("_io.StringIO", stringIOClass, stringIOMethods, func(v lang.Value) (bool, bool) {
		s, ok := v.(*stringIO)
		return ok && s.closed, ok
	})
	defStreamBase("_io.BytesIO", bytesIOClass, bytesIOMethods, func(v lang.Value) (bool, bool) {
		b, ok := v.(*bytesIO)
		return ok && b.closed, ok
	})
}
