package tensor

import (
	"cmp"
	"slices"

	"github.com/kael-dev/kael/internal/libm"
)

// Multinomial draws n category indices from each row of probs (1-D, or 2-D
// with one distribution per row; non-negative weights, not necessarily
// summing to one), as torch.multinomial. Like PyTorch, it draws with
// replacement by binary search in the normalized cumulative sums, one
// uniform double per sample; without replacement it takes the n largest of probs divided by exponential draws (the Gumbel
// top-k trick).
func Multinomial(probs *Tensor, n int, replacement bool, g *Generator) (*Tensor, error) {
	if probs.Dim() < 1 || probs.Dim() > 2 {
		return nil, Errorf(RuntimeError, "prob_dist must be 1 or 2 dim")
	}
	if multinomialKernels.convertsIn(probs.dtype) {
		c, err := toComputeIn(probs)
		if err != nil {
			return nil, err
		}
		return Multinomial(c, n, replacement, g)
	}
	kernel, err := multinomialKernels.Select("multinomial", probs.dtype)
	if err != nil {
		return nil, Errorf(RuntimeError, "multinomial only supports floating-point dtypes for input, got: %s", probs.dtype)
	}
	if n <= 0 {
		return nil, Errorf(RuntimeError, "cannot sample n_sample <= 0 samples")
	}
	cats := probs.shape[probs.Dim()-1]
	if !replacement && n > cats {
		return nil, Errorf(RuntimeError, "cannot sample n_sample > prob_dist.size(-1) samples without replacement")
	}
	if cats > 1<<24 {
		return nil, Errorf(RuntimeError, "number of categories cannot exceed 2^24")
	}
	rows := 1
	if probs.Dim() == 2 {
		rows = probs.shape[0]
	}
	src, err := probs.Contiguous()
	if err != nil {
		return nil, err
	}
	shape := []int{n}
	if probs.Dim() == 2 {
		shape = []int{rows, n}
	}
	out, err := emptyOutput(Int64, shape...)
	if err != nil {
		return nil, err
	}
	g = g.lock()
	defer g.unlock()
	if err := kernel(g, src, rows, cats, n, replacement, contiguousSlice[int64](out)); err != nil {
		return nil, err
	}
	return out, nil
}

func multinomialRows[T Float](g *Generator, p []T, rows, cats, n int, replacement bool, res []int64) error {
	if !replacement {
		return multinomialTopK(g, p, rows, cats, n, res)
	}
	cum := make([]T, cats)
	for r := range rows {
		row := p[r*cats : (r+1)*cats]
		var sum T
		for j, v := range row {
			if !(v >= 0) {
				return Errorf(RuntimeError, "invalid multinomial distribution (encountering probability entry < 0)")
			}
			if !isFinite(float64(v)) {
				return Errorf(RuntimeError, "invalid multinomial distribution (encountering probability entry = infinity or NaN)")
			}
			sum += v
			cum[j] = sum
		}
		if !(sum > 0) {
			return Errorf(RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)")
		}
		for j := range cum {
			cum[j] /= sum
		}
		cum[cats-1] = 1
		for j := range n {
			if j%chunkElements == 0 && Interrupted() {
				return errInterrupted()
			}
			u := g.uniform64()
			lo, hi := 0, cats
			for hi > lo {
				mid := lo + (hi-lo)/2
				if float64(cum[mid]) < u {
					lo = mid + 1
				} else {
					hi = mid
				}
			}
			res[r*n+j] = int64(lo)
		}
	}
	return nil
}

