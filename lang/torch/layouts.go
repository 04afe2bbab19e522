package torch

import (
	"cmp"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.layout and torch.memory_format: the values PyTorch passes as
// layout= and memory_format=. kael's tensors are strided, so torch.strided
// is the one layout a tensor has; of the memory formats, contiguous()
// and clone() honour contiguous_format, preserve_format and the
// channels-last orders, which are strides kael's views can hold.

// Layout is a torch.layout or a torch.memory_format value.
type Layout struct {
	Name   string // strided, contiguous_format, channels_last, ...
	format bool   // a torch.memory_format, not a torch.layout
}

// TypeName returns "torch.layout" or "torch.memory_format".
func (l *Layout) TypeName() string {
	if l.format {
		return "torch.memory_format"
	}
	return "torch.layout"
}

// PyRepr returns torch.strided, torch.channels_last, ...
func (l *Layout) PyRepr() string { return "torch." + l.Name }

// String is the repr, as print shows it in PyTorch.
func (l *Layout) String() string { return l.PyRepr() }

// HashKey makes layouts usable as dict keys.
func (l *Layout) HashKey() (string, error) { return l.TypeName() + ":" + l.Name, nil }

var (
	strided          = &Layout{Name: "strided"}
	contiguousFormat = &Layout{Name: "contiguous_format", format: true}
	preserveFormat   = &Layout{Name: "preserve_format", format: true}
	channelsLast     = &Layout{Name: "channels_last", format: true}
	channelsLast3d   = &Layout{Name: "channels_last_3d", format: true}
)

// memoryFormatArg reads the memory_format argument of fn: None counts as
// dflt; a value that is no memory format is PyTorch's TypeError.
func memoryFormatArg(a *lang.Args, fn string, dflt *Layout) (*Layout, error) {
	if a.IsNone("memory_format") {
		return dflt, nil
	}
	l, ok := a.Value("memory_format").(*Layout)
	if !ok || !l.format {
		return nil, lang.Errorf(lang.TypeError, "%s(): argument 'memory_format' must be torch.memory_format, not %s", fn, lang.TypeName(a.Value("memory_format")))
	}
	return l, nil
}

// channelsLastPerm is the order of a tensor's dims in storage, outermost first,
// for a channels-last memory format: N, the spatial dims, then C; x has
// dim dimensions.
func channelsLastPerm(dim int, f *Layout) ([]int, error) {
	rank := 4
	if f == channelsLast3d {
		rank = 5
	}
	if dim != rank {
		return nil, lang.Errorf(lang.RuntimeError, "required rank %d tensor to use %s format", rank, f.Name)
	}
	perm := []int{0}
	for d := 2; d < rank; d++ {
		perm = append(perm, d)
	}
	return append(perm, 1), nil
}

// toMemoryFormat returns x laid out in memory format f: x itself when it
// already is (unless copy), else a copy with gradients flowing back.
func toMemoryFormat(x *tensor.Tensor, f *Layout, copy bool) (*tensor.Tensor, error) {
	switch f {
	case preserveFormat:
		if copy {
			return copyPreserving("CloneBackward0", x, autograd.Clone)
		}
		return x, nil
	case channelsLast, channelsLast3d:
		perm, err := channelsLastPerm(x.Dim(), f)
		if err != nil {
			return nil, err
		}
		p, err := autograd.Permute(x, perm...)
		if err != nil {
			return nil, err
		}
		var c *tensor.Tensor
		switch {
		case p.IsContiguous() && !copy:
			return x, nil
		case p.IsContiguous():
			c, err = autograd.Clone(p)
		default:
			c, err = autograd.Contiguous(p)
		}
		if err != nil {
			return nil, err
		}
		inv := make([]int, len(perm))
		for i, d := range perm {
			inv[d] = i
		}
		return autograd.Permute(c, inv...)
	}
	if copy {
		c, err := autograd.Clone(x)
		if err != nil || c.IsContiguous() {
			return c, err
		}
	}
	return autograd.Contiguous(x)
}

func defLayouts() {
	for _, c := range []struct{ name, doc string }{
		{"layout", "The class of torch.strided, the memory layout of a tensor (x.layout); kael's tensors are all strided."},
		{"memory_format", "The class of torch.contiguous_format, torch.channels_last, torch.channels_last_3d, torch.preserve_format and torch.legacy_contiguous_format, the memory_format= of contiguous() and clone()."},
	} {
		qualified := "torch." + c.name
		b := lang.NewBuiltin(lang.AsValue, c.name+"()", c.doc, func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(lang.TypeError, "cannot create '%s' instances", qualified)
		})
		torchMembers[c.name] = b
		lang.RegisterClass(b, qualified)
	}
	for _, l := range []*Layout{strided, contiguousFormat, preserveFormat, channelsLast, channelsLast3d} {
		torchMembers[l.Name] = l
	}
	// As in PyTorch, the legacy name is the same object.
	torchMembers["legacy_contiguous_format"] = contiguousFormat
	lang.RegisterTensorAttr("layout", "The tensor's memory layout: torch.strided, kael's only one.", func(t *tensor.Tensor) (lang.Value, error) {
		return strided, nil
	}, nil)

	lang.NewBuiltin(lang.AsMethod, "contiguous(input, memory_format=None)", "input itself when its elements are in storage in the order memory_format asks (row-major by default; torch.channels_last: N, H, W, C for a 4-D tensor; channels_last_3d for 5-D), else a copy in that order; gradients flow back.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := memoryFormatArg(a, "contiguous", contiguousFormat)
		if err != nil {
			return nil, err
		}
		return result(toMemoryFormat(x, f, false))
	})
	lang.NewBuiltin(lang.AsBoth, "clone(input, *, memory_format=None)", "A copy of input with its own storage; gradients flow back to input. memory_format=torch.contiguous_format or torch.channels_last picks the copy's order in storage.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := memoryFormatArg(a, "clone", preserveFormat)
		if err != nil {
			return nil, err
		}
		return result(toMemoryFormat(x, f, true))
	})
}

