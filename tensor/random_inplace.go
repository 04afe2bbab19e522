package tensor

import (
	"cmp"
	"math"
	"slices"

	"github.com/kael-dev/kael/internal/libm"
)

// randomInPlace overwrites t with values fill writes into a contiguous
// buffer of t's dtype, visiting t's elements in the order PyTorch's
// TensorIterator does: memory order for a contiguous tensor, and for a view
// the dimensions sorted by stride, largest first. dense tells fill whether
// t itself is contiguous, which decides PyTorch's normal_ kernel. fill runs
// with g locked.
func randomInPlace(g *Generator, t *Tensor, fill func(g *Generator, buf *Tensor, dense bool) error) error {
	if t.HasInternalOverlap() {
		return Errorf(RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.")
	}
	n := t.Numel()
	if t.IsContiguous() {
		buf := &Tensor{storage: t.storage, dtype: t.dtype, shape: []int{n}, strides: []int{1}, offset: t.offset}
		g = g.lock()
		err := fill(g, buf, true)
		g.unlock()
		t.MarkModified()
		return err
	}
	perm := make([]int, t.Dim())
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(a, b int) int { return cmp.Compare(t.strides[b], t.strides[a]) })
	view, err := t.Permute(perm...)
	if err != nil {
		return err
	}
	buf, err := emptyOutput(t.dtype, n)
	if err != nil {
		return err
	}
	g = g.lock()
	err = fill(g, buf, false)
	g.unlock()
	if err != nil {
		return err
	}
	src, err := buf.Reshape(view.shape...)
	if err != nil {
		return err
	}
	return view.CopyFrom(src)
}

// FillUniform overwrites t with values uniform in [from, to), as
// t.uniform_(from, to). t must be floating.
func FillUniform(t *Tensor, from, to float64, g *Generator) error {
	if uniformKernels.convertsIn(t.dtype) {
		if err := checkUniformRange(from, to, t.dtype); err != nil { // the bounds of t's dtype, not float32's
			return err
		}
		return fillInComputeIn(t, func(c *Tensor) error { return FillUniform(c, from, to, g) })
	}
	k, err := uniformKernels.Select("uniform_", t.dtype)
	if err != nil {
		return randomDTypeError(err)
	}
	if err := checkUniformRange(from, to, t.dtype); err != nil {
		return err
	}
	return randomInPlace(g, t, func(g *Generator, buf *Tensor, _ bool) error { return k(g, buf, from, to) })
}

// FillNormal overwrites t with normal values of the given mean and standard
// deviation, as t.normal_(mean, std). t must be floating.
func FillNormal(t *Tensor, mean, std float64, g *Generator) error {
	if normalKernels.convertsIn(t.dtype) {
		return fillInComputeIn(t, func(c *Tensor) error { return FillNormal(c, mean, std, g) })
	}
	k, err := normalKernels.Select("normal_", t.dtype)
	if err != nil {
		return randomDTypeError(err)
	}
	if err := checkNormalStd(std); err != nil {
		return err
	}
	return randomInPlace(g, t, func(g *Generator, buf *Tensor, dense bool) error { return k(g, buf, mean, std, dense) })
}

// fillInComputeIn fills a tensor of t's shape in t's ComputeIn dtype and
// copies it into t, rounding once.
func fillInComputeIn(t *Tensor, fill func(c *Tensor) error) error {
	c, err := Empty(t.dtype.ComputeIn(), t.shape...)
	if err != nil {
		return err
	}
	if err := fill(c); err != nil {
		return err
	}
	return t.CopyFrom(c)
}

