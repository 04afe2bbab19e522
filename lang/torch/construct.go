package torch

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The functions that build tensors from others or from sizes:
// tril_indices, triu_indices, the window functions, meshgrid,
// cartesian_prod, combinations, block_diag, diag_embed, diagflat,
// broadcast_tensors, broadcast_shapes, take, take_along_dim,
// masked_select and vander.

func defConstruct() {
	for _, lower := range []bool{true, false} {
		name, doc := "tril_indices", "The indices (2 × N, row then column) of the lower triangle of a row × col matrix, on and below the offset-th diagonal, row by row."
		if !lower {
			name, doc = "triu_indices", "The indices (2 × N, row then column) of the upper triangle of a row × col matrix, on and above the offset-th diagonal, row by row."
		}
		lang.NewBuiltin(lang.AsFunc, name+"(row, col, offset=0, *, dtype=None, device=None, requires_grad=False)", doc, func(a *lang.Args) (lang.Value, error) {
			row, col, offset, d := a.Int("row"), a.Int("col"), a.Int("offset"), dtypeOr(a.OptDType("dtype"), tensor.Int64)
			if err := a.Err(); err != nil {
				return nil, err
			}
			t, err := triangleIndices(name, row, col, offset, d, lower)
			return withRequiresGrad(a, t, err)
		})
	}
	for _, w := range []struct {
		name, doc string
	}{
		{"hann_window", "The Hann window 0.5 - 0.5 cos(2πn / (N - 1)) of window_length points (N = window_length + 1 when periodic, the last point dropped)."},
		{"hamming_window", "The Hamming window alpha - beta cos(2πn / (N - 1)) of window_length points (N = window_length + 1 when periodic, the last point dropped); periodic is True, alpha 0.54 and beta 0.46 by default, and as in PyTorch alpha needs periodic and beta needs alpha."},
		{"blackman_window", "The Blackman window 0.42 - 0.5 cos(2πn / (N - 1)) + 0.08 cos(4πn / (N - 1)) of window_length points (periodic as hann_window)."},
		{"bartlett_window", "The Bartlett (triangular) window 1 - |2n / (N - 1) - 1| of window_length points (periodic as hann_window)."},
	} {
		params := "periodic=True"
		if w.name == "hamming_window" {
			// PyTorch's overloads are (window_length), (window_length,
			// periodic), (…, periodic, alpha) and (…, periodic, alpha,
			// beta): None marks the parameters not given.
			params = "periodic=None, alpha=None, beta=None"
		}
		lang.NewBuiltin(lang.AsFunc, w.name+"(window_length, "+params+", *, dtype=None, device=None, requires_grad=False)", w.doc, func(a *lang.Args) (lang.Value, error) {
			n, d := a.Int("window_length"), dtypeOr(a.OptDType("dtype"), tensor.DefaultFloat)
			periodic, alpha, beta := true, 0.5, 0.5
			if w.name == "hamming_window" {
				alpha, beta = 0.54, 0.46
				given := [3]bool{!a.IsNone("periodic"), !a.IsNone("alpha"), !a.IsNone("beta")}
				if given[1] && !given[0] || given[2] && !given[1] {
					return nil, lang.Errorf(lang.TypeError, "hamming_window() received an invalid combination of arguments: alpha needs periodic, and beta needs alpha (PyTorch's overloads are (window_length, periodic, alpha, beta) cut from the right)")
				}
				if given[0] {
					periodic = a.Bool("periodic")
				}
				if given[1] {
					alpha = a.Float("alpha")
				}
				if given[2] {
					beta = a.Float("beta")
				}
			} else {
				periodic = a.Bool("periodic")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			t, err := window(w.name, n, periodic, d, alpha, beta)
			return withRequiresGrad(a, t, err)
		})
	}
	lang.NewBuiltin(lang.AsFunc, "kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, device=None, requires_grad=False)", "The Kaiser window i0(beta * sqrt(1 - ((n - a) / a) ** 2)) / i0(beta), a = (N - 1) / 2, of window_length points (periodic as hann_window).", func(a *lang.Args) (lang.Value, error) {
		n, periodic, beta := a.Int("window_length"), a.Bool("periodic"), a.Float("beta")
		d := dtypeOr(a.OptDType("dtype"), tensor.DefaultFloat)
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := kaiserWindow(n, periodic, beta, d)
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsFunc, "meshgrid(*tensors, indexing=None)", "Coordinate grids of 0-d or 1-d tensors: the i-th result varies along dimension i ('ij', the default) or, with indexing='xy', with the first two dimensions swapped.", func(a *lang.Args) (lang.Value, error) {
		ts, err := variadicTensors(a, "tensors")
		if err != nil {
			return nil, err
		}
		indexing := "ij"
		if !a.IsNone("indexing") {
			indexing = a.Str("indexing")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensorTuple(meshgrid(ts, indexing))
	})
	lang.NewBuiltin(lang.AsFunc, "cartesian_prod(*tensors)", "The Cartesian product of 1-d tensors: one row per combination, the last tensor varying fastest (one tensor comes back as it is).", func(a *lang.Args) (lang.Value, error) {
		ts, err := variadicTensors(a, "tensors")
		if err != nil {
			return nil, err
		}
		return result(cartesianProd(ts))
	})
	lang.NewBuiltin(lang.AsFunc, "combinations(input, r=2, with_replacement=False)", "The r-element combinations of the elements of a 1-d tensor, one per row, in lexicographic order of positions (itertools.combinations).", func(a *lang.Args) (lang.Value, error) {
		x, r, repl := tensorArg(a, "input"), a.Int("r"), a.Bool("with_replacement")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(combinations(x, r, repl))
	})
	lang.NewBuiltin(lang.AsFunc, "block_diag(*tensors)", "The block-diagonal matrix of the tensors (0-d ones are 1×1, 1-d ones a row), zeros elsewhere; dtypes are promoted.", func(a *lang.Args) (lang.Value, error) {
		ts, err := variadicTensors(a, "tensors")
		if err != nil {
			return nil, err
		}
		return result(autograd.Composite("BlockDiagBackward0", ts, blockDiag))
	})
	lang.NewBuiltin(lang.AsBoth, "diag_embed(input, offset=0, dim1=-2, dim2=-1)", "A tensor whose diagonals (offset, in the plane of dims dim1 and dim2 of the result) hold the last dimension of input; zeros elsewhere.", func(a *lang.Args) (lang.Value, error) {
		x, offset, d1, d2 := tensorArg(a, "input"), a.Int("offset"), a.Int("dim1"), a.Int("dim2")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.DiagEmbed(x, offset, d1, d2))
	})
	lang.NewBuiltin(lang.AsBoth, "diagflat(input, offset=0)", "The square matrix with the flattened input on its offset-th diagonal.", func(a *lang.Args) (lang.Value, error) {
		x, offset := tensorArg(a, "input"), a.Int("offset")
		if err := a.Err(); err != nil {
			return nil, err
		}
		flat, err := autograd.Reshape(x, -1)
		if err != nil {
			return nil, err
		}
		return result(autograd.Diag(flat, offset))
	})
	lang.NewBuiltin(lang.AsFunc, "broadcast_tensors(*tensors)", "The tensors expanded (as views) to their common broadcast shape.", func(a *lang.Args) (lang.Value, error) {
		ts, err := variadicTensors(a, "tensors")
		if err != nil {
			return nil, err
		}
		return tensorTuple(broadcastTensors(ts))
	})
	lang.NewBuiltin(lang.AsFunc, "broadcast_shapes(*shapes)", "The torch.Size that tensors of the given shapes (ints or tuples) broadcast to.", func(a *lang.Args) (lang.Value, error) {
		args, _ := a.Value("shapes").(lang.Tuple)
		var shapes [][]int
		for _, v := range args {
			if n, ok := lang.AsInt(v); ok {
				shapes = append(shapes, []int{int(n)})
				continue
			}
			s, ok := lang.IntSequence(v)
			if !ok {
				return nil, a.WrongType("shapes", "an int or a tuple of ints", v)
			}
			shapes = append(shapes, s)
		}
		out, err := tensor.BroadcastShapes(shapes...)
		if err != nil {
			return nil, err
		}
		return lang.NewSize(out), nil
	})
	lang.NewBuiltin(lang.AsBoth, "take(input, index)", "The elements of the flattened input at the int64 positions index (negative ones count from the end), in index's shape.", func(a *lang.Args) (lang.Value, error) {
		x, index := tensorArg(a, "input"), tensorArg(a, "index")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(take(x, index))
	})
	lang.NewBuiltin(lang.AsBoth, "take_along_dim(input, indices, dim=None)", "The elements of input at the int64 positions indices along dim (input and indices broadcast except along dim); without dim, of the flattened input.", func(a *lang.Args) (lang.Value, error) {
		x, idx, dim := tensorArg(a, "input"), tensorArg(a, "indices"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(takeAlongDim(x, idx, dim))
	})
	lang.NewBuiltin(lang.AsBoth, "masked_select(input, mask)", "The elements of input where the bool mask is true (both broadcast), as a 1-d tensor.", func(a *lang.Args) (lang.Value, error) {
		x, mask := tensorArg(a, "input"), tensorArg(a, "mask")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(maskedSelect(x, mask))
	})
	lang.NewBuiltin(lang.AsFunc, "logspace(start, end, steps, base=10.0, *, dtype=None, device=None, requires_grad=False)", "steps values base ** v for v evenly spaced from start to end, both included (float32 unless dtype says otherwise).", func(a *lang.Args) (lang.Value, error) {
		start, end, steps, base := a.Float("start"), a.Float("end"), a.Int("steps"), a.Float("base")
		d := dtypeOr(a.OptDType("dtype"), tensor.DefaultFloat)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if steps < 0 {
			return nil, lang.Errorf(lang.RuntimeError, "number of steps must be non-negative")
		}
		exps, err := tensor.Linspace(start, end, steps, tensor.Float64)
		if err != nil {
			return nil, err
		}
		t, err := tensor.Pow(tensor.MustScalar(base), exps)
		if err == nil {
			t, err = t.To(d)
		}
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsFunc, "vander(x, N=None, increasing=False)", "The Vandermonde matrix of a 1-d x: column j is x ** (N - 1 - j), or x ** j when increasing (N defaults to len(x)).", func(a *lang.Args) (lang.Value, error) {
		x, n, inc := tensorArg(a, "x"), a.OptInt("N"), a.Bool("increasing")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(vander(x, n, inc))
	})
}

// variadicTensors reads *tensors: tensors, or one list or tuple of them.
func variadicTensors(a *lang.Args, name string) ([]*tensor.Tensor, error) {
	args, _ := a.Value(name).(lang.Tuple)
	if len(args) == 1 {
		if _, ok := args[0].(*tensor.Tensor); !ok {
			ts := tensorListValue(a, name, args[0])
			return ts, a.Err()
		}
	}
	ts := tensorListValue(a, name, args)
	return ts, a.Err()
}

// triangleIndices lists the positions of the lower (or upper) triangle of
// a row × col matrix, as PyTorch's tril_indices and triu_indices.
func triangleIndices(name string, row, col, offset int, d tensor.DType, lower bool) (*tensor.Tensor, error) {
	if row < 0 || col < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "row must be non-negative, got%d", min(row, col))
	}
	if !d.IsFloating() && !d.IsComplex() && d != tensor.Bool {
		var rows, cols []int64
		for i := range row {
			lo, hi := 0, min(col-1, i+offset)
			if !lower {
				lo, hi = max(0, i+offset), col-1
			}
			for j := lo; j <= hi; j++ {
				rows = append(rows, int64(i))
				cols = append(cols, int64(j))
			}
		}
		t, err := tensor.FromSlice(append(rows, cols...), 2, len(rows))
		if err != nil {
			return nil, err
		}
		return t.To(d)
	}
	return nil, tensor.NotImplementedFor(name, d)
}

// window computes PyTorch's window functions in dtype d, step by step as
// its kernels do (an arange of d scaled by a double, then cos in d).
func window(name string, n int, periodic bool, d tensor.DType, alpha, beta float64) (*tensor.Tensor, error) {
	if !d.IsFloating() {
		return nil, lang.Errorf(lang.RuntimeError, "%s expects floating point dtypes, got: %s", name, d)
	}
	if n < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "%s requires non-negative window_length, got window_length=%d", name, n)
	}
	if n == 0 {
		return tensor.Zeros(d, 0)
	}
	if n == 1 {
		return tensor.Ones(d, 1)
	}
	if periodic {
		n++
	}
	idx, err := tensor.Arange(0, float64(n), 1, d)
	if err != nil {
		return nil, err
	}
	var w *tensor.Tensor
	switch name {
	case "hann_window", "hamming_window":
		w, err = chain(idx,
			mulBy(2*math.Pi/float64(n-1)), tensor.Cos, mulBy(-beta), addTo(alpha))
	case "blackman_window":
		var base, four, two *tensor.Tensor
		if base, err = chain(idx, mulBy(math.Pi/float64(n-1))); err != nil {
			return nil, err
		}
		if four, err = chain(base, mulBy(4), tensor.Cos, mulBy(0.08)); err != nil {
			return nil, err
		}
		if two, err = chain(base, mulBy(2), tensor.Cos, mulBy(0.5)); err != nil {
			return nil, err
		}
		if w, err = tensor.Sub(four, two); err == nil {
			w, err = tensor.Add(w, tensor.MustScalar(0.42))
		}
	case "bartlett_window":
		if w, err = chain(idx, mulBy(2/float64(n-1))); err != nil {
			return nil, err
		}
		first := (n-1)>>1 + 1
		var head, tail *tensor.Tensor
		if head, err = w.Narrow(0, 0, first); err != nil {
			return nil, err
		}
		if tail, err = w.Narrow(0, first, n-first); err != nil {
			return nil, err
		}
		if tail, err = chain(tail, mulBy(-1), addTo(2)); err != nil {
			return nil, err
		}
		w, err = tensor.Cat([]*tensor.Tensor{head, tail}, 0)
	}
	if err != nil || !periodic {
		return w, err
	}
	return w.Narrow(0, 0, n-1)
}

