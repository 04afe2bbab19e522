package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.reshape takes the shape as one argument, newshape (NumPy 1.24's
// signature, which its tutorials call by keyword), where the method
// a.reshape takes it spread out too: a.reshape(2, 3).
func init() {
	defineLater(func() {
		defArrayFuncs([]arrayFunc{{name: "reshape", params: "newshape, order='C'", funcOnly: true,
			doc: "The same data in a new shape (a view when possible); one dimension may be -1.",
			fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
				shape, err := shapeArg(a.Value("newshape"))
				if err != nil {
					return nil, err
				}
				return reshapeTo(t, shape, a)
			}}})
	})
}

// reshapeTo is a.reshape and np.reshape once the shape is read: t in that
// shape in a's order= (a view when possible), or NumPy's error.
func reshapeTo(t *tensor.Tensor, shape []int, a *lang.Args) (lang.Value, error) {
	order, err := orderArg(t, a, false)
	if err != nil {
		return nil, err
	}
	r, err := reshapeOrder(t, shape, order)
	if err != nil {
		return nil, reshapeError(t, shape)
	}
	return wrapArray(r), nil
}
