package nn

import (
	"fmt"
	"math"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The distances and the margin, embedding and likelihood losses of
// torch.nn.functional: cosine_similarity, pairwise_distance, normalize,
// pdist, margin_ranking_loss, hinge_embedding_loss, soft_margin_loss,
// multilabel_soft_margin_loss, multilabel_margin_loss, multi_margin_loss,
// cosine_embedding_loss, triplet_margin_loss, poisson_nll_loss and
// gaussian_nll_loss. Each is the composition of recorded operations that
// ATen's Loss.cpp, Distance.cpp or PyTorch's functional.py writes, so the
// values and gradients are PyTorch's.

// clampMinKeepGrad is x with its values raised to at least lo while the
// gradient passes as if unclamped: PyTorch's clamp_min_ under no_grad on a
// recorded result (cosine_similarity's norms, gaussian_nll_loss's var).
func (c *chain) clampMinKeepGrad(x *tensor.Tensor, lo float64) *tensor.Tensor {
	raised := c.do(func() (*tensor.Tensor, error) {
		return tensor.Maximum(x.Detach(), tensor.MustScalar(lo))
	})
	shift := c.do(func() (*tensor.Tensor, error) { return tensor.Sub(raised, x.Detach()) })
	return c.add(x, shift)
}

// clampMin is max(x, lo), recorded as PyTorch's clamp_min with a number,
// ClampMinBackward0 (the gradient passes where x ≥ lo).
func (c *chain) clampMin(x *tensor.Tensor, lo float64) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Composite("ClampMinBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Clamp(in[0], tensor.MustScalar(lo), nil)
		})
	})
}

// addNumber is x + v with v a number, recorded as ATen's add of a Scalar,
// AddBackward1, whose one input is x (ATen's losses add their margin and
// eps so; Python's x + v records AddBackward0).
func (c *chain) addNumber(x *tensor.Tensor, v float64) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Composite("AddBackward1", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Add(in[0], tensor.MustScalar(v))
		})
	})
}

// mask is the unrecorded comparison cmp(x, v).
func (c *chain) mask(cmp func(a, b *tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor, v float64) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return cmp(x, tensor.MustScalar(v)) })
}

// sum sums x over dims (all when nil).
func (c *chain) sum(x *tensor.Tensor, dims []int, keepdim bool) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(x, dims, keepdim) })
}

// norm is the p-norm of x over dims.
func (c *chain) norm(x *tensor.Tensor, p float64, dims []int, keepdim bool) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Norm(x, p, dims, keepdim) })
}

// sizesText is a shape as ATen's IntArrayRef prints it: [2, 3].
func sizesText(shape []int) string {
	return strings.TrimSuffix(strings.TrimPrefix(shapeText(shape), "torch.Size("), ")")
}

// shapeText is a shape as torch.Size prints it: torch.Size([2, 3]).
func shapeText(shape []int) string {
	parts := make([]string, len(shape))
	for i, s := range shape {
		parts[i] = fmt.Sprint(s)
	}
	return "torch.Size([" + strings.Join(parts, ", ") + "])"
}

// CosineSimilarity is F.cosine_similarity: Σ x1·x2 / (max(‖x1‖, eps) ·
// max(‖x2‖, eps)) along dim, the inputs broadcast together (ATen 1.13
// divides each input by its clamped norm first).
func CosineSimilarity(x1, x2 *tensor.Tensor, dim int, eps float64) (*tensor.Tensor, error) {
	shape, err := tensor.BroadcastShapes(x1.Shape(), x2.Shape())
	if err != nil {
		return nil, err
	}
	c := &chain{}
	a, b := c.expand(x1, shape...), c.expand(x2, shape...)
	if c.err != nil {
		return nil, c.err
	}
	d := dim
	n1 := c.clampMinKeepGrad(c.norm(a, 2, []int{d}, true), eps)
	n2 := c.clampMinKeepGrad(c.norm(b, 2, []int{d}, true), eps)
	return c.sum(c.mul(c.div(a, n1), c.div(b, n2)), []int{d}, false), c.err
}

