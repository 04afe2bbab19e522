package nn

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// nn.TransformerEncoderLayer, nn.TransformerDecoderLayer,
// nn.TransformerEncoder, nn.TransformerDecoder and nn.Transformer as
// PyTorch 1.13 defines them (torch/nn/modules/transformer.py): the same
// submodules under the same names, made in the same order (so the same
// seed gives the same weights), the stacks' layers deep copies of the
// layer given, and forward passes with PyTorch's blocks and dropouts in
// its order. The fast paths PyTorch takes in eval mode compute the same
// numbers (to rounding) and are not separate here.

// TransformerConfig holds the arguments of the transformer layers.
type TransformerConfig struct {
	DModel, NHead, DimFeedforward int
	Dropout                       float64
	LayerNormEps                  float64
	BatchFirst, NormFirst         bool
	// Activation names the activation of the feed-forward block: "relu"
	// or "gelu", or "" for ActivationFn, a function the program gave.
	// A module given as the activation is registered as the submodule
	// "activation" instead.
	Activation   string
	ActivationFn func(x *tensor.Tensor) (*tensor.Tensor, error)
}

// TransformerLayer is nn.TransformerEncoderLayer or, with Decoder,
// nn.TransformerDecoderLayer.
type TransformerLayer struct {
	base Base
	TransformerConfig
	Decoder bool
}

// NewTransformerLayer makes an encoder or decoder layer: self_attn
// (then multihead_attn for a decoder), linear1, dropout, linear2, norm1,
// norm2 (norm3), dropout1, dropout2 (dropout3), in PyTorch's order;
// activation, a module, is registered last when not nil.
func NewTransformerLayer(c TransformerConfig, decoder bool, activation Module, dtype tensor.DType) (*TransformerLayer, error) {
	l := &TransformerLayer{base: NewBase(), TransformerConfig: c, Decoder: decoder}
	attn := []string{"self_attn"}
	norms, dropouts := []string{"norm1", "norm2"}, []string{"dropout1", "dropout2"}
	if decoder {
		attn = append(attn, "multihead_attn")
		norms, dropouts = append(norms, "norm3"), append(dropouts, "dropout3")
	}
	for _, name := range attn {
		a, err := NewMultiheadAttention(MHAConfig{EmbedDim: c.DModel, NumHeads: c.NHead, Dropout: c.Dropout, Bias: true, BatchFirst: c.BatchFirst}, dtype)
		if err != nil {
			return nil, err
		}
		l.base.SetModule(name, a)
	}
	linear1, err := NewLinear(c.DModel, c.DimFeedforward, true, dtype)
	if err != nil {
		return nil, err
	}
	l.base.SetModule("linear1", linear1)
	if err := l.addDropout("dropout"); err != nil {
		return nil, err
	}
	linear2, err := NewLinear(c.DimFeedforward, c.DModel, true, dtype)
	if err != nil {
		return nil, err
	}
	l.base.SetModule("linear2", linear2)
	for _, name := range norms {
		n, err := NewLayerNorm([]int{c.DModel}, c.LayerNormEps, true, dtype)
		if err != nil {
			return nil, err
		}
		l.base.SetModule(name, n)
	}
	for _, name := range dropouts {
		if err := l.addDropout(name); err != nil {
			return nil, err
		}
	}
	if activation != nil {
		l.base.SetModule("activation", activation)
	}
	return l, nil
}

func (l *TransformerLayer) addDropout(name string) error {
	d, err := NewDropout(l.Dropout, false)
	if err != nil {
		return err
	}
	l.base.SetModule(name, d)
	return nil
}

func (l *TransformerLayer) Base() *Base { return &l.base }

// TypeName is TransformerEncoderLayer or TransformerDecoderLayer.
func (l *TransformerLayer) TypeName() string {
	if l.Decoder {
		return "TransformerDecoderLayer"
	}
	return "TransformerEncoderLayer"
}
func (l *TransformerLayer) ExtraRepr() string { return "" }