// multinomialTopK is PyTorch's path without replacement: the indices of
// the n largest p / q, q exponential with rate 1, largest first.
func multinomialTopK[T Float](g *Generator, p []T, rows, cats, n int, res []int64) error {
	for _, v := range p {
		if !(v >= 0) || !isFinite(float64(v)) {
			return Errorf(RuntimeError, "probability tensor contains either `inf`, `nan` or element < 0")
		}
	}
	for r := range rows {
		var sum T
		for _, v := range p[r*cats : (r+1)*cats] {
			sum += v
		}
		if sum == 0 {
			return Errorf(RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)")
		}
	}
	keys := make([]T, len(p))
	for i, v := range p {
		if i%chunkElements == 0 && Interrupted() {
			return errInterrupted()
		}
		keys[i] = v / T(-libm.Log(1-g.uniform64()))
	}
	idx := make([]int, cats)
	for r := range rows {
		row := keys[r*cats : (r+1)*cats]
		for j := range idx {
			idx[j] = j
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(row[b], row[a]) })
		for j := range n {
			res[r*n+j] = int64(idx[j])
		}
	}
	return nil
}

func isFinite(x float64) bool { return x-x == 0 }

// NormalMeanTensor returns normal values around each element of mean with
// standard deviation std, as torch.normal(mean, std): normal(0, std)
// drawn in mean's dtype, plus mean.
func NormalMeanTensor(mean *Tensor, std float64, g *Generator) (*Tensor, error) {
	if err := checkNormalStd(std); err != nil {
		return nil, err
	}
	z, err := normalTensor(g, "normal", 0, std, mean.dtype, mean.shape)
	if err != nil {
		return nil, err
	}
	return addInDType(z, mean, z.dtype)
}

// NormalStdTensor returns normal values around mean with the standard
// deviations in std, as torch.normal(mean, std): randn in std's dtype,
// times std, plus mean.
func NormalStdTensor(mean float64, std *Tensor, g *Generator) (*Tensor, error) {
	if err := checkNormalStdTensor(std); err != nil {
		return nil, err
	}
	z, err := normalTensor(g, "normal", 0, 1, std.dtype, std.shape)
	if err != nil {
		return nil, err
	}
	if z, err = mulInDType(z, std, z.dtype); err != nil {
		return nil, err
	}
	m, err := Full(mean, z.dtype)
	if err != nil {
		return nil, err
	}
	return addInDType(z, m, z.dtype)
}

// NormalTensors returns normal values with the means in mean and the
// standard deviations in std (broadcast together), as torch.normal(mean,
// std): randn in mean's dtype, times std, plus mean.
func NormalTensors(mean, std *Tensor, g *Generator) (*Tensor, error) {
	if err := checkNormalStdTensor(std); err != nil {
		return nil, err
	}
	shape, err := BroadcastShapes(mean.shape, std.shape)
	if err != nil {
		return nil, err
	}
	z, err := normalTensor(g, "normal", 0, 1, mean.dtype, shape)
	if err != nil {
		return nil, err
	}
	if z, err = mulInDType(z, std, z.dtype); err != nil {
		return nil, err
	}
	return addInDType(z, mean, z.dtype)
}

// checkNormalStdTensor refuses negative standard deviations.
func checkNormalStdTensor(std *Tensor) error {
	wide, err := std.To(Float64)
	if err != nil {
		return err
	}
	vals, err := Values[float64](wide)
	if err != nil {
		return err
	}
	for _, v := range vals {
		if !(v >= 0) {
			return Errorf(RuntimeError, "normal expects all elements of std >= 0.0")
		}
	}
	return nil
}

// mulInDType and addInDType compute an in-place product or sum the way
// PyTorch's mul_ and add_ do into a tensor of dtype d: in the promoted
// dtype, rounded back to d.
func mulInDType(a, b *Tensor, d DType) (*Tensor, error) { return castResult(Mul(a, b))(d) }
func addInDType(a, b *Tensor, d DType) (*Tensor, error) { return castResult(Add(a, b))(d) }

func castResult(t *Tensor, err error) func(DType) (*Tensor, error) {
	return func(d DType) (*Tensor, error) {
		if err != nil {
			return nil, err
		}
		return t.To(d)
	}
}