// PairwiseDistance is F.pairwise_distance: ‖x1 - x2 + eps‖_p over the last
// dimension.
func PairwiseDistance(x1, x2 *tensor.Tensor, p, eps float64, keepdim bool) (*tensor.Tensor, error) {
	c := &chain{}
	diff := c.addNumber(c.sub(x1, x2), eps)
	if c.err != nil {
		return nil, c.err
	}
	last := max(x1.Dim(), x2.Dim()) - 1
	if last < 0 {
		last = 0
	}
	if diff.Dim() == 0 {
		return c.norm(diff, p, nil, keepdim), c.err
	}
	return c.norm(diff, p, []int{last}, keepdim), c.err
}

// Normalize is F.normalize: x / max(‖x‖_p, eps) along dim.
func Normalize(x *tensor.Tensor, p float64, dim int, eps float64) (*tensor.Tensor, error) {
	c := &chain{}
	var dims []int
	if x.Dim() > 0 {
		dims = []int{dim}
	}
	denom := c.clampMin(c.norm(x, p, dims, true), eps)
	return c.div(x, denom), c.err
}

// Pdist is F.pdist: the p-norm distances between the rows of a [N, M]
// input, pairs (i, j) with i < j in row-major order.
func Pdist(x *tensor.Tensor, p float64) (*tensor.Tensor, error) {
	if x.Dim() != 2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pdist only supports 2D tensors, got: %dD", x.Dim())
	}
	if p < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pdist only supports non-negative p values")
	}
	n := x.Shape()[0]
	var is, js []int64
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			is, js = append(is, int64(i)), append(js, int64(j))
		}
	}
	c := &chain{}
	if len(is) == 0 {
		return c.zeros(x.DType(), 0), c.err
	}
	return autograd.Composite("PdistBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		rows := func(idx []int64) *tensor.Tensor {
			t := c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(idx, len(idx)) })
			return c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(in[0], 0, t) })
		}
		return c.norm(c.sub(rows(is), rows(js)), p, []int{1}, false), c.err
	})
}

// sameDims checks that the named inputs of a loss have one number of
// dimensions, with PyTorch's message.
func sameDims(name string, names []string, ts ...*tensor.Tensor) error {
	for _, t := range ts[1:] {
		if t.Dim() != ts[0].Dim() {
			sizes := make([]string, len(ts))
			for i, u := range ts {
				sizes[i] = names[i] + ": " + shapeText(u.Shape())
			}
			return tensor.Errorf(tensor.RuntimeError, "%s : All input tensors should have same dimension but got sizes: %s ", name, strings.Join(sizes, ", "))
		}
	}
	return nil
}

// MarginRankingLoss is F.margin_ranking_loss: max(0, -y·(x1 - x2) + margin).
func MarginRankingLoss(x1, x2, y *tensor.Tensor, margin float64, reduction string) (*tensor.Tensor, error) {
	if err := sameDims("margin_ranking_loss", []string{"input1", "input2", "target"}, x1, x2, y); err != nil {
		return nil, err
	}
	c := &chain{}
	z := c.addNumber(c.mul(c.unary(autograd.Neg, y), c.sub(x1, x2)), margin)
	return c.reduce(c.clampMin(z, 0), reduction), c.err
}

// HingeEmbeddingLoss is F.hinge_embedding_loss: x where y = 1,
// max(0, margin - x) where y = -1 (ATen sums both terms, so a target that
// is neither counts both).
func HingeEmbeddingLoss(x, y *tensor.Tensor, margin float64, reduction string) (*tensor.Tensor, error) {
	c := &chain{}
	zeros := c.zeros(x.DType(), x.Shape()...)
	marginClamp := c.clampMin(c.sub(c.scalar(margin, x.DType()), x), 0)
	outMargin := c.where(c.mask(tensor.Ne, y, 1), marginClamp, zeros)
	outSelf := c.where(c.mask(tensor.Ne, y, -1), x, zeros)
	return c.reduce(c.add(outMargin, outSelf), reduction), c.err
}

// SoftMarginLoss is F.soft_margin_loss: log(1 + exp(-y·x)).
func SoftMarginLoss(x, y *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	return autograd.Composite("SoftMarginLossBackward0", []*tensor.Tensor{x, y}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		c := &chain{}
		z := c.unary(autograd.Exp, c.unary(autograd.Neg, c.mul(in[0], in[1])))
		return c.reduce(c.unary(autograd.Log1p, z), reduction), c.err
	})
}

