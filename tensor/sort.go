package tensor

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
)

// Sorting and selection along a dimension: sort, argsort, topk, kthvalue,
// median, mode. They share one kernel, sortLines, which orders the
// elements of each line along the dimension (NaN above every number, ties
// in their original order) and marks where the values change; the results
// are then picked from that order with Gather, for every dtype alike.

// sortedLines is the order of every line of x along a dimension.
type sortedLines struct {
	op    string  // the operation, named in errors
	x     *Tensor // the input with the dimension moved last, contiguous
	dim   int     // the dimension, normalised
	n     int     // the length of each line
	perm  []int64 // per line, the positions of its elements in sorted order
	first []bool  // per sorted position: its value differs from the one before
	nans  []int   // per line, how many NaNs it holds
}

// sortKernel sorts the lines of a contiguous tensor of lines of length n.
type sortKernel func(x *Tensor, n int, descending bool) (perm []int64, first []bool, nans []int, err error)

var sortKernels = computed(RealDTypes(ByDType[sortKernel]{Float32: sortLines[float32], Float64: sortLines[float64], Int64: sortLines[int64], Bool: sortLines[uint8]}))

// sortCompare orders NaN above every number, as PyTorch's sort.
func sortCompare[T Native](a, b T) int {
	switch {
	case a != a:
		if b != b {
			return 0
		}
		return 1
	case b != b:
		return -1
	}
	return cmp.Compare(a, b)
}

func sortLines[T Native](x *Tensor, n int, descending bool) ([]int64, []bool, []int, error) {
	data := x.storage.data.([]T)[x.offset : x.offset+x.Numel()]
	perm := make([]int64, len(data))
	first := make([]bool, len(data))
	lines := 0
	if n > 0 {
		lines = len(data) / n
	}
	nans := make([]int, lines)
	// Lines are independent: they sort in parallel, and the sort stops
	// between lines when interrupted.
	type entry struct {
		v T
		i int64
	}
	// Ties are ordered by position, which makes the (faster, unstable)
	// pattern-defeating quicksort give the stable order.
	compare := func(a, b entry) int {
		c := sortCompare(a.v, b.v)
		if descending {
			c = -c
		}
		if c == 0 {
			return cmp.Compare(a.i, b.i)
		}
		return c
	}
	// stopped is set by a line whose sort an interrupt stopped: ParallelFor
	// sees the interrupt only between its pieces, and one line may be all.
	var stopped atomic.Bool
	err := ParallelFor(lines, max(1, GrainSize/max(n, 1)), func(begin, end int) {
		buf := make([]entry, n)
		for l := begin; l < end; l++ {
			line, p := data[l*n:(l+1)*n], perm[l*n:(l+1)*n]
			for i, v := range line {
				if i%sortPiece == 0 && Interrupted() { // a long line's copy takes seconds
					stopped.Store(true)
					return
				}
				buf[i] = entry{v, int64(i)}
				if v != v {
					nans[l]++
				}
			}
			if sortStoppable(buf, compare, 0) {
				stopped.Store(true)
				return
			}
			for i, e := range buf {
				if i%sortPiece == 0 && Interrupted() {
					stopped.Store(true)
					return
				}
				p[i] = e.i
				first[l*n+i] = i == 0 || e.v != buf[i-1].v
			}
		}
	})
	if err == nil && stopped.Load() {
		err = errInterrupted()
	}
	return perm, first, nans, err
}

// sortPiece is the longest slice sortStoppable leaves to slices.SortFunc,
// a few milliseconds of work; sortApart is the longest whose two parts
// are sorted on one goroutine.
const (
	sortPiece = 1 << 15
	sortApart = 1 << 20
)

