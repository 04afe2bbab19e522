package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.histogramdd as ATen's histogramdd computes it: input's last
// dimension D holds the coordinates of N points; each dimension gets its
// edges (bins equal bins over its range, given or its min and max, or a
// tensor of increasing edges), each point falls in a bin of each
// dimension as histogram's elements do (histogramBin), and a point
// outside any dimension's edges is left out.

// returnHistogramdd is torch.return_types.histogramdd.
var returnHistogramdd = &lang.ReturnType{Name: "histogramdd", Fields: []string{"hist", "bin_edges"}}

func defHistogramdd() {
	lang.NewBuiltin(lang.AsFunc, "histogramdd(input, bins=10, *, range=None, weight=None, density=False)", "A named tuple (hist, bin_edges): the D-dimensional histogram of the points in input's last dimension (D coordinates each; float32 or float64), with bins an int (bins equal bins in each dimension), a list of D ints, or a list of D increasing 1-D tensors of edges; range (2*D floats: min and max of each dimension) defaults to the points' own; weight (input's shape without its last dimension) weighs each point; density=True divides by the total and the bins' volumes. bin_edges is a tuple of D tensors.", func(a *lang.Args) (lang.Value, error) {
		x, w, density := a.Tensor("input"), a.OptTensor("weight"), a.Bool("density")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: input tensor should have at least 2 dimensions")
		}
		d := x.DType()
		if d != tensor.Float32 && d != tensor.Float64 {
			return nil, tensor.NotImplementedFor("histogramdd", d)
		}
		dims := x.Shape()[x.Dim()-1]
		points, err := x.Reshape(-1, dims)
		if err != nil {
			return nil, err
		}
		cols := make([][]float64, dims)
		flat, err := points.Float64s()
		if err != nil {
			return nil, err
		}
		n := len(flat) / max(dims, 1)
		for k := range cols {
			cols[k] = make([]float64, n)
			for i := range n {
				cols[k][i] = flat[i*dims+k]
			}
		}
		edges, linear, err := histogramddEdges(a, cols, d)
		if err != nil {
			return nil, err
		}
		var ws []float64
		if w != nil {
			if w.DType() != d {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have the same dtype, but got input(%s), and weight(%s)", cTypeName(d), cTypeName(w.DType()))
			}
			if !sameShape(w.Shape(), x.Shape()[:x.Dim()-1]) {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor excluding its innermost dimension, but got input with shape %s and weight with shape %s", sizeList(x.Shape()), sizeList(w.Shape()))
			}
			if ws, err = w.Float64s(); err != nil {
				return nil, err
			}
		}
		hist, err := histogramddCounts(cols, edges, ws, linear, density, d)
		if err != nil {
			return nil, err
		}
		hist = autograd.SampleNotImplemented("histogramdd", hist, x)
		out := make(lang.Tuple, dims)
		for k, e := range edges {
			t, err := tensor.FromValue(e, d)
			if err != nil {
				return nil, err
			}
			out[k] = autograd.SampleNotImplemented("histogramdd", t, x)
		}
		return lang.NewNamedTuple(returnHistogramdd, hist, out), nil
	})
}