// isContiguousAs reports whether x's elements lie in storage in the order
// memory format f asks, as PyTorch's is_contiguous(memory_format=f):
// channels_last(_3d) checks the strides of a 4-D (5-D) tensor in the order
// C, W, H, N (C, W, H, D, N), size-1 dims not counting; the other formats
// ask for row-major order.
func isContiguousAs(x *tensor.Tensor, f *Layout) bool {
	if f != channelsLast && f != channelsLast3d {
		return x.IsContiguous()
	}
	perm, err := channelsLastPerm(x.Dim(), f)
	if err != nil {
		return false
	}
	shape, strides := x.Shape(), x.Strides()
	expected := 1
	for i := len(perm) - 1; i >= 0; i-- {
		d := perm[i]
		if shape[d] == 1 {
			continue
		}
		if strides[d] != expected {
			return false
		}
		expected *= shape[d]
	}
	return true
}

// nonOverlappingAndDense reports whether x's elements fill a block of
// storage exactly once in some order of its dims, as PyTorch's
// is_non_overlapping_and_dense.
func nonOverlappingAndDense(x *tensor.Tensor) bool {
	shape, strides := x.Shape(), x.Strides()
	dims := make([]int, len(shape))
	for i := range dims {
		dims[i] = i
	}
	slices.SortStableFunc(dims, func(a, b int) int {
		switch {
		case shape[a] < 2 && shape[b] < 2:
			return 0
		case shape[a] < 2:
			return 1
		case shape[b] < 2:
			return -1
		}
		return cmp.Compare(strides[a], strides[b])
	})
	need := 1
	for _, d := range dims {
		if shape[d] < 2 {
			return true
		}
		if strides[d] != need {
			return false
		}
		need *= shape[d]
	}
	return true
}

