package nn

import (
	"slices"
	"sort"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Packed sequences (torch.nn.utils.rnn.PackedSequence): a batch of
// sequences of different lengths stored time step by time step, the
// longest first, so that a recurrent layer runs each only over its own
// steps.

// Packed is a PackedSequence: Data holds the rows of time step 0 of every
// sequence, then those of step 1 of the sequences that long, ...;
// BatchSizes the number of sequences at each step. SortedIndices (the
// batch order by decreasing length) and UnsortedIndices (its inverse) are
// nil when the batch came sorted.
type Packed struct {
	Data, BatchSizes, SortedIndices, UnsortedIndices *tensor.Tensor
}

// PackPadded is pack_padded_sequence: x [T, B, *] ([B, T, *] with
// batchFirst) holding sequences of the given lengths.
func PackPadded(x *tensor.Tensor, lengths []int, batchFirst, enforceSorted bool) (*Packed, error) {
	if x.Dim() < 2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pack_padded_sequence expects an input of at least 2 dimensions, got %d", x.Dim())
	}
	batchDim := 1
	if batchFirst {
		batchDim = 0
	}
	if b := x.Shape()[batchDim]; len(lengths) != b {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected `len(lengths)` to be equal to batch_size, but got %d (batch_size=%d)", len(lengths), b)
	}
	p := &Packed{}
	c := &chain{}
	if enforceSorted {
		for i := 1; i < len(lengths); i++ {
			if lengths[i] > lengths[i-1] {
				return nil, tensor.Errorf(tensor.RuntimeError, "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement if you do not need ONNX exportability.")
			}
		}
	} else {
		order := make([]int, len(lengths))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(i, j int) bool { return lengths[order[i]] > lengths[order[j]] })
		inverse := make([]int64, len(order))
		sorted := make([]int64, len(order))
		sortedLengths := make([]int, len(order))
		for rank, i := range order {
			sorted[rank], inverse[i], sortedLengths[rank] = int64(i), int64(rank), lengths[i]
		}
		p.SortedIndices = c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(sorted, len(sorted)) })
		p.UnsortedIndices = c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(inverse, len(inverse)) })
		x = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(x, batchDim, p.SortedIndices) })
		lengths = sortedLengths
	}
	if batchFirst {
		x = c.transpose(x, 0, 1)
	}
	if c.err != nil {
		return nil, c.err
	}
	if len(lengths) > 0 && lengths[len(lengths)-1] <= 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0")
	}
	steps := 0
	if len(lengths) > 0 {
		steps = lengths[0]
	}
	if steps > x.Shape()[0] {
		return nil, tensor.Errorf(tensor.RuntimeError, "start (%d) + length (1) exceeds dimension size (%d).", x.Shape()[0], x.Shape()[0])
	}
	data, sizes, err := packRows(x, lengths)
	if err != nil {
		return nil, err
	}
	p.Data = data
	p.BatchSizes, err = tensor.FromSlice(sizes, len(sizes))
	return p, err
}

// packRows packs the time-major x [T, B, *] of sequences sorted by
// decreasing lengths: the data rows and the batch size of each step.
func packRows(x *tensor.Tensor, lengths []int) (*tensor.Tensor, []int64, error) {
	c := &chain{}
	var rows []*tensor.Tensor
	var sizes []int64
	for t := 0; len(lengths) > 0 && t < lengths[0]; t++ {
		n := 0
		for n < len(lengths) && lengths[n] > t {
			n++
		}
		sizes = append(sizes, int64(n))
		step := c.selectAt(x, 0, t)
		rows = append(rows, c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(step, 0, 0, n) }))
	}
	if len(rows) == 0 {
		return nil, nil, tensor.Errorf(tensor.RuntimeError, "cannot pack an empty batch")
	}
	return c.cat(rows, 0), sizes, c.err
}

// lengths returns the length of each sequence, in the packed (sorted)
// order.
func (p *Packed) lengths() ([]int, error) {
	sizes, err := tensor.Values[int64](p.BatchSizes)
	if err != nil {
		return nil, err
	}
	if len(sizes) == 0 {
		return nil, nil
	}
	lengths := make([]int, sizes[0])
	for _, n := range sizes {
		for b := 0; b < int(n) && b < len(lengths); b++ {
			lengths[b]++
		}
	}
	return lengths, nil
}

