package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// ndarray.resize(new_shape) changes an array's shape and size in place,
// as NumPy 1.24's PyArray_Resize does: the elements are kept in memory
// order, cut or followed by zeros, and then read in C order in the new
// shape. NumPy refuses it, with refcheck=True, when anything else holds a
// reference to the array; kael counts no references, so it resizes as
// NumPy's refcheck=False does and a view made earlier keeps reading the
// old memory.
func init() {
	defineLater(func() {
		arrayMethods["resize"] = lang.NewBuiltin(lang.AsValue, "resize(self, *new_shape, refcheck=True)",
			"Changes the array's shape and size in place: the elements in memory order, cut short or followed by zeros.",
			func(a *lang.Args) (lang.Value, error) {
				self := a.Value("self").(*Array)
				args := a.Value("new_shape").(lang.Tuple)
				var shapeVal lang.Value = args
				switch {
				case len(args) == 0:
					return lang.None, nil
				case len(args) == 1:
					if _, none := args[0].(lang.NoneType); none {
						return lang.None, nil
					}
					shapeVal = args[0]
				}
				shape, err := shapeArg(shapeVal)
				if err != nil {
					if _, isTuple := shapeVal.(lang.Tuple); !isTuple && !lang.IsIterable(shapeVal) {
						// NumPy's PyArray_IntpConverter of one value that is no int
						return nil, lang.Errorf(lang.TypeError, "expected a sequence of integers or a single integer, got '%s'", lang.Repr(shapeVal))
					}
					return nil, err
				}
				return lang.None, self.resize(shape)
			})
	})
}

// resize is a.resize(shape).
func (a *Array) resize(shape []int) error {
	t := a.store
	flat, ok := memoryOrder(a)
	if !ok {
		return lang.Errorf(lang.ValueError, "resize only works on single-segment arrays")
	}
	size := 1
	for _, n := range shape {
		if n == 0 {
			size = 0
			break
		}
		if n < 0 {
			return lang.Errorf(lang.ValueError, "negative dimensions not allowed")
		}
		size *= n
	}
	if size != t.Numel() {
		if a.base != nil || a.borrowed || a.mm != nil {
			return lang.Errorf(lang.ValueError, "cannot resize this array: it does not own its data")
		}
		grown, err := tensor.Zeros(t.DType(), size)
		if err != nil {
			return err
		}
		if n := min(size, t.Numel()); n > 0 {
			dst, err := grown.Narrow(0, 0, n)
			if err != nil {
				return err
			}
			src, err := flat.Narrow(0, 0, n)
			if err != nil {
				return err
			}
			if err := dst.CopyFrom(src); err != nil {
				return err
			}
		}
		flat = grown
	}
	r, err := flat.View(shape...)
	if err != nil {
		return err
	}
	a.store, a.flip, a.bound = r, 0, fpBound{}
	return nil
}

// memoryOrder is a's elements as a 1-d view in the order they lie in
// memory (C order, or Fortran order for an array only F-contiguous); ok
// is false when they do not lie in one block (NumPy's single segment).
func memoryOrder(a *Array) (*tensor.Tensor, bool) {
	t := a.store
	if a.contiguous(false) {
		c, err := t.Contiguous() // t itself; its strides may differ on dimensions of size 1
		if err != nil {
			return nil, false
		}
		r, err := c.Reshape(-1)
		return r, err == nil
	}
	if !a.contiguous(true) {
		return nil, false
	}
	dims := make([]int, t.Dim())
	for i := range dims {
		dims[i] = t.Dim() - 1 - i
	}
	p, err := t.Permute(dims...)
	if err != nil {
		return nil, false
	}
	c, err := p.Contiguous()
	if err != nil {
		return nil, false
	}
	r, err := c.Reshape(-1)
	return r, err == nil
}