// sameShape reports whether a and b are the same shape.
func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// histogramddEdges are the edges of each dimension of histogramdd's
// bins argument, in dtype d, and whether they were made equally spaced
// (then the points are placed by interpolation).
func histogramddEdges(a *lang.Args, cols [][]float64, d tensor.DType) ([][]float64, bool, error) {
	dims := len(cols)
	bins := a.Value("bins")
	var counts []int
	switch b := bins.(type) {
	case int64:
		counts = make([]int, dims)
		for k := range counts {
			counts[k] = int(b)
		}
	case *tensor.Tensor:
		return nil, false, lang.Errorf(lang.TypeError, "histogramdd(): argument 'bins' must be int, a sequence of ints or a sequence of Tensors, not Tensor")
	default:
		var items []lang.Value
		if err := lang.Iterate(bins, func(v lang.Value) bool { items = append(items, v); return true }); err != nil {
			return nil, false, lang.Errorf(lang.TypeError, "histogramdd(): argument 'bins' must be int, a sequence of ints or a sequence of Tensors, not %s", lang.TypeName(bins))
		}
		if len(items) > 0 {
			if _, isTensor := items[0].(*tensor.Tensor); isTensor {
				return tensorEdges(items, dims, d)
			}
		}
		for i, v := range items {
			c, ok := v.(int64)
			if !ok {
				return nil, false, lang.Errorf(lang.TypeError, "expected Tensor as element %d in argument 1, but got %s", i, lang.TypeName(v))
			}
			counts = append(counts, int(c))
		}
		// PyTorch 1.13 reads D counts: those past D are unused, and a
		// missing one reads as 0
		for len(counts) < dims {
			counts = append(counts, 0)
		}
	}
	var rng []float64
	if !a.IsNone("range") {
		bad := false
		if err := lang.Iterate(a.Value("range"), func(v lang.Value) bool {
			f, ok := lang.AsFloat(v)
			rng, bad = append(rng, f), !ok
			return ok
		}); err != nil || bad {
			return nil, false, a.WrongType("range", "tuple of floats", a.Value("range"))
		}
		if len(rng) != 2*dims {
			return nil, false, lang.Errorf(lang.RuntimeError, "torch.histogramdd: for a %d-dimensional histogram range should have %d elements, but got %d", dims, 2*dims, len(rng))
		}
	}
	edges := make([][]float64, dims)
	for k := range dims {
		if counts[k] <= 0 {
			return nil, false, lang.Errorf(lang.RuntimeError, "torch.histogram(): bins must be > 0, but got %d for dimension %d", counts[k], k)
		}
	}
	for k := range dims {
		var r []float64
		if rng != nil {
			r = rng[2*k : 2*k+2]
		}
		lo, hi, err := histogramRange(cols[k], r, k)
		if err != nil {
			return nil, false, err
		}
		t, err := tensor.Linspace(lo, hi, counts[k]+1, d)
		if err != nil {
			return nil, false, err
		}
		if edges[k], err = t.Float64s(); err != nil {
			return nil, false, err
		}
	}
	return edges, true, nil
}

// tensorEdges are the edges of histogramdd's bins given as D tensors.
func tensorEdges(items []lang.Value, dims int, d tensor.DType) ([][]float64, bool, error) {
	if len(items) != dims {
		return nil, false, lang.Errorf(lang.RuntimeError, "torch.histogramdd: expected %d sequences of bin edges for a %d-dimensional histogram but got %d", dims, dims, len(items))
	}
	edges := make([][]float64, dims)
	for k, v := range items {
		e, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, false, lang.Errorf(lang.TypeError, "expected Tensor as element %d in argument 1, but got %s", k, lang.TypeName(v))
		}
		if e.DType() != d {
			return nil, false, lang.Errorf(lang.RuntimeError, "torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input with dtype %s and bins for dimension %d with dtype %s", cTypeName(d), k, cTypeName(e.DType()))
		}
		if e.Dim() != 1 {
			return nil, false, lang.Errorf(lang.RuntimeError, "torch.histogramdd: bins tensor should have one dimension, but got %d dimensions in the bins tensor for dimension %d", e.Dim(), k)
		}
		if e.Numel() < 2 {
			return nil, false, lang.Errorf(lang.RuntimeError, "torch.histogram(): bins must be > 0, but got %d for dimension %d", e.Numel()-1, k)
		}
		var err error
		if edges[k], err = e.Float64s(); err != nil {
			return nil, false, err
		}
	}
	return edges, false, nil
}

// histogramddCounts is histogramdd_cpu_contiguous: each point's weight
// (1 without weights) added to the bin its coordinates fall in, rounded
// to dtype d, then density's normalisation, dimension by dimension.
func histogramddCounts(cols, edges [][]float64, ws []float64, linear, density bool, d tensor.DType) (*tensor.Tensor, error) {
	r := func(v float64) float64 {
		if d == tensor.Float32 {
			return float64(float32(v))
		}
		return v
	}
	dims := len(cols)
	shape := make([]int, dims)
	strides := make([]int, dims)
	size := 1
	for k := dims - 1; k >= 0; k-- {
		shape[k] = len(edges[k]) - 1
		strides[k] = size
		size *= shape[k]
	}
	hist := make([]float64, size)
	n := 0
	if dims > 0 {
		n = len(cols[0])
	}
points:
	for i := range n {
		at := 0
		for k := range dims {
			pos := histogramBin(cols[k][i], edges[k], linear, r)
			if pos < 0 {
				continue points
			}
			at += pos * strides[k]
		}
		wt := 1.0
		if ws != nil {
			wt = ws[i]
		}
		hist[at] = r(hist[at] + wt)
	}
	if density {
		total := 0.0
		for _, h := range hist {
			total = r(total + h)
		}
		for i := range hist {
			hist[i] = r(hist[i] / total)
		}
		for k := range dims {
			for i := range hist {
				b := i / strides[k] % shape[k]
				hist[i] = r(hist[i] / r(edges[k][b+1]-edges[k][b]))
			}
		}
	}
	t, err := tensor.FromValue(hist, d)
	if err != nil {
		return nil, err
	}
	return t.Reshape(shape...)
}
