package nn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/internal/pyrepr"
	"github.com/kael-dev/kael/tensor"
)

// Hyper is one hyper-parameter of a layer, readable as an attribute
// (lin.in_features). Value is an int, float64, bool, string, []int (a
// tuple), or nil (None).
type Hyper struct {
	Name  string
	Value any
}

// HasHypers is implemented by layers with hyper-parameters.
type HasHypers interface{ Hypers() []Hyper }

// newParam returns a parameter of zeros of the given dtype and shape, for
// an initialiser to fill.
func newParam(dtype tensor.DType, shape ...int) (*tensor.Tensor, error) {
	t, err := tensor.Zeros(dtype, shape...)
	if err != nil {
		return nil, err
	}
	return NewParameter(t, true)
}

// pyBool writes a bool as Python does.
func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// pyFloat writes a float as Python's repr does: 0.5, 1e-05, 1.0.
func pyFloat(f float64) string { return pyrepr.Float(f) }

// pyTuple writes ints as a Python tuple: (3,), (2, 3).
func pyTuple(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	if len(xs) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Linear is nn.Linear(in_features, out_features, bias=True): y = x Wᵀ + b.
type Linear struct {
	base                    Base
	InFeatures, OutFeatures int
	// typeName is the class name when it is not Linear:
	// NonDynamicallyQuantizableLinear, MultiheadAttention's out_proj.
	typeName string
}

// NewLinear makes a Linear layer with PyTorch's initialisation from the
// default generator: weight kaiming-uniform with a = √5, bias uniform in
// ±1/√in_features.
func NewLinear(in, out int, bias bool, dtype tensor.DType) (*Linear, error) {
	if in < 0 || out < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Trying to create tensor with negative dimension %d: [%d, %d]", min(in, out), out, in)
	}
	l := &Linear{base: NewBase(), InFeatures: in, OutFeatures: out}
	return l, initWeightAndBias(&l.base, dtype, bias, out, out, in)
}

// initWeightAndBias registers the weight of the given shape and a bias
// (nil without one) of biasLen elements, initialised as nn.Linear and
// nn.Conv2d are (kaiming-uniform with a = √5 from the weight's fan-in,
// the bias uniform in ±1/√fan_in).
func initWeightAndBias(base *Base, dtype tensor.DType, bias bool, biasLen int, shape ...int) error {
	w, err := newParam(dtype, shape...)
	if err != nil {
		return err
	}
	var b *tensor.Tensor
	if bias {
		if b, err = newParam(dtype, biasLen); err != nil {
			return err
		}
	}
	if err := tensor.InitLinear(w, b, nil); err != nil {
		return err
	}
	base.SetParameter("weight", w)
	base.SetParameter("bias", b)
	return nil
}

func (l *Linear) Base() *Base { return &l.base }

// Rename gives l another class name (NonDynamicallyQuantizableLinear, as
// MultiheadAttention's out_proj is).
func (l *Linear) Rename(name string) { l.typeName = name }
func (l *Linear) TypeName() string {
	if l.typeName != "" {
		return l.typeName
	}
	return "Linear"
}
func (l *Linear) ExtraRepr() string {
	return fmt.Sprintf("in_features=%d, out_features=%d, bias=%s", l.InFeatures, l.OutFeatures, pyBool(l.base.Parameter("bias") != nil))
}
func (l *Linear) Hypers() []Hyper {
	return []Hyper{{"in_features", l.InFeatures}, {"out_features", l.OutFeatures}}
}
func (l *Linear) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := l.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "Linear.weight is None")
	}
	return autograd.Linear(x, w, l.base.Parameter("bias"))
}

// Func is a layer without parameters that applies a function: ReLU, Tanh,
// Sigmoid, GELU, SiLU, Identity, Softmax, LogSoftmax, Flatten, ...
type Func struct {
	base   Base
	name   string
	extra  string
	hypers []Hyper
	fn     func(x *tensor.Tensor) (*tensor.Tensor, error)
}