// Hypers are the attributes PyTorch's layer sets.
func (l *TransformerLayer) Hypers() []Hyper {
	h := []Hyper{{"norm_first", l.NormFirst}}
	if !l.Decoder {
		code := 0
		switch l.activationName() {
		case "relu":
			code = 1
		case "gelu":
			code = 2
		}
		h = append(h, Hyper{"activation_relu_or_gelu", code})
	}
	return h
}

// activationName is relu or gelu when the activation is one of them
// (a function, or the module nn.ReLU or nn.GELU), else "".
func (l *TransformerLayer) activationName() string {
	if m := l.base.Submodule("activation"); m != nil {
		switch Unwrap(m).TypeName() {
		case "ReLU":
			return "relu"
		case "GELU":
			return "gelu"
		}
		return ""
	}
	return l.Activation
}

// Forward is an encoder layer's forward without masks.
func (l *TransformerLayer) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	if l.Decoder {
		return nil, tensor.Errorf(tensor.TypeError, "TransformerDecoderLayer.forward() missing 1 required positional argument: 'memory'")
	}
	return l.Encode(x, nil, nil)
}

// sub returns the submodule name, failing when it is None.
func sub(b *Base, owner, name string) (Module, error) {
	m := b.Submodule(name)
	if m == nil {
		return nil, tensor.Errorf(tensor.TypeError, "'NoneType' object is not callable").WithHint("%s.%s is None", owner, name)
	}
	return m, nil
}

// run calls the submodule name on x.
func (l *TransformerLayer) run(name string, x *tensor.Tensor) (*tensor.Tensor, error) {
	m, err := sub(&l.base, l.TypeName(), name)
	if err != nil {
		return nil, err
	}
	return Call(m, x)
}

// attention returns the attention submodule name.
func (l *TransformerLayer) attention(name string) (*MultiheadAttention, error) {
	m, err := sub(&l.base, l.TypeName(), name)
	if err != nil {
		return nil, err
	}
	a, ok := Unwrap(m).(*MultiheadAttention)
	if !ok {
		return nil, tensor.Errorf(tensor.TypeError, "%s.%s must be a MultiheadAttention, not %s", l.TypeName(), name, m.TypeName())
	}
	return a, nil
}

// block is an attention block: attention(x, mem, mem) (x, x, x for
// self-attention), then dropout.
func (l *TransformerLayer) block(attn, dropout string, x, mem, mask, keyPadding *tensor.Tensor) (*tensor.Tensor, error) {
	a, err := l.attention(attn)
	if err != nil {
		return nil, err
	}
	if mem == nil {
		mem = x
	}
	out, _, err := a.Attend(x, mem, mem, AttendOptions{AttnMask: mask, KeyPaddingMask: keyPadding})
	if err != nil {
		return nil, err
	}
	return l.run(dropout, out)
}

