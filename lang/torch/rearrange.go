package torch

import (
	"fmt"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The functions that rearrange a tensor as PyTorch composes them from
// views, flips and joins (so that autograd records what PyTorch records):
// movedim, unflatten, expand_as, reshape_as, ravel, tensor_split and
// hsplit/vsplit/dsplit, atleast_1d/2d/3d, fliplr/flipud, rot90,
// hstack/vstack/dstack/column_stack and tile.

func defRearrange() {
	lang.NewBuiltin(lang.AsBoth, "movedim(input, source, destination)", "A view of input with the dimensions source (an int or a tuple) moved to the positions destination; the others keep their order.", func(a *lang.Args) (lang.Value, error) {
		x, src, dst := tensorArg(a, "input"), a.Ints("source"), a.Ints("destination")
		if err := a.Err(); err != nil {
			return nil, err
		}
		perm, err := movedimOrder(x.Dim(), src, dst)
		if err != nil {
			return nil, err
		}
		return result(autograd.Permute(x, perm...))
	})
	lang.NewBuiltin(lang.AsBoth, "unflatten(input, dim, sizes)", "A view of input with dimension dim split into sizes (one of them may be -1).", func(a *lang.Args) (lang.Value, error) {
		x, dim, sizes := tensorArg(a, "input"), a.Int("dim"), a.Ints("sizes")
		if err := a.Err(); err != nil {
			return nil, err
		}
		shape, err := unflattenShape(x.Shape(), dim, sizes)
		if err != nil {
			return nil, err
		}
		return result(autograd.View(x, shape...))
	})
	for _, op := range []struct {
		name, doc string
		f         func(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error)
	}{
		{"expand_as", "input expanded to other's shape, as input.expand(other.size()).", autograd.Expand},
		{"reshape_as", "input reshaped to other's shape, as input.reshape(other.size()).", autograd.Reshape},
	} {
		lang.NewBuiltin(lang.AsMethod, op.name+"(input, other)", op.doc, func(a *lang.Args) (lang.Value, error) {
			x, other := tensorArg(a, "input"), tensorArg(a, "other")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x, other.Shape()...))
		})
	}
	defUnary(lang.AsBoth, "ravel(input)", "input flattened to one dimension: a view when its elements are contiguous, else a copy (input.contiguous().view(-1), as PyTorch).", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		c, err := autograd.Contiguous(x)
		if err != nil {
			return nil, err
		}
		return autograd.View(c, -1)
	})
	lang.NewBuiltin(lang.AsBoth, "tensor_split(input, indices_or_sections, dim=0)", "Views of input along dim: sections pieces of sizes differing by at most one (an int), or the pieces between the indices of a list.", func(a *lang.Args) (lang.Value, error) {
		x, dim := tensorArg(a, "input"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return splitAt(a, x, dim, "indices_or_sections", "")
	})
	lang.NewBuiltin(lang.AsBoth, "split_with_sizes(input, split_sizes, dim=0)", "Views of input along dim of the sizes in split_sizes, which must add up to its size there.", func(a *lang.Args) (lang.Value, error) {
		x, sizes, dim := tensorArg(a, "input"), a.Ints("split_sizes"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensorTuple(autograd.SplitSizes(x, sizes, dim))
	})
	for _, op := range []struct {
		name    string
		minDims int
		dim     func(x *tensor.Tensor) int
	}{
		{"hsplit", 1, func(x *tensor.Tensor) int { return min(x.Dim()-1, 1) }},
		{"vsplit", 2, func(*tensor.Tensor) int { return 0 }},
		{"dsplit", 3, func(*tensor.Tensor) int { return 2 }},
	} {
		doc := fmt.Sprintf("tensor_split along dimension %s; an int must divide that size.", map[string]string{"hsplit": "1 (0 for a 1-D input)", "vsplit": "0", "dsplit": "2"}[op.name])
		lang.NewBuiltin(lang.AsBoth, op.name+"(input, indices_or_sections)", doc, func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if x.Dim() < op.minDims {
				return nil, lang.Errorf(lang.RuntimeError, "torch.%s requires a tensor with at least %d dimension, but got a tensor with %d dimensions!", op.name, op.minDims, x.Dim())
			}
			return splitAt(a, x, op.dim(x), "indices_or_sections", op.name)
		})
	}
	for n := 1; n <= 3; n++ {
		name := fmt.Sprintf("atleast_%dd", n)
		lang.NewBuiltin(lang.AsFunc, name+"(*tensors)", fmt.Sprintf("Each tensor viewed with at least %d dimensions; one tensor gives a tensor, several (or a list) a tuple.", n), func(a *lang.Args) (lang.Value, error) {
			args, _ := a.Value("tensors").(lang.Tuple)
			return mapTensors(a, args, func(x *tensor.Tensor) (*tensor.Tensor, error) { return atLeast(x, n) })
		})
	}
	for _, op := range []struct {
		name    string
		minDims int
		dim     int
	}{{"fliplr", 2, 1}, {"flipud", 1, 0}} {
		defUnary(lang.AsBoth, op.name+"(input)", fmt.Sprintf("input flipped along dimension %d (a copy); input must have at least %d dimension(s).", op.dim, op.minDims), func(x *tensor.Tensor) (*tensor.Tensor, error) {
			if x.Dim() < op.minDims {
				return nil, lang.Errorf(lang.RuntimeError, "Input must be >= %d-d.", op.minDims)
			}
			return autograd.Flip(x, op.dim)
		})
	}
	lang.NewBuiltin(lang.AsBoth, "rot90(input, k=1, dims=[0, 1])", "input rotated by k quarter turns in the plane of dims, from the first toward the second.", func(a *lang.Args) (lang.Value, error) {
		x, k, dims := tensorArg(a, "input"), a.Int("k"), a.Ints("dims")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Composite("Rot90Backward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return rot90(in[0], k, dims)
		}))
	})
	for _, op := range []struct {
		name, doc string
		f         func([]*tensor.Tensor) (*tensor.Tensor, error)
	}{
		{"hstack", "The tensors joined horizontally: along dimension 1, or 0 for 1-D tensors (0-d ones count as 1-D).", hstack},
		{"vstack", "The tensors joined vertically: along dimension 0 after making each at least 2-D.", func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return stackAtLeast(ts, 2, 0) }},
		{"dstack", "The tensors joined depth-wise: along dimension 2 after making each at least 3-D.", func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return stackAtLeast(ts, 3, 2) }},
		{"column_stack", "The tensors as columns: 0-d and 1-d tensors become columns, then all are joined along dimension 1.", columnStack},
	} {
		lang.NewBuiltin(lang.AsFunc, op.name+"(tensors)", op.doc, func(a *lang.Args) (lang.Value, error) {
			ts := tensorList(a, "tensors")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if len(ts) == 0 {
				return nil, lang.Errorf(lang.RuntimeError, "%s expects a non-empty TensorList", op.name)
			}
			return result(op.f(ts))
		})
	}
	defShaped(lang.AsBoth, "tile(input, dims)", "input repeated dims[i] times along each dimension; fewer dims than input's are padded with 1s in front, more add leading dimensions.", func(x *tensor.Tensor, dims ...int) (*tensor.Tensor, error) {
		if n := x.Dim() - len(dims); n > 0 {
			dims = append(slices.Repeat([]int{1}, n), dims...)
		}
		return autograd.Repeat(x, dims...)
	})
}

