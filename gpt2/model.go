package gpt2

import (
	"fmt"
	"math"
	"time"

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
	work *work // a one-token forward's buffers, kept for the next token
	// logits is the [1, vocab] buffer NextLogits writes the head's
	// output into, made at its first call.
	logits *tensor.Tensor
	// clock, when not nil, adds the wall time of each part of a forward
	// to its total (BenchmarkDecodeTimeline).
	clock *timeline
}

// A part is one kind of step of a forward, as a timeline counts them.
type part int

const (
	partEmbed    part = iota // the embeddings and the first layer norm
	partQKV                  // the attention's input projection and its bias
	partAppendKV             // the keys and values into the cache
	partScores               // q·Kᵀ
	partSoftmax              // the scale and the softmax
	partContext              // probabilities times values, and their views
	partAttnProj             // the attention's output projection and its bias
	partAddNorm1             // the residual add and the MLP's layer norm
	partFC                   // the MLP's hidden layer and its bias
	partGELU                 // GELU
	partMLPProj              // the MLP's output projection and its bias
	partAddNorm2             // the residual add and the next layer norm
	partHead                 // the LM head
	parts
)

// partNames name the parts for the timeline's metrics.
var partNames = [parts]string{"embed", "qkv", "kv-append", "scores", "softmax", "context", "attn-proj", "add-norm1", "fc", "gelu", "mlp-proj", "add-norm2", "head"}

// timeline sums the wall time of a forward's parts: mark(p) adds the time
// since the last mark (or start) to p's total.
type timeline struct {
	total [parts]time.Duration
	last  time.Time
}

func (tl *timeline) start() {
	if tl != nil {
		tl.last = time.Now()
	}
}

func (tl *timeline) mark(p part) {
	if tl != nil {
		now := time.Now()
		tl.total[p] += now.Sub(tl.last)
		tl.last = now
	}
}

// work holds the activations of a forward over t tokens that do not
// outlive it, written in place by every block (tensor's output-parameter
// forms) rather than allocated per operation: decoding reuses them from
// one token to the next, so a token touches no fresh memory for them.
type work struct {
	t int
	// x is a layer norm's output [t, n_embd]; qkv the attention's input
	// projection [t, 3·n_embd]; ctx the heads' outputs [n_head, t,
	// head_dim]; proj an output projection's [t, n_embd]; fc the MLP's
	// hidden layer [t, 4·n_embd].
	x, qkv, ctx, proj, fc *tensor.Tensor
	// heads are q, k and v as [n_head, t, head_dim] views of qkv.
	heads [3]*tensor.Tensor
	// scores and probs hold the attention's scores and probabilities
	// [n_head, t, positions] in their first elements; they grow to the
	// cache's capacity when t is 1. attn are the views of them that
	// every block of one forward uses (scoresFor).
	scores, probs *tensor.Tensor
	attn          [2]*tensor.Tensor
}

// newWork returns the buffers of a forward over t tokens.
func newWork(c Config, t int) (*work, error) {
	w := &work{t: t}
	e, d := c.NEmbd, c.NEmbd/c.NHead
	for _, b := range []struct {
		p     **tensor.Tensor
		shape []int
	}{
		{&w.x, []int{t, e}}, {&w.qkv, []int{t, 3 * e}}, {&w.ctx, []int{c.NHead, t, d}},
		{&w.proj, []int{t, e}}, {&w.fc, []int{t, 4 * e}},
	} {
		var err error
		if *b.p, err = tensor.Empty(tensor.Float32, b.shape...); err != nil {
			return nil, err
		}
	}
	var err error
	if w.heads, err = splitHeads(w.qkv, c.NHead); err != nil {
		return nil, err
	}
	return w, nil
}

// splitHeads returns q, k and v of qkv [t, 3·n_embd] as [heads, t,
// head_dim] views.
func splitHeads(qkv *tensor.Tensor, heads int) ([3]*tensor.Tensor, error) {
	var hs [3]*tensor.Tensor
	t, e := qkv.Shape()[0], qkv.Shape()[1]/3
	for j := range hs {
		p, err := qkv.Narrow(1, j*e, e)
		if err != nil {
			return hs, err
		}
		if p, err = p.View(t, heads, e/heads); err != nil {
			return hs, err
		}
		if hs[j], err = p.Transpose(0, 1); err != nil {
			return hs, err
		}
	}
	return hs, nil
}