// padSorted unpacks p into a time-major [T, B, *] batch in the packed
// (sorted) order, padded with value to total steps (at least the longest),
// with the sorted lengths.
func (p *Packed) padSorted(value float64, total int) (*tensor.Tensor, []int, error) {
	sizes, err := tensor.Values[int64](p.BatchSizes)
	if err != nil {
		return nil, nil, err
	}
	lengths, err := p.lengths()
	if err != nil {
		return nil, nil, err
	}
	if len(sizes) == 0 {
		return nil, nil, tensor.Errorf(tensor.RuntimeError, "cannot unpack an empty PackedSequence")
	}
	batch := int(sizes[0])
	c := &chain{}
	rest := p.Data.Shape()[1:]
	fill := func(n int) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			return tensor.Full(value, p.Data.DType(), append([]int{n}, rest...)...)
		})
	}
	steps := make([]*tensor.Tensor, 0, max(total, len(sizes)))
	offset := 0
	for _, n := range sizes {
		rows := c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(p.Data, 0, offset, int(n)) })
		if int(n) < batch {
			rows = c.cat([]*tensor.Tensor{rows, fill(batch - int(n))}, 0)
		}
		steps = append(steps, rows)
		offset += int(n)
	}
	for len(steps) < total {
		steps = append(steps, fill(batch))
	}
	return c.stack(steps, 0), lengths, c.err
}

// PadPacked is pad_packed_sequence: the padded batch [T, B, *] ([B, T, *]
// with batchFirst) in the original order, and the length of each
// sequence. total 0 pads to the longest sequence.
func PadPacked(p *Packed, batchFirst bool, value float64, total int) (*tensor.Tensor, []int, error) {
	steps := p.BatchSizes.Numel()
	if total > 0 && total < steps {
		return nil, nil, tensor.Errorf(tensor.ValueError, "Expected total_length to be at least the length of the longest sequence in input, but got total_length=%d and max sequence length being %d", total, steps)
	}
	padded, lengths, err := p.padSorted(value, total)
	if err != nil {
		return nil, nil, err
	}
	c := &chain{}
	if p.UnsortedIndices != nil {
		padded = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(padded, 1, p.UnsortedIndices) })
		idx, err := tensor.Values[int64](p.UnsortedIndices)
		if err != nil {
			return nil, nil, err
		}
		sorted := slices.Clone(lengths)
		for i, j := range idx {
			lengths[i] = sorted[j]
		}
	}
	if batchFirst {
		padded = c.transpose(padded, 0, 1)
	}
	return padded, lengths, c.err
}

// RunPacked is the forward pass of a recurrent layer on a packed batch:
// each sequence runs over its own steps only, the state h0 (and c0) is in
// the original batch order, and so are the last states returned.
func (r *RNN) RunPacked(p *Packed, h0, c0 *tensor.Tensor) (out *Packed, hn, cn *tensor.Tensor, err error) {
	padded, lengths, err := p.padSorted(0, 0)
	if err != nil {
		return nil, nil, nil, err
	}
	c := &chain{}
	if p.SortedIndices != nil && h0 != nil {
		h0 = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(h0, 1, p.SortedIndices) })
		if c0 != nil {
			c0 = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(c0, 1, p.SortedIndices) })
		}
	}
	if c.err != nil {
		return nil, nil, nil, c.err
	}
	// The packed data is time-major, whatever batch_first says.
	o, hn, cn, err := r.run(padded, h0, c0, lengths, false)
	if err != nil {
		return nil, nil, nil, err
	}
	data, _, err := packRows(o, lengths)
	if err != nil {
		return nil, nil, nil, err
	}
	if p.UnsortedIndices != nil {
		hn = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(hn, 1, p.UnsortedIndices) })
		if cn != nil {
			cn = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(cn, 1, p.UnsortedIndices) })
		}
	}
	return &Packed{Data: data, BatchSizes: p.BatchSizes, SortedIndices: p.SortedIndices, UnsortedIndices: p.UnsortedIndices}, hn, cn, c.err
}
