package torch

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.histogram as ATen's histogramdd computes it for one dimension:
// bins edges from linspace over the range (given, or input's min and
// max, widened by 1/2 each side when they are equal, [0, 1] for an empty
// input), each element placed by linear interpolation in the input's
// dtype then checked against its neighbouring edges (a bins tensor: by
// binary search), the last bin closed on the right.

func defHistogram() {
	lang.NewBuiltin(lang.AsBoth, "histogram(input, bins=100, *, range=None, weight=None, density=False)", "A named tuple (hist, bin_edges): the histogram of input's elements (float32 or float64) in bins equal bins over range (input's min and max by default), or between the increasing edges of a 1-D tensor bins; weight (input's dtype and shape) gives each element's weight, density=True divides by the total and the bins' widths. Elements outside the edges and NaNs are left out; the last bin includes its right edge.", func(a *lang.Args) (lang.Value, error) {
		x, w, density := a.Tensor("input"), a.OptTensor("weight"), a.Bool("density")
		if err := a.Err(); err != nil {
			return nil, err
		}
		edgesArg, _ := a.Value("bins").(*tensor.Tensor)
		var rng []float64
		if !a.IsNone("range") {
			if edgesArg != nil {
				return nil, lang.Errorf(lang.TypeError, "histogram() received an invalid combination of arguments - got (Tensor, Tensor, range=%s), but expected one of:\n * (Tensor input, Tensor bins, *, Tensor weight, bool density, tuple of Tensors out)\n * (Tensor input, int bins, *, tuple of floats range, Tensor weight, bool density, tuple of Tensors out)\n", lang.TypeName(a.Value("range")))
			}
			bad := false
			if err := lang.Iterate(a.Value("range"), func(v lang.Value) bool {
				f, ok := lang.AsFloat(v)
				rng, bad = append(rng, f), !ok
				return ok
			}); err != nil {
				return nil, err
			}
			if bad {
				return nil, a.WrongType("range", "tuple of floats", a.Value("range"))
			}
		}
		d := x.DType()
		if d != tensor.Float32 && d != tensor.Float64 {
			return nil, tensor.NotImplementedFor("histogramdd", d)
		}
		var edges *tensor.Tensor
		var err error
		if edgesArg != nil {
			if edgesArg.DType() != d {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input with dtype %s and bins for dimension 0 with dtype %s", cTypeName(d), cTypeName(edgesArg.DType()))
			}
			if edgesArg.Dim() != 1 {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: bins tensor should have one dimension, but got %d dimensions in the bins tensor for dimension 0", edgesArg.Dim())
			}
			if edgesArg.Numel() < 2 {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogram(): bins must be > 0, but got %d for dimension 0", edgesArg.Numel()-1)
			}
			edges = edgesArg.Detach()
		} else {
			bins := a.Int("bins")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if bins <= 0 {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogram(): bins must be > 0, but got %d for dimension 0", bins)
			}
			if rng != nil && len(rng) != 2 {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: for a 1-dimensional histogram range should have 2 elements, but got %d", len(rng))
			}
			vals, err := x.Float64s()
			if err != nil {
				return nil, err
			}
			lo, hi, err := histogramRange(vals, rng, 0)
			if err != nil {
				return nil, err
			}
			if edges, err = tensor.Linspace(lo, hi, bins+1, d); err != nil {
				return nil, err
			}
		}
		if w != nil {
			if w.DType() != d {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have the same dtype, but got input(%s), and weight(%s)", cTypeName(d), cTypeName(w.DType()))
			}
			if w.Numel() != x.Numel() || (w.Dim() != x.Dim() && w.Dim() != 1) {
				return nil, lang.Errorf(lang.RuntimeError, "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor excluding its innermost dimension, but got input with shape [%d, 1] and weight with shape %s", x.Numel(), sizeList(w.Shape()))
			}
		}
		hist, err := histogramCounts(x, edges, w, edgesArg == nil, density)
		if err != nil {
			return nil, err
		}
		hist = autograd.SampleNotImplemented("histogram", hist, x)
		edges = autograd.SampleNotImplemented("histogram", edges, x)
		return lang.NewNamedTuple(returnHistogram, hist, edges), nil
	})
}