func (f *Func) Base() *Base                                      { return &f.base }
func (f *Func) TypeName() string                                 { return f.name }
func (f *Func) ExtraRepr() string                                { return f.extra }
func (f *Func) Hypers() []Hyper                                  { return f.hypers }
func (f *Func) Forward(x *tensor.Tensor) (*tensor.Tensor, error) { return f.fn(x) }

func newFunc(name, extra string, hypers []Hyper, fn func(x *tensor.Tensor) (*tensor.Tensor, error)) *Func {
	return &Func{base: NewBase(), name: name, extra: extra, hypers: hypers, fn: fn}
}

// inplaceExtra is the extra repr of activations with an inplace flag.
func inplaceExtra(inplace bool) string {
	if inplace {
		return "inplace=True"
	}
	return ""
}

// NewReLU is nn.ReLU(inplace=False); with inplace it overwrites its input
// (x.relu_()) and returns it.
func NewReLU(inplace bool) *Func {
	f := autograd.Relu
	if inplace {
		f = func(x *tensor.Tensor) (*tensor.Tensor, error) { return x, autograd.ReluOp.InPlace(x) }
	}
	return newFunc("ReLU", inplaceExtra(inplace), []Hyper{{"inplace", inplace}}, f)
}

// NewTanh is nn.Tanh().
func NewTanh() *Func { return newFunc("Tanh", "", nil, autograd.Tanh) }

// NewSigmoid is nn.Sigmoid().
func NewSigmoid() *Func { return newFunc("Sigmoid", "", nil, autograd.Sigmoid) }

// NewIdentity is nn.Identity(): its input unchanged.
func NewIdentity() *Func {
	return newFunc("Identity", "", nil, func(x *tensor.Tensor) (*tensor.Tensor, error) { return x, nil })
}

// NewGELU is nn.GELU(approximate='none'); an approximate other than
// "none" and "tanh" is an error when the layer runs, as in PyTorch.
func NewGELU(approximate string) *Func {
	return newFunc("GELU", "approximate='"+approximate+"'", []Hyper{{"approximate", approximate}}, func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return autograd.Gelu(x, approximate)
	})
}

// NewSiLU is nn.SiLU(inplace=False); kael computes out of place either
// way (inplace shows in the repr).
func NewSiLU(inplace bool) *Func {
	return newFunc("SiLU", inplaceExtra(inplace), []Hyper{{"inplace", inplace}}, autograd.Silu)
}

// ImplicitSoftmaxDim is PyTorch's _get_softmax_dim, the dim of
// Softmax(dim=None): 0 for 0-, 1- and 3-d inputs, else 1.
func ImplicitSoftmaxDim(ndim int) int {
	if ndim == 0 || ndim == 1 || ndim == 3 {
		return 0
	}
	return 1
}

// NewSoftmax is nn.Softmax(dim) (name "Softmax"), nn.LogSoftmax(dim)
// ("LogSoftmax") or nn.Softmin(dim) ("Softmin"); dim nil is PyTorch's
// deprecated implicit choice.
func NewSoftmax(name string, dim *int) *Func {
	f := autograd.Softmax
	switch name {
	case "LogSoftmax":
		f = autograd.LogSoftmax
	case "Softmin":
		f = Softmin
	}
	extra, hyper := "dim=None", Hyper{"dim", nil}
	if dim != nil {
		extra, hyper = "dim="+strconv.Itoa(*dim), Hyper{"dim", *dim}
	}
	return newFunc(name, extra, []Hyper{hyper}, func(x *tensor.Tensor) (*tensor.Tensor, error) {
		d := ImplicitSoftmaxDim(x.Dim())
		if dim != nil {
			d = *dim
		}
		return f(x, d)
	})
}

// NewSoftmax2d is nn.Softmax2d(): softmax over the channels (dimension
// -3) of a 3-d or 4-d input.
func NewSoftmax2d() *Func {
	return newFunc("Softmax2d", "", nil, func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if x.Dim() != 3 && x.Dim() != 4 {
			return nil, tensor.Errorf(tensor.AssertionError, "Softmax2d requires a 3D or 4D tensor as input")
		}
		return autograd.Softmax(x, -3)
	})
}