// movedimOrder returns the permutation that moves the dimensions src of a
// tensor of rank n to dst, the others keeping their order, as PyTorch's
// movedim.
func movedimOrder(n int, src, dst []int) ([]int, error) {
	if len(src) != len(dst) {
		return nil, lang.Errorf(lang.RuntimeError, "movedim: Invalid source or destination dims: source (%s dims) should contain the same number of dims as destination (%s dims)", listText(src), listText(dst))
	}
	norm := func(ds []int, what string) ([]int, error) {
		out := make([]int, len(ds))
		for i, d := range ds {
			nd, err := normDim("movedim", d, n)
			if err != nil {
				return nil, err
			}
			if slices.Contains(out[:i], nd) {
				return nil, lang.Errorf(lang.RuntimeError, "movedim: repeated dim in `%s` (%s)", what, listText(ds))
			}
			out[i] = nd
		}
		return out, nil
	}
	s, err := norm(src, "source")
	if err != nil {
		return nil, err
	}
	d, err := norm(dst, "destination")
	if err != nil {
		return nil, err
	}
	perm := slices.Repeat([]int{-1}, max(n, 1))
	for i := range s {
		perm[d[i]] = s[i]
	}
	rest := 0
	for i := range perm {
		if perm[i] >= 0 {
			continue
		}
		for slices.Contains(s, rest) {
			rest++
		}
		perm[i] = rest
		rest++
	}
	return perm[:n], nil
}

// listText writes ints as PyTorch writes an IntArrayRef: [1, 2].
func listText(xs []int) string {
	s := "["
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(x)
	}
	return s + "]"
}