// scoresFor returns [heads, t, positions] tensors for the attention's
// scores and probabilities in w's buffers, growing them first if they
// are too small (to capacity positions when t is 1, the decoder's case,
// so that they grow once).
func (w *work) scoresFor(heads, positions, capacity int) (scores, probs *tensor.Tensor, err error) {
	need := heads * w.t * positions
	if w.scores == nil || w.scores.Numel() < need {
		size := need
		if w.t == 1 {
			size = heads * max(positions, capacity)
		}
		if w.scores, err = tensor.Empty(tensor.Float32, size); err != nil {
			return nil, nil, err
		}
		if w.probs, err = tensor.Empty(tensor.Float32, size); err != nil {
			return nil, nil, err
		}
	}
	view := func(buf *tensor.Tensor) (*tensor.Tensor, error) {
		s, err := buf.Narrow(0, 0, need)
		if err != nil {
			return nil, err
		}
		return s.View(heads, w.t, positions)
	}
	if scores, err = view(w.scores); err != nil {
		return nil, nil, err
	}
	probs, err = view(w.probs)
	return scores, probs, err
}

// NewCache returns an empty cache for up to capacity positions (at most
// the model's context).
func (m *Model) NewCache(capacity int) (*Cache, error) {
	if capacity <= 0 || capacity > m.Config.NPositions {
		return nil, fmt.Errorf("gpt2: a cache of %d positions: the context holds 1 to %d", capacity, m.Config.NPositions)
	}
	c := &Cache{}
	d := m.Config.NEmbd / m.Config.NHead
	// One storage for every layer's keys and values, each layer's a view:
	// a storage of a megabyte or more is advised onto huge pages (tensor's
	// adviseHugePages), and a decoded token's attention, which finds the
	// cache evicted by the weights it streamed since, then pays no
	// page-table walk per 4 KiB of it (about one a head's run of 64-float
	// rows; docs/performance.md).
	all, err := tensor.Empty(tensor.Float32, len(m.layers), 2, m.Config.NHead, capacity, d)
	if err != nil {
		return nil, err
	}
	for i := range m.layers {
		l, err := all.Select(0, i)
		if err != nil {
			return nil, err
		}
		k, err := l.Select(0, 0)
		if err != nil {
			return nil, err
		}
		v, err := l.Select(0, 1)
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
	return m.forward(ids, cache, false, nil)
}

// LastLogits is Logits for the last position only, as generation needs:
// it skips the LM head for the others. The slice is the caller's to keep.
func (m *Model) LastLogits(ids []int, cache *Cache) ([]float32, error) {
	logits, err := m.forward(ids, cache, true, nil)
	if err != nil {
		return nil, err
	}
	return logitsSlice(logits)
}

// NextLogits is LastLogits for a decoding loop that is done with one
// token's logits before it asks for the next's, as Generate is: the logits
// are written into a buffer that cache keeps (same bits), so the slice it
// returns holds them only until the next NextLogits call with that cache,
// which overwrites it. A decoded token then touches no fresh 200 KB of
// logits (GPT-2's 50,257 floats: 49 of a float32 token's some 100 minor
// page faults, docs/performance.md). cache must not be nil.
func (m *Model) NextLogits(ids []int, cache *Cache) ([]float32, error) {
	if cache == nil {
		return nil, fmt.Errorf("gpt2: NextLogits needs a cache")
	}
	if cache.logits == nil {
		var err error
		if cache.logits, err = tensor.Empty(tensor.Float32, 1, m.Config.VocabSize); err != nil {
			return nil, err
		}
	}
	logits, err := m.forward(ids, cache, true, cache.logits)
	if err != nil {
		return nil, err
	}
	return logitsSlice(logits)
}

// logitsSlice returns the elements of the head's output logits.
func logitsSlice(logits *tensor.Tensor) ([]float32, error) {
	if !logits.IsContiguous() {
		return tensor.Values[float32](logits)
	}
	// The head's output is a tensor of its own (a fresh one, or the
	// cache's buffer for NextLogits): its storage is returned as it is,
	// not copied (a decoded token would otherwise allocate and copy the
	// vocabulary's 200 KB of logits twice).
	data, err := tensor.Data[float32](logits)
	if err != nil {
		return nil, err
	}
	return data[logits.Offset() : logits.Offset()+logits.Numel() : logits.Offset()+logits.Numel()], nil
}

// forward runs the model over ids after the cached positions. With
// lastOnly it returns the logits of the last position alone, written into
// out [1, vocab] where out is not nil.
func (m *Model) forward(ids []int, cache *Cache, lastOnly bool, out *tensor.Tensor) (*tensor.Tensor, error) {
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
	cache.clock.start()
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
	w := cache.work
	if w == nil || w.t != t {
		if w, err = newWork(c, t); err != nil {
			return nil, err
		}
		if t == 1 {
			// Kept for the next token. A prompt's buffers (its scores
			// grow with the square of its length) are not kept.
			cache.work = w
		}
	}
	// The attention scale, rounded to float32 as a product with the
	// float32 scores rounds it.
	scale := float32(1 / math.Sqrt(float64(c.NEmbd/c.NHead)))
	// Each block ends with its MLP's residual add, which the next layer
	// norm (the next block's first, or the final one) takes fused with
	// it: the first block's alone has no add before it.
	lnW, lnB := m.lnfW, m.lnfB // a model without blocks has only the final norm
	if len(m.layers) > 0 {
		lnW, lnB = m.layers[0].ln1W, m.layers[0].ln1B
	}
	if err := tensor.LayerNormInto(w.x, h, lnW, lnB, c.Eps); err != nil {
		return nil, err
	}
	// Every block attends over the same positions.
	if w.attn[0], w.attn[1], err = w.scoresFor(c.NHead, past+t, cache.capacity()); err != nil {
		return nil, err
	}
	cache.clock.mark(partEmbed)
	for i := range m.layers {
		lnW, lnB := m.lnfW, m.lnfB
		if i+1 < len(m.layers) {
			lnW, lnB = m.layers[i+1].ln1W, m.layers[i+1].ln1B
		}
		if err = m.block(i, h, w, cache, mask, scale, lnW, lnB); err != nil {
			return nil, err
		}
	}
	cache.len = past + t
	// w.x is now the final layer norm of every position: a row's norm is
	// its own, so the last row alone is the norm of the last position.
	x := w.x
	if lastOnly {
		if x, err = x.Narrow(0, t-1, 1); err != nil {
			return nil, err
		}
		if out != nil {
			err := m.headInto(out, x)
			cache.clock.mark(partHead)
			return out, err
		}
	}
	logits, err := m.head(x)
	cache.clock.mark(partHead)
	return logits, err
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

// conv1d is Hugging Face's Conv1D: x·w + b with w stored (in, out),
// written into out [t, out]. 16-bit weights are widened in registers
// (tensor.MatmulWidenedInto) and the bias added after.
func conv1d(out, x, w, b *tensor.Tensor) error {
	if w.DType() == tensor.Float32 && x.Shape()[0] != 1 {
		return tensor.LinearInto(out, x, w.T(), b)
	}
	if w.DType() == tensor.Float32 {
		// One row, a decoded token's: LinearInto's order for it (the
		// product, then the bias), the same bits, without the two
		// transposed views it and its caller would make a call.
		if err := tensor.MatmulInto(out, x, w); err != nil {
			return err
		}
		return tensor.AddSpec.ApplyInPlace(out, b)
	}
	if err := tensor.MatmulWidenedInto(out, x, w); err != nil {
		return err
	}
	return tensor.AddSpec.ApplyInPlace(out, b)
}

// head returns the logits of h [t, n_embd] by the head [vocab, n_embd].
func (m *Model) head(h *tensor.Tensor) (*tensor.Tensor, error) {
	if m.lmHead.DType() == tensor.Float32 {
		return tensor.Matmul(h, m.lmHead.T())
	}
	return tensor.MatmulWidened(h, m.lmHead.T())
}

// headInto writes the logits of h [t, n_embd] into out [t, vocab], the
// same kernels as head, so the same bits.
func (m *Model) headInto(out, h *tensor.Tensor) error {
	if m.lmHead.DType() == tensor.Float32 {
		return tensor.MatmulInto(out, h, m.lmHead.T())
	}
	return tensor.MatmulWidenedInto(out, h, m.lmHead.T())
}

var negInf = tensor.MustScalar(math.Inf(-1))

// block runs transformer block i on h [t, n_embd], whose first layer
// norm w.x already holds, updating h in place with the residual
// connections and storing the keys and values in cache; it leaves in w.x
// the layer norm (lnW, lnB) of its output, the next block's first or the
// final one.
func (m *Model) block(i int, h *tensor.Tensor, w *work, cache *Cache, mask *tensor.Tensor, scale float32, lnW, lnB *tensor.Tensor) error {
	c, l := m.Config, &m.layers[i]
	t, e := w.t, c.NEmbd
	past := cache.len
	clock := cache.clock
	if err := conv1d(w.qkv, w.x, l.attnW, l.attnB); err != nil {
		return err
	}
	clock.mark(partQKV)
	qkvHeads := w.heads
	// Append the new keys and values, then attend over all of them.
	if err := appendKV(cache.k[i], cache.v[i], w.qkv, past); err != nil {
		return err
	}
	var kv [2]*tensor.Tensor
	for j, store := range [2]*tensor.Tensor{cache.k[i], cache.v[i]} {
		var err error
		if kv[j], err = store.Narrow(1, 0, past+t); err != nil {
			return err
		}
	}
	kt, err := kv[0].Transpose(1, 2)
	if err != nil {
		return err
	}
	clock.mark(partAppendKV)
	scores, probs := w.attn[0], w.attn[1]
	if err := tensor.MatmulInto(scores, qkvHeads[0], kt); err != nil { // [heads, t, past+t]
		return err
	}
	clock.mark(partScores)
	if err := scaleInPlace(scores, scale); err != nil {
		return err
	}
	if mask != nil {
		if scores, err = tensor.MaskedFill(scores, mask, negInf); err != nil {
			return err
		}
	}
	if err := tensor.SoftmaxInto(probs, scores); err != nil {
		return err
	}
	clock.mark(partSoftmax)
	if err := tensor.MatmulInto(w.ctx, probs, kv[1]); err != nil { // [heads, t, d]
		return err
	}
	ctx, err := w.ctx.Transpose(0, 1)
	if err != nil {
		return err
	}
	if ctx, err = ctx.Reshape(t, e); err != nil {
		return err
	}
	clock.mark(partContext)
	if err := conv1d(w.proj, ctx, l.attnProjW, l.attnProjB); err != nil {
		return err
	}
	clock.mark(partAttnProj)
	// The residual add and the MLP's layer norm, in one pass.
	if err := tensor.AddLayerNormInto(w.x, h, w.proj, l.ln2W, l.ln2B, c.Eps); err != nil {
		return err
	}
	clock.mark(partAddNorm1)
	if err := conv1d(w.fc, w.x, l.fcW, l.fcB); err != nil {
		return err
	}
	clock.mark(partFC)
	if err := tensor.GeluInPlace(w.fc, "tanh"); err != nil {
		return err
	}
	clock.mark(partGELU)
	if err := conv1d(w.proj, w.fc, l.mlpProjW, l.mlpProjB); err != nil {
		return err
	}
	clock.mark(partMLPProj)
	err = tensor.AddLayerNormInto(w.x, h, w.proj, lnW, lnB, c.Eps)
	clock.mark(partAddNorm2)
	return err
}

// appendKV copies the keys and values of qkv [t, 3·n_embd] (contiguous)
// into the caches k and v [n_head, capacity, head_dim] (contiguous) at
// positions past..past+t−1: for each head and token one copy of
// head_dim floats. A strided CopyFrom between the views did the same in
// some 11 µs a layer (its element iterator and checks), a token's 24
// copies 0.2–0.3 ms of CPU time on the Zen 4 (docs/performance.md).
func appendKV(k, v, qkv *tensor.Tensor, past int) error {
	src, err := tensor.Data[float32](qkv)
	if err != nil {
		return err
	}
	t, e := qkv.Shape()[0], qkv.Shape()[1]/3
	heads, capacity, d := k.Shape()[0], k.Shape()[1], k.Shape()[2]
	if !qkv.IsContiguous() || heads*d != e || past+t > capacity {
		return fmt.Errorf("gpt2: keys and values of shape %v do not fit a cache of %v at %d", qkv.Shape(), k.Shape(), past)
	}
	src = src[qkv.Offset():]
	for j, store := range [2]*tensor.Tensor{k, v} {
		if !store.IsContiguous() {
			return fmt.Errorf("gpt2: the cache is not contiguous")
		}
		dst, err := tensor.Data[float32](store)
		if err != nil {
			return err
		}
		dst = dst[store.Offset():]
		for h := range heads {
			for s := range t {
				at := (h*capacity + past + s) * d
				from := s*3*e + (j+1)*e + h*d
				copy(dst[at:at+d], src[from:from+d])
			}
		}
		store.MarkModified()
	}
	return nil
}

// scaleInPlace multiplies the elements of x (contiguous float32) by s, as
// tensor.MulSpec.ApplyInPlace by a scalar does, bit for bit, without its
// broadcasting iterator (8 µs a layer of a decoded token for some 600
// scores).
func scaleInPlace(x *tensor.Tensor, s float32) error {
	if !x.IsContiguous() {
		return tensor.MulSpec.ApplyInPlace(x, tensor.MustScalar(float64(s)))
	}
	data, err := tensor.Data[float32](x)
	if err != nil {
		return err
	}
	data = data[x.Offset() : x.Offset()+x.Numel()]
	for i := range data {
		data[i] *= s
	}
	x.MarkModified()
	return nil
}
