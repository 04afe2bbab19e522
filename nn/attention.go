package nn

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// nn.MultiheadAttention and F.multi_head_attention_forward as PyTorch
// 1.13 computes them (torch/nn/modules/activation.py and
// torch/nn/functional.py): the same parameters, initialised in the same
// order, and the same sequence of recorded operations, so that outputs,
// gradients and the dropout masks drawn from the default generator match.

// MHAConfig holds the arguments of nn.MultiheadAttention. KDim and VDim
// of 0 mean EmbedDim.
type MHAConfig struct {
	EmbedDim, NumHeads int
	Dropout            float64
	Bias               bool
	AddBiasKV          bool
	AddZeroAttn        bool
	KDim, VDim         int
	BatchFirst         bool
}

// MultiheadAttention is nn.MultiheadAttention: attention over NumHeads
// heads of EmbedDim/NumHeads features each.
type MultiheadAttention struct {
	base Base
	MHAConfig
	HeadDim int
}

// NewMultiheadAttention makes the layer with PyTorch's parameters:
// in_proj_weight [3E, E] (or q_proj_weight, k_proj_weight, v_proj_weight
// when kdim or vdim differ from E), in_proj_bias [3E], bias_k and bias_v
// [1, 1, E] with add_bias_kv, and the submodule out_proj. out_proj is
// made first (drawing as nn.Linear does), then the projections are
// xavier-uniform, the biases zero and bias_k, bias_v xavier-normal.
func NewMultiheadAttention(c MHAConfig, dtype tensor.DType) (*MultiheadAttention, error) {
	if c.KDim == 0 {
		c.KDim = c.EmbedDim
	}
	if c.VDim == 0 {
		c.VDim = c.EmbedDim
	}
	if c.NumHeads == 0 {
		return nil, tensor.Errorf(tensor.ZeroDivisionError, "integer division or modulo by zero")
	}
	if c.EmbedDim <= 0 || c.NumHeads < 0 {
		return nil, tensor.Errorf(tensor.ValueError, "embed_dim and num_heads must be greater than 0, got embed_dim=%d and num_heads=%d instead", c.EmbedDim, c.NumHeads)
	}
	m := &MultiheadAttention{base: NewBase(), MHAConfig: c, HeadDim: c.EmbedDim / c.NumHeads}
	if m.HeadDim*c.NumHeads != c.EmbedDim {
		return nil, tensor.Errorf(tensor.AssertionError, "embed_dim must be divisible by num_heads")
	}
	e := c.EmbedDim
	var projections []*tensor.Tensor
	if !m.sameEmbedDim() {
		for _, p := range []struct {
			name string
			in   int
		}{{"q_proj_weight", e}, {"k_proj_weight", c.KDim}, {"v_proj_weight", c.VDim}} {
			w, err := newParam(dtype, e, p.in)
			if err != nil {
				return nil, err
			}
			m.base.SetParameter(p.name, w)
			projections = append(projections, w)
		}
		m.base.SetParameter("in_proj_weight", nil)
	} else {
		w, err := newParam(dtype, 3*e, e)
		if err != nil {
			return nil, err
		}
		m.base.SetParameter("in_proj_weight", w)
		for _, name := range []string{"q_proj_weight", "k_proj_weight", "v_proj_weight"} {
			m.base.SetParameter(name, nil)
		}
		projections = append(projections, w)
	}
	var inBias *tensor.Tensor
	if c.Bias {
		var err error
		if inBias, err = newParam(dtype, 3*e); err != nil {
			return nil, err
		}
	}
	m.base.SetParameter("in_proj_bias", inBias)
	out, err := NewLinear(e, e, c.Bias, dtype)
	if err != nil {
		return nil, err
	}
	out.Rename("NonDynamicallyQuantizableLinear")
	m.base.SetModule("out_proj", out)
	var biasKV []*tensor.Tensor
	if c.AddBiasKV {
		for _, name := range []string{"bias_k", "bias_v"} {
			b, err := newParam(dtype, 1, 1, e)
			if err != nil {
				return nil, err
			}
			m.base.SetParameter(name, b)
			biasKV = append(biasKV, b)
		}
	}
	// _reset_parameters.
	for _, w := range projections {
		if err := tensor.InitXavierUniform(w, 1, nil); err != nil {
			return nil, err
		}
	}
	if inBias != nil {
		if err := inBias.Fill(0); err != nil {
			return nil, err
		}
		if err := out.base.Parameter("bias").Fill(0); err != nil {
			return nil, err
		}
	}
	for _, b := range biasKV {
		if err := tensor.InitXavierNormal(b, 1, nil); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// sameEmbedDim is PyTorch's _qkv_same_embed_dim.
func (m *MultiheadAttention) sameEmbedDim() bool {
	return m.KDim == m.EmbedDim && m.VDim == m.EmbedDim
}

func (m *MultiheadAttention) Base() *Base       { return &m.base }
func (m *MultiheadAttention) TypeName() string  { return "MultiheadAttention" }
func (m *MultiheadAttention) ExtraRepr() string { return "" }

// Hypers are the attributes PyTorch's layer has; bias_k and bias_v are
// None unless add_bias_kv registered them as parameters.
func (m *MultiheadAttention) Hypers() []Hyper {
	h := []Hyper{{"embed_dim", m.EmbedDim}, {"kdim", m.KDim}, {"vdim", m.VDim},
		{"_qkv_same_embed_dim", m.sameEmbedDim()}, {"num_heads", m.NumHeads}, {"dropout", m.Dropout},
		{"batch_first", m.BatchFirst}, {"head_dim", m.HeadDim}, {"add_zero_attn", m.AddZeroAttn}}
	if !m.AddBiasKV {
		h = append(h, Hyper{"bias_k", nil}, Hyper{"bias_v", nil})
	}
	return h
}

// Forward refuses: attention takes a query, a key and a value.
func (m *MultiheadAttention) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "MultiheadAttention.forward() missing 2 required positional arguments: 'key' and 'value'")
}

