package torch

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.MaxPool3d, nn.AdaptiveMaxPool1d/2d/3d and nn.MaxUnpool1d/2d/3d with
// F.max_pool3d, F.max_poolNd_with_indices, F.adaptive_max_poolNd(_with_indices)
// and F.max_unpoolNd (package nn's maxpool_nd.go).

// poolInput checks that x has d spatial dimensions after an optional
// batch and a channel dimension.
func poolInput(x *tensor.Tensor, name string, d int) error {
	if x.Dim() != d+1 && x.Dim() != d+2 {
		return lang.Errorf(lang.RuntimeError, "non-empty %dD or %dD (batch mode) tensor expected for input", d+1, d+2)
	}
	for _, s := range x.Shape()[x.Dim()-d:] {
		if s == 0 {
			return lang.Errorf(lang.RuntimeError, "%s: Expected input's non-batch dimensions to have positive length, but input has a shape of %s", name, intList(x.Shape()))
		}
	}
	return nil
}

// readMaxPool reads the window arguments of max_poolNd and returns the
// pooling of an input.
func readMaxPool(a *lang.Args, d int) func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) {
	kernel := intsOf(a, "kernel_size", d)
	stride := kernel
	if v := a.Value("stride"); v != lang.None {
		if elems, _, ok := lang.Sequence(v); !ok || len(elems) > 0 {
			stride = intsOf(a, "stride", d)
		}
	}
	padding, dilation, ceil := intsOf(a, "padding", d), intsOf(a, "dilation", d), a.Bool("ceil_mode")
	name := fmt.Sprintf("max_pool%dd", d)
	return func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) {
		if err := poolInput(x, name, d); err != nil {
			return nil, nil, err
		}
		spatial := x.Shape()[x.Dim()-d:]
		wins := make([]nn.PoolWindows, d)
		for i := range d {
			w, err := nn.SlidingWindows(spatial[i], kernel[i], stride[i], padding[i], dilation[i], ceil)
			if err != nil {
				return nil, nil, err
			}
			wins[i] = w
		}
		return nn.MaxPoolWindows(x, wins)
	}
}

// adaptiveMaxPool is the adaptive max pool of x into sizes (-1 keeps a
// dimension).
func adaptiveMaxPool(x *tensor.Tensor, sizes []int) (*tensor.Tensor, *tensor.Tensor, error) {
	d := len(sizes)
	name := fmt.Sprintf("adaptive_max_pool%dd", d)
	if err := poolInput(x, name, d); err != nil {
		return nil, nil, err
	}
	spatial := x.Shape()[x.Dim()-d:]
	wins := make([]nn.PoolWindows, d)
	for i, s := range sizes {
		if s == -1 {
			s = spatial[i]
		}
		if s <= 0 {
			return nil, nil, lang.Errorf(lang.RuntimeError, "%s: elements of output_size must be greater than or equal to 0 but received %d", name, s)
		}
		wins[i] = nn.AdaptiveWindows(spatial[i], s)
	}
	return nn.MaxPoolWindows(x, wins)
}

// poolResult is the values, or (values, indices) with return_indices.
func poolResult(v, i *tensor.Tensor, err error, withIndices bool) (lang.Value, error) {
	if err != nil {
		return nil, err
	}
	if withIndices {
		return lang.Tuple{v, i}, nil
	}
	return v, nil
}

// poolModule defines the class of an indexed pool and its forward, which
// gives (values, indices) with return_indices.
func poolModule(sig, doc string, make func(a *lang.Args) (extra string, fn func(*tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error))) {
	var name string
	b := defLayer("pooling", sig, doc, func(a *lang.Args) (nn.Module, error) {
		extra, fn := make(a)
		ri := a.Bool("return_indices")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewIndexedPool(name, extra, hypersOf(a, sigParams(a.Builtin().Sig)), ri, fn), nil
	})
	name = b.Name
	layerForwards[name] = indexedPoolForward
}

// indexedPoolForward is the forward of the pools made by
// nn.NewIndexedPool: (values, indices) with return_indices.
var indexedPoolForward = lang.NewBuiltin(lang.AsValue, "forward(self, input)", "Pools input; (values, indices) with return_indices.", func(a *lang.Args) (lang.Value, error) {
	p, err := selfLayer[*nn.IndexedPool](a)
	if err != nil {
		return nil, err
	}
	x := tensorArg(a, "input")
	if err := a.Err(); err != nil {
		return nil, err
	}
	v, i, err := p.Pool(x)
	return poolResult(v, i, err, p.ReturnIndices)
})