// unflattenShape returns shape with dimension dim replaced by sizes, one of
// which may be -1.
func unflattenShape(shape []int, dim int, sizes []int) ([]int, error) {
	if len(shape) == 0 {
		return nil, lang.Errorf(lang.IndexError, "Dimension specified as %d but tensor has no dimensions", dim)
	}
	d, err := normDim("unflatten", dim, len(shape))
	if err != nil {
		return nil, err
	}
	if len(sizes) == 0 {
		return nil, lang.Errorf(lang.RuntimeError, "unflatten: sizes must be non-empty")
	}
	known, infer := 1, -1
	for i, s := range sizes {
		switch {
		case s == -1 && infer >= 0:
			return nil, lang.Errorf(lang.RuntimeError, "only one dimension can be inferred")
		case s == -1:
			infer = i
		case s < 0:
			return nil, lang.Errorf(lang.RuntimeError, "invalid shape dimension %d", s)
		default:
			known *= s
		}
	}
	out := slices.Clone(sizes)
	if infer >= 0 && known != 0 && shape[d]%known == 0 {
		out[infer] = shape[d] / known
		known = shape[d]
	}
	if known != shape[d] || infer >= 0 && known == 0 {
		return nil, lang.Errorf(lang.RuntimeError, "unflatten: Provided sizes %s don't multiply up to the size of dim %d (%d) in the input tensor", listText(sizes), dim, shape[d])
	}
	return slices.Concat(shape[:d], out, shape[d+1:]), nil
}

