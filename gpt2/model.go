package gpt2

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/tensor"
)

// Model is a GPT-2 language model. Its activations are float32; its
// matrices (the embedding, the attention's and the MLP's weights, the
// head) are float32, or bfloat16 or float16 when loaded with
// Options.Weights: then each product widens the 16-bit weights to float32
// in registers (tensor.MatmulWidened), so decoding a token reads half the
// bytes, and the logits differ from the float32 model's by the weights'
// rounding alone.
type Model struct {
	Config                       Config
	wte, wpe, lnfW, lnfB, lmHead *tensor.Tensor
	layers                       []layer
	params                       map[string]*tensor.Tensor // names without "transformer."
	weights                      tensor.DType              // the matrices' dtype
}

// Weights returns the dtype the model keeps its matrices in.
func (m *Model) Weights() tensor.DType { return m.weights }

// Cache holds the keys and values of the positions a model has seen, so
// that each new token attends to them without recomputing them.
type Cache struct {
	k, v []*tensor.Tensor // per layer, [n_head, capacity, head_dim]
	len  int
}

// NewCache returns an empty cache for up to capacity positions (at most
// the model's context).
func (m *Model) NewCache(capacity int) (*Cache, error) {
	if capacity <= 0 || capacity > m.Config.NPositions {
		return nil, fmt.Errorf("gpt2: a cache of %d positions: the context holds 1 to %d", capacity, m.Config.NPositions)
	}
	c := &Cache{}
	d := m.Config.NEmbd / m.Config.NHead
	for range m.layers {
		k, err := tensor.Empty(tensor.Float32, m.Config.NHead, capacity, d)
		if err != nil {
			return nil, err
		}
		v, err := tensor.Empty(tensor.Float32, m.Config.NHead, capacity, d)
		if err != nil {
			return nil, err
		}
		c.k, c.v = append(c.k, k), append(c.v, v)
	}
	return c, nil
}

// Len returns the number of positions the cache holds.
func (c *Cache) Len() int { return c.len }

// capacity returns the most positions the cache can hold.
func (c *Cache) capacity() int {
	if len(c.k) == 0 {
		return math.MaxInt
	}
	return c.k[0].Shape()[1]
}

// ContextError reports a sequence longer than the model's context.
type ContextError struct {
	Tokens, Context int
}

func (e *ContextError) Error() string {
	return fmt.Sprintf("gpt2: %d tokens exceed the model's context of %d positions", e.Tokens, e.Context)
}

// Logits returns the logits [len(ids), vocab] of every position of ids,
// which follow the positions already in cache (nil for none); the cache,
// when given, is extended with ids.
func (m *Model) Logits(ids []int, cache *Cache) (*tensor.Tensor, error) {
	return m.forward(ids, cache, false)
}

// LastLogits is Logits for the last position only, as generation needs:
// it skips the LM head for the others.
func (m *Model) LastLogits(ids []int, cache *Cache) ([]float32, error) {
	logits, err := m.forward(ids, cache, true)
	if err != nil {
		return nil, err
	}
	if !logits.IsContiguous() {
		return tensor.Values[float32](logits)
	}
	// The head's output is a tensor of its own that nothing else holds:
	// its storage is returned as it is, not copied (a decoded token would
	// otherwise allocate and copy the vocabulary's 200 KB of logits twice).
	data, err := tensor.Data[float32](logits)
	if err != nil {
		return nil, err
	}
	return data[logits.Offset() : logits.Offset()+logits.Numel() : logits.Offset()+logits.Numel()], nil
}

// forward runs the model over ids after the cached positions.
func (m *Model) forward(ids []int, cache *Cache, lastOnly bool) (*tensor.Tensor, error) {
	c := m.Config
	t := len(ids)
	if t == 0 {
		return nil, fmt.Errorf("gpt2: no input tokens")
	}
	if cache == nil {
		var err error
		if t > c.NPositions {
			return nil, &ContextError{t, c.NPositions}
		}
		if cache, err = m.NewCache(t); err != nil {
			return nil, err
		}
	}
	past := cache.len
	if past+t > c.NPositions {
		return nil, &ContextError{past + t, c.NPositions}
	}
	if past+t > cache.capacity() {
		return nil, fmt.Errorf("gpt2: the cache holds %d positions; %d more do not fit", cache.capacity(), past+t-cache.capacity())
	}
	tok, pos := make([]int64, t), make([]int64, t)
	for i, id := range ids {
		if id < 0 || id >= c.VocabSize {
			return nil, fmt.Errorf("gpt2: token id %d is not in the vocabulary (0 to %d)", id, c.VocabSize-1)
		}
		tok[i], pos[i] = int64(id), int64(past+i)
	}
	h, err := m.embed(tok, pos)
	if err != nil {
		return nil, err
	}
	var mask *tensor.Tensor
	if t > 1 {
		if mask, err = causalMask(t, past); err != nil {
			return nil, err
		}
	}
	// The attention scale, made once per forward rather than per block.
	scale := tensor.MustScalar(1 / math.Sqrt(float64(c.NEmbd/c.NHead)))
	for i := range m.layers {
		if h, err = m.block(i, h, cache, mask, scale); err != nil {
			return nil, err
		}
	}
	cache.len = past + t
	if lastOnly {
		if h, err = h.Narrow(0, t-1, 1); err != nil {
			return nil, err
		}
	}
	if h, err = tensor.LayerNorm(h, []int{c.NEmbd}, m.lnfW, m.lnfB, c.Eps); err != nil {
		return nil, err
	}
	return m.head(h)
}

