package functools

import (
	"github.com/kael-dev/kael/lang"
)

// cmp_to_key: a key function whose keys compare by calling the old-style
// comparison function (negative, zero or positive), as CPython's
// functools.KeyWrapper does. The keys are objects of a class made in Go
// whose comparison methods call the function.

// keyState is a key's object and comparison function.
type keyState struct{ obj, cmp lang.Value }

// compareKeys is cmp(x.obj, y.obj) compared with 0 by op.
func compareKeys(a *lang.Args, test func(int64) bool) (lang.Value, error) {
	x, ok1 := a.Value("self").(*lang.Instance)
	y, ok2 := a.Value("other").(*lang.Instance)
	var xs, ys *keyState
	if ok1 && ok2 {
		xs, ok1 = x.Native().(*keyState)
		ys, ok2 = y.Native().(*keyState)
	}
	if !ok1 || !ok2 {
		return nil, lang.Errorf(lang.TypeError, "other argument must be K instance")
	}
	r, err := a.Call(xs.cmp, xs.obj, ys.obj)
	if err != nil {
		return nil, err
	}
	n, ok := lang.AsInt(r)
	if !ok {
		f, isFloat := r.(float64)
		if !isFloat {
			return nil, lang.Errorf(lang.TypeError, "'<' not supported between instances of '%s' and 'int'", lang.TypeName(r))
		}
		switch {
		case f < 0:
			n = -1
		case f > 0:
			n = 1
		}
	}
	return test(n), nil
}

var keyClass = func() *lang.UserClass {
	c, err := lang.NewClass("KeyWrapper", "functools")
	if err != nil {
		panic(err)
	}
	for _, m := range []struct {
		name string
		test func(int64) bool
	}{
		{"__lt__", func(n int64) bool { return n < 0 }},
		{"__le__", func(n int64) bool { return n <= 0 }},
		{"__gt__", func(n int64) bool { return n > 0 }},
		{"__ge__", func(n int64) bool { return n >= 0 }},
		{"__eq__", func(n int64) bool { return n == 0 }},
	} {
		test := m.test
		b := lang.NewBuiltin(lang.AsValue, m.name+"(self, other)", "Compares by the comparison function.", func(a *lang.Args) (lang.Value, error) {
			return compareKeys(a, test)
		})
		_ = c.SetAttr(m.name, b.BindingSelf())
	}
	_ = c.SetAttr("__hash__", lang.None)
	return c
}()

func init() {
	b := lang.NewBuiltin(lang.AsValue, "cmp_to_key(mycmp)", "A key function (for sorted, min, max, ...) from an old-style comparison function mycmp(a, b): negative when a comes first, zero when equal, positive when b comes first.", func(a *lang.Args) (lang.Value, error) {
		cmp := a.Value("mycmp")
		return lang.NewBuiltin(lang.AsValue, "K(obj)", "The key of obj, comparing by "+lang.Repr(cmp)+".", func(c *lang.Args) (lang.Value, error) {
			return lang.NewInstance(keyClass, &keyState{obj: c.Value("obj"), cmp: cmp}), nil
		}), nil
	})
	module.Attrs[b.Name] = b
}