// splitAt implements tensor_split and, when name is not empty, the
// hsplit family, whose int sections must divide the size: the argument
// arg is a number of sections, a list of indices, or an int64 tensor of
// either (0-d or 1-d).
func splitAt(a *lang.Args, x *tensor.Tensor, dim int, arg, name string) (lang.Value, error) {
	d, err := normDim("tensor_split", dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if x.Dim() == 0 {
		return nil, lang.Errorf(lang.RuntimeError, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")
	}
	v := a.Value(arg)
	if t, ok := v.(*tensor.Tensor); ok {
		if t.DType() != tensor.Int64 {
			return nil, lang.Errorf(lang.RuntimeError, "tensor_split expected tensor_indices_or_sections to have dtype of long, but got %s", t.DType().ScalarTypeName())
		}
		if t.Dim() > 1 {
			return nil, lang.Errorf(lang.RuntimeError, "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with %d dims", t.Dim())
		}
		vals, err := t.Float64s()
		if err != nil {
			return nil, err
		}
		if t.Dim() == 0 {
			v = int64(vals[0])
		} else {
			idx := make(lang.Tuple, len(vals))
			for i, f := range vals {
				idx[i] = int64(f)
			}
			v = idx
		}
	}
	size := x.Shape()[d]
	var bounds []int
	if sections, ok := lang.AsInt(v); ok {
		if sections <= 0 {
			return nil, lang.Errorf(lang.RuntimeError, "number of sections must be larger than 0, got %d", sections)
		}
		if name != "" && size%int(sections) != 0 {
			return nil, lang.Errorf(lang.RuntimeError, "torch.%s attempted to split along dimension %d, but the size of the dimension %d is not divisible by the split_size %d!", name, d, size, sections)
		}
		n := int(sections)
		start := 0
		for i := range n - 1 {
			start += size / n
			if i < size%n {
				start++
			}
			bounds = append(bounds, start)
		}
	} else if idx, ok := lang.IntSequence(v); ok {
		bounds = idx
	} else {
		return nil, a.WrongType(arg, "int, a list of ints or a Tensor", v)
	}
	parts := make(lang.Tuple, 0, len(bounds)+1)
	start := 0
	for _, b := range append(bounds, size) {
		lo, hi := clampIndex(start, size), clampIndex(b, size)
		part, err := autograd.Slice(x, d, lo, max(lo, hi), 1)
		if err != nil {
			return nil, err
		}
		parts = append(parts, part)
		start = b
	}
	return parts, nil
}

// clampIndex limits an index of a slice to [0, size], counting a negative
// one from the end, as Python's slices do.
func clampIndex(i, size int) int {
	if i < 0 {
		i += size
	}
	return min(max(i, 0), size)
}

// mapTensors applies f to each tensor of args (the arguments of
// atleast_1d and its kin): one tensor gives a tensor, several tensors or
// one list or tuple of them give a tuple.
func mapTensors(a *lang.Args, args lang.Tuple, f func(*tensor.Tensor) (*tensor.Tensor, error)) (lang.Value, error) {
	if len(args) == 1 {
		if t, ok := args[0].(*tensor.Tensor); ok {
			return result(f(t))
		}
		elems, _, ok := lang.Sequence(args[0])
		if _, isStr := args[0].(string); !ok || isStr {
			return nil, a.WrongType("tensors", "Tensor or a list of Tensors", args[0])
		}
		args = elems
	}
	out := make(lang.Tuple, len(args))
	for i, v := range args {
		t, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s(): expected a Tensor as element %d, but got %s", a.Builtin().Name, i, lang.TypeName(v))
		}
		r, err := f(t)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// atLeast returns x viewed with at least n dimensions (n is 1, 2 or 3), as
// PyTorch's atleast_nd: a 1-d tensor of n elements becomes (1, n) and
// (1, n, 1), a matrix (r, c) becomes (r, c, 1).
func atLeast(x *tensor.Tensor, n int) (*tensor.Tensor, error) {
	if x.Dim() >= n {
		return x, nil
	}
	switch {
	case x.Dim() == 0:
		return autograd.Reshape(x, slices.Repeat([]int{1}, n)...)
	case n == 2 || x.Dim() == 1 && n == 3:
		u, err := autograd.Unsqueeze(x, 0)
		if err != nil || n == 2 {
			return u, err
		}
		return autograd.Unsqueeze(u, -1)
	}
	return autograd.Unsqueeze(x, -1)
}

// rot90 rotates x by k quarter turns in the plane of dims, as PyTorch's
// rot90: through flips and a transposed view.
func rot90(x *tensor.Tensor, k int, dims []int) (*tensor.Tensor, error) {
	if len(dims) != 2 {
		return nil, lang.Errorf(lang.RuntimeError, "expected total rotation dims == 2, but got dims = %d", len(dims))
	}
	n := x.Dim()
	if n < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "expected total dims >= 2, but got total dims = %d", n)
	}
	if dims[0] == dims[1] || dims[0]-dims[1] == n || dims[1]-dims[0] == n {
		return nil, lang.Errorf(lang.RuntimeError, "expected rotation dims to be different, but got dim0 = %d and dim1 = %d", dims[0], dims[1])
	}
	for i, d := range dims {
		if d < -n || d >= n {
			return nil, lang.Errorf(lang.RuntimeError, "Rotation dim%d out of range, dim%d = %d", i, i, d)
		}
	}
	switch (k%4 + 4) % 4 {
	case 1:
		f, err := autograd.Flip(x, dims[1])
		if err != nil {
			return nil, err
		}
		return autograd.Transpose(f, dims[0], dims[1])
	case 2:
		return autograd.Flip(x, dims...)
	case 3:
		f, err := autograd.Flip(x, dims[0])
		if err != nil {
			return nil, err
		}
		return autograd.Transpose(f, dims[0], dims[1])
	}
	return autograd.Clone(x)
}

// atLeastAll applies atLeast(·, n) to each tensor.
func atLeastAll(ts []*tensor.Tensor, n int) ([]*tensor.Tensor, error) {
	out := make([]*tensor.Tensor, len(ts))
	for i, t := range ts {
		var err error
		if out[i], err = atLeast(t, n); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// stackAtLeast joins the tensors along dim after making each at least n-D
// (vstack, dstack).
func stackAtLeast(ts []*tensor.Tensor, n, dim int) (*tensor.Tensor, error) {
	rs, err := atLeastAll(ts, n)
	if err != nil {
		return nil, err
	}
	return autograd.Cat(rs, dim)
}

// hstack joins the tensors along dimension 1, or 0 when the first is 1-D
// (after making each at least 1-D), as PyTorch's hstack.
func hstack(ts []*tensor.Tensor) (*tensor.Tensor, error) {
	rs, err := atLeastAll(ts, 1)
	if err != nil {
		return nil, err
	}
	if rs[0].Dim() == 1 {
		return autograd.Cat(rs, 0)
	}
	return autograd.Cat(rs, 1)
}

// columnStack makes 0-d and 1-d tensors columns and joins all along
// dimension 1, as PyTorch's column_stack.
func columnStack(ts []*tensor.Tensor) (*tensor.Tensor, error) {
	cols := make([]*tensor.Tensor, len(ts))
	for i, t := range ts {
		cols[i] = t
		if t.Dim() <= 1 {
			var err error
			if cols[i], err = autograd.Reshape(t, t.Numel(), 1); err != nil {
				return nil, err
			}
		}
	}
	return autograd.Cat(cols, 1)
}