// NewFlatten is nn.Flatten(start_dim=1, end_dim=-1).
func NewFlatten(start, end int) *Func {
	return newFunc("Flatten", fmt.Sprintf("start_dim=%d, end_dim=%d", start, end), []Hyper{{"start_dim", start}, {"end_dim", end}},
		func(x *tensor.Tensor) (*tensor.Tensor, error) {
			shape, err := tensor.FlattenShape(x.Shape(), start, end)
			if err != nil || x.Dim() > 0 && len(shape) == x.Dim() {
				return x, err
			}
			return autograd.Reshape(x, shape...)
		})
}

// NewUnflatten is nn.Unflatten(dim, unflattened_size).
func NewUnflatten(dim int, sizes []int) *Func {
	return newFunc("Unflatten", fmt.Sprintf("dim=%d, unflattened_size=%s", dim, pyTuple(sizes)), []Hyper{{"dim", dim}, {"unflattened_size", sizes}},
		func(x *tensor.Tensor) (*tensor.Tensor, error) {
			n := x.Dim()
			d := dim
			if d < 0 {
				d += n
			}
			if d < 0 || d >= n {
				return nil, tensor.Errorf(tensor.IndexError, "Dimension out of range (expected to be in range of [%d, %d], but got %d)", -n, n-1, dim)
			}
			shape := x.Shape()
			out := append(append(append([]int(nil), shape[:d]...), sizes...), shape[d+1:]...)
			return autograd.View(x, out...)
		})
}

// Dropout is nn.Dropout(p=0.5, inplace=False): while training, each
// element is zeroed with probability p and the others scaled by 1/(1-p);
// in eval mode the input passes unchanged.
type Dropout struct {
	base    Base
	P       float64
	Inplace bool
}

// NewDropout makes a Dropout layer.
func NewDropout(p float64, inplace bool) (*Dropout, error) {
	if p < 0 || p > 1 {
		return nil, tensor.Errorf(tensor.ValueError, "dropout probability has to be between 0 and 1, but got %s", pyFloat(p))
	}
	return &Dropout{base: NewBase(), P: p, Inplace: inplace}, nil
}

func (d *Dropout) Base() *Base      { return &d.base }
func (d *Dropout) TypeName() string { return "Dropout" }
func (d *Dropout) ExtraRepr() string {
	return "p=" + pyFloat(d.P) + ", inplace=" + pyBool(d.Inplace)
}
func (d *Dropout) Hypers() []Hyper { return []Hyper{{"p", d.P}, {"inplace", d.Inplace}} }
func (d *Dropout) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.Dropout(x, d.P, d.base.Training, nil)
}

// Embedding is nn.Embedding(num_embeddings, embedding_dim,
// padding_idx=None): a table of num_embeddings rows, initialised standard
// normal (the padding row zero).
type Embedding struct {
	base                        Base
	NumEmbeddings, EmbeddingDim int
	PaddingIdx                  *int
}

// NewEmbedding makes an Embedding layer. A negative paddingIdx counts from
// the end, as in PyTorch.
func NewEmbedding(num, dim int, paddingIdx *int, dtype tensor.DType) (*Embedding, error) {
	if paddingIdx != nil {
		p := *paddingIdx
		if p >= num || p < -num {
			return nil, tensor.Errorf(tensor.AssertionError, "Padding_idx must be within num_embeddings")
		}
		if p < 0 {
			p += num
		}
		paddingIdx = &p
	}
	w, err := newParam(dtype, num, dim)
	if err != nil {
		return nil, err
	}
	if err := tensor.InitEmbedding(w, nil); err != nil {
		return nil, err
	}
	if paddingIdx != nil {
		row, err := w.Select(0, *paddingIdx)
		if err != nil {
			return nil, err
		}
		if err := row.Fill(0); err != nil {
			return nil, err
		}
	}
	e := &Embedding{base: NewBase(), NumEmbeddings: num, EmbeddingDim: dim, PaddingIdx: paddingIdx}
	e.base.SetParameter("weight", w)
	return e, nil
}

