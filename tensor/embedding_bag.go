package tensor

import (
	"math"
	"slices"
)

// EmbeddingBag modes, as ATen numbers them.
const (
	BagSum = iota
	BagMean
	BagMax
)

// Bags are the validated bags of torch.embedding_bag: which rows of the
// weight each bag takes, with the per-sample weights, and (mode max)
// which entry gave each output element.
type Bags struct {
	Mode   int
	Rows   int   // the weight's rows
	Dim    int   // the weight's columns
	Idx    []int // the index of each entry
	Bag    []int // the bag of each entry; -1 for one outside every bag or equal to padding_idx
	Counts []int // per bag, the entries that count (padding excluded)
	// ArgMax, for mode max, is per bag and column the entry whose value
	// the output took (-1 for an empty bag).
	ArgMax []int
	// Freq is what scale_grad_by_freq divides each row's gradient by.
	Freq map[int]int
}

// NewBags checks indices (1-D, integer), offsets (1-D, integer, starting
// at 0, non-decreasing, at most len(indices)) and the rows of weight
// ([num, dim]), and assigns each index its bag as ATen does: bag b holds
// the entries from offsets[b] to the next offset (or the end; with
// includeLastOffset the last offset is that end and starts no bag).
// Entries equal to paddingIdx (when it is not negative) belong to no bag.
func NewBags(weight, indices, offsets *Tensor, mode int, includeLastOffset bool, paddingIdx int) (*Bags, error) {
	for _, t := range []*Tensor{indices, offsets} {
		if t.dtype != Int64 && t.dtype != Int32 {
			return nil, Errorf(RuntimeError, "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.%sTensor instead (while checking arguments for embedding_bag)", t.dtype.ScalarTypeName())
		}
	}
	switch weight.Dim() {
	case 0:
		return nil, Errorf(IndexError, "Dimension specified as 1 but tensor has no dimensions")
	case 1:
		return nil, Errorf(IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got 1)")
	case 2:
	default:
		return nil, Errorf(ValueError, "weight has to be a 2D Tensor, but got Tensor of dimension %d", weight.Dim())
	}
	if d := weight.dtype; d != Float16 && d != Float32 && d != Float64 {
		return nil, Errorf(RuntimeError, "Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, Double; but got torch.%sTensor instead (while checking arguments for embedding_bag)", d.ScalarTypeName())
	}
	idx64, err := indices.Contiguous()
	if err != nil {
		return nil, err
	}
	idxF, err := idx64.Float64s()
	if err != nil {
		return nil, err
	}
	offC, err := offsets.Contiguous()
	if err != nil {
		return nil, err
	}
	offF, err := offC.Float64s()
	if err != nil {
		return nil, err
	}
	b := &Bags{Mode: mode, Rows: weight.shape[0], Dim: weight.shape[1], Idx: make([]int, len(idxF)), Bag: make([]int, len(idxF))}
	n := len(idxF)
	if len(offF) > 0 && offF[0] != 0 {
		return nil, Errorf(RuntimeError, "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0. However, got %d\n[ torch.%sTensor{} ]", int64(offF[0]), offsets.dtype.ScalarTypeName())
	}
	if len(offF) > 0 && int(offF[len(offF)-1]) > n {
		return nil, Errorf(RuntimeError, "offsets[-1] can not be greater than input's length %d but got offsets[-1] of %d", n, int64(offF[len(offF)-1]))
	}
	nb := len(offF)
	if includeLastOffset && nb > 0 {
		nb--
	}
	b.Counts = make([]int, nb)
	for i := range b.Bag {
		b.Bag[i], b.Idx[i] = -1, int(idxF[i])
	}
	for bag := 0; bag < nb; bag++ {
		lo, hi := int(offF[bag]), n
		if bag+1 < len(offF) {
			hi = int(offF[bag+1])
		}
		if hi > n {
			// A middle offset past the input's end: ATen's bag-index
			// fill writes out of range and index_select refuses it.
			return nil, Errorf(IndexError, "index out of range in self")
		}
		if hi < lo {
			return nil, Errorf(RuntimeError, "offsets have to be non-decreasing, but offsets[%d] = %d is greater than offsets[%d] = %d", bag, lo, bag+1, hi).
				WithHint("offsets[b] is where bag b starts in the input")
		}
		if includeLastOffset && bag == nb-1 && mode != BagSum {
			// ATen's make_bag_size counts the last bag to the end of the
			// input even when the last offset ends it: PyTorch 1.13's mean
			// divides by that count.
			b.Counts[bag] = n - hi
		}
		for i := lo; i < hi; i++ {
			row := int(idxF[i])
			if row < 0 || row >= b.Rows {
				if weight.dtype == Float32 && mode != BagMax { // the message of fbgemm's kernel, which PyTorch's CPU build uses there
					return nil, Errorf(RuntimeError, "[enforce fail at embedding_lookup_idx.cc:214] 0 <= idx && idx < data_size. Index %d is out of bounds: %d, range 0 to %d", i, row, b.Rows)
				}
				return nil, Errorf(RuntimeError, "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be %d", row)
			}
			if paddingIdx >= 0 && row == paddingIdx {
				continue
			}
			b.Bag[i] = bag
			b.Counts[bag]++
		}
	}
	b.Freq = gradFreq(b.Idx)
	return b, nil
}

