package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// numpy.lib.stride_tricks: sliding_window_view and as_strided, views of
// an array's memory with strides of their own.

// stridedView is a view of x's memory (x read as src, an array or data)
// in shape with strides in elements; readonly unless writeable.
func stridedView(src lang.Value, x *tensor.Tensor, shape, strides []int, writeable bool) (lang.Value, error) {
	r, err := x.AsStrided(shape, strides, x.Offset())
	if err != nil {
		return nil, err
	}
	self, _ := src.(*Array)
	v, err := viewBase(self, wrapArray(r), nil)
	if err != nil {
		return nil, err
	}
	out := v.(*Array)
	out.readonly = out.readonly || !writeable
	return out, nil
}

// viewSource is the tensor a strided view of v reads: an array's own
// memory (a copy for one read backwards, whose strides kael keeps
// positive), or data made an array.
func viewSource(v lang.Value) (*tensor.Tensor, error) {
	if arr, ok := v.(*Array); ok {
		return arr.val(), nil
	}
	return arrayFrom(v, 0, false)
}

// slidingWindowView is sliding_window_view(x, window_shape, axis=None,
// *, subok=False, writeable=False), as NumPy's stride_tricks.py.
func slidingWindowView(a *lang.Args) (lang.Value, error) {
	x, err := viewSource(a.Value("x"))
	if err != nil {
		return nil, err
	}
	window, err := shapeArg(a.Value("window_shape"))
	if err != nil {
		return nil, err
	}
	for _, w := range window {
		if w < 0 {
			return nil, lang.Errorf(lang.ValueError, "`window_shape` cannot contain negative values")
		}
	}
	var axes []int
	if a.IsNone("axis") {
		for i := range x.Dim() {
			axes = append(axes, i)
		}
		if len(window) != len(axes) {
			return nil, lang.Errorf(lang.ValueError, "Since axis is `None`, must provide window_shape for all dimensions of `x`; got %d window_shape elements and `x.ndim` is %d.", len(window), x.Dim())
		}
	} else {
		raw, err := shapeArg(a.Value("axis"))
		if err != nil {
			return nil, err
		}
		for _, ax := range raw {
			n := ax
			if n < 0 {
				n += x.Dim()
			}
			if n < 0 || n >= x.Dim() {
				return nil, lang.Errorf(AxisError, "axis %d is out of bounds for array of dimension %d", ax, x.Dim())
			}
			axes = append(axes, n)
		}
		if len(window) != len(axes) {
			return nil, lang.Errorf(lang.ValueError, "Must provide matching length window_shape and axis; got %d window_shape elements and %d axes elements.", len(window), len(axes))
		}
	}
	strides := x.Strides()
	shape := x.Shape()
	for i, ax := range axes {
		if shape[ax] < window[i] {
			return nil, lang.Errorf(lang.ValueError, "window shape cannot be larger than input array shape")
		}
		shape[ax] -= window[i] - 1
		strides = append(strides, x.Strides()[ax])
	}
	shape = append(shape, window...)
	return stridedView(a.Value("x"), x, shape, strides, a.Bool("writeable"))
}

// asStrided is as_strided(x, shape=None, strides=None, subok=False,
// writeable=True): strides in bytes, each a multiple of the itemsize and
// not negative in kael.
func asStrided(a *lang.Args) (lang.Value, error) {
	x, err := viewSource(a.Value("x"))
	if err != nil {
		return nil, err
	}
	shape, strides := x.Shape(), x.Strides()
	if !a.IsNone("shape") {
		if shape, err = shapeArg(a.Value("shape")); err != nil {
			return nil, err
		}
	}
	if !a.IsNone("strides") {
		raw, err := lang.Collect(a.Value("strides"))
		if err != nil {
			return nil, err
		}
		size := x.DType().Size()
		strides = make([]int, len(raw))
		for i, v := range raw {
			n, ok := lang.AsInt(v)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
			}
			if n < 0 || int(n)%size != 0 {
				return nil, lang.Errorf(notImplementedError, "kael's as_strided takes strides that are non-negative multiples of the itemsize (%d), not %d", size, n)
			}
			strides[i] = int(n) / size
		}
	}
	if len(shape) != len(strides) {
		return nil, lang.Errorf(lang.ValueError, "mismatch in length of strides and shape")
	}
	return stridedView(a.Value("x"), x, shape, strides, a.Bool("writeable"))
}

var strideTricksModule = &lang.Module{Name: "numpy.lib.stride_tricks", Doc: "Views of an array's memory with strides of their own: sliding_window_view and as_strided.", Attrs: map[string]lang.Value{
	"sliding_window_view": lang.NewBuiltin(lang.AsValue, "sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False)", "A read-only view of every window of window_shape over x's axes (all, or axis=): the windows' positions first, then the window's own axes.", slidingWindowView),
	"as_strided":          lang.NewBuiltin(lang.AsValue, "as_strided(x, shape=None, strides=None, subok=False, writeable=True)", "A view of x's memory in shape with strides in bytes (kael: non-negative multiples of the itemsize); nothing checks that it stays in x's memory in NumPy, kael's core refuses what leaves it.", asStrided),
}}

var libModule = &lang.Module{Name: "numpy.lib", Doc: "NumPy's lib: stride_tricks.", Attrs: map[string]lang.Value{"stride_tricks": strideTricksModule}}

func init() {
	defineLater(func() {
		lang.RegisterModule("numpy.lib", "NumPy's lib package.", func() *lang.Module { return libModule })
		lang.RegisterModule("numpy.lib.stride_tricks", "NumPy's stride tricks.", func() *lang.Module { return strideTricksModule })
	})
}