// feedForward is linear2(dropout(activation(linear1(x)))), then the
// last dropout.
func (l *TransformerLayer) feedForward(x *tensor.Tensor, dropout string) (*tensor.Tensor, error) {
	x, err := l.run("linear1", x)
	if err != nil {
		return nil, err
	}
	switch {
	case l.base.Submodule("activation") != nil:
		x, err = l.run("activation", x)
	case l.ActivationFn != nil:
		x, err = l.ActivationFn(x)
	case l.Activation == "gelu":
		x, err = autograd.Gelu(x, "none")
	default:
		x, err = autograd.Relu(x)
	}
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"dropout", "linear2", dropout} {
		if x, err = l.run(name, x); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// residual is x + f(norm(x)) with NormFirst, else norm(x + f(x)).
func (l *TransformerLayer) residual(x *tensor.Tensor, norm string, f func(x *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	if l.NormFirst {
		n, err := l.run(norm, x)
		if err != nil {
			return nil, err
		}
		y, err := f(n)
		if err != nil {
			return nil, err
		}
		return autograd.Add(x, y)
	}
	y, err := f(x)
	if err != nil {
		return nil, err
	}
	s, err := autograd.Add(x, y)
	if err != nil {
		return nil, err
	}
	return l.run(norm, s)
}

// checkKeyPadding refuses a key padding mask that is neither bool nor
// floating.
func checkKeyPadding(m *tensor.Tensor) error {
	if m != nil && m.DType() != tensor.Bool && !m.DType().IsFloating() {
		return assertf("only bool and floating types of key_padding_mask are supported")
	}
	return nil
}

// Encode is TransformerEncoderLayer.forward(src, src_mask,
// src_key_padding_mask); the masks may be nil.
func (l *TransformerLayer) Encode(src, mask, keyPadding *tensor.Tensor) (*tensor.Tensor, error) {
	if err := checkKeyPadding(keyPadding); err != nil {
		return nil, err
	}
	x, err := l.residual(src, "norm1", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return l.block("self_attn", "dropout1", x, nil, mask, keyPadding)
	})
	if err != nil {
		return nil, err
	}
	return l.residual(x, "norm2", func(x *tensor.Tensor) (*tensor.Tensor, error) { return l.feedForward(x, "dropout2") })
}

// DecodeMasks are the masks of a decoder's forward; any may be nil.
type DecodeMasks struct {
	TgtMask, MemoryMask                     *tensor.Tensor
	TgtKeyPaddingMask, MemoryKeyPaddingMask *tensor.Tensor
}

// Decode is TransformerDecoderLayer.forward(tgt, memory, ...).
func (l *TransformerLayer) Decode(tgt, memory *tensor.Tensor, m DecodeMasks) (*tensor.Tensor, error) {
	x, err := l.residual(tgt, "norm1", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return l.block("self_attn", "dropout1", x, nil, m.TgtMask, m.TgtKeyPaddingMask)
	})
	if err != nil {
		return nil, err
	}
	x, err = l.residual(x, "norm2", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return l.block("multihead_attn", "dropout2", x, memory, m.MemoryMask, m.MemoryKeyPaddingMask)
	})
	if err != nil {
		return nil, err
	}
	return l.residual(x, "norm3", func(x *tensor.Tensor) (*tensor.Tensor, error) { return l.feedForward(x, "dropout3") })
}

// TransformerStack is nn.TransformerEncoder or, with Decoder,
// nn.TransformerDecoder: the ModuleList layers, NumLayers deep copies of
// one layer, and an optional final norm.
type TransformerStack struct {
	base      Base
	NumLayers int
	Decoder   bool
	// EnableNestedTensor and MaskCheck are TransformerEncoder's flags,
	// kept as attributes (kael has no nested tensors).
	EnableNestedTensor, MaskCheck bool
}

// NewTransformerStack makes an encoder or decoder of n copies of layer,
// followed by norm (nil for none).
func NewTransformerStack(layer Module, n int, norm Module, decoder bool) (*TransformerStack, error) {
	s := &TransformerStack{base: NewBase(), NumLayers: n, Decoder: decoder, EnableNestedTensor: true, MaskCheck: true}
	layers := NewModuleList()
	for i := 0; i < n; i++ {
		c, err := DeepCopy(layer)
		if err != nil {
			return nil, err
		}
		layers.Append(c)
	}
	s.base.SetModule("layers", layers)
	if norm != nil { // None is a plain attribute, as in PyTorch
		s.base.SetModule("norm", norm)
	}
	return s, nil
}

func (s *TransformerStack) Base() *Base { return &s.base }

// TypeName is TransformerEncoder or TransformerDecoder.
func (s *TransformerStack) TypeName() string {
	if s.Decoder {
		return "TransformerDecoder"
	}
	return "TransformerEncoder"
}
func (s *TransformerStack) ExtraRepr() string { return "" }
func (s *TransformerStack) Hypers() []Hyper {
	h := []Hyper{{"num_layers", s.NumLayers}}
	if s.base.KindOf("norm") == NotRegistered {
		h = append(h, Hyper{"norm", nil})
	}
	if !s.Decoder {
		h = append(h, Hyper{"enable_nested_tensor", s.EnableNestedTensor}, Hyper{"mask_check", s.MaskCheck})
	}
	return h
}

// Forward is an encoder's forward without masks.
func (s *TransformerStack) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	if s.Decoder {
		return nil, tensor.Errorf(tensor.TypeError, "TransformerDecoder.forward() missing 1 required positional argument: 'memory'")
	}
	return s.Encode(x, nil, nil)
}