func defMaxPoolND() {
	const maxParams = "kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False"
	for d := 1; d <= 3; d++ {
		doc := fmt.Sprintf("The maximum of each kernel_size window of the last %d dimension(s) of [N, C, *] or [C, *] inputs, moving by stride (default kernel_size), with padding (-inf) and dilation; with return_indices also the index of each maximum in the flattened spatial plane, as max_unpool%dd takes it.", d, d)
		fn := func(a *lang.Args, withIndices bool) (lang.Value, error) {
			x := tensorArg(a, "input")
			pool := readMaxPool(a, d)
			ri := withIndices || a.Bool("return_indices")
			if err := a.Err(); err != nil {
				return nil, err
			}
			v, i, err := pool(x)
			return poolResult(v, i, err, ri)
		}
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, fmt.Sprintf("max_pool%dd_with_indices(input, %s)", d, maxParams), doc+" Always returns (values, indices).", func(a *lang.Args) (lang.Value, error) {
			return fn(a, true)
		}))
		if d == 3 {
			lang.NewBuiltin(lang.AsFunc, "max_pool3d(input, "+maxParams+")", doc, func(a *lang.Args) (lang.Value, error) { return fn(a, false) })
			poolModule("MaxPool3d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False)", doc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error)) {
				stride := given(a, "stride")
				if a.IsNone("stride") {
					stride = given(a, "kernel_size")
				}
				extra := "kernel_size=" + given(a, "kernel_size") + ", stride=" + stride + ", padding=" + given(a, "padding") + ", dilation=" + given(a, "dilation") + ", ceil_mode=" + given(a, "ceil_mode")
				return extra, readMaxPool(a, 3)
			})
		}

		class := fmt.Sprintf("AdaptiveMaxPool%dd", d)
		adoc := fmt.Sprintf("The maximum over output_size adaptive windows of the last %d dimension(s) ([⌊j·in/out⌋, ⌈(j+1)·in/out⌉); None keeps a dimension's size); with return_indices also the index of each maximum.", d)
		afn := func(a *lang.Args, withIndices bool) (lang.Value, error) {
			x, sizes := tensorArg(a, "input"), adaptiveSizes(a, class, d)
			ri := withIndices || a.Bool("return_indices")
			if err := a.Err(); err != nil {
				return nil, err
			}
			v, i, err := adaptiveMaxPool(x, sizes)
			return poolResult(v, i, err, ri)
		}
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, fmt.Sprintf("adaptive_max_pool%dd(input, output_size, return_indices=False)", d), adoc, func(a *lang.Args) (lang.Value, error) {
			return afn(a, false)
		}))
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, fmt.Sprintf("adaptive_max_pool%dd_with_indices(input, output_size, return_indices=False)", d), adoc+" Always returns (values, indices).", func(a *lang.Args) (lang.Value, error) {
			return afn(a, true)
		}))
		poolModule(class+"(output_size, return_indices=False)", adoc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error)) {
			sizes := adaptiveSizes(a, class, d)
			return "output_size=" + lang.Repr(a.Value("output_size")), func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) { return adaptiveMaxPool(x, sizes) }
		})

		udoc := fmt.Sprintf("The partial inverse of max_pool%dd: zeros of the pooled input's size (or output_size) holding each value at its index.", d)
		readUnpool := func(a *lang.Args) (kernel, stride, padding []int) {
			kernel = intsOf(a, "kernel_size", d)
			stride = kernel
			if !a.IsNone("stride") {
				stride = intsOf(a, "stride", d)
			}
			return kernel, stride, intsOf(a, "padding", d)
		}
		outSize := func(a *lang.Args) []int {
			if a.IsNone("output_size") {
				return nil
			}
			return a.Ints("output_size")
		}
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, fmt.Sprintf("max_unpool%dd(input, indices, kernel_size, stride=None, padding=0, output_size=None)", d), udoc, func(a *lang.Args) (lang.Value, error) {
			x, idx := tensorArg(a, "input"), tensorArg(a, "indices")
			kernel, stride, padding := readUnpool(a)
			out := outSize(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(nn.MaxUnpoolSized(x, idx, kernel, stride, padding, out))
		}))
		uclass := fmt.Sprintf("MaxUnpool%dd", d)
		defLayer("pooling", uclass+"(kernel_size, stride=None, padding=0)", udoc+" Called as unpool(input, indices, output_size=None).", func(a *lang.Args) (nn.Module, error) {
			kernel, stride, padding := readUnpool(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return nn.NewUnpool(kernel, stride, padding), nil
		})
		layerForwards[uclass] = lang.NewBuiltin(lang.AsValue, "forward(self, input, indices, output_size=None)", "Places input's values at indices.", func(a *lang.Args) (lang.Value, error) {
			u, err := selfLayer[*nn.Unpool](a)
			if err != nil {
				return nil, err
			}
			x, idx, out := tensorArg(a, "input"), tensorArg(a, "indices"), outSize(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(u.Unpool(x, idx, out))
		})
	}
}