// newLike returns a tensor of x's shape made by build (a contiguous tensor
// of the shape it is given) and laid out in storage as memory format f
// asks of a *_like function: preserve_format keeps x's strides when x is
// dense and non-overlapping, else takes channels_last for a 4-D tensor
// already in that order and row-major order otherwise. build's elements
// are in storage order, so random draws fill storage as PyTorch's do.
func newLike(x *tensor.Tensor, f *Layout, build func(shape []int) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	if f == preserveFormat {
		switch {
		case x.IsContiguous():
			f = contiguousFormat
		case nonOverlappingAndDense(x):
			t, err := build([]int{x.Numel()})
			if err != nil {
				return nil, err
			}
			return t.AsStrided(x.Shape(), x.Strides(), 0)
		case x.Dim() == 4 && isContiguousAs(x, channelsLast):
			f = channelsLast
		case x.Dim() == 5 && isContiguousAs(x, channelsLast3d):
			f = channelsLast3d
		default:
			f = contiguousFormat
		}
	}
	return newInFormat(x.Shape(), f, build)
}

// newInFormat returns a tensor of shape made by build and laid out in
// storage in memory format f (contiguous_format or channels_last(_3d)).
func newInFormat(shape []int, f *Layout, build func(shape []int) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	if f == preserveFormat {
		return nil, lang.Errorf(lang.RuntimeError, "unsupported memory format Preserve")
	}
	if f != channelsLast && f != channelsLast3d {
		return build(shape)
	}
	perm, err := channelsLastPerm(len(shape), f)
	if err != nil {
		return nil, err
	}
	permuted := make([]int, len(perm))
	inv := make([]int, len(perm))
	for i, d := range perm {
		permuted[i] = shape[d]
		inv[d] = i
	}
	t, err := build(permuted)
	if err != nil {
		return nil, err
	}
	return t.Permute(inv...)
}

// preservedOrder returns the order of x's dims in storage, outermost
// first, that a copy of x keeps under preserve_format, PyTorch's default
// for clone(), to() and the *_like functions: x's own order when x is
// dense and non-overlapping, channels-last order for a 4-D (5-D) tensor in
// that order; nil when the copy is row-major.
func preservedOrder(x *tensor.Tensor) []int {
	if x.IsContiguous() {
		return nil
	}
	if nonOverlappingAndDense(x) {
		shape, strides := x.Shape(), x.Strides()
		perm := make([]int, len(shape))
		for i := range perm {
			perm[i] = i
		}
		slices.SortStableFunc(perm, func(a, b int) int {
			if shape[a] < 2 || shape[b] < 2 {
				return 0
			}
			return cmp.Compare(strides[b], strides[a])
		})
		return perm
	}
	for _, f := range []*Layout{channelsLast, channelsLast3d} {
		if perm, err := channelsLastPerm(x.Dim(), f); err == nil && isContiguousAs(x, f) {
			return perm
		}
	}
	return nil
}

// copyPreserving runs copy, an operation that makes a new row-major
// tensor from its input (a clone, a dtype conversion), so that its result
// keeps x's order in storage (preservedOrder); the graph records one node
// named node, as PyTorch's (none when node is "", for a result that
// leaves the graph).
func copyPreserving(node string, x *tensor.Tensor, copy func(*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	perm := preservedOrder(x)
	if perm == nil {
		return copy(x)
	}
	inv := make([]int, len(perm))
	for i, d := range perm {
		inv[d] = i
	}
	relaid := func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		p, err := autograd.Permute(in[0], perm...)
		if err != nil {
			return nil, err
		}
		c, err := copy(p)
		if err != nil {
			return nil, err
		}
		if c, err = autograd.Contiguous(c); err != nil {
			return nil, err
		}
		return autograd.Permute(c, inv...)
	}
	if node == "" { // the result leaves the graph
		return relaid([]*tensor.Tensor{x})
	}
	return autograd.Composite(node, []*tensor.Tensor{x}, relaid)
}

// convertPreserving is x converted to dtype d (x itself when it has d),
// laid out as x under preserve_format: x.to(d), x.float(), ...
func convertPreserving(x *tensor.Tensor, d tensor.DType) (*tensor.Tensor, error) {
	if x.DType() == d {
		return x, nil
	}
	node := "ToCopyBackward0"
	if !d.IsFloating() && !d.IsComplex() {
		node = "" // integers and bools have no gradient
	}
	return copyPreserving(node, x, func(p *tensor.Tensor) (*tensor.Tensor, error) { return autograd.To(p, d) })
}
