package torch

import (
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

// channelsLastPerm is the order of x's dims in storage, outermost first,
// for a channels-last memory format: N, the spatial dims, then C.
func channelsLastPerm(x *tensor.Tensor, f *Layout) ([]int, error) {
	rank := 4
	if f == channelsLast3d {
		rank = 5
	}
	if x.Dim() != rank {
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
			return autograd.Clone(x)
		}
		return x, nil
	case channelsLast, channelsLast3d:
		perm, err := channelsLastPerm(x, f)
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