// sortStoppable sorts s by compare, a strict total order (sortLines breaks
// ties by position, so no two entries are equal), as slices.SortFunc does,
// and reports whether it stopped because of an interrupt, leaving s
// permuted but unsorted. A slice longer than sortPiece is partitioned
// around a pivot, looking at the interrupt flag between swaps, and its
// parts sorted the same way, those of a large slice in parallel; past a
// depth of twice the log of the length (a pivot chosen badly again and
// again) the rest is left to slices.SortFunc, so the time stays n log n.
// The long single line of sort(x) of 10^8 elements stops within
// milliseconds of an interrupt.
func sortStoppable[E any](s []E, compare func(a, b E) int, depth int) (interrupted bool) {
	for len(s) > sortPiece {
		if Interrupted() {
			return true
		}
		if depth > 2*bits.Len(uint(len(s))) {
			break
		}
		depth++
		p, stopped := partition(s, compare)
		if stopped {
			return true
		}
		left, right := s[:p], s[p+1:]
		if len(left) > len(right) {
			left, right = right, left
		}
		if len(s) <= sortApart {
			if sortStoppable(left, compare, depth) {
				return true
			}
			s = right
			continue
		}
		var wg sync.WaitGroup
		var leftStopped bool
		wg.Add(1)
		go func() {
			defer wg.Done()
			leftStopped = sortStoppable(left, compare, depth)
		}()
		stopped = sortStoppable(right, compare, depth)
		wg.Wait()
		return stopped || leftStopped
	}
	slices.SortFunc(s, compare)
	return false
}

// partition moves the entries of s below a pivot before it and those above
// after it, and returns the pivot's place; stopped reports an interrupt,
// seen between two swaps. The pivot is the median of three medians of
// three, spread over s.
func partition[E any](s []E, compare func(a, b E) int) (place int, stopped bool) {
	n := len(s)
	median := func(a, b, c int) int {
		if compare(s[a], s[b]) > 0 {
			a, b = b, a
		}
		if compare(s[b], s[c]) > 0 {
			b = c
			if compare(s[a], s[b]) > 0 {
				b = a
			}
		}
		return b
	}
	e := n / 8
	p := median(median(0, e, 2*e), median(3*e, 4*e, 5*e), median(6*e, 7*e, n-1))
	s[0], s[p] = s[p], s[0]
	pivot := s[0]
	i, j := 1, n-1
	for {
		for i <= j && compare(s[i], pivot) < 0 {
			i++
		}
		for i <= j && compare(s[j], pivot) > 0 {
			j--
		}
		if i >= j {
			break
		}
		s[i], s[j] = s[j], s[i]
		i++
		j--
		if Interrupted() {
			return 0, true
		}
	}
	s[0], s[j] = s[j], s[0]
	return j, false
}

// newSortedLines sorts x along dim; op names the operation in errors.
func newSortedLines(op string, x *Tensor, dim int, descending bool) (*sortedLines, error) {
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	kernel, err := sortKernels.Select(op, x.dtype.ComputeIn())
	if err != nil {
		return nil, err
	}
	lines := x
	if x.Dim() == 0 {
		lines = x.view([]int{1}, []int{1}, x.offset)
	} else if lines, err = x.Transpose(d, -1); err != nil {
		return nil, err
	}
	if lines, err = lines.Contiguous(); err != nil {
		return nil, err
	}
	n := lines.shape[len(lines.shape)-1]
	keys, err := toComputeIn(lines) // exact and order-preserving
	if err != nil {
		return nil, err
	}
	perm, first, nans, err := kernel(keys, n, descending)
	if err != nil {
		return nil, err
	}
	return &sortedLines{op: op, x: lines, dim: d, n: n, perm: perm, first: first, nans: nans}, nil
}

// pick returns the values and positions at the sorted places chosen for
// each line (the same count k per line), with the dimension restored: the
// shape of x with dim of length k, or without dim when keepdim is false
// and k is 1.
func (s *sortedLines) pick(orig *Tensor, k int, keepdim bool, place func(line int) []int) (values, indices *Tensor, err error) {
	lines := numel(s.x.shape[:len(s.x.shape)-1])
	idx := make([]int64, 0, lines*k)
	for l := range lines {
		for i, p := range place(l) {
			if i%GrainSize == 0 && Interrupted() {
				return nil, nil, errInterrupted()
			}
			idx = append(idx, s.perm[l*s.n+p])
		}
	}
	shape := slices.Clone(s.x.shape)
	shape[len(shape)-1] = k
	index, err := FromSlice(idx, shape...)
	if err != nil {
		return nil, nil, err
	}
	if values, err = Gather(s.x, -1, index); err != nil {
		return nil, nil, err
	}
	restore := func(t *Tensor) (*Tensor, error) {
		if orig.Dim() == 0 {
			return t.Reshape()
		}
		t, err := t.Transpose(s.dim, -1)
		if err != nil {
			return nil, err
		}
		if t, err = t.Contiguous(); err != nil {
			return nil, err
		}
		if !keepdim {
			return t.Squeeze(s.dim)
		}
		return t, nil
	}
	if values, err = restore(values); err != nil {
		return nil, nil, err
	}
	if indices, err = restore(index); err != nil {
		return nil, nil, err
	}
	return values, indices, nil
}