// layers returns the stack's layers, each a transformer layer.
func (s *TransformerStack) layers() ([]*TransformerLayer, error) {
	m, err := sub(&s.base, s.TypeName(), "layers")
	if err != nil {
		return nil, err
	}
	list, ok := Unwrap(m).(*Container)
	if !ok {
		return nil, tensor.Errorf(tensor.TypeError, "%s.layers must be a ModuleList", s.TypeName())
	}
	var out []*TransformerLayer
	for i, item := range list.Items() {
		l, ok := Unwrap(item).(*TransformerLayer)
		if !ok || l.Decoder != s.Decoder {
			what := "None"
			if item != nil {
				what = item.TypeName()
			}
			want := "TransformerEncoderLayer"
			if s.Decoder {
				want = "TransformerDecoderLayer"
			}
			return nil, tensor.Errorf(tensor.NotImplementedError, "kael runs %s.layers[%d] only as a %s, not %s", s.TypeName(), i, want, what)
		}
		out = append(out, l)
	}
	return out, nil
}

// finish applies the final norm, if any.
func (s *TransformerStack) finish(x *tensor.Tensor) (*tensor.Tensor, error) {
	if norm := s.base.Submodule("norm"); norm != nil {
		return Call(norm, x)
	}
	return x, nil
}

// Encode is TransformerEncoder.forward(src, mask, src_key_padding_mask).
func (s *TransformerStack) Encode(src, mask, keyPadding *tensor.Tensor) (*tensor.Tensor, error) {
	if err := checkKeyPadding(keyPadding); err != nil {
		return nil, err
	}
	layers, err := s.layers()
	if err != nil {
		return nil, err
	}
	x := src
	for _, l := range layers {
		if x, err = l.Encode(x, mask, keyPadding); err != nil {
			return nil, err
		}
	}
	if s.nestedPath(layers, src, mask, keyPadding) {
		// PyTorch's encoder runs the batch as a nested tensor and pads it
		// back with zeros: the padded positions come out zero.
		c := &chain{}
		x = c.maskedFill(x, c.unsqueeze(keyPadding, -1), 0)
		if c.err != nil {
			return nil, c.err
		}
	}
	return s.finish(x)
}

// nestedPath reports whether PyTorch 1.13's TransformerEncoder takes its
// nested-tensor path: eval mode, batch_first, a bool key padding mask
// whose rows are False then True and no other mask, an even number of
// heads, relu or gelu, post-norm layers with one eps, and nothing that
// records gradients.
func (s *TransformerStack) nestedPath(layers []*TransformerLayer, src, mask, keyPadding *tensor.Tensor) bool {
	if len(layers) == 0 || keyPadding == nil || mask != nil || !s.EnableNestedTensor || src.Dim() != 3 || keyPadding.DType() != tensor.Bool {
		return false
	}
	first := layers[0]
	attn, err := first.attention("self_attn")
	if err != nil || first.NormFirst || first.base.Training || !attn.BatchFirst || !attn.sameEmbedDim() ||
		first.activationName() == "" || attn.NumHeads%2 == 1 {
		return false
	}
	n1, ok1 := Unwrap(first.base.Submodule("norm1")).(*LayerNorm)
	n2, ok2 := Unwrap(first.base.Submodule("norm2")).(*LayerNorm)
	if !ok1 || !ok2 || n1.Eps != n2.Eps {
		return false
	}
	if s.MaskCheck && !leftAligned(keyPadding) {
		return false
	}
	if autograd.IsGradEnabled() {
		if src.RequiresGrad() {
			return false
		}
		for _, p := range Parameters(first) {
			if p.RequiresGrad() {
				return false
			}
		}
	}
	return true
}

// leftAligned reports whether each row of a [N, S] bool padding mask is
// False up to some point and True after it.
func leftAligned(m *tensor.Tensor) bool {
	if m.Dim() != 2 {
		return false
	}
	vals, err := m.Float64s()
	if err != nil {
		return false
	}
	cols := m.Shape()[1]
	for r := 0; r < m.Shape()[0]; r++ {
		for j := 1; j < cols; j++ {
			if vals[r*cols+j-1] != 0 && vals[r*cols+j] == 0 {
				return false
			}
		}
	}
	return true
}