// AttendOptions are the optional arguments of MultiheadAttention's
// forward.
type AttendOptions struct {
	KeyPaddingMask, AttnMask        *tensor.Tensor
	NeedWeights, AverageAttnWeights bool
}

// Attend is MultiheadAttention.forward(query, key, value, ...): the
// attention output and, with NeedWeights, the attention weights (nil
// otherwise). Inputs are [L, N, E] ([N, L, E] with BatchFirst) or
// unbatched [L, E].
func (m *MultiheadAttention) Attend(query, key, value *tensor.Tensor, o AttendOptions) (out, weights *tensor.Tensor, err error) {
	batched := query.Dim() == 3
	c := &chain{}
	if m.BatchFirst && batched {
		// Transposed as PyTorch does, keeping which inputs are the same
		// tensor (self-attention projects them at once).
		switch {
		case key == value && query == key:
			query = c.transpose(query, 1, 0)
			key, value = query, query
		case key == value:
			query, key = c.transpose(query, 1, 0), c.transpose(key, 1, 0)
			value = key
		default:
			query, key, value = c.transpose(query, 1, 0), c.transpose(key, 1, 0), c.transpose(value, 1, 0)
		}
		if c.err != nil {
			return nil, nil, c.err
		}
	}
	out_proj, ok := Unwrap(m.base.Submodule("out_proj")).(*Linear)
	if !ok {
		return nil, nil, tensor.Errorf(tensor.TypeError, "MultiheadAttention.out_proj must be a Linear layer")
	}
	p := MHAParams{EmbedDim: m.EmbedDim, NumHeads: m.NumHeads,
		InProjWeight: m.base.Parameter("in_proj_weight"), InProjBias: m.base.Parameter("in_proj_bias"),
		BiasK: m.base.Parameter("bias_k"), BiasV: m.base.Parameter("bias_v"), AddZeroAttn: m.AddZeroAttn,
		DropoutP: m.Dropout, OutProjWeight: out_proj.base.Parameter("weight"), OutProjBias: out_proj.base.Parameter("bias"),
		Training: m.base.Training, KeyPaddingMask: o.KeyPaddingMask, AttnMask: o.AttnMask,
		NeedWeights: o.NeedWeights, AverageAttnWeights: o.AverageAttnWeights}
	if !m.sameEmbedDim() {
		p.UseSeparateProjWeight = true
		p.QProjWeight, p.KProjWeight, p.VProjWeight = m.base.Parameter("q_proj_weight"), m.base.Parameter("k_proj_weight"), m.base.Parameter("v_proj_weight")
	}
	out, weights, err = MultiHeadAttentionForward(query, key, value, p)
	if err != nil {
		return nil, nil, err
	}
	if m.BatchFirst && batched {
		out = c.transpose(out, 1, 0)
	}
	return out, weights, c.err
}

