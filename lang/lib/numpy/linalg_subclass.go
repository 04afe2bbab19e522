package numpy

import "github.com/kael-dev/kael/lang"

// np.linalg's inv, pinv and matrix_power give their result the class of
// a, and solve that of b, when it is an ndarray subclass (np.matrix), as
// NumPy's wrap their results with the operand's __array_prepare__.
func init() {
	defineLater(func() {
		for name, param := range map[string]string{"inv": "a", "pinv": "a", "matrix_power": "a", "solve": "b"} {
			inner, ok := linalgModule.Attrs[name].(*lang.Builtin)
			if !ok {
				continue
			}
			fn, param := inner.Fn(), param
			linalgModule.Attrs[name] = inner.WithFn(func(a *lang.Args) (lang.Value, error) {
				r, err := fn(a)
				if err != nil {
					return nil, err
				}
				if x, ok := a.Value(param).(*lang.Instance); ok {
					if _, isArr := x.Native().(*Array); isArr {
						return convertArr(x.Class(), x, r)
					}
				}
				return r, nil
			})
		}
	})
}