// reducible passes on the result of a sort, refusing to reduce lines of
// length 0, as PyTorch's reductions.
func reducible(s *sortedLines, err error) (*sortedLines, error) {
	if err == nil && s.n == 0 {
		return nil, indexErrorf("%s(): Expected reduction dim %d to have non-zero size.", s.op, s.dim)
	}
	return s, err
}

// all is every sorted place of a line, 0 to n-1.
func (s *sortedLines) all() []int {
	out := make([]int, s.n)
	for i := range out {
		out[i] = i
	}
	return out
}

// Sort returns the elements of x sorted along dim and their positions in x,
// as torch.sort: NaN sorts above every number, equal elements keep their
// order (every sort is stable). Every dtype is accepted.
func Sort(x *Tensor, dim int, descending bool) (values, indices *Tensor, err error) {
	s, err := newSortedLines("sort", x, dim, descending)
	if err != nil {
		return nil, nil, err
	}
	places := s.all()
	return s.pick(x, s.n, true, func(int) []int { return places })
}

// Argsort returns the positions that sort x along dim (Sort's indices).
func Argsort(x *Tensor, dim int, descending bool) (*Tensor, error) {
	_, indices, err := Sort(x, dim, descending)
	return indices, err
}

// sortedNumbers sorts x along dim for a selection that refuses bool, as
// PyTorch's topk, kthvalue and median do.
func sortedNumbers(op string, x *Tensor, dim int, descending bool) (*sortedLines, error) {
	if err := noBool(op, x); err != nil {
		return nil, err
	}
	return newSortedLines(op, x, dim, descending)
}

// noBool refuses a bool tensor with PyTorch's "not implemented" message.
func noBool(op string, x *Tensor) error {
	if x.dtype == Bool {
		return typeErrorf("%s does not support bool tensors", op).WithHint("convert the input with .to(int64) first")
	}
	return nil
}

// Topk returns the k largest (smallest when largest is false) elements of x
// along dim, in order, and their positions, as torch.topk (NaN counts as
// the largest). bool is refused, as in PyTorch.
func Topk(x *Tensor, k, dim int, largest bool) (values, indices *Tensor, err error) {
	if err := RefuseHalf("topk_cpu", x); err != nil {
		return nil, nil, err
	}
	s, err := sortedNumbers("topk", x, dim, largest)
	if err != nil {
		return nil, nil, err
	}
	if k < 0 || k > s.n {
		return nil, nil, Errorf(RuntimeError, "selected index k out of range").
			WithHint("k is %d; dimension %d has %d elements", k, s.dim, s.n)
	}
	places := s.all()[:k]
	return s.pick(x, k, true, func(int) []int { return places })
}

// Kthvalue returns the k-th smallest element (k counts from 1) of x along
// dim and its position, as torch.kthvalue.
func Kthvalue(x *Tensor, k, dim int, keepdim bool) (values, indices *Tensor, err error) {
	if err := RefuseHalf("kthvalue_cpu", x); err != nil {
		return nil, nil, err
	}
	s, err := sortedNumbers("kthvalue", x, dim, false)
	if err != nil {
		return nil, nil, err
	}
	if k < 1 || k > s.n {
		return nil, nil, indexErrorf("kthvalue(): selected number k out of range for dimension %d", s.dim).
			WithHint("k is %d; it must be in [1, %d]", k, s.n)
	}
	return s.pick(x, 1, keepdim, func(int) []int { return []int{k - 1} })
}

