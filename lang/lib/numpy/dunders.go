package numpy

import "github.com/kael-dev/kael/lang"

// The special methods of an array that are NumPy's own, beside those its
// protocols give it (lang.RegisterProtocolDunders: __add__, __getitem__,
// __len__, ...): __array__, __copy__, __deepcopy__ and the
// __array_priority__ that decides which operand's rules an operator
// takes.
func init() {
	defineLater(func() {
		arrayMethods["__array__"] = lang.NewBuiltin(lang.AsValue, "__array__(self, dtype=None)", "The array itself, or a copy of it as dtype, as np.asarray(a, dtype) asks it.", func(a *lang.Args) (lang.Value, error) {
			self := a.Value("self").(*Array)
			if a.IsNone("dtype") {
				return self, nil
			}
			return a.Call(&lang.BoundMethod{Recv: self, Method: arrayMethods["astype"]}, a.Value("dtype"))
		})
		copyKeepOrder := func(a *lang.Args) (lang.Value, error) {
			return a.Call(&lang.BoundMethod{Recv: a.Value("self"), Method: arrayMethods["copy"]}, "K")
		}
		arrayMethods["__copy__"] = lang.NewBuiltin(lang.AsValue, "__copy__(self)", "copy.copy(a): a copy of the array in its own memory order.", copyKeepOrder)
		arrayMethods["__deepcopy__"] = lang.NewBuiltin(lang.AsValue, "__deepcopy__(self, memo)", "copy.deepcopy(a): a copy of the array in its own memory order.", copyKeepOrder)
		arrayAttrs["__array_priority__"] = func(*Array) lang.Value { return 0.0 }
	})
}