// MHAParams are the arguments of F.multi_head_attention_forward after
// query, key and value.
type MHAParams struct {
	EmbedDim, NumHeads                    int
	InProjWeight, InProjBias              *tensor.Tensor
	BiasK, BiasV                          *tensor.Tensor
	AddZeroAttn                           bool
	DropoutP                              float64
	OutProjWeight, OutProjBias            *tensor.Tensor
	Training                              bool
	KeyPaddingMask, AttnMask              *tensor.Tensor
	NeedWeights, AverageAttnWeights       bool
	UseSeparateProjWeight                 bool
	QProjWeight, KProjWeight, VProjWeight *tensor.Tensor
	StaticK, StaticV                      *tensor.Tensor
}

// assertf is an AssertionError, which PyTorch's asserts raise.
func assertf(format string, args ...any) error {
	return tensor.Errorf(tensor.AssertionError, format, args...)
}

// pyShape writes a shape as torch.Size prints: torch.Size([2, 3]).
func pyShape(s []int) string { return "torch.Size(" + pyList(s) + ")" }

// mhaShapeCheck is PyTorch's _mha_shape_check: whether the inputs are
// batched, and the errors of shapes that do not go together.
func mhaShapeCheck(q, k, v, keyPadding, attnMask *tensor.Tensor, heads int) (bool, error) {
	switch q.Dim() {
	case 3:
		if k.Dim() != 3 || v.Dim() != 3 {
			return false, assertf("For batched (3-D) `query`, expected `key` and `value` to be 3-D but found %d-D and %d-D tensors respectively", k.Dim(), v.Dim())
		}
		if keyPadding != nil && keyPadding.Dim() != 2 {
			return false, assertf("For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D but found %d-D tensor instead", keyPadding.Dim())
		}
		if attnMask != nil && attnMask.Dim() != 2 && attnMask.Dim() != 3 {
			return false, assertf("For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found %d-D tensor instead", attnMask.Dim())
		}
		return true, nil
	case 2:
		if k.Dim() != 2 || v.Dim() != 2 {
			return false, assertf("For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found %d-D and %d-D tensors respectively", k.Dim(), v.Dim())
		}
		if keyPadding != nil && keyPadding.Dim() != 1 {
			return false, assertf("For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D but found %d-D tensor instead", keyPadding.Dim())
		}
		if attnMask != nil {
			if attnMask.Dim() != 2 && attnMask.Dim() != 3 {
				return false, assertf("For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found %d-D tensor instead", attnMask.Dim())
			}
			if want := []int{heads, q.Shape()[0], k.Shape()[0]}; attnMask.Dim() == 3 && !sameInts(attnMask.Shape(), want) {
				return false, assertf("Expected `attn_mask` shape to be %s but got %s", pyTuple(want), pyShape(attnMask.Shape()))
			}
		}
		return false, nil
	}
	return false, assertf("query should be unbatched 2D or batched 3D tensor but received %d-D query tensor", q.Dim())
}