// MedianDim returns the lower median of x along dim and its position, as
// torch.median(x, dim): a line holding NaN gives NaN and the position of
// its first NaN.
func MedianDim(x *Tensor, dim int, keepdim bool) (values, indices *Tensor, err error) {
	return medianDim(x, dim, keepdim, false)
}

// NanmedianDim returns the lower median of x's non-NaN elements along dim
// and its position, as torch.nanmedian(x, dim). A line of NaNs only gives
// NaN and the position of its first NaN (PyTorch's position there is
// whatever its nth_element leaves, not defined by the data).
func NanmedianDim(x *Tensor, dim int, keepdim bool) (values, indices *Tensor, err error) {
	return medianDim(x, dim, keepdim, true)
}

// medianDim is MedianDim, or NanmedianDim when ignoreNaN.
func medianDim(x *Tensor, dim int, keepdim, ignoreNaN bool) (values, indices *Tensor, err error) {
	if err := RefuseHalf("median_out", x); err != nil {
		return nil, nil, err
	}
	s, err := reducible(sortedNumbers("median", x, dim, false))
	if err != nil {
		return nil, nil, err
	}
	return s.pick(x, 1, keepdim, func(l int) []int {
		switch nans := s.nans[l]; {
		case nans == s.n: // NaNs sort last: the first of them
			return []int{0}
		case ignoreNaN:
			return []int{(s.n - nans - 1) / 2}
		case nans > 0:
			return []int{s.n - nans}
		}
		return []int{(s.n - 1) / 2}
	})
}

// Median returns the lower median of all elements of x as a 0-d tensor
// (NaN when there is one), as torch.median(x), and its position in the
// flattened x. An empty floating x gives NaN and a nil position.
func Median(x *Tensor) (value, index *Tensor, err error) {
	return median(x, false)
}

// Nanmedian returns the lower median of the non-NaN elements of x as a
// 0-d tensor, as torch.nanmedian(x) (NaN when all are NaN), and its
// position in the flattened x. An empty floating x gives NaN and a nil
// position.
func Nanmedian(x *Tensor) (value, index *Tensor, err error) {
	return median(x, true)
}

// median is Median, or Nanmedian when ignoreNaN.
func median(x *Tensor, ignoreNaN bool) (value, index *Tensor, err error) {
	if err := RefuseHalf("median_cpu", x); err != nil {
		return nil, nil, err
	}
	if x.Numel() == 0 {
		if err := noBool("median", x); err != nil {
			return nil, nil, err
		}
		if x.dtype.IsFloating() { // PyTorch gives NaN, with no position
			nan, err := Full(math.NaN(), x.dtype)
			return nan, nil, err
		}
		return nil, nil, Errorf(RuntimeError, "median() input tensor cannot be empty")
	}
	flat, err := x.Reshape(-1)
	if err != nil {
		return nil, nil, err
	}
	return medianDim(flat, 0, false, ignoreNaN)
}

// Mode returns the most frequent value of x along dim (the smallest of
// equally frequent ones) and the position of its last occurrence, as
// torch.mode. NaNs are all different.
func Mode(x *Tensor, dim int, keepdim bool) (values, indices *Tensor, err error) {
	s, err := reducible(newSortedLines("mode", x, dim, false))
	if err != nil {
		return nil, nil, err
	}
	return s.pick(x, 1, keepdim, func(l int) []int {
		best, bestLen, start := 0, 0, 0
		for i := 1; i <= s.n; i++ {
			if i == s.n || s.first[l*s.n+i] {
				if i-start > bestLen {
					best, bestLen = i-1, i-start // the run's last sorted place: its last occurrence
				}
				start = i
			}
		}
		return []int{best}
	})
}