// MultiLabelSoftMarginLoss is F.multilabel_soft_margin_loss: the mean over
// the classes (the last dimension) of -(y·logσ(x) + (1-y)·logσ(-x)),
// rescaled by weight.
func MultiLabelSoftMarginLoss(x, y, weight *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if _, err := tensor.LossReduction(reduction); err != nil {
		return nil, err
	}
	c := &chain{}
	pos := c.mul(y, c.unary(LogSigmoid, x))
	neg := c.mul(c.sub(c.scalar(1, y.DType()), y), c.unary(LogSigmoid, c.unary(autograd.Neg, x)))
	loss := c.unary(autograd.Neg, c.add(pos, neg))
	if weight != nil {
		loss = c.mul(loss, weight)
	}
	if c.err != nil {
		return nil, c.err
	}
	classDim := max(x.Dim()-1, 0)
	classes := 1
	if x.Dim() > 0 {
		classes = x.Shape()[classDim]
	}
	var dims []int
	if loss.Dim() > 0 {
		dims = []int{classDim}
	}
	loss = c.div(c.sum(loss, dims, false), c.scalar(float64(classes), loss.DType()))
	return c.reduce(loss, reduction), c.err
}

// classTargets reads the int64 class indices of a [N] or [] target of an
// input of n rows and classes columns.
func classTargets(name string, target *tensor.Tensor, rows, classes int) ([]int64, error) {
	if target.DType() != tensor.Int64 {
		return nil, tensor.Errorf(tensor.RuntimeError, "expected scalar type Long but found %s", target.DType().ScalarTypeName())
	}
	vals, err := target.Float64s()
	if err != nil {
		return nil, err
	}
	if len(vals) != rows {
		return nil, tensor.Errorf(tensor.RuntimeError, "inconsistent target size: %s for input of size: %s", shapeText(target.Shape()), shapeText([]int{rows, classes}))
	}
	out := make([]int64, len(vals))
	for i, v := range vals {
		out[i] = int64(v)
	}
	return out, nil
}

// asRows is x as a [N, C] matrix: a [C] vector is one row.
func asRows(name string, x *tensor.Tensor) (rows, classes int, err error) {
	switch x.Dim() {
	case 0:
		return 1, 1, nil
	case 1:
		return 1, x.Shape()[0], nil
	case 2:
		return x.Shape()[0], x.Shape()[1], nil
	}
	return 0, 0, tensor.Errorf(tensor.RuntimeError, "Expected non-empty vector or matrix with optional 0-dim batch size, but got: %s", shapeText(x.Shape()))
}

// MultiMarginLoss is F.multi_margin_loss: for each sample with class y,
// Σ_{j≠y} w_y·max(0, margin - x_y + x_j)^p / C, p 1 or 2.
func MultiMarginLoss(x, target *tensor.Tensor, p int, margin float64, weight *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if p != 1 && p != 2 {
		return nil, tensor.Errorf(tensor.ValueError, "only p == 1 and p == 2 supported")
	}
	if _, err := tensor.LossReduction(reduction); err != nil {
		return nil, err
	}
	rows, classes, err := asRows("multi_margin_loss", x)
	if err != nil {
		return nil, err
	}
	ys, err := classTargets("multi_margin_loss", target, rows, classes)
	if err != nil {
		return nil, err
	}
	for _, y := range ys {
		if y < 0 || y >= int64(classes) {
			return nil, tensor.Errorf(tensor.IndexError, "target out of range")
		}
	}
	if weight != nil && weight.Numel() != classes {
		return nil, tensor.Errorf(tensor.RuntimeError, "inconsistent weight size, expected %d but got %s", classes, shapeText(weight.Shape()))
	}
	return autograd.Composite("MultiMarginLossBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		c := &chain{}
		m := c.reshape(in[0], rows, classes)
		idx := c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(ys, rows, 1) })
		xy := c.do(func() (*tensor.Tensor, error) { return autograd.Gather(m, 1, idx) })
		z := c.relu(c.add(c.sub(c.scalar(margin, m.DType()), xy), m))
		if p == 2 {
			z = c.mul(z, z)
		}
		others := make([]bool, rows*classes)
		for i := range others {
			others[i] = int64(i%classes) != ys[i/classes]
		}
		keep := c.do(func() (*tensor.Tensor, error) { return tensor.FromBools(others, rows, classes) })
		z = c.where(keep, z, c.scalar(0, m.DType()))
		if weight != nil {
			wy := c.reshape(c.do(func() (*tensor.Tensor, error) {
				flat, err := tensor.FromSlice(ys, rows)
				if err != nil {
					return nil, err
				}
				return autograd.IndexSelect(weight, 0, flat)
			}), rows, 1)
			z = c.mul(z, wy)
		}
		loss := c.div(c.sum(z, []int{1}, false), c.scalar(float64(classes), m.DType()))
		if x.Dim() < 2 && c.err == nil && reduction == "none" {
			loss = c.reshape(loss, target.Shape()...)
		}
		return c.reduce(loss, reduction), c.err
	})
}