func sameInts(a, b []int) bool {
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

// MultiHeadAttentionForward is F.multi_head_attention_forward: the
// in-projections (one matrix product for self-attention, where query, key
// and value are one tensor), the masks merged into one additive float
// mask, softmax(q·kᵀ/√head_dim + mask) with dropout while training, its
// product with v and the out-projection. It returns the output [L, N, E]
// and, with NeedWeights, the weights [N, L, S] (averaged over the heads
// with AverageAttnWeights, else [N, heads, L, S]).
func MultiHeadAttentionForward(query, key, value *tensor.Tensor, p MHAParams) (out, weights *tensor.Tensor, err error) {
	batched, err := mhaShapeCheck(query, key, value, p.KeyPaddingMask, p.AttnMask, p.NumHeads)
	if err != nil {
		return nil, nil, err
	}
	c := &chain{}
	keyPadding, attnMask := p.KeyPaddingMask, p.AttnMask
	if !batched {
		// Three new tensors, as in PyTorch: the projection then runs as
		// for three different inputs.
		query, key, value = c.unsqueeze(query, 1), c.unsqueeze(key, 1), c.unsqueeze(value, 1)
		if keyPadding != nil {
			keyPadding = c.unsqueeze(keyPadding, 0)
		}
		if c.err != nil {
			return nil, nil, c.err
		}
	}
	tgtLen, bsz, embedDim := query.Shape()[0], query.Shape()[1], query.Shape()[2]
	srcLen := key.Shape()[0]
	if keyPadding != nil && keyPadding.DType() != tensor.Bool && !keyPadding.DType().IsFloating() {
		return nil, nil, assertf("only bool and floating types of key_padding_mask are supported")
	}
	if embedDim != p.EmbedDim {
		return nil, nil, assertf("was expecting embedding dimension of %d, but got %d", p.EmbedDim, embedDim)
	}
	if p.NumHeads <= 0 {
		return nil, nil, tensor.Errorf(tensor.ZeroDivisionError, "integer division or modulo by zero")
	}
	heads := p.NumHeads
	headDim := embedDim / heads
	if headDim*heads != embedDim {
		return nil, nil, assertf("embed_dim %d not divisible by num_heads %d", embedDim, heads)
	}
	if p.UseSeparateProjWeight {
		if !sameInts(key.Shape()[:2], value.Shape()[:2]) {
			return nil, nil, assertf("key's sequence and batch dims %s do not match value's %s", pyShape(key.Shape()[:2]), pyShape(value.Shape()[:2]))
		}
	} else if !sameInts(key.Shape(), value.Shape()) {
		return nil, nil, assertf("key shape %s does not match value shape %s", pyShape(key.Shape()), pyShape(value.Shape()))
	}

	// The in-projections.
	var q, k, v *tensor.Tensor
	if !p.UseSeparateProjWeight {
		if p.InProjWeight == nil {
			return nil, nil, assertf("use_separate_proj_weight is False but in_proj_weight is None")
		}
		q, k, v = c.inProjectionPacked(query, key, value, p.InProjWeight, p.InProjBias)
	} else {
		for _, w := range []struct {
			t    *tensor.Tensor
			name string
		}{{p.QProjWeight, "q"}, {p.KProjWeight, "k"}, {p.VProjWeight, "v"}} {
			if w.t == nil {
				return nil, nil, assertf("use_separate_proj_weight is True but %s_proj_weight is None", w.name)
			}
		}
		var bq, bk, bv *tensor.Tensor
		if p.InProjBias != nil {
			b := c.chunkDim(p.InProjBias, 3, 0)
			bq, bk, bv = b[0], b[1], b[2]
		}
		q, k, v = c.linear(query, p.QProjWeight, bq), c.linear(key, p.KProjWeight, bk), c.linear(value, p.VProjWeight, bv)
	}
	if c.err != nil {
		return nil, nil, c.err
	}

	// The attention mask, 3-D.
	if attnMask != nil {
		switch {
		case isByte(attnMask.DType()):
			attnMask = c.do(func() (*tensor.Tensor, error) { return attnMask.To(tensor.Bool) })
		case !attnMask.DType().IsFloating() && attnMask.DType() != tensor.Bool:
			return nil, nil, assertf("Only float, byte, and bool types are supported for attn_mask, not torch.%s", attnMask.DType())
		}
		switch attnMask.Dim() {
		case 2:
			if want := []int{tgtLen, srcLen}; !sameInts(attnMask.Shape(), want) {
				return nil, nil, tensor.Errorf(tensor.RuntimeError, "The shape of the 2D attn_mask is %s, but should be %s.", pyShape(attnMask.Shape()), pyTuple(want))
			}
			attnMask = c.unsqueeze(attnMask, 0)
		case 3:
			if want := []int{bsz * heads, tgtLen, srcLen}; !sameInts(attnMask.Shape(), want) {
				return nil, nil, tensor.Errorf(tensor.RuntimeError, "The shape of the 3D attn_mask is %s, but should be %s.", pyShape(attnMask.Shape()), pyTuple(want))
			}
		default:
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "attn_mask's dimension %d is not supported", attnMask.Dim())
		}
	}
	if keyPadding != nil && isByte(keyPadding.DType()) {
		keyPadding = c.do(func() (*tensor.Tensor, error) { return keyPadding.To(tensor.Bool) })
	}

	// bias_k and bias_v, a step more along the source sequence.
	if p.BiasK != nil && p.BiasV != nil {
		if p.StaticK != nil || p.StaticV != nil {
			return nil, nil, assertf("bias cannot be added to static key.")
		}
		k = c.cat([]*tensor.Tensor{k, c.do(func() (*tensor.Tensor, error) { return autograd.Repeat(p.BiasK, 1, bsz, 1) })}, 0)
		v = c.cat([]*tensor.Tensor{v, c.do(func() (*tensor.Tensor, error) { return autograd.Repeat(p.BiasV, 1, bsz, 1) })}, 0)
		attnMask, keyPadding = c.padLast(attnMask), c.padLast(keyPadding)
	} else if p.BiasK != nil || p.BiasV != nil {
		return nil, nil, assertf("")
	}

	// Heads first: [N·heads, L, head_dim].
	q = c.transpose(c.view(c.contiguous(q), tgtLen, bsz*heads, headDim), 0, 1)
	if p.StaticK == nil {
		k = c.transpose(c.view(c.contiguous(k), c.size(k, 0), bsz*heads, headDim), 0, 1)
	} else {
		if err := checkStatic(p.StaticK, "static_k", bsz*heads, headDim); err != nil {
			return nil, nil, err
		}
		k = p.StaticK
	}
	if p.StaticV == nil {
		v = c.transpose(c.view(c.contiguous(v), c.size(v, 0), bsz*heads, headDim), 0, 1)
	} else {
		if err := checkStatic(p.StaticV, "static_v", bsz*heads, headDim); err != nil {
			return nil, nil, err
		}
		v = p.StaticV
	}
	if p.AddZeroAttn && c.err == nil {
		k = c.cat([]*tensor.Tensor{k, c.zeros(k.DType(), bsz*heads, 1, headDim)}, 1)
		v = c.cat([]*tensor.Tensor{v, c.zeros(v.DType(), bsz*heads, 1, headDim)}, 1)
		attnMask, keyPadding = c.padLast(attnMask), c.padLast(keyPadding)
	}
	if c.err != nil {
		return nil, nil, c.err
	}
	srcLen = k.Shape()[1]

	// One additive float mask.
	if keyPadding != nil {
		if want := []int{bsz, srcLen}; !sameInts(keyPadding.Shape(), want) {
			return nil, nil, assertf("expecting key_padding_mask shape of %s, but got %s", pyTuple(want), pyShape(keyPadding.Shape()))
		}
		keyPadding = c.reshape(c.expand(c.view(keyPadding, bsz, 1, 1, srcLen), -1, heads, -1, -1), bsz*heads, 1, srcLen)
		switch {
		case attnMask == nil:
			attnMask = keyPadding
		case attnMask.DType() == tensor.Bool:
			attnMask = c.do(func() (*tensor.Tensor, error) { return tensor.LogicalOr(attnMask, keyPadding) })
		default:
			attnMask = c.maskedFill(attnMask, keyPadding, math.Inf(-1))
		}
	}
	if attnMask != nil && attnMask.DType() == tensor.Bool {
		attnMask = c.maskedFill(c.zeros(q.DType(), attnMask.Shape()...), attnMask, math.Inf(-1))
	}
	dropoutP := p.DropoutP
	if !p.Training {
		dropoutP = 0
	}

	// The attention and the out-projection.
	qScaled := c.div(q, c.scalar(math.Sqrt(float64(headDim)), q.DType()))
	kt := c.transpose(k, -2, -1)
	w := c.do(func() (*tensor.Tensor, error) { return autograd.Bmm(qScaled, kt) })
	if attnMask != nil {
		w = c.add(attnMask, w)
	}
	w = c.do(func() (*tensor.Tensor, error) { return autograd.Softmax(w, -1) })
	if dropoutP > 0 {
		w = c.do(func() (*tensor.Tensor, error) { return autograd.Dropout(w, dropoutP, true, nil) })
	}
	out = c.do(func() (*tensor.Tensor, error) { return autograd.Bmm(w, v) })
	out = c.view(c.contiguous(c.transpose(out, 0, 1)), tgtLen*bsz, embedDim)
	out = c.linear(out, p.OutProjWeight, p.OutProjBias)
	out = c.view(out, tgtLen, bsz, c.size(out, 1))
	if c.err != nil {
		return nil, nil, c.err
	}
	if !p.NeedWeights {
		if !batched {
			out = c.squeeze(out, 1)
		}
		return out, nil, c.err
	}
	w = c.view(w, bsz, heads, tgtLen, srcLen)
	if p.AverageAttnWeights {
		w = c.div(c.do(func() (*tensor.Tensor, error) { return autograd.Sum(w, []int{1}, false) }), c.scalar(float64(heads), w.DType()))
	}
	if !batched {
		out, w = c.squeeze(out, 1), c.squeeze(w, 0)
	}
	if c.err != nil {
		return nil, nil, c.err
	}
	return out, w, nil
}