// Unique returns the distinct elements of x, sorted (PyTorch's CPU kernel
// sorts whatever sorted says), and, when asked, the position of each
// element of x in them (inverse, x's shape) and how often each occurs
// (counts). NaNs are all different.
func Unique(x *Tensor, returnInverse, returnCounts bool) (values, inverse, counts *Tensor, err error) {
	flat, err := x.Reshape(-1)
	if err != nil {
		return nil, nil, nil, err
	}
	s, err := newSortedLines("unique", flat, 0, false)
	if err != nil {
		return nil, nil, nil, err
	}
	// never nil: 0-d for a 0-d x
	return uniqueResults(flat, 0, s.perm, s.first, append([]int{}, x.shape...), returnInverse, returnCounts)
}

// uniqueResults picks the distinct slices of src along dim from their
// sorted order perm (first marking where a new value starts), with the
// inverse (of shape invShape) and the counts when asked: the shared tail
// of Unique and UniqueDim.
func uniqueResults(src *Tensor, dim int, perm []int64, first []bool, invShape []int, returnInverse, returnCounts bool) (values, inverse, counts *Tensor, err error) {
	var keep, cnt []int64
	inv := make([]int64, len(perm))
	for i, p := range perm {
		if first[i] {
			keep = append(keep, p)
			cnt = append(cnt, 0)
		}
		inv[p] = int64(len(keep) - 1)
		cnt[len(cnt)-1]++
	}
	index, err := FromSlice(keep, len(keep)) // FromSlice copies
	if err != nil {
		return nil, nil, nil, err
	}
	if values, err = IndexSelect(src, dim, index); err != nil {
		return nil, nil, nil, err
	}
	if returnInverse {
		if inverse, err = FromSlice(inv, invShape...); err != nil {
			return nil, nil, nil, err
		}
	}
	if returnCounts {
		if counts, err = FromSlice(cnt, len(cnt)); err != nil {
			return nil, nil, nil, err
		}
	}
	return values, inverse, counts, nil
}

// rowsKernel sorts the rows (of length m) of a contiguous tensor
// lexicographically, as sortLines sorts elements.
type rowsKernel func(x *Tensor, rows, m int) (perm []int64, first []bool)

var rowsKernels = computed(RealDTypes(ByDType[rowsKernel]{Float32: sortRows[float32], Float64: sortRows[float64], Int64: sortRows[int64], Bool: sortRows[uint8]}))

func sortRows[T Native](x *Tensor, rows, m int) ([]int64, []bool) {
	data := x.storage.data.([]T)[x.offset : x.offset+x.Numel()]
	row := func(i int64) []T { return data[int(i)*m : int(i+1)*m] }
	perm := make([]int64, rows)
	for i := range perm {
		perm[i] = int64(i)
	}
	compare := func(i, j int64) int {
		a, b := row(i), row(j)
		for k := range a {
			if c := sortCompare(a[k], b[k]); c != 0 {
				return c
			}
		}
		return 0
	}
	slices.SortStableFunc(perm, compare)
	first := make([]bool, rows)
	for i := range perm {
		first[i] = i == 0 || !slices.Equal(row(perm[i]), row(perm[i-1]))
	}
	return perm, first
}

// UniqueDim returns the distinct slices of x along dim, sorted
// lexicographically, as torch.unique(x, dim=dim), with the position of each
// of x's slices among them (inverse, a vector) and how often each occurs.
func UniqueDim(x *Tensor, dim int, returnInverse, returnCounts bool) (values, inverse, counts *Tensor, err error) {
	if x.Dim() == 0 {
		return nil, nil, nil, indexErrorf("unique(): dim given for a 0-d tensor").WithHint("leave dim out")
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, nil, nil, err
	}
	kernel, err := rowsKernels.Select("unique", x.dtype.ComputeIn())
	if err != nil {
		return nil, nil, nil, err
	}
	moved, err := x.Transpose(0, d)
	if err != nil {
		return nil, nil, nil, err
	}
	if moved, err = moved.Contiguous(); err != nil {
		return nil, nil, nil, err
	}
	rows := x.shape[d]
	m := 0
	if rows > 0 {
		m = x.Numel() / rows
	}
	if moved, err = toComputeIn(moved); err != nil { // exact and order-preserving
		return nil, nil, nil, err
	}
	perm, first := kernel(moved, rows, m)
	return uniqueResults(x, d, perm, first, []int{rows}, returnInverse, returnCounts)
}