// MultiLabelMarginLoss is F.multilabel_margin_loss: for each sample, its
// target classes are the indices of target up to the first -1, and the
// loss Σ_{j target} Σ_{k not target} max(0, 1 - (x_j - x_k)) / C.
func MultiLabelMarginLoss(x, target *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if _, err := tensor.LossReduction(reduction); err != nil {
		return nil, err
	}
	rows, classes, err := asRows("multilabel_margin_loss", x)
	if err != nil {
		return nil, err
	}
	if target.DType() != tensor.Int64 {
		return nil, tensor.Errorf(tensor.RuntimeError, "expected scalar type Long but found %s", target.DType().ScalarTypeName())
	}
	if target.Numel() != rows*classes || target.Dim() != x.Dim() {
		return nil, tensor.Errorf(tensor.RuntimeError, "inconsistent target size: %s for input of size: %s", shapeText(target.Shape()), shapeText(x.Shape()))
	}
	vals, err := target.Float64s()
	if err != nil {
		return nil, err
	}
	count := make([]float64, rows*classes)
	isTarget := make([]bool, rows*classes)
	for i := 0; i < rows; i++ {
		for j := 0; j < classes; j++ {
			v := int64(vals[i*classes+j])
			if v < 0 {
				break
			}
			if v >= int64(classes) {
				return nil, tensor.Errorf(tensor.RuntimeError, "multilabel_margin_loss: target index %d out of range for %d classes", v, classes)
			}
			count[i*classes+int(v)]++
			isTarget[i*classes+int(v)] = true
		}
	}
	pairs := make([]float64, rows*classes*classes)
	for i := 0; i < rows; i++ {
		for j := 0; j < classes; j++ {
			for k := 0; k < classes; k++ {
				if !isTarget[i*classes+k] {
					pairs[(i*classes+j)*classes+k] = count[i*classes+j]
				}
			}
		}
	}
	return autograd.Composite("MultilabelMarginLossBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		c := &chain{}
		m := c.reshape(in[0], rows, classes)
		// z[i, j, k] = 1 - (x_j - x_k)
		z := c.relu(c.add(c.sub(c.scalar(1, m.DType()), c.unsqueeze(m, 2)), c.unsqueeze(m, 1)))
		w := c.do(func() (*tensor.Tensor, error) {
			t, err := tensor.FromSlice(pairs, rows, classes, classes)
			if err != nil {
				return nil, err
			}
			return t.To(m.DType())
		})
		loss := c.div(c.sum(c.mul(z, w), []int{1, 2}, false), c.scalar(float64(classes), m.DType()))
		if x.Dim() < 2 && c.err == nil {
			loss = c.reshape(loss)
		}
		return c.reduce(loss, reduction), c.err
	})
}

// CosineEmbeddingLoss is F.cosine_embedding_loss: 1 - cos(x1, x2) where
// y = 1, max(0, cos(x1, x2) - margin) where y = -1 (ATen's cosine with
// 1e-12 added to each squared magnitude).
func CosineEmbeddingLoss(x1, x2, y *tensor.Tensor, margin float64, reduction string) (*tensor.Tensor, error) {
	switch y.Dim() {
	case 0:
		if x1.Dim() != 1 || x2.Dim() != 1 {
			return nil, tensor.Errorf(tensor.RuntimeError, "0D target tensor expects 1D input tensors, but found inputs with sizes %s and %s.", sizesText(x1.Shape()), sizesText(x2.Shape()))
		}
	case 1:
		if x1.Dim() != 2 || x2.Dim() != 2 {
			return nil, tensor.Errorf(tensor.RuntimeError, "1D target tensor expects 2D input tensors, but found inputs with sizes %s and %s.", sizesText(x1.Shape()), sizesText(x2.Shape()))
		}
	default:
		return nil, tensor.Errorf(tensor.RuntimeError, "0D or 1D target tensor expected, multi-target not supported")
	}
	const epsilon = 1e-12
	dims := []int{y.Dim()}
	c := &chain{}
	dt := x1.DType()
	prod := c.sum(c.mul(x1, x2), dims, false)
	mag1 := c.add(c.sum(c.mul(x1, x1), dims, false), c.scalar(epsilon, dt))
	mag2 := c.add(c.sum(c.mul(x2, x2), dims, false), c.scalar(epsilon, dt))
	cos := c.div(prod, c.unary(autograd.Sqrt, c.mul(mag1, mag2)))
	if c.err != nil {
		return nil, c.err
	}
	zeros := c.zeros(cos.DType(), cos.Shape()...)
	pos := c.sub(c.scalar(1, dt), cos)
	neg := c.clampMin(c.sub(cos, c.scalar(margin, dt)), 0)
	outPos := c.where(c.mask(tensor.Eq, y, 1), pos, zeros)
	outNeg := c.where(c.mask(tensor.Eq, y, -1), neg, zeros)
	return c.reduce(c.add(outPos, outNeg), reduction), c.err
}