// checkStatic checks static_k or static_v's sizes.
func checkStatic(t *tensor.Tensor, name string, n, headDim int) error {
	if t.Dim() != 3 {
		return assertf("expecting %s to be 3-D, but got %d-D", name, t.Dim())
	}
	if t.Shape()[0] != n {
		return assertf("expecting %s.size(0) of %d, but got %d", name, n, t.Shape()[0])
	}
	if t.Shape()[2] != headDim {
		return assertf("expecting %s.size(2) of %d, but got %d", name, headDim, t.Shape()[2])
	}
	return nil
}

// inProjectionPacked is PyTorch's _in_projection_packed: the projections
// of q, k and v by the rows of w stacked q, k, v; for self-attention (q,
// k, v one tensor) one product, for encoder-decoder attention (k, v one
// tensor) two.
func (c *chain) inProjectionPacked(q, k, v, w, b *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, *tensor.Tensor) {
	e := c.size(q, -1)
	if c.err != nil {
		return nil, nil, nil
	}
	if k == v {
		if q == k {
			p := c.chunk(c.linear(q, w, b), 3)
			return p[0], p[1], p[2]
		}
		ws := c.splitSizes(w, []int{e, 2 * e}, 0)
		var bq, bkv *tensor.Tensor
		if b != nil {
			bs := c.splitSizes(b, []int{e, 2 * e}, 0)
			bq, bkv = bs[0], bs[1]
		}
		kv := c.chunk(c.linear(k, ws[1], bkv), 2)
		return c.linear(q, ws[0], bq), kv[0], kv[1]
	}
	ws := c.chunkDim(w, 3, 0)
	var bq, bk, bv *tensor.Tensor
	if b != nil {
		bs := c.chunkDim(b, 3, 0)
		bq, bk, bv = bs[0], bs[1], bs[2]
	}
	return c.linear(q, ws[0], bq), c.linear(k, ws[1], bk), c.linear(v, ws[2], bv)
}