func (e *Embedding) Base() *Base      { return &e.base }
func (e *Embedding) TypeName() string { return "Embedding" }
func (e *Embedding) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d", e.NumEmbeddings, e.EmbeddingDim)
	if e.PaddingIdx != nil {
		s += fmt.Sprintf(", padding_idx=%d", *e.PaddingIdx)
	}
	return s
}
func (e *Embedding) Hypers() []Hyper {
	var pad any
	if e.PaddingIdx != nil {
		pad = *e.PaddingIdx
	}
	return []Hyper{{"num_embeddings", e.NumEmbeddings}, {"embedding_dim", e.EmbeddingDim}, {"padding_idx", pad}}
}

// Forward picks the rows of the indices x. The padding row gets no
// gradient, as in PyTorch.
func (e *Embedding) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := e.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "Embedding.weight is None")
	}
	if e.PaddingIdx == nil || !w.RequiresGrad() || !autograd.IsGradEnabled() {
		return autograd.Embedding(x, w)
	}
	// weight·mask + weight.detach()·(1-mask) has weight's values and no
	// gradient in the padding row.
	mask, err := tensor.Ones(w.DType(), w.Shape()[0], 1)
	if err != nil {
		return nil, err
	}
	row, err := mask.Select(0, *e.PaddingIdx)
	if err != nil {
		return nil, err
	}
	if err := row.Fill(0); err != nil {
		return nil, err
	}
	inv, err := tensor.Sub(must1(tensor.Scalar(1.0)), mask)
	if err != nil {
		return nil, err
	}
	live, err := autograd.Mul(w, mask)
	if err != nil {
		return nil, err
	}
	frozen, err := tensor.Mul(w.Detach(), inv)
	if err != nil {
		return nil, err
	}
	masked, err := autograd.Add(live, frozen)
	if err != nil {
		return nil, err
	}
	return autograd.Embedding(x, masked)
}

// must1 returns v; err is impossible for the constant arguments it wraps.
func must1[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// LayerNorm is nn.LayerNorm(normalized_shape, eps=1e-05,
// elementwise_affine=True): weight ones and bias zeros.
type LayerNorm struct {
	base              Base
	NormalizedShape   []int
	Eps               float64
	ElementwiseAffine bool
}

// NewLayerNorm makes a LayerNorm layer.
func NewLayerNorm(shape []int, eps float64, affine bool, dtype tensor.DType) (*LayerNorm, error) {
	l := &LayerNorm{base: NewBase(), NormalizedShape: append([]int(nil), shape...), Eps: eps, ElementwiseAffine: affine}
	if affine {
		w, err := newParam(dtype, shape...)
		if err != nil {
			return nil, err
		}
		b, err := newParam(dtype, shape...)
		if err != nil {
			return nil, err
		}
		if err := tensor.InitLayerNorm(w, b); err != nil {
			return nil, err
		}
		l.base.SetParameter("weight", w)
		l.base.SetParameter("bias", b)
	} else {
		l.base.SetParameter("weight", nil)
		l.base.SetParameter("bias", nil)
	}
	return l, nil
}

func (l *LayerNorm) Base() *Base      { return &l.base }
func (l *LayerNorm) TypeName() string { return "LayerNorm" }
func (l *LayerNorm) ExtraRepr() string {
	return fmt.Sprintf("%s, eps=%s, elementwise_affine=%s", pyTuple(l.NormalizedShape), pyFloat(l.Eps), pyBool(l.ElementwiseAffine))
}
func (l *LayerNorm) Hypers() []Hyper {
	return []Hyper{{"normalized_shape", l.NormalizedShape}, {"eps", l.Eps}, {"elementwise_affine", l.ElementwiseAffine}}
}
func (l *LayerNorm) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.LayerNorm(x, l.NormalizedShape, l.base.Parameter("weight"), l.base.Parameter("bias"), l.Eps)
}