// TripletMarginLoss is F.triplet_margin_loss: max(0, margin + d(a, p) -
// d(a, n)) with d the pairwise p-distance; swap takes min(d(a, n), d(p, n)).
func TripletMarginLoss(anchor, positive, negative *tensor.Tensor, margin, p, eps float64, swap bool, reduction string) (*tensor.Tensor, error) {
	if anchor.Dim() != positive.Dim() || anchor.Dim() != negative.Dim() {
		return nil, tensor.Errorf(tensor.RuntimeError, "All inputs should have same dimension but got %dD, %dD and %dD inputs.", anchor.Dim(), positive.Dim(), negative.Dim())
	}
	dist := func(a, b *tensor.Tensor) (*tensor.Tensor, error) { return PairwiseDistance(a, b, p, eps, false) }
	if _, err := tensor.LossReduction(reduction); err != nil {
		return nil, err
	}
	c := &chain{}
	dPos, dNeg := c.tripletDistances(anchor, positive, negative, dist, swap)
	if c.err != nil {
		return nil, c.err
	}
	// ATen: clamp_min(margin + dist_pos - dist_neg, 0)
	z := c.sub(c.addNumber(dPos, margin), dNeg)
	return c.reduce(c.clampMin(z, 0), reduction), c.err
}

// TripletMarginWithDistance is F.triplet_margin_with_distance_loss with
// the distance function dist: max(0, dist(a, p) - dist(a, n) + margin),
// swap taking min(dist(a, n), dist(p, n)), recorded as PyTorch's Python
// writes it (torch.clamp(dist_pos - dist_neg + margin, min=0.0)).
func TripletMarginWithDistance(anchor, positive, negative *tensor.Tensor, dist func(a, b *tensor.Tensor) (*tensor.Tensor, error), margin float64, swap bool, reduction string) (*tensor.Tensor, error) {
	if _, err := tensor.LossReduction(reduction); err != nil {
		return nil, err
	}
	c := &chain{}
	dPos, dNeg := c.tripletDistances(anchor, positive, negative, dist, swap)
	if c.err != nil {
		return nil, c.err
	}
	z := c.add(c.sub(dPos, dNeg), c.scalar(margin, dPos.DType()))
	clamped := c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(z, tensor.MustScalar(0.0), nil) })
	return c.reduce(clamped, reduction), c.err
}

// tripletDistances are the distances of the triplet losses: dist(a, p)
// and dist(a, n), the latter min(dist(a, n), dist(p, n)) with swap.
func (c *chain) tripletDistances(anchor, positive, negative *tensor.Tensor, dist func(a, b *tensor.Tensor) (*tensor.Tensor, error), swap bool) (dPos, dNeg *tensor.Tensor) {
	dPos = c.binary(dist, anchor, positive)
	dNeg = c.binary(dist, anchor, negative)
	if swap {
		dNeg = c.binary(autograd.Minimum, dNeg, c.binary(dist, positive, negative))
	}
	return dPos, dNeg
}