// gradFreq is the divisor of each row's gradient under
// scale_grad_by_freq as PyTorch 1.13's CPU backward takes it: with the
// indices sorted and counted, the k-th distinct row is divided by the
// count of the row at sorted position k (not by its own count).
func gradFreq(idx []int) map[int]int {
	sorted := slices.Clone(idx)
	slices.Sort(sorted)
	counts := map[int]int{}
	for _, r := range sorted {
		counts[r]++
	}
	freq := map[int]int{}
	k := 0
	for i := 0; i < len(sorted); i += counts[sorted[i]] {
		freq[sorted[i]] = counts[sorted[k]]
		k++
	}
	return freq
}

// Forward is the bags' output, [bags, dim] of weight's dtype: each bag's
// rows summed (each times its per-sample weight when psw is not nil),
// averaged over the entries that count, or their maximum per column; an
// empty bag gives zeros. Sums are taken in float64 and rounded once.
func (b *Bags) Forward(weight, psw *Tensor) (*Tensor, error) {
	w, slot, err := b.rowsUsed(weight)
	if err != nil {
		return nil, err
	}
	var ws []float64
	if psw != nil {
		if ws, err = psw.Float64s(); err != nil {
			return nil, err
		}
	}
	d := b.Dim
	out := make([]float64, len(b.Counts)*d)
	if b.Mode == BagMax {
		b.ArgMax = make([]int, len(out))
		for i := range b.ArgMax {
			b.ArgMax[i] = -1
		}
	}
	for i, bag := range b.Bag {
		if bag < 0 {
			continue
		}
		row := w[slot[i]*d : slot[i]*d+d]
		dst := out[bag*d : bag*d+d]
		for j, v := range row {
			switch {
			case b.Mode == BagMax:
				if k := bag*d + j; b.ArgMax[k] < 0 || v > dst[j] || math.IsNaN(v) {
					dst[j], b.ArgMax[k] = v, i
				}
			case ws != nil:
				dst[j] += v * ws[i]
			default:
				dst[j] += v
			}
		}
	}
	if b.Mode == BagMean {
		for bag, c := range b.Counts {
			for j := 0; j < d && c > 0; j++ {
				out[bag*d+j] /= float64(c)
			}
		}
	}
	t, err := FromValue(out, weight.dtype)
	if err != nil {
		return nil, err
	}
	return t.Reshape(len(b.Counts), d)
}

// rowsUsed reads, as float64, the rows of weight that the entries in a
// bag take, and no others (a table of many rows is not converted whole
// for a few bags): entry i's row starts at slot[i]*Dim of rows.
func (b *Bags) rowsUsed(weight *Tensor) (rows []float64, slot []int, err error) {
	slot = make([]int, len(b.Idx))
	at := make(map[int]int)
	var picked []int64
	for i, bag := range b.Bag {
		if bag < 0 {
			continue
		}
		s, ok := at[b.Idx[i]]
		if !ok {
			s = len(picked)
			at[b.Idx[i]] = s
			picked = append(picked, int64(b.Idx[i]))
		}
		slot[i] = s
	}
	index, err := FromSlice(picked, len(picked))
	if err != nil {
		return nil, nil, err
	}
	sel, err := IndexSelect(weight, 0, index)
	if err != nil {
		return nil, nil, err
	}
	rows, err = sel.Float64s()
	return rows, slot, err
}