// Decode is TransformerDecoder.forward(tgt, memory, ...).
func (s *TransformerStack) Decode(tgt, memory *tensor.Tensor, m DecodeMasks) (*tensor.Tensor, error) {
	layers, err := s.layers()
	if err != nil {
		return nil, err
	}
	x := tgt
	for _, l := range layers {
		if x, err = l.Decode(x, memory, m); err != nil {
			return nil, err
		}
	}
	return s.finish(x)
}

// Transformer is nn.Transformer: the submodules encoder and decoder.
type Transformer struct {
	base          Base
	DModel, NHead int
	BatchFirst    bool
}

// NewTransformer makes nn.Transformer: encoder (custom, or a stack of
// numEncoder encoder layers and a LayerNorm), then decoder likewise; then
// every parameter of more than one dimension, in parameters() order,
// xavier-uniform, as PyTorch's _reset_parameters.
func NewTransformer(c TransformerConfig, numEncoder, numDecoder int, customEncoder, customDecoder, activation Module, dtype tensor.DType) (*Transformer, error) {
	t := &Transformer{base: NewBase(), DModel: c.DModel, NHead: c.NHead, BatchFirst: c.BatchFirst}
	for _, part := range []struct {
		name    string
		custom  Module
		n       int
		decoder bool
	}{{"encoder", customEncoder, numEncoder, false}, {"decoder", customDecoder, numDecoder, true}} {
		if part.custom != nil {
			t.base.SetModule(part.name, part.custom)
			continue
		}
		layer, err := NewTransformerLayer(c, part.decoder, activation, dtype)
		if err != nil {
			return nil, err
		}
		norm, err := NewLayerNorm([]int{c.DModel}, c.LayerNormEps, true, dtype)
		if err != nil {
			return nil, err
		}
		stack, err := NewTransformerStack(layer, part.n, norm, part.decoder)
		if err != nil {
			return nil, err
		}
		t.base.SetModule(part.name, stack)
	}
	for _, p := range Parameters(t) {
		if p.Dim() > 1 {
			if err := tensor.InitXavierUniform(p, 1, nil); err != nil {
				return nil, err
			}
		}
	}
	return t, nil
}

func (t *Transformer) Base() *Base       { return &t.base }
func (t *Transformer) TypeName() string  { return "Transformer" }
func (t *Transformer) ExtraRepr() string { return "" }
func (t *Transformer) Hypers() []Hyper {
	return []Hyper{{"d_model", t.DModel}, {"nhead", t.NHead}, {"batch_first", t.BatchFirst}}
}

// Forward refuses: a transformer takes a source and a target.
func (t *Transformer) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "Transformer.forward() missing 1 required positional argument: 'tgt'")
}

// CheckInputs are the checks Transformer.forward makes before it runs
// the encoder and the decoder.
func (t *Transformer) CheckInputs(src, tgt *tensor.Tensor) error {
	batch := 1
	if t.BatchFirst {
		batch = 0
	}
	if src.Dim() == 3 && tgt.Dim() > batch && src.Shape()[batch] != tgt.Shape()[batch] {
		return tensor.Errorf(tensor.RuntimeError, "the batch number of src and tgt must be equal")
	}
	if src.Dim() == 0 || tgt.Dim() == 0 || src.Shape()[src.Dim()-1] != t.DModel || tgt.Shape()[tgt.Dim()-1] != t.DModel {
		return tensor.Errorf(tensor.RuntimeError, "the feature number of src and tgt must be equal to d_model")
	}
	return nil
}

// SquareSubsequentMask is Transformer.generate_square_subsequent_mask(sz):
// [sz, sz] of float32, -inf above the diagonal and 0 elsewhere.
func SquareSubsequentMask(sz int) (*tensor.Tensor, error) {
	if sz < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Trying to create tensor with negative dimension %d: [%d, %d]", sz, sz, sz)
	}
	full, err := tensor.Full(math.Inf(-1), tensor.Float32, sz, sz)
	if err != nil {
		return nil, err
	}
	return tensor.Triu(full, 1)
}
