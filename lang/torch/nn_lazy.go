package torch

import (
	"fmt"
	"sync"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The Lazy* layers of torch.nn (PyTorch's LazyModuleMixin): made without
// their input size, they hold UninitializedParameters (and, for the
// norms, UninitializedBuffers) until the first call, which reads the size
// from the input, makes the ordinary layer (LazyLinear becomes Linear,
// drawing its initial parameters then, as PyTorch does), fills the
// uninitialised tensors in place with its parameters and buffers (so an
// optimizer made before holds them) and becomes it: the same object now
// prints and answers type() as the ordinary class.

// uninitialized holds the placeholder tensors of lazy layers not yet
// called, with their class name (UninitializedParameter or
// UninitializedBuffer).
var uninitialized sync.Map

// uninitializedValue is how the language shows a placeholder: printed as
// PyTorch prints it, refusing its shape.
type uninitializedValue struct {
	t     *tensor.Tensor
	class string
}

var (
	_ lang.HasAttrs = (*uninitializedValue)(nil)
	_ lang.Reprer   = (*uninitializedValue)(nil)
)

func (u *uninitializedValue) TypeName() string { return u.class }
func (u *uninitializedValue) PyRepr() string   { return "<" + u.class + ">" }
func (u *uninitializedValue) String() string   { return u.PyRepr() }

// Attr refuses every attribute of the tensor, as PyTorch's
// UninitializedTensorMixin does for shape and the operations.
func (u *uninitializedValue) Attr(name string) (lang.Value, bool) {
	switch name {
	case "shape", "dtype", "ndim", "data", "grad":
		return nil, false
	case "requires_grad":
		return u.t.RequiresGrad(), true
	}
	return nil, false
}

func (u *uninitializedValue) AttrNames() []string { return []string{"requires_grad"} }

// SetAttr refuses assignments.
func (u *uninitializedValue) SetAttr(name string, v lang.Value) error {
	return lang.Errorf(lang.AttributeError, "'%s' object attribute '%s' is read-only", u.class, name)
}

// uninitializedOf returns the language's value of t: its placeholder
// view while it is uninitialised, else t.
func uninitializedOf(t *tensor.Tensor) lang.Value {
	if class, ok := uninitialized.Load(t); ok {
		return &uninitializedValue{t: t, class: class.(string)}
	}
	return t
}

// newPlaceholder makes an uninitialised parameter (or buffer) of dtype d.
func newPlaceholder(d tensor.DType, parameter, requiresGrad bool) (*tensor.Tensor, error) {
	t, err := tensor.Zeros(d, 0)
	if err != nil {
		return nil, err
	}
	class := "UninitializedBuffer"
	if parameter {
		class = "UninitializedParameter"
		if t, err = nn.NewParameter(t, requiresGrad); err != nil {
			return nil, err
		}
	}
	uninitialized.Store(t, class)
	return t, nil
}

// lazyModule is a Lazy* layer before its first call.
type lazyModule struct {
	base  nn.Base
	name  string // LazyLinear
	real  string // Linear: the class it becomes
	extra string // the repr of the class made with 0 inputs
	// kwNames and kwVals are the arguments it was made with, which the
	// class it becomes takes after the input size.
	kwNames []string
	kwVals  []lang.Value
	inputs  func(x *tensor.Tensor) (int, error)
}

func (m *lazyModule) Base() *nn.Base    { return &m.base }
func (m *lazyModule) TypeName() string  { return m.name }
func (m *lazyModule) ExtraRepr() string { return m.extra }

// Forward refuses: a lazy layer is initialised by a call from the
// language (layerForward), which knows the layer to turn into the
// ordinary class.
func (m *lazyModule) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, lang.Errorf(lang.RuntimeError, "%s has uninitialized parameters: call it on an input first", m.name)
}

// newLazy makes the lazy form of the layer real from the arguments a
// bound, reading the input size with inputs at the first call.
func newLazy(a *lang.Args, real string, inputs func(name string, x *tensor.Tensor) (int, error)) (nn.Module, error) {
	if err := a.Err(); err != nil {
		return nil, err
	}
	if err := warnUser(a, "Lazy modules are a new feature under heavy development so changes to the API or functionality can happen at any moment."); err != nil {
		return nil, err
	}
	b := a.Builtin()
	m := &lazyModule{base: nn.NewBase(), name: b.Name, real: real, kwNames: b.ParamNames(), kwVals: append([]lang.Value(nil), a.Values()...)}
	m.inputs = func(x *tensor.Tensor) (int, error) { return inputs(m.name, x) }
	// the class made with 0 inputs gives the repr, the parameters' and
	// buffers' names, dtypes and flags; its draws are undone
	g := tensor.DefaultGenerator()
	state, err := g.State()
	if err != nil {
		return nil, err
	}
	zero, err := a.CallKw(torchNN[real], []lang.Value{int64(0)}, m.kwNames, m.kwVals)
	if serr := g.SetState(state); err == nil {
		err = serr
	}
	if err != nil {
		return nil, err
	}
	z := zero.(*Layer).Module
	m.extra = z.ExtraRepr()
	zb := z.Base()
	for _, name := range zb.Names() {
		switch zb.KindOf(name) {
		case nn.ParameterKind:
			p := zb.Parameter(name)
			if p == nil {
				m.base.SetParameter(name, nil)
				continue
			}
			u, err := newPlaceholder(p.DType(), true, p.RequiresGrad())
			if err != nil {
				return nil, err
			}
			m.base.SetParameter(name, u)
		case nn.BufferKind:
			buf := zb.Buffer(name)
			if buf != nil && buf.Dim() > 0 {
				if buf, err = newPlaceholder(buf.DType(), false, false); err != nil {
					return nil, err
				}
			}
			if zb.NonPersistent(name) {
				m.base.SetNonPersistentBuffer(name, buf)
			} else {
				m.base.SetBuffer(name, buf)
			}
		}
	}
	return m, nil
}

// materialize turns l, a lazy layer, into its ordinary class for the
// input x.
func (m *lazyModule) materialize(a *lang.Args, l *Layer, x *tensor.Tensor) error {
	in, err := m.inputs(x)
	if err != nil {
		return err
	}
	v, err := a.CallKw(torchNN[m.real], []lang.Value{int64(in)}, m.kwNames, m.kwVals)
	if err != nil {
		return err
	}
	real := v.(*Layer).Module
	rb := real.Base()
	for _, name := range m.base.Names() {
		switch m.base.KindOf(name) {
		case nn.ParameterKind:
			p := m.base.Parameter(name)
			if p == nil {
				continue
			}
			if _, ok := uninitialized.LoadAndDelete(p); ok {
				p.SetData(rb.Parameter(name))
			}
			rb.SetParameter(name, p)
		case nn.BufferKind:
			buf := m.base.Buffer(name)
			if buf == nil {
				continue
			}
			if _, ok := uninitialized.LoadAndDelete(buf); ok {
				buf.SetData(rb.Buffer(name))
			}
			if m.base.NonPersistent(name) {
				rb.SetNonPersistentBuffer(name, buf)
			} else {
				rb.SetBuffer(name, buf)
			}
		}
	}
	rb.Training = m.base.Training
	rb.TakeHooks(&m.base)
	l.Module = real
	l.callFn.Store(nil) // its forward is the real class's from now on
	return nil
}

// lastDimInputs is LazyLinear's input size: the last dimension's.
func lastDimInputs(_ string, x *tensor.Tensor) (int, error) {
	if x.Dim() == 0 {
		return 0, lang.Errorf(lang.IndexError, "tuple index out of range")
	}
	return x.Shape()[x.Dim()-1], nil
}

// channelInputs is the lazy norms' input size: dimension 1's.
func channelInputs(_ string, x *tensor.Tensor) (int, error) {
	if x.Dim() < 2 {
		return 0, lang.Errorf(lang.IndexError, "tuple index out of range")
	}
	return x.Shape()[1], nil
}

// convInputs is the lazy convolutions' input size for d spatial
// dimensions: the channels, dimension 1 of a batched input, 0 of an
// unbatched one.
func convInputs(d int) func(name string, x *tensor.Tensor) (int, error) {
	return func(name string, x *tensor.Tensor) (int, error) {
		switch x.Dim() {
		case d + 1:
			return x.Shape()[0], nil
		case d + 2:
			return x.Shape()[1], nil
		}
		return 0, lang.Errorf(lang.RuntimeError, "Expected %dD (unbatched) or %dD (batched) input to %s, but got input of size: %s", d+1, d+2, name, lang.Repr(lang.NewSize(x.Shape())))
	}
}

// lazyHasUninitialized is a lazy layer's has_uninitialized_params: True
// until its first call makes it the ordinary class, which has no such
// method.
var lazyHasUninitialized = lang.NewBuiltin(lang.AsValue, "has_uninitialized_params()", "True: the layer's parameters wait for its first call.", func(a *lang.Args) (lang.Value, error) {
	return true, nil
})

// lazyForward is layerForward, which a lazy layer's first call runs
// again once it is the ordinary layer (set while registering, to break
// the cycle of layerForward referring to itself).
var lazyForward *lang.Builtin

func defLazyLayers() {
	lazyForward = layerForward
	const lazyDoc = " Made without its input size, it holds UninitializedParameters until its first call, which reads the size from the input, draws the parameters as %s does and makes the layer a %s."
	defLayer("linear", "LazyLinear(out_features, bias=True, device=None, dtype=None)", "nn.Linear with in_features inferred from the last dimension of the first input."+fmt.Sprintf(lazyDoc, "Linear", "Linear"), func(a *lang.Args) (nn.Module, error) {
		return newLazy(a, "Linear", lastDimInputs)
	})
	for d := 1; d <= 3; d++ {
		conv, tconv := fmt.Sprintf("Conv%dd", d), fmt.Sprintf("ConvTranspose%dd", d)
		defLayer("conv", "Lazy"+conv+"(out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)", "nn."+conv+" with in_channels inferred from the first input's channels."+fmt.Sprintf(lazyDoc, conv, conv), func(a *lang.Args) (nn.Module, error) {
			return newLazy(a, conv, convInputs(d))
		})
		defLayer("conv", "Lazy"+tconv+"(out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None)", "nn."+tconv+" with in_channels inferred from the first input's channels."+fmt.Sprintf(lazyDoc, tconv, tconv), func(a *lang.Args) (nn.Module, error) {
			return newLazy(a, tconv, convInputs(d))
		})
		bn, in := fmt.Sprintf("BatchNorm%dd", d), fmt.Sprintf("InstanceNorm%dd", d)
		defLayer("batchnorm", "Lazy"+bn+"(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None)", "nn."+bn+" with num_features inferred from dimension 1 of the first input; running_mean and running_var are UninitializedBuffers until then."+fmt.Sprintf(lazyDoc, bn, bn), func(a *lang.Args) (nn.Module, error) {
			return newLazy(a, bn, channelInputs)
		})
		defLayer("instancenorm", "Lazy"+in+"(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None)", "nn."+in+" with num_features inferred from dimension 1 of the first input. PyTorch 1.13's defaults differ from InstanceNorm's: affine and track_running_stats are True (and kael's instance norms do not keep running statistics yet, so pass track_running_stats=False)."+fmt.Sprintf(lazyDoc, in, in), func(a *lang.Args) (nn.Module, error) {
			return newLazy(a, in, channelInputs)
		})
	}
	for _, class := range []string{"UninitializedParameter", "UninitializedBuffer"} {
		parameter := class == "UninitializedParameter"
		sig := "UninitializedBuffer(requires_grad=False, device=None, dtype=None)"
		if parameter {
			sig = "UninitializedParameter(requires_grad=True, device=None, dtype=None)"
		}
		torchNN[class] = lang.NewBuiltin(lang.AsValue, sig, "A "+map[bool]string{true: "parameter", false: "buffer"}[parameter]+" whose shape is not known yet, as a lazy layer holds until its first call; it prints as <"+class+"> and has no shape.", func(a *lang.Args) (lang.Value, error) {
			on, d := a.Bool("requires_grad"), layerDType(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			t, err := newPlaceholder(d, parameter, on)
			if err != nil {
				return nil, err
			}
			return uninitializedOf(t), nil
		})
	}
}