// padLast appends one element to the last dimension of a mask (False, or
// 0 for a float mask), as F.pad(mask, (0, 1)) does; nil stays nil.
func (c *chain) padLast(mask *tensor.Tensor) *tensor.Tensor {
	if mask == nil || c.err != nil {
		return mask
	}
	shape := append([]int(nil), mask.Shape()...)
	shape[len(shape)-1] = 1
	return c.cat([]*tensor.Tensor{mask, c.zeros(mask.DType(), shape...)}, -1)
}

// The operations the attention adds to chain's.

func (c *chain) view(x *tensor.Tensor, shape ...int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.View(x, shape...) })
}

func (c *chain) reshape(x *tensor.Tensor, shape ...int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(x, shape...) })
}

func (c *chain) expand(x *tensor.Tensor, shape ...int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Expand(x, shape...) })
}

func (c *chain) contiguous(x *tensor.Tensor) *tensor.Tensor {
	return c.unary(autograd.Contiguous, x)
}

// maskedFill is x.masked_fill(mask, value).
func (c *chain) maskedFill(x, mask *tensor.Tensor, value float64) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	v := c.scalar(value, x.DType())
	return c.do(func() (*tensor.Tensor, error) { return autograd.MaskedFill(x, mask, v) })
}

// size is x.size(dim) (dim negative counts from the end); 0 after an
// error.
func (c *chain) size(x *tensor.Tensor, dim int) int {
	if c.err != nil {
		return 0
	}
	if dim < 0 {
		dim += x.Dim()
	}
	return x.Shape()[dim]
}

// chunkDim splits x into n equal parts along dim.
func (c *chain) chunkDim(x *tensor.Tensor, n, dim int) []*tensor.Tensor {
	out := c.do2(func() ([]*tensor.Tensor, error) { return autograd.Chunk(x, n, dim) })
	if c.err == nil && len(out) != n {
		c.keep(nil, tensor.Errorf(tensor.RuntimeError, "cannot split %v into %d parts", x.Shape(), n))
	}
	if c.err != nil {
		return make([]*tensor.Tensor, n)
	}
	return out
}

// splitSizes splits x along dim into parts of the given sizes.
func (c *chain) splitSizes(x *tensor.Tensor, sizes []int, dim int) []*tensor.Tensor {
	out := c.do2(func() ([]*tensor.Tensor, error) { return autograd.SplitSizes(x, sizes, dim) })
	if c.err != nil {
		return make([]*tensor.Tensor, len(sizes))
	}
	return out
}

// isByte reports whether d is uint8, the deprecated dtype of masks that
// PyTorch converts to bool.
func isByte(d tensor.DType) bool {
	u8, ok := tensor.ParseDType("uint8")
	return ok && d == u8
}