// PoissonNLLLoss is F.poisson_nll_loss: exp(x) - y·x with log_input, else
// x - y·log(x + eps); full adds Stirling's approximation
// y·log y - y + ½·log(2πy) where y > 1.
func PoissonNLLLoss(x, y *tensor.Tensor, logInput, full bool, eps float64, reduction string) (*tensor.Tensor, error) {
	if _, err := tensor.LossReduction(reduction); err != nil {
		return nil, err
	}
	c := &chain{}
	var loss *tensor.Tensor
	if logInput {
		loss = c.sub(c.unary(autograd.Exp, x), c.mul(y, x))
	} else {
		loss = c.sub(x, c.mul(y, c.unary(autograd.Log, c.add(x, c.scalar(eps, x.DType())))))
	}
	if full {
		dt := y.DType()
		stirling := c.add(c.sub(c.mul(y, c.unary(autograd.Log, y)), y),
			c.mul(c.scalar(0.5, dt), c.unary(autograd.Log, c.mul(c.scalar(2*math.Pi, dt), y))))
		small := c.mask(tensor.Le, y, 1)
		stirling = c.do(func() (*tensor.Tensor, error) { return autograd.MaskedFill(stirling, small, tensor.MustScalar(0.0)) })
		loss = c.add(loss, stirling)
	}
	return c.reduce(loss, reduction), c.err
}

// GaussianNLLLoss is F.gaussian_nll_loss: ½·(log var + (x - y)²/var), var
// clamped to at least eps without changing its gradient; full adds
// ½·log 2π. var may lack input's last dimension or have it of size 1.
func GaussianNLLLoss(x, y, variance *tensor.Tensor, full bool, eps float64, reduction string) (*tensor.Tensor, error) {
	xs, vs := x.Shape(), variance.Shape()
	c := &chain{}
	if !sameShape(xs, vs) {
		switch {
		case len(xs) > 0 && sameShape(xs[:len(xs)-1], vs):
			variance = c.unsqueeze(variance, -1)
		case len(xs) > 0 && len(vs) > 0 && sameShape(xs[:len(xs)-1], vs[:len(vs)-1]) && vs[len(vs)-1] == 1:
		default:
			return nil, tensor.Errorf(tensor.ValueError, "var is of incorrect size")
		}
	}
	if reduction != "none" && reduction != "mean" && reduction != "sum" {
		return nil, tensor.Errorf(tensor.ValueError, "%s is not valid", reduction)
	}
	negative := c.mask(tensor.Lt, variance, 0)
	if c.err != nil {
		return nil, c.err
	}
	if anyNegative, err := tensor.Any(negative, nil, false); err != nil {
		return nil, err
	} else if b, _ := anyNegative.Item(); b == true {
		return nil, tensor.Errorf(tensor.ValueError, "var has negative entry/entries")
	}
	v := c.clampMinKeepGrad(variance, eps)
	d := c.sub(x, y)
	dt := x.DType()
	loss := c.mul(c.scalar(0.5, dt), c.add(c.unary(autograd.Log, v), c.div(c.mul(d, d), v)))
	if full {
		loss = c.add(loss, c.scalar(0.5*math.Log(2*math.Pi), dt))
	}
	return c.reduce(loss, reduction), c.err
}

// Multi is a module without parameters whose forward takes several
// tensors, with settings fixed at construction: CosineSimilarity(x1, x2),
// PairwiseDistance(x1, x2) and the losses of this file
// (MarginRankingLoss(input1, input2, target), ...). A weight, where the
// loss has one, is the buffer "weight", as PyTorch registers it.
type Multi struct {
	base   Base
	name   string
	hypers []Hyper
	fn     func(b *Base, in []*tensor.Tensor) (*tensor.Tensor, error)
}

// NewMulti makes the module name with the hyper-parameters given (its
// attributes), applying fn to its buffers and inputs.
func NewMulti(name string, hypers []Hyper, weight *tensor.Tensor, hasWeight bool, fn func(b *Base, in []*tensor.Tensor) (*tensor.Tensor, error)) *Multi {
	m := &Multi{base: NewBase(), name: name, hypers: hypers, fn: fn}
	if hasWeight {
		m.base.SetBuffer("weight", weight)
	}
	return m
}

func (m *Multi) Base() *Base       { return &m.base }
func (m *Multi) TypeName() string  { return m.name }
func (m *Multi) ExtraRepr() string { return "" }
func (m *Multi) Hypers() []Hyper   { return m.hypers }

// Apply runs the module on its inputs.
func (m *Multi) Apply(in ...*tensor.Tensor) (*tensor.Tensor, error) { return m.fn(&m.base, in) }

// Forward refuses: the module takes several tensors.
func (m *Multi) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "%s.forward() takes more than one tensor", m.name)
}