// cTypeName is a dtype's C++ name in ATen's messages: float, double.
func cTypeName(d tensor.DType) string {
	if name, ok := cTypeNames[d]; ok {
		return name
	}
	return strings.ToLower(d.ScalarTypeName())
}

// cTypeNames are the C++ names that differ from the lower-cased scalar
// type name.
var cTypeNames = map[tensor.DType]string{tensor.Float32: "float", tensor.Float64: "double"}

// histogramRange is ATen's select_outer_bin_edges for dimension dim,
// whose values are vals: rng when given, else their min and max.
func histogramRange(vals []float64, rng []float64, dim int) (lo, hi float64, err error) {
	lo, hi = 0, 1
	switch {
	case rng != nil:
		lo, hi = rng[0], rng[1]
	case len(vals) > 0:
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, v := range vals {
			if v != v {
				lo, hi = v, v
				break
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || lo != lo || hi != hi {
		return 0, 0, lang.Errorf(lang.RuntimeError, "torch.histogramdd: dimension %d's range [%s, %s] is not finite", dim, cDouble(lo), cDouble(hi))
	}
	if lo > hi {
		return 0, 0, lang.Errorf(lang.RuntimeError, "torch.histogramdd: min should not exceed max, but got min %s max %s for dimension %d", cDouble(lo), cDouble(hi), dim)
	}
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	return lo, hi, nil
}

// cDouble writes a double as C++'s ostream does by default.
func cDouble(x float64) string {
	switch {
	case x != x:
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%.6g", x)
}

// histogramCounts is histogramdd_cpu_contiguous for one dimension, in
// x's dtype (rounded to float32 for float32): linear interpolation with
// the local search when linear, a binary search over edges otherwise;
// then density's normalisation.
func histogramCounts(x, edges, w *tensor.Tensor, linear, density bool) (*tensor.Tensor, error) {
	f32 := x.DType() == tensor.Float32
	r := func(v float64) float64 {
		if f32 {
			return float64(float32(v))
		}
		return v
	}
	xs, err := x.Float64s()
	if err != nil {
		return nil, err
	}
	es, err := edges.Float64s()
	if err != nil {
		return nil, err
	}
	var ws []float64
	if w != nil {
		if ws, err = w.Float64s(); err != nil {
			return nil, err
		}
	}
	n := len(es)
	hist := make([]float64, max(n-1, 0))
	for i, v := range xs {
		pos := histogramBin(v, es, linear, r)
		if pos < 0 {
			continue
		}
		wt := 1.0
		if ws != nil {
			wt = ws[i]
		}
		hist[pos] = r(hist[pos] + wt)
	}
	if density {
		total := 0.0
		for _, h := range hist {
			total = r(total + h)
		}
		for i := range hist {
			hist[i] = r(r(hist[i]/total) / r(es[i+1]-es[i]))
		}
	}
	out, err := tensor.FromValue(hist, x.DType())
	if err != nil {
		return nil, err
	}
	return out, nil
}

// histogramBin is the bin of edges es that v falls in, or -1 when it is
// outside them (or NaN): by linear interpolation rounded as r rounds (the
// input's dtype), checked against the neighbouring edges, when the
// edges are equally spaced (linear), else by binary search; the last bin
// holds its right edge.
func histogramBin(v float64, es []float64, linear bool, r func(float64) float64) int {
	n := len(es)
	left, right := es[0], es[n-1]
	if !(v >= left && v <= right) {
		return -1
	}
	upper := func(lo, hi int) int { // upper_bound over es[lo:hi], minus one
		return lo + sort.Search(hi-lo, func(j int) bool { return es[lo+j] > v }) - 1
	}
	var pos int
	if linear {
		pos = int(r(r(r(v-left)*float64(n-1)) / r(right-left)))
		pos = upper(max(0, pos-1), min(pos+2, n))
	} else {
		pos = upper(0, n)
	}
	if pos == n-1 {
		pos--
	}
	return pos
}