// chain applies the steps to t in order.
func chain(t *tensor.Tensor, steps ...func(*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	for _, s := range steps {
		var err error
		if t, err = s(t); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// mulBy and addTo are the steps t * k and t + k, k a plain number.
func mulBy(k float64) func(*tensor.Tensor) (*tensor.Tensor, error) {
	return func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Mul(t, tensor.MustScalar(k)) }
}

func addTo(k float64) func(*tensor.Tensor) (*tensor.Tensor, error) {
	return func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Add(t, tensor.MustScalar(k)) }
}

// meshgrid expands each 0-d or 1-d tensor along its own dimension of the
// grid; 'xy' swaps the first two.
func meshgrid(ts []*tensor.Tensor, indexing string) ([]*tensor.Tensor, error) {
	if indexing != "ij" && indexing != "xy" {
		return nil, lang.Errorf(lang.RuntimeError, "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: %s", indexing)
	}
	if len(ts) == 0 {
		return nil, lang.Errorf(lang.RuntimeError, "meshgrid expects a non-empty TensorList")
	}
	shape := make([]int, len(ts))
	for i, t := range ts {
		if t.Dim() > 1 {
			return nil, lang.Errorf(lang.RuntimeError, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: %s", listText(t.Shape()))
		}
		if t.DType() != ts[0].DType() {
			return nil, lang.Errorf(lang.RuntimeError, "torch.meshgrid: expects all tensors to have the same dtype")
		}
		shape[i] = t.Numel()
	}
	order := make([]int, len(ts))
	for i := range order {
		order[i] = i
	}
	swap := indexing == "xy" && len(ts) >= 2
	if swap {
		order[0], order[1] = 1, 0
		shape[0], shape[1] = shape[1], shape[0]
	}
	out := make([]*tensor.Tensor, len(ts))
	for k, i := range order {
		view := slices.Repeat([]int{1}, len(ts))
		view[k] = -1
		v, err := autograd.View(ts[i], view...)
		if err != nil {
			return nil, err
		}
		if out[i], err = autograd.Expand(v, shape...); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// cartesianProd stacks the flattened 'ij' grids of 1-d tensors as columns.
func cartesianProd(ts []*tensor.Tensor) (*tensor.Tensor, error) {
	for _, t := range ts {
		if t.Dim() != 1 {
			return nil, lang.Errorf(lang.RuntimeError, "Expect a 1D vector, but got shape %s", listText(t.Shape()))
		}
	}
	if len(ts) == 1 {
		return ts[0], nil
	}
	grids, err := meshgrid(ts, "ij")
	if err != nil {
		return nil, err
	}
	for i, g := range grids {
		if grids[i], err = autograd.Reshape(g, -1); err != nil {
			return nil, err
		}
	}
	return autograd.Stack(grids, 1)
}

// combinations lists the r-combinations of the elements of a 1-d x.
func combinations(x *tensor.Tensor, r int, repl bool) (*tensor.Tensor, error) {
	if x.Dim() != 1 {
		return nil, lang.Errorf(lang.RuntimeError, "Expect a 1D vector, but got shape %s", listText(x.Shape()))
	}
	if r < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "Expect a non-negative number, but got %d", r)
	}
	if r == 0 {
		return tensor.Zeros(x.DType(), 0)
	}
	n := x.Numel()
	cols := make([][]int64, r)
	pick := make([]int, r)
	var walk func(pos, from int)
	walk = func(pos, from int) {
		if pos == r {
			for j, p := range pick {
				cols[j] = append(cols[j], int64(p))
			}
			return
		}
		for i := from; i < n; i++ {
			pick[pos] = i
			next := i + 1
			if repl {
				next = i
			}
			walk(pos+1, next)
		}
	}
	walk(0, 0)
	parts := make([]*tensor.Tensor, r)
	for j := range cols {
		idx, err := tensor.FromSlice(append([]int64{}, cols[j]...), len(cols[j]))
		if err != nil {
			return nil, err
		}
		if parts[j], err = autograd.IndexSelect(x, 0, idx); err != nil {
			return nil, err
		}
	}
	return autograd.Stack(parts, 1)
}

// blockDiag places the tensors (as matrices) along the diagonal of a
// matrix of zeros, in their promoted dtype.
func blockDiag(ts []*tensor.Tensor) (*tensor.Tensor, error) {
	if len(ts) == 0 {
		return tensor.Zeros(tensor.DefaultFloat, 1, 0)
	}
	d := ts[0].DType()
	mats := make([]*tensor.Tensor, len(ts))
	cols := 0
	for i, t := range ts {
		d = tensor.PromoteTypes(d, t.DType())
		var err error
		switch t.Dim() {
		case 0:
			mats[i], err = autograd.Reshape(t, 1, 1)
		case 1:
			mats[i], err = autograd.Reshape(t, 1, -1)
		case 2:
			mats[i] = t
		default:
			return nil, lang.Errorf(lang.RuntimeError, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input %d has %d dimensions", i, t.Dim())
		}
		if err != nil {
			return nil, err
		}
		cols += mats[i].Shape()[1]
	}
	rows := make([]*tensor.Tensor, len(mats))
	left := 0
	for i, m := range mats {
		h, w := m.Shape()[0], m.Shape()[1]
		mc, err := autograd.To(m, d)
		if err != nil {
			return nil, err
		}
		before, err := tensor.Zeros(d, h, left)
		if err != nil {
			return nil, err
		}
		after, err := tensor.Zeros(d, h, cols-left-w)
		if err != nil {
			return nil, err
		}
		if rows[i], err = autograd.Cat([]*tensor.Tensor{before, mc, after}, 1); err != nil {
			return nil, err
		}
		left += w
	}
	return autograd.Cat(rows, 0)
}

// broadcastTensors expands the tensors to their common shape.
func broadcastTensors(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
	shapes := make([][]int, len(ts))
	for i, t := range ts {
		shapes[i] = t.Shape()
	}
	shape, err := tensor.BroadcastShapes(shapes...)
	if err != nil {
		return nil, err
	}
	out := make([]*tensor.Tensor, len(ts))
	for i, t := range ts {
		if slicesEqual(t.Shape(), shape) { // itself, as PyTorch
			out[i] = t
		} else if out[i], err = autograd.Expand(t, shape...); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// take gathers the elements of the flattened x at index.
func take(x, index *tensor.Tensor) (*tensor.Tensor, error) {
	if index.DType() != tensor.Int64 {
		return nil, lang.Errorf(lang.RuntimeError, "take(): Expected a long tensor for index, but got %s", index.DType().ScalarTypeName())
	}
	pos, err := flatPositions(x, index)
	if err != nil {
		return nil, err
	}
	idx, err := tensor.FromSlice(pos, len(pos))
	if err != nil {
		return nil, err
	}
	flat, err := autograd.Reshape(x, -1)
	if err != nil {
		return nil, err
	}
	out, err := autograd.IndexSelect(flat, 0, idx)
	if err != nil {
		return nil, err
	}
	return autograd.Reshape(out, index.Shape()...)
}

// flatPositions reads the int64 index of take and put as positions in
// x's flattened elements: negative ones count from the end, others out of
// range are PyTorch's IndexError.
func flatPositions(x, index *tensor.Tensor) ([]int64, error) {
	n := int64(x.Numel())
	pos, err := tensor.Values[int64](index)
	if err != nil {
		return nil, err
	}
	for i, p := range pos {
		if p < -n || p >= n {
			return nil, lang.Errorf(lang.IndexError, "out of range: tried to access index %d on a tensor of %d elements.", p, n)
		}
		if p < 0 {
			pos[i] = p + n
		}
	}
	return pos, nil
}

// takeAlongDim is gather with input and indices broadcast except along
// dim, or take of the flattened input without dim.
func takeAlongDim(x, idx *tensor.Tensor, dim *int) (*tensor.Tensor, error) {
	if idx.DType() != tensor.Int64 {
		return nil, lang.Errorf(lang.RuntimeError, "torch.take_along_dim(): dtype of indices should be Long but got %s", idx.DType().ScalarTypeName())
	}
	if dim == nil {
		flat, err := autograd.Reshape(x, -1)
		if err != nil {
			return nil, err
		}
		fi, err := idx.Reshape(-1)
		if err != nil {
			return nil, err
		}
		return autograd.Gather(flat, 0, fi)
	}
	if x.Dim() != idx.Dim() {
		return nil, lang.Errorf(lang.RuntimeError, "torch.take_along_dim(): input and indices should have the same number of dimensions, but got %d dimensions for input, and %d dimensions for indices", x.Dim(), idx.Dim())
	}
	d, err := normDim("take_along_dim", *dim, x.Dim())
	if err != nil {
		return nil, err
	}
	xs, is := x.Shape(), idx.Shape()
	xs[d], is[d] = 1, 1
	shape, err := tensor.BroadcastShapes(xs, is)
	if err != nil {
		return nil, err
	}
	xShape, iShape := slices.Clone(shape), slices.Clone(shape)
	xShape[d], iShape[d] = x.Shape()[d], idx.Shape()[d]
	xe, err := autograd.Expand(x, xShape...)
	if err != nil {
		return nil, err
	}
	ie, err := idx.Expand(iShape...)
	if err != nil {
		return nil, err
	}
	return autograd.Gather(xe, d, ie)
}

// maskedSelect returns the elements of x where mask is true, both
// broadcast, recorded as MaskedSelectBackward0.
func maskedSelect(x, mask *tensor.Tensor) (*tensor.Tensor, error) {
	if mask.DType() != tensor.Bool {
		return nil, lang.Errorf(lang.RuntimeError, "masked_select: expected BoolTensor for mask")
	}
	return autograd.Composite("MaskedSelectBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		both, err := broadcastTensors([]*tensor.Tensor{in[0], mask})
		if err != nil {
			return nil, err
		}
		flat, err := autograd.Reshape(both[0], -1)
		if err != nil {
			return nil, err
		}
		m, err := both[1].Reshape(-1)
		if err != nil {
			return nil, err
		}
		nz, err := tensor.Nonzero(m)
		if err != nil {
			return nil, err
		}
		if nz, err = nz.Reshape(-1); err != nil {
			return nil, err
		}
		return autograd.IndexSelect(flat, 0, nz)
	})
}

// vander is PyTorch's vander: a column of ones and the running products
// of x, flipped unless increasing.
func vander(x *tensor.Tensor, n *int, increasing bool) (*tensor.Tensor, error) {
	if x.Dim() != 1 {
		return nil, lang.Errorf(lang.RuntimeError, "x must be a one-dimensional tensor.")
	}
	cols := x.Numel()
	if n != nil {
		if *n < 0 {
			return nil, lang.Errorf(lang.RuntimeError, "N must be non-negative.")
		}
		cols = *n
	}
	d := tensor.PromoteTypes(x.DType(), tensor.Int64)
	xd, err := autograd.To(x, d)
	if err != nil {
		return nil, err
	}
	ones, err := tensor.Ones(d, x.Numel(), 1)
	if err != nil {
		return nil, err
	}
	if cols == 0 {
		return tensor.Zeros(d, x.Numel(), 0)
	}
	out := ones
	if cols > 1 {
		col, err := autograd.Unsqueeze(xd, 1)
		if err != nil {
			return nil, err
		}
		rep, err := autograd.Repeat(col, 1, cols-1)
		if err != nil {
			return nil, err
		}
		powers, err := autograd.Cumprod(rep, 1)
		if err != nil {
			return nil, err
		}
		if out, err = autograd.Cat([]*tensor.Tensor{ones, powers}, 1); err != nil {
			return nil, err
		}
	}
	if increasing {
		return out, nil
	}
	return autograd.Flip(out, 1)
}

// kaiserWindow computes PyTorch's kaiser_window in float64 and rounds
// each point to d once.
func kaiserWindow(n int, periodic bool, beta float64, d tensor.DType) (*tensor.Tensor, error) {
	if !d.IsFloating() {
		return nil, lang.Errorf(lang.RuntimeError, "kaiser_window expects floating point dtypes, got: %s", d)
	}
	if n < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "kaiser_window requires non-negative window_length, got window_length=%d", n)
	}
	if n == 0 {
		return tensor.Zeros(d, 0)
	}
	if n == 1 {
		return tensor.Ones(d, 1)
	}
	if periodic {
		n++
	}
	alpha := float64(n-1) / 2
	vals := make([]float64, n)
	for i := range vals {
		r := (float64(i) - alpha) / alpha
		vals[i] = tensor.I0(beta*math.Sqrt(1-r*r)) / tensor.I0(beta)
	}
	if periodic {
		vals = vals[:n-1]
	}
	t, err := tensor.FromSlice(vals, len(vals))
	if err != nil {
		return nil, err
	}
	return t.To(d)
}