// embed returns the token plus position embeddings [t, n_embd].
func (m *Model) embed(tok, pos []int64) (*tensor.Tensor, error) {
	ti, err := tensor.FromSlice(tok)
	if err != nil {
		return nil, err
	}
	pi, err := tensor.FromSlice(pos)
	if err != nil {
		return nil, err
	}
	h, err := tensor.Embedding(ti, m.wte)
	if err == nil && h.DType() != tensor.Float32 {
		h, err = h.To(tensor.Float32)
	}
	if err != nil {
		return nil, err
	}
	p, err := tensor.Embedding(pi, m.wpe)
	if err != nil {
		return nil, err
	}
	return h, tensor.AddSpec.ApplyInPlace(h, p)
}

// causalMask returns the bool mask [t, past+t] that is true where query i
// (position past+i) must not see key j (j > past+i).
func causalMask(t, past int) (*tensor.Tensor, error) {
	l := past + t
	mask := make([]uint8, t*l)
	for i := range t {
		for j := past + i + 1; j < l; j++ {
			mask[i*l+j] = 1
		}
	}
	return tensor.FromSlice(mask, t, l)
}

// conv1d is Hugging Face's Conv1D: x·w + b with w stored (in, out).
func conv1d(x, w, b *tensor.Tensor) (*tensor.Tensor, error) {
	if w.DType() == tensor.Float32 {
		return tensor.Linear(x, w.T(), b)
	}
	y, err := tensor.MatmulWidened(x, w)
	if err != nil {
		return nil, err
	}
	return y, tensor.AddSpec.ApplyInPlace(y, b)
}

// head returns the logits of h [t, n_embd] by the head [vocab, n_embd].
func (m *Model) head(h *tensor.Tensor) (*tensor.Tensor, error) {
	if m.lmHead.DType() == tensor.Float32 {
		return tensor.Matmul(h, m.lmHead.T())
	}
	return tensor.MatmulWidened(h, m.lmHead.T())
}

var negInf = tensor.MustScalar(math.Inf(-1))

// block runs transformer block i on h [t, n_embd], updating h in place
// with the residual connections, and stores the keys and values in cache.
func (m *Model) block(i int, h *tensor.Tensor, cache *Cache, mask, scale *tensor.Tensor) (*tensor.Tensor, error) {
	c, l := m.Config, &m.layers[i]
	t, e, heads := h.Shape()[0], c.NEmbd, c.NHead
	d := e / heads
	past := cache.len
	x, err := tensor.LayerNorm(h, []int{e}, l.ln1W, l.ln1B, c.Eps)
	if err != nil {
		return nil, err
	}
	qkv, err := conv1d(x, l.attnW, l.attnB)
	if err != nil {
		return nil, err
	}
	// split returns part j of q, k, v as [heads, t, d].
	split := func(j int) (*tensor.Tensor, error) {
		p, err := qkv.Narrow(1, j*e, e)
		if err != nil {
			return nil, err
		}
		if p, err = p.View(t, heads, d); err != nil {
			return nil, err
		}
		return p.Transpose(0, 1)
	}
	var qkvHeads [3]*tensor.Tensor
	for j := range qkvHeads {
		if qkvHeads[j], err = split(j); err != nil {
			return nil, err
		}
	}
	// Append the new keys and values, then attend over all of them.
	var kv [2]*tensor.Tensor
	for j, store := range [2]*tensor.Tensor{cache.k[i], cache.v[i]} {
		dst, err := store.Narrow(1, past, t)
		if err != nil {
			return nil, err
		}
		if err := dst.CopyFrom(qkvHeads[j+1]); err != nil {
			return nil, err
		}
		if kv[j], err = store.Narrow(1, 0, past+t); err != nil {
			return nil, err
		}
	}
	kt, err := kv[0].Transpose(1, 2)
	if err != nil {
		return nil, err
	}
	scores, err := tensor.Matmul(qkvHeads[0], kt) // [heads, t, past+t]
	if err != nil {
		return nil, err
	}
	if err := tensor.MulSpec.ApplyInPlace(scores, scale); err != nil {
		return nil, err
	}
	if mask != nil {
		if scores, err = tensor.MaskedFill(scores, mask, negInf); err != nil {
			return nil, err
		}
	}
	probs, err := tensor.Softmax(scores, -1)
	if err != nil {
		return nil, err
	}
	ctx, err := tensor.Matmul(probs, kv[1]) // [heads, t, d]
	if err != nil {
		return nil, err
	}
	if ctx, err = ctx.Transpose(0, 1); err != nil {
		return nil, err
	}
	if ctx, err = ctx.Reshape(t, e); err != nil {
		return nil, err
	}
	a, err := conv1d(ctx, l.attnProjW, l.attnProjB)
	if err != nil {
		return nil, err
	}
	if err := tensor.AddSpec.ApplyInPlace(h, a); err != nil {
		return nil, err
	}
	// The MLP.
	if x, err = tensor.LayerNorm(h, []int{e}, l.ln2W, l.ln2B, c.Eps); err != nil {
		return nil, err
	}
	f, err := conv1d(x, l.fcW, l.fcB)
	if err != nil {
		return nil, err
	}
	if f, err = tensor.Gelu(f, "tanh"); err != nil {
		return nil, err
	}
	if f, err = conv1d(f, l.mlpProjW, l.mlpProjB); err != nil {
		return nil, err
	}
	return h, tensor.AddSpec.ApplyInPlace(h, f)
}