// WeightGrad is the gradient of the weight ([rows, dim], dtype d) for the
// output's gradient g: each entry's bag gradient added into its row,
// times its per-sample weight (sum), over its bag's count (mean), or into
// the column where it was the maximum (max); with byFreq each row's over
// how often it occurs.
func (b *Bags) WeightGrad(g, psw *Tensor, d DType, byFreq bool) (*Tensor, error) {
	gs, err := g.Float64s()
	if err != nil {
		return nil, err
	}
	var ws []float64
	if psw != nil {
		if ws, err = psw.Float64s(); err != nil {
			return nil, err
		}
	}
	dim := b.Dim
	out := make([]float64, b.Rows*dim)
	if b.Mode == BagMax {
		for k, i := range b.ArgMax {
			if i >= 0 {
				out[b.Idx[i]*dim+k%dim] += gs[k]
			}
		}
	} else {
		for i, bag := range b.Bag {
			if bag < 0 {
				continue
			}
			scale := 1.0
			switch {
			case ws != nil:
				scale = ws[i]
			case b.Mode == BagMean:
				scale = 1 / float64(b.Counts[bag])
			}
			if byFreq {
				scale /= float64(b.Freq[b.Idx[i]])
			}
			for j := 0; j < dim; j++ {
				out[b.Idx[i]*dim+j] += gs[bag*dim+j] * scale
			}
		}
	}
	t, err := FromValue(out, d)
	if err != nil {
		return nil, err
	}
	return t.Reshape(b.Rows, dim)
}

// SampleWeightGrad is the gradient of the per-sample weights (mode sum)
// for the output's gradient g: each entry's row dotted with its bag's
// gradient, zero for an entry in no bag.
func (b *Bags) SampleWeightGrad(g, weight *Tensor, d DType) (*Tensor, error) {
	gs, err := g.Float64s()
	if err != nil {
		return nil, err
	}
	w, slot, err := b.rowsUsed(weight)
	if err != nil {
		return nil, err
	}
	dim := b.Dim
	out := make([]float64, len(b.Bag))
	for i, bag := range b.Bag {
		if bag < 0 {
			continue
		}
		for j := 0; j < dim; j++ {
			out[i] += w[slot[i]*dim+j] * gs[bag*dim+j]
		}
	}
	return FromValue(out, d)
}

// EmbeddingRenorm rescales in place each row of weight that indices pick
// whose p-norm exceeds maxNorm to norm maxNorm (by maxNorm / (norm +
// 1e-7)), as torch.embedding_renorm_ does for embedding's max_norm.
func EmbeddingRenorm(weight, indices *Tensor, maxNorm, p float64) error {
	idx, err := indices.Float64s()
	if err != nil {
		return err
	}
	done := map[int]bool{}
	for _, f := range idx {
		i := int(f)
		if done[i] || i < 0 || i >= weight.shape[0] {
			continue
		}
		done[i] = true
		row, err := weight.Select(0, i)
		if err != nil {
			return err
		}
		vals, err := row.Float64s()
		if err != nil {
			return err
		}
		norm := 0.0
		switch {
		case math.IsInf(p, 1):
			for _, v := range vals {
				norm = math.Max(norm, math.Abs(v))
			}
		default:
			for _, v := range vals {
				norm += math.Pow(math.Abs(v), p)
			}
			norm = math.Pow(norm, 1/p)
		}
		if norm > maxNorm {
			k, err := Full(maxNorm/(norm+1e-7), weight.dtype)
			if err != nil {
				return err
			}
			scaled, err := Mul(row, k)
			if err != nil {
				return err
			}
			if err := row.CopyFrom(scaled); err != nil {
				return err
			}
		}
	}
	return nil
}