// FillBernoulli overwrites t with ones drawn with probability p and zeros,
// as t.bernoulli_(p): a uniform double below p is a one.
func FillBernoulli(t *Tensor, p float64, g *Generator) error {
	if !(p >= 0 && p <= 1) {
		return Errorf(RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p=%s", streamDouble(p))
	}
	return randomInPlace(g, t, func(g *Generator, buf *Tensor, _ bool) error {
		keep := make([]uint8, buf.Numel())
		for i := range keep {
			if i%chunkElements == 0 && Interrupted() {
				return errInterrupted()
			}
			keep[i] = boolByte(g.uniform64() < p)
		}
		return writeBools(buf, keep)
	})
}

// writeBools stores keep, ones and zeros, into the contiguous buffer.
func writeBools(buf *Tensor, keep []uint8) error {
	src, err := FromSlice(keep, buf.shape...)
	if err != nil {
		return err
	}
	return copyInto(buf, src)
}

// Bernoulli returns a tensor of p's shape and dtype with ones drawn with
// the probabilities in p, as torch.bernoulli(p). p must be floating, with
// values in [0, 1]. A float32 p draws a uniform float, a float64 p a
// uniform double.
func Bernoulli(p *Tensor, g *Generator) (*Tensor, error) {
	if d := p.dtype; bernoulliKernels.convertsIn(d) {
		c, err := toComputeIn(p)
		if err != nil {
			return nil, err
		}
		r, err := Bernoulli(c, g)
		return fromComputeIn(r, d, err)
	}
	k, err := bernoulliKernels.Select("bernoulli", p.dtype)
	if err != nil {
		return nil, randomDTypeError(err)
	}
	src, err := p.Contiguous()
	if err != nil {
		return nil, err
	}
	out, err := Empty(p.dtype, p.shape...)
	if err != nil {
		return nil, err
	}
	keep := make([]uint8, p.Numel())
	g = g.lock()
	err = k(g, src, keep)
	g.unlock()
	if err != nil {
		return nil, err
	}
	if err := writeBools(out, keep); err != nil {
		return nil, err
	}
	return out, nil
}

func bernoulliRange() error {
	return Errorf(RuntimeError, "Expected p_in >= 0 && p_in <= 1 to be true, but got false.").
		WithHint("bernoulli takes probabilities: every element of input must be in [0, 1]")
}

// normalSample is one value of PyTorch's scalar normal distribution with
// the given mean and standard deviation, z·std + mean fused as PyTorch's
// build does; g is locked.
func (g *Generator) normalSample(mean, std float64) float64 {
	return math.FMA(g.normal64(), std, mean)
}

// DropoutMask is the scaled mask PyTorch's dropout multiplies its input
// by, for an input of dtype d and the given shape: each element is kept
// when a uniform double is below 1-p (bernoulli_(1 - p)), and kept ones
// become 1/(1-p) computed in d, zeros stay zero. For p = 1 it draws nothing
// and is all zeros.
func DropoutMask(d DType, shape []int, p float64, g *Generator) (*Tensor, error) {
	if p != 1 && (d == Float32 || d == Float64) {
		// fillDropout writes every element: the mask's memory need not
		// be cleared first (a fresh [35, 20, 200] float32 mask, 560 KB,
		// was cleared and then overwritten).
		mask, err := emptyOutput(d, shape...)
		if err != nil {
			return nil, err
		}
		if d == Float32 {
			return mask, fillDropout(mask, 1-p, float32(1)/float32(1-p), g)
		}
		return mask, fillDropout(mask, 1-p, 1/(1-p), g)
	}
	mask, err := Empty(d, shape...)
	if err != nil || p == 1 {
		return mask, err
	}
	if err := FillBernoulli(mask, 1-p, g); err != nil {
		return nil, err
	}
	scale, err := Full(1-p, d)
	if err != nil {
		return nil, err
	}
	return Div(mask, scale)
}

// fillDropout is DropoutMask for float32 and float64 in one pass: each
// element of the new contiguous mask is scale where a uniform double is
// below keep, else 0. The draws are FillBernoulli's, and scale is what
// dividing its ones by 1-p in T gives, so the mask is the same, without
// the bytes, their conversion and the division.
func fillDropout[T Float](mask *Tensor, keep float64, scale T, g *Generator) error {
	if !(keep >= 0 && keep <= 1) {
		return Errorf(RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p=%s", streamDouble(keep))
	}
	return randomInPlace(g, mask, func(g *Generator, buf *Tensor, _ bool) error {
		vals, err := contiguousValues[T](buf)
		if err != nil {
			return err
		}
		// The two words of each element's double (high word first, as
		// random64), drawn a block at a time.
		var words [2 * dropoutBlock]uint32
		below := dropoutThreshold(keep)
		pick := [2]T{0, scale}
		for i := 0; i < len(vals); i += dropoutBlock {
			if i%chunkElements == 0 && Interrupted() {
				return errInterrupted()
			}
			block := vals[i:min(i+dropoutBlock, len(vals))]
			w := words[:2*len(block)]
			g.mt.Fill(w)
			for j := range block {
				x := (uint64(w[2*j])<<32 | uint64(w[2*j+1])) & (1<<53 - 1)
				// (x - below) wraps to its top bit exactly when
				// x < below: the element's choice without a branch,
				// which a random mask would mispredict at every turn.
				block[j] = pick[(x-below)>>63]
			}
		}
		return nil
	})
}

// dropoutThreshold returns the integer t for which a uniform double u =
// x·2⁻⁵³, x the draw's 53 bits, is below keep exactly when x < t: keep·2⁵³
// is exact (a power of two), so u < keep is x < keep·2⁵³, and for an
// integer x that is x < ⌈keep·2⁵³⌉. keep is in [0, 1], so t ≤ 2⁵³.
func dropoutThreshold(keep float64) uint64 {
	return uint64(math.Ceil(keep * (1 << 53)))
}

// dropoutBlock is how many elements of a dropout mask fillDropout draws at
// a time; it divides chunkElements.
const dropoutBlock = 256

// FillExponential overwrites t with exponential values of rate lambd, as
// t.exponential_(lambd): each element -1/lambd·log(1 - u) of a uniform
// double u, computed in float64 and rounded once to t's dtype, as ATen's
// CPU kernel draws them (one 64-bit word per element, whatever the
// dtype). t must be floating; lambd 0 gives inf, as PyTorch's does.
func FillExponential(t *Tensor, lambd float64, g *Generator) error {
	if !t.dtype.IsFloating() {
		return NotImplementedFor("exponential_cpu", t.dtype)
	}
	if !(lambd >= 0) {
		return Errorf(RuntimeError, "exponential_ expects lambda >= 0.0, but found lambda=%s", streamDouble(lambd))
	}
	return randomInPlace(g, t, func(g *Generator, buf *Tensor, _ bool) error {
		vals := make([]float64, buf.Numel())
		for i := range vals {
			if i%chunkElements == 0 && Interrupted() {
				return errInterrupted()
			}
			vals[i] = -1 / lambd * libm.Log(1-g.uniform64())
		}
		src, err := FromSlice(vals, buf.shape...)
		if err != nil {
			return err
		}
		return copyInto(buf, src)
	})
}
