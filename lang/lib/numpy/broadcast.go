package numpy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.broadcast_to, np.broadcast_arrays and np.broadcast: arrays seen in
// a broadcast shape, as views of their memory (stride 0 along the
// broadcast dimensions), as numpy/lib/stride_tricks.py gives them.

// broadcastToShape is NumPy's check of broadcast_to's shape for an array
// of shape from: every size non-negative, no more dimensions in from,
// and each of from's sizes 1 or the shape's.
func broadcastToShape(from, shape []int) error {
	for _, n := range shape {
		if n < 0 {
			return lang.Errorf(lang.ValueError, "all elements of broadcast shape must be non-negative")
		}
	}
	if len(shape) == 0 && len(from) > 0 {
		return lang.Errorf(lang.ValueError, "cannot broadcast a non-scalar to a scalar array")
	}
	if len(from) > len(shape) {
		return lang.Errorf(lang.ValueError, "input operand has more dimensions than allowed by the axis remapping")
	}
	for i, n := range from {
		if m := shape[len(shape)-len(from)+i]; n != 1 && n != m {
			parts := make([]string, len(shape))
			for j, s := range shape {
				parts[j] = fmt.Sprint(s)
			}
			return lang.Errorf(lang.ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: %s  and requested shape (%s)", compactTuple(from), strings.Join(parts, ","))
		}
	}
	return nil
}

// broadcastView is v (an array or an array-like) expanded to shape: a
// view of v's memory when v is an array.
func broadcastView(v lang.Value, t *tensor.Tensor, shape []int) (*Array, error) {
	r, err := t.Expand(shape...)
	if err != nil {
		return nil, err
	}
	self, _ := v.(*Array)
	out, _ := viewBase(self, wrapArray(r), nil)
	return out.(*Array), nil
}

// broadcastOperands reads broadcast_arrays' and broadcast's arguments as
// arrays, and their broadcast shape (NumPy's "shape mismatch" error
// naming the arguments that do not fit).
func broadcastOperands(args lang.Value) ([]*tensor.Tensor, []int, error) {
	elems, err := lang.Collect(args)
	if err != nil {
		return nil, nil, err
	}
	ts := make([]*tensor.Tensor, len(elems))
	shapes := make([][]int, len(elems))
	for i, e := range elems {
		if ts[i], err = arrayFrom(e, 0, false); err != nil {
			return nil, nil, err
		}
		shapes[i] = ts[i].Shape()
	}
	shape, err := broadcastArgs(shapes)
	return ts, shape, err
}

func defBroadcast(m map[string]lang.Value) {
	m["broadcast_to"] = lang.NewBuiltin(lang.AsValue, "broadcast_to(array, shape, subok=False)", "A read-only view of array in shape (stride 0 along the broadcast dimensions).", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("array"), 0, false)
		if err != nil {
			return nil, err
		}
		shape, err := shapeArg(a.Value("shape"))
		if err != nil {
			return nil, err
		}
		if err := broadcastToShape(t.Shape(), shape); err != nil {
			return nil, err
		}
		r, err := broadcastView(a.Value("array"), t, shape)
		if err != nil {
			return nil, err
		}
		r.readonly = true
		return r, nil
	})
	m["broadcast_arrays"] = lang.NewBuiltin(lang.AsValue, "broadcast_arrays(*args, subok=False)", "A list of the arrays broadcast to one shape, each a view of its memory (the arrays themselves when their shapes already agree).", func(a *lang.Args) (lang.Value, error) {
		elems, err := lang.Collect(a.Value("args"))
		if err != nil {
			return nil, err
		}
		ts, shape, err := broadcastOperands(a.Value("args"))
		if err != nil {
			return nil, err
		}
		out := make([]lang.Value, len(ts))
		same := true
		for _, t := range ts {
			same = same && slices.Equal(t.Shape(), shape)
		}
		for i, t := range ts {
			if arr, ok := elems[i].(*Array); ok && same {
				out[i] = arr
				continue
			}
			if same {
				out[i] = wrapArray(t)
				continue
			}
			if out[i], err = broadcastView(elems[i], t, shape); err != nil {
				return nil, err
			}
		}
		return &lang.List{Elems: out}, nil
	})
	m["broadcast"] = lang.NewBuiltin(lang.AsValue, "broadcast(*args)", "The broadcast of the arrays: its shape, ndim, size and numiter, and iteration over tuples of their elements in C order.", func(a *lang.Args) (lang.Value, error) {
		ts, shape, err := broadcastOperands(a.Value("args"))
		if err != nil {
			return nil, err
		}
		return &Broadcast{ts: ts, shape: shape}, nil
	})
}

// Broadcast is np.broadcast(*arrays): their broadcast shape, and their
// elements side by side.
type Broadcast struct {
	ts    []*tensor.Tensor
	shape []int
}

var (
	_ lang.HasAttrs = (*Broadcast)(nil)
	_ lang.Reprer   = (*Broadcast)(nil)
)

// TypeName returns "numpy.broadcast".
func (*Broadcast) TypeName() string { return "numpy.broadcast" }

// ClassName returns "numpy.broadcast".
func (*Broadcast) ClassName() string { return "numpy.broadcast" }

// PyRepr is NumPy's: <numpy.broadcast object at 0x...>.
func (b *Broadcast) PyRepr() string {
	return fmt.Sprintf("<numpy.broadcast object at %#x>", lang.ID(b))
}

// Attr gives shape, ndim (and nd), size and numiter.
func (b *Broadcast) Attr(name string) (lang.Value, bool) {
	switch name {
	case "shape":
		return shapeTuple(b.shape), true
	case "ndim", "nd":
		return int64(len(b.shape)), true
	case "size":
		n := int64(1)
		for _, s := range b.shape {
			n *= int64(s)
		}
		return n, true
	case "numiter":
		return int64(len(b.ts)), true
	}
	return nil, false
}

// AttrNames lists them.
func (b *Broadcast) AttrNames() []string { return []string{"nd", "ndim", "numiter", "shape", "size"} }

// Iterate yields a tuple of the arrays' elements (NumPy scalars) for each
// position of the broadcast shape, in C order.
func (b *Broadcast) Iterate(yield func(lang.Value) bool) error {
	flat := make([]*tensor.Tensor, len(b.ts))
	for i, t := range b.ts {
		e, err := t.Expand(b.shape...)
		if err == nil {
			e, err = e.Contiguous()
		}
		if err == nil {
			flat[i], err = e.Reshape(-1)
		}
		if err != nil {
			return err
		}
	}
	n, _ := b.Attr("size")
	for k := range int(n.(int64)) {
		row := make(lang.Tuple, len(flat))
		for i, f := range flat {
			e, err := f.Select(0, k)
			if err != nil {
				return err
			}
			row[i] = wrap(e)
		}
		if !yield(row) {
			return nil
		}
	}
	return nil
}
