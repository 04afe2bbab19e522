package tensor

import (
	"math"
	"slices"
	"sync/atomic"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

type indexKind uint8

const (
	indexInt indexKind = iota
	indexSlice
	indexNone
	indexEllipsis
	indexTensor
)

// Index is one component of an indexing expression such as
// x[1, 2:5, None, ..., t]. Build it with IndexInt, IndexSlice, IndexNone,
// IndexEllipsis or IndexTensor.
type Index struct {
	kind              indexKind
	i                 int
	start, stop, step *int
	t                 *Tensor
}

// IndexInt selects one position of a dimension and removes the dimension.
// Negative positions count from the end.
func IndexInt(i int) Index { return Index{kind: indexInt, i: i} }

// IndexSlice is the Python slice start:stop:step; nil stands for an omitted
// bound. Bounds follow Python's rules; the step must be positive.
func IndexSlice(start, stop, step *int) Index {
	return Index{kind: indexSlice, start: start, stop: stop, step: step}
}

// IndexNone inserts a new dimension of size 1 (Python's None).
func IndexNone() Index { return Index{kind: indexNone} }

// IndexEllipsis stands for as many full slices as the other indices leave
// dimensions (Python's ...).
func IndexEllipsis() Index { return Index{kind: indexEllipsis} }

// IndexTensor is an advanced index: an int64 tensor of positions along one
// dimension, or a bool mask over as many dimensions as it has, which picks
// the positions where it is true.
func IndexTensor(t *Tensor) Index { return Index{kind: indexTensor, t: t} }

// IsInt reports whether ix was made by IndexInt.
func (ix Index) IsInt() bool { return ix.kind == indexInt }

// IsSlice reports whether ix was made by IndexSlice.
func (ix Index) IsSlice() bool { return ix.kind == indexSlice }

// IsNone reports whether ix was made by IndexNone.
func (ix Index) IsNone() bool { return ix.kind == indexNone }

// IsEllipsis reports whether ix was made by IndexEllipsis.
func (ix Index) IsEllipsis() bool { return ix.kind == indexEllipsis }

// Int returns the position of an IndexInt, 0 for the other kinds.
func (ix Index) Int() int { return ix.i }

// SliceBounds returns the start, stop and step of an IndexSlice (nil where
// omitted), nils for the other kinds.
func (ix Index) SliceBounds() (start, stop, step *int) { return ix.start, ix.stop, ix.step }

// Tensor returns the tensor of an advanced index (IndexTensor), nil for
// the other kinds.
func (ix Index) Tensor() *Tensor { return ix.t }

// advIndex is one int64 index array of an advanced indexing operation.
type advIndex struct {
	dim    int // dimension of the basic view it indexes
	srcDim int // dimension of the indexed tensor, for messages
	shape  []int
	values []int64
}

// readInt64s returns the elements of the Int64 tensor t in row-major
// order for reading only: a window on t's own storage when t is
// contiguous, else a copy. An index array is read once per indexing, and
// copying it (Values) cost as much as the gather itself.
func readInt64s(t *Tensor) ([]int64, error) {
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	d, err := Data[int64](c)
	if err != nil {
		return nil, err
	}
	return d[c.offset : c.offset+c.Numel() : c.offset+c.Numel()], nil
}

// Index returns x[idx...] with PyTorch's indexing rules. Integers, slices,
// None and Ellipsis alone give a view that shares x's storage. Tensor
// indices make it advanced indexing, which returns a copy: the index arrays
// (bool masks become the coordinates of their true elements) broadcast
// together, and their shape replaces the indexed dimensions in place when
// they are adjacent, or goes first when a slice separates them (NumPy's
// rule, applied after integers have removed their dimensions, as PyTorch
// does).
func (x *Tensor) Index(idx ...Index) (*Tensor, error) {
	v, adv, err := x.basicIndex(idx)
	if err != nil || adv == nil {
		return v, err
	}
	if len(adv) == 1 && v.Dim() == 1 {
		return gather1D(x.dtype, v, adv[0])
	}
	p, err := planAdvanced(v, adv)
	if err != nil {
		return nil, err
	}
	out, err := emptyOutput(x.dtype, p.shape...)
	if err != nil {
		return nil, err
	}
	if err := p.take(v, out); err != nil {
		return nil, err
	}
	return out, nil
}

// IndexPut performs x[idx...] = value: value is broadcast to the shape of
// x[idx...], converted to x's dtype and written into x's storage, so the
// write is seen through every view of it. Repeated advanced positions get
// one of the values written to them.
func (x *Tensor) IndexPut(idx []Index, value *Tensor) error {
	v, adv, err := x.basicIndex(idx)
	if err != nil {
		return err
	}
	if adv == nil {
		if value, err = fitValue(value, v.shape); err != nil {
			return err
		}
		return v.CopyFrom(value)
	}
	if err := checkWritable(v); err != nil {
		return err
	}
	p, err := planAdvanced(v, adv)
	if err != nil {
		return err
	}
	if value, err = value.To(x.dtype); err != nil {
		return err
	}
	if value, err = fitValue(value, p.shape); err != nil {
		return err
	}
	if value.SharesStorage(x) {
		value, err = value.Clone()
	} else {
		value, err = value.Contiguous()
	}
	if err != nil {
		return err
	}
	kernel, err := scatterKernels.Select("index_put", x.dtype)
	if err != nil {
		return err
	}
	kernel(v, value, p.pre, p.adv, p.post)
	x.MarkModified()
	return nil
}

// fitValue returns value broadcast to shape, after dropping leading size-1
// dimensions that shape does not have.
func fitValue(value *Tensor, shape []int) (*Tensor, error) {
	for value.Dim() > len(shape) && value.shape[0] == 1 {
		value = value.view(value.shape[1:], value.strides[1:], value.offset)
	}
	if b, err := BroadcastShapes(shape, value.shape); err != nil || !slices.Equal(b, shape) {
		return nil, Errorf(RuntimeError, "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s",
			FormatShape(value.shape), FormatShape(shape))
	}
	return value.Expand(shape...)
}

// basicIndex applies the integers, slices, None and Ellipsis of idx to x
// and returns the resulting view with the advanced indices still to apply,
// expressed on the view's dimensions (nil when there are none).
func (x *Tensor) basicIndex(idx []Index) (*Tensor, []advIndex, error) {
	if slices.ContainsFunc(idx, func(ix Index) bool { return ix.kind == indexTensor && convertedIndex(ix.t.dtype) != ix.t.dtype }) {
		// A uint8 index is a mask, as PyTorch 1.13 takes it (deprecated
		// there); NumPy's wider unsigned integers index as int64 does.
		idx = slices.Clone(idx)
		for i, ix := range idx {
			if ix.kind == indexTensor && convertedIndex(ix.t.dtype) != ix.t.dtype {
				conv, err := ix.t.To(convertedIndex(ix.t.dtype))
				if err != nil {
					return nil, nil, err
				}
				idx[i].t = conv
			}
		}
	}
	consumed, ellipsis := 0, false
	for _, ix := range idx {
		switch ix.kind {
		case indexInt, indexSlice:
			consumed++
		case indexEllipsis:
			if ellipsis {
				return nil, nil, indexErrorf("an index can only have a single ellipsis ('...')")
			}
			ellipsis = true
		case indexTensor:
			switch ix.t.dtype {
			case Bool:
				consumed += ix.t.Dim()
			case Int64:
				consumed++
			case Uint8: // made a bool mask above
				consumed += ix.t.Dim()
			case Uint16, Uint32, Uint64: // made int64 above
				consumed++
			case Float32, Float64, Float16, BFloat16, Int8, Int16, Int32, Complex64, Complex128:
				return nil, nil, indexErrorf("tensors used as indices must be long, int, byte or bool tensors, got %s", ix.t.dtype).
					WithHint("convert the index with .to(int64), or a mask with .to(torch.bool)")
			}
		}
	}
	if consumed > x.Dim() {
		if x.Dim() == 0 {
			return nil, nil, indexErrorf("invalid index of a 0-dim tensor").
				WithHint("use .item() to get the number a 0-d tensor holds")
		}
		return nil, nil, indexErrorf("too many indices for tensor of dimension %d", x.Dim())
	}
	v := x.view(x.shape, x.strides, x.offset)
	var adv []advIndex
	dim, src := 0, 0 // the next dimension of v and of x
	var err error
	for _, ix := range idx {
		switch ix.kind {
		case indexEllipsis:
			dim += x.Dim() - consumed
			src += x.Dim() - consumed
		case indexNone:
			if v, err = v.Unsqueeze(dim); err != nil {
				return nil, nil, err
			}
			dim++
		case indexInt:
			if size := v.shape[dim]; ix.i < -size || ix.i >= size {
				return nil, nil, indexErrorf("index %d is out of bounds for dimension %d with size %d", ix.i, src, size)
			}
			if v, err = v.Select(dim, ix.i); err != nil {
				return nil, nil, err
			}
			src++
		case indexSlice:
			start, stop, step := 0, math.MaxInt, 1
			if ix.start != nil {
				start = *ix.start
			}
			if ix.stop != nil {
				stop = *ix.stop
			}
			if ix.step != nil {
				step = *ix.step
			}
			if v, err = v.Slice(dim, start, stop, step); err != nil {
				return nil, nil, err
			}
			dim++
			src++
		case indexTensor:
			t := ix.t
			if t.dtype == Int64 {
				vals, err := readInt64s(t)
				if err != nil {
					return nil, nil, err
				}
				adv = append(adv, advIndex{dim: dim, srcDim: src, shape: t.Shape(), values: vals})
				dim++
				src++
				continue
			}
			masks, err := maskIndices(t, v.shape[dim:dim+t.Dim()], x.shape, src)
			if err != nil {
				return nil, nil, err
			}
			if t.Dim() == 0 {
				// A 0-d mask adds a dimension of size 1, picked or not.
				if v, err = v.Unsqueeze(dim); err != nil {
					return nil, nil, err
				}
			}
			for i, m := range masks {
				adv = append(adv, advIndex{dim: dim + i, srcDim: src + i, shape: []int{len(m)}, values: m})
			}
			dim += len(masks)
			src += t.Dim()
		}
	}
	return v, adv, nil
}

// maskIndices returns, for each dimension of the bool mask, the coordinates
// of its true elements (as nonzero does). A 0-d mask gives one array: [0]
// when true, empty when false. shape is the part of the indexed shape the
// mask covers, which starts at dimension src of the indexed tensor's shape
// xShape.
func maskIndices(mask *Tensor, shape, xShape []int, src int) ([][]int64, error) {
	for i := range mask.shape {
		if mask.shape[i] != shape[i] {
			return nil, indexErrorf("The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at index %d",
				FormatShape(mask.shape), i, FormatShape(xShape), src+i)
		}
	}
	vals, err := Values[uint8](mask)
	if err != nil {
		return nil, err
	}
	if mask.Dim() == 0 {
		if vals[0] != 0 {
			return [][]int64{{0}}, nil
		}
		return [][]int64{{}}, nil
	}
	n := 0
	for _, b := range vals {
		n += int(b)
	}
	coords := make([][]int64, mask.Dim())
	for d := range coords {
		coords[d] = make([]int64, 0, n)
	}
	pos := make([]int64, mask.Dim())
	for _, b := range vals {
		if b != 0 {
			for d, c := range pos {
				coords[d] = append(coords[d], c)
			}
		}
		for d := len(pos) - 1; d >= 0; d-- {
			if pos[d]++; pos[d] < int64(shape[d]) {
				break
			}
			pos[d] = 0
		}
	}
	return coords, nil
}

// advPlan is the memory walk of an advanced indexing result of shape
// pre + broadcast + post: element (p, b, q) is at storage index
// pre[p] + adv[b] + post[q] of the indexed view. The tables are nil when
// the result is empty.
type advPlan struct {
	shape          []int
	pre, adv, post []int
}

// planAdvanced broadcasts the advanced indices of view v, checks their
// bounds and lays out the result dimensions. The memory walk is left nil
// when the result is empty: its tables can be far larger than the result
// (a broadcast index against an empty dimension), and nothing reads them.
func planAdvanced(v *Tensor, advs []advIndex) (*advPlan, error) {
	shapes := make([][]int, len(advs))
	for i, a := range advs {
		shapes[i] = a.shape
	}
	bshape, err := BroadcastShapes(shapes...)
	if err != nil {
		s := ""
		for i, sh := range shapes {
			if i > 0 {
				s += ", "
			}
			s += FormatShape(sh)
		}
		return nil, indexErrorf("shape mismatch: indexing tensors could not be broadcast together with shapes %s", s)
	}
	// Every index is used when the broadcast shape is not empty, and the
	// first bad one in its own order is the first met in broadcast order.
	if numel(bshape) > 0 {
		for _, a := range advs {
			size := int64(v.shape[a.dim])
			for _, i := range a.values {
				if i < -size || i >= size {
					return nil, indexErrorf("index %d is out of bounds for dimension %d with size %d", i, a.srcDim, size)
				}
			}
		}
	}
	adjacent := true
	for i, a := range advs {
		adjacent = adjacent && a.dim == advs[0].dim+i
	}
	var preShape, preStrides, postShape, postStrides []int
	for d := range v.shape {
		if slices.ContainsFunc(advs, func(a advIndex) bool { return a.dim == d }) {
			continue
		}
		if adjacent && d < advs[0].dim {
			preShape, preStrides = append(preShape, v.shape[d]), append(preStrides, v.strides[d])
		} else {
			postShape, postStrides = append(postShape, v.shape[d]), append(postStrides, v.strides[d])
		}
	}
	p := &advPlan{shape: slices.Concat(preShape, bshape, postShape)}
	if err := checkShape(p.shape); err != nil || numel(p.shape) == 0 {
		return p, err
	}
	// Each table is at most as long as the result, but broadcast indices
	// make them far longer than the indices or the memory they index.
	if err := checkScratch(numel(preShape)+numel(bshape)+numel(postShape), 8); err != nil {
		return nil, err
	}
	p.adv = make([]int, numel(bshape))
	for _, a := range advs {
		size, stride := v.shape[a.dim], v.strides[a.dim]
		strides := contiguousStrides(a.shape)
		for d, s := range a.shape {
			if s == 1 {
				strides[d] = 0
			}
		}
		if slices.Equal(a.shape, bshape) {
			// The index is the broadcast shape itself (every index alone
			// is): its values in order, without an odometer.
			for b, i := range a.values[:len(p.adv)] {
				if i < 0 {
					i += int64(size)
				}
				p.adv[b] += int(i) * stride
			}
			continue
		}
		lead := len(bshape) - len(a.shape)
		od := newOdometer(0, bshape, append(make([]int, lead), strides...))
		for b := range p.adv {
			i := int(a.values[od.off])
			if i < 0 {
				i += size
			}
			p.adv[b] += i * stride
			od.next()
		}
	}
	p.pre = stridedOffsets(preShape, preStrides, v.offset)
	p.post = stridedOffsets(postShape, postStrides, 0)
	return p, nil
}

// gather1D is v[a] for a 1-d v and one index array a, the commonest
// advanced index (a[idx] of NumPy and PyTorch): the bounds check, the
// wrap of negative positions and the copy in one pass, without the
// offset table planAdvanced builds. As there, the error names the first
// bad index in order.
func gather1D(d DType, v *Tensor, a advIndex) (*Tensor, error) {
	out, err := emptyOutput(d, a.shape...)
	if err != nil || out.Numel() == 0 {
		return out, err
	}
	kernel, err := gather1DKernels.Select("index", d)
	if err != nil {
		return nil, err
	}
	var bad atomic.Int64 // 1 + the position of the first bad index
	err = ParallelFor(len(a.values), GrainSize, func(begin, end int) {
		k := kernel(v, out, a.values, begin, end)
		for k >= 0 {
			old := bad.Load()
			if old != 0 && old <= int64(k)+1 || bad.CompareAndSwap(old, int64(k)+1) {
				break
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if k := bad.Load(); k != 0 {
		return nil, indexErrorf("index %d is out of bounds for dimension %d with size %d", a.values[k-1], a.srcDim, v.shape[0])
	}
	return out, nil
}

// gather1DFunc copies src[vals[k]] into the contiguous dst[k] for k in
// [begin, end), for a 1-d src; it returns the first k whose index is out
// of bounds (stopping there), or -1.
type gather1DFunc func(src, dst *Tensor, vals []int64, begin, end int) int

// The dtypes of 4 and 8 bytes gather in vectors (index_take.go).
var gather1DKernels = AllDTypes(ByDType[gather1DFunc]{Float32: takeWords[float32](vecmath.Take32), Float64: takeWords[float64](vecmath.Take64), Int64: takeWords[int64](vecmath.Take64), Bool: gather1DKernel[uint8], Uint8: gather1DKernel[U8], Int8: gather1DKernel[int8], Int16: gather1DKernel[int16], Int32: takeWords[int32](vecmath.Take32), Float16: gather1DKernel[F16], BFloat16: gather1DKernel[BF16], Complex64: takeWords[complex64](vecmath.Take64), Complex128: gather1DKernel[complex128], Uint16: gather1DKernel[uint16], Uint32: takeWords[uint32](vecmath.Take32), Uint64: takeWords[uint64](vecmath.Take64)})

func gather1DKernel[T Element](src, dst *Tensor, vals []int64, begin, end int) int {
	s, d := src.storage.data.([]T), dst.storage.data.([]T)[begin:end]
	size, stride, off := int64(src.shape[0]), src.strides[0], src.offset
	vals = vals[begin:end]
	d = d[:len(vals)]
	if stride == 1 {
		// A contiguous source: one comparison per index, which also
		// proves the load in bounds (no second check, no multiply).
		s = s[off : off+int(size)]
		for k, i := range vals {
			i += size & (i >> 63) // the wrap without a branch to mispredict
			if uint64(i) >= uint64(len(s)) {
				return begin + k
			}
			d[k] = s[i]
		}
		return -1
	}
	for k, i := range vals {
		i += size & (i >> 63)
		if uint64(i) >= uint64(size) {
			return begin + k
		}
		d[k] = s[off+int(i)*stride]
	}
	return -1
}

// take copies the elements of the plan from v's storage into the new
// contiguous out.
func (p *advPlan) take(v, out *Tensor) error {
	kernel, err := takeKernels.Select("index", v.dtype)
	if err != nil {
		return err
	}
	return kernel(v, out, p.pre, p.adv, p.post)
}

// stridedOffsets returns base + Σ i[d]·strides[d] for every multi-index i of
// shape, in row-major order.
func stridedOffsets(shape, strides []int, base int) []int {
	if offs := stridedOffsetsInto(nil, shape, strides, base); offs != nil {
		return offs
	}
	return []int{}
}

// stridedOffsetsInto is stridedOffsets appending to dst (its elements
// from len(dst) on), which it returns; dst's spare capacity spares the
// allocation. Up to two dimensions it needs no odometer.
func stridedOffsetsInto(dst []int, shape, strides []int, base int) []int {
	n := numel(shape)
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	offs := dst[start:]
	if n == 0 {
		return dst
	}
	switch len(shape) {
	case 1:
		for i := range offs {
			offs[i] = base + i*strides[0]
		}
		return dst
	case 2:
		i := 0
		for r := range shape[0] {
			o := base + r*strides[0]
			for c := range shape[1] {
				offs[i] = o + c*strides[1]
				i++
			}
		}
		return dst
	}
	od := newOdometer(0, shape, strides)
	for i := range offs {
		offs[i] = base + od.off
		od.next()
	}
	return dst
}

// isIota reports whether offs is 0, 1, 2, ...
func isIota(offs []int) bool {
	for i, o := range offs {
		if o != i {
			return false
		}
	}
	return true
}

// takeFunc copies src's elements at pre[p] + adv[b] + post[q] into the
// contiguous dst, in row-major order of (p, b, q).
type takeFunc func(src, dst *Tensor, pre, adv, post []int) error

var takeKernels = AllDTypes(ByDType[takeFunc]{Float32: takeKernel[float32], Float64: takeKernel[float64], Int64: takeKernel[int64], Bool: takeKernel[uint8], Uint8: takeKernel[U8], Int8: takeKernel[int8], Int16: takeKernel[int16], Int32: takeKernel[int32], Float16: takeKernel[F16], BFloat16: takeKernel[BF16], Complex64: takeKernel[complex64], Complex128: takeKernel[complex128], Uint16: takeKernel[uint16], Uint32: takeKernel[uint32], Uint64: takeKernel[uint64]})

func takeKernel[T Element](src, dst *Tensor, pre, adv, post []int) error {
	s, d := src.storage.data.([]T), dst.storage.data.([]T)
	n := len(post)
	if n == 0 {
		return nil
	}
	iota := isIota(post)
	if iota && n == 1 {
		// One element per position (a 1-d source, or every dimension
		// indexed): a gather, without a copy call per element.
		return ParallelFor(len(pre)*len(adv), GrainSize, func(begin, end int) {
			for u := begin; u < end; {
				p, b := u/len(adv), u%len(adv)
				row := d[u:min(end, u+len(adv)-b)]
				base, offs := pre[p], adv[b:b+len(row)]
				for k, o := range offs {
					row[k] = s[base+o]
				}
				u += len(row)
			}
		})
	}
	return ParallelFor(len(pre)*len(adv), max(1, GrainSize/n), func(begin, end int) {
		for u := begin; u < end; u++ {
			base := pre[u/len(adv)] + adv[u%len(adv)]
			row := d[u*n : (u+1)*n]
			if iota {
				copy(row, s[base:base+n])
				continue
			}
			for q, o := range post {
				row[q] = s[base+o]
			}
		}
	})
}

// scatterFunc writes the contiguous src into dst's storage at
// pre[p] + adv[b] + post[q], in row-major order of (p, b, q), so the last
// of repeated positions wins.
type scatterFunc func(dst, src *Tensor, pre, adv, post []int)

var scatterKernels = AllDTypes(ByDType[scatterFunc]{Float32: scatterKernel[float32], Float64: scatterKernel[float64], Int64: scatterKernel[int64], Bool: scatterKernel[uint8], Uint8: scatterKernel[U8], Int8: scatterKernel[int8], Int16: scatterKernel[int16], Int32: scatterKernel[int32], Float16: scatterKernel[F16], BFloat16: scatterKernel[BF16], Complex64: scatterKernel[complex64], Complex128: scatterKernel[complex128], Uint16: scatterKernel[uint16], Uint32: scatterKernel[uint32], Uint64: scatterKernel[uint64]})

func scatterKernel[T Element](dst, src *Tensor, pre, adv, post []int) {
	d, s := dst.storage.data.([]T), src.storage.data.([]T)[src.offset:]
	i := 0
	for _, p := range pre {
		for _, a := range adv {
			for _, o := range post {
				d[p+a+o] = s[i]
				i++
			}
		}
	}
}

// takeAlong returns x with dimension dim replaced by the positions idx
// (already checked to lie in [0, size)), which take the shape idxShape.
func takeAlong(x *Tensor, dim int, idxShape []int, idx []int64) (*Tensor, error) {
	out, err := emptyOutput(x.dtype, slices.Concat(x.shape[:dim], idxShape, x.shape[dim+1:])...)
	if err != nil || out.Numel() == 0 {
		// An empty result needs no tables, which x's other dimensions
		// could make huge.
		return out, err
	}
	adv := make([]int, len(idx))
	for i, v := range idx {
		adv[i] = int(v) * x.strides[dim]
	}
	p := &advPlan{
		shape: out.shape,
		pre:   stridedOffsets(x.shape[:dim], x.strides[:dim], x.offset),
		adv:   adv,
		post:  stridedOffsets(x.shape[dim+1:], x.strides[dim+1:], 0),
	}
	if err := p.take(x, out); err != nil {
		return nil, err
	}
	return out, nil
}

// IndexSelect returns the entries of x at the positions index (an int64
// or int32 vector, or a 0-d tensor taken as one position) along dim, as
// torch.index_select. The result is a copy.
func IndexSelect(x *Tensor, dim int, index *Tensor) (*Tensor, error) {
	if index.dtype != Int64 && index.dtype != Int32 {
		return nil, Errorf(RuntimeError, "index_select(): Expected dtype int32 or int64 for index").
			WithHint("convert the index with .to(int64); it has dtype %s", index.dtype)
	}
	if index.dtype == Int32 {
		index, _ = index.To(Int64)
	}
	if index.Dim() > 1 {
		return nil, indexErrorf("index_select(): Index is supposed to be a vector, got shape %s", FormatShape(index.shape))
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if x.Dim() == 0 {
		x = x.view([]int{1}, []int{0}, x.offset)
	}
	idx, err := Values[int64](index)
	if err != nil {
		return nil, err
	}
	for _, i := range idx {
		if i < 0 || i >= int64(x.shape[d]) {
			return nil, indexErrorf("index out of range in self").
				WithHint("index %d is not in [0, %d), the size of dimension %d", i, x.shape[d], d)
		}
	}
	return takeAlong(x, d, []int{len(idx)}, idx)
}

// Gather returns out[i][j][k] = x[index[i][j][k]][j][k] (for dim 0, and so
// on for other dims), as torch.gather: index is int64 with as many
// dimensions as x and no larger than x in the other dimensions; the result
// has index's shape.
func Gather(x *Tensor, dim int, index *Tensor) (*Tensor, error) {
	if index.dtype != Int64 {
		return nil, typeErrorf("gather(): Expected dtype int64 for index, got %s", index.dtype).
			WithHint("convert the index with .to(int64)")
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if index.Dim() != x.Dim() {
		return nil, Errorf(RuntimeError, "Index tensor must have the same number of dimensions as input tensor, got %d and %d", index.Dim(), x.Dim())
	}
	size, stride := 1, 0
	strides := slices.Clone(x.strides)
	if x.Dim() > 0 {
		size, stride = x.shape[d], x.strides[d]
		strides[d] = 0
		for i := range x.shape {
			if i != d && index.shape[i] > x.shape[i] {
				return nil, Errorf(RuntimeError, "Size does not match at dimension %d expected index %s to be smaller than self %s apart from dimension %d",
					i, FormatShape(index.shape), FormatShape(x.shape), d)
			}
		}
	}
	kernel, err := gatherKernels.Select("gather", x.dtype)
	if err != nil {
		return nil, err
	}
	out, err := emptyOutput(x.dtype, index.shape...)
	if err != nil {
		return nil, err
	}
	// x's elements along the other dimensions, at position 0 of dim.
	base := x.view(index.Shape(), strides, x.offset)
	it, err := NewIter(IterConfig{Out: out, Inputs: []*Tensor{base, index}, MixedInputs: true})
	if err != nil {
		return nil, err
	}
	if bad, err := kernel(it, size, stride); err != nil || bad != nil {
		if err != nil {
			return nil, err
		}
		return nil, indexErrorf("index %d is out of bounds for dimension %d with size %d", *bad, d, size)
	}
	return out, nil
}

// gatherFunc runs a gather over an iterator of (out, base, index): out =
// base[index*stride]. It returns an index outside [0, size) when it meets
// one.
type gatherFunc func(it *Iter, size, stride int) (*int64, error)

var gatherKernels = AllDTypes(ByDType[gatherFunc]{Float32: gatherKernel[float32], Float64: gatherKernel[float64], Int64: gatherKernel[int64], Bool: gatherKernel[uint8], Uint8: gatherKernel[U8], Int8: gatherKernel[int8], Int16: gatherKernel[int16], Int32: gatherKernel[int32], Float16: gatherKernel[F16], BFloat16: gatherKernel[BF16], Complex64: gatherKernel[complex64], Complex128: gatherKernel[complex128], Uint16: gatherKernel[uint16], Uint32: gatherKernel[uint32], Uint64: gatherKernel[uint64]})

func gatherKernel[T Element](it *Iter, size, stride int) (*int64, error) {
	out, src := it.ops[0].storage.data.([]T), it.ops[1].storage.data.([]T)
	index := it.ops[2].storage.data.([]int64)
	var bad atomic.Pointer[int64]
	err := it.Run(func(offs, inner []int, n int) {
		o, b, x := offs[0], offs[1], offs[2]
		for range n {
			i := index[x]
			if i < 0 || i >= int64(size) {
				bad.CompareAndSwap(nil, &i)
				return
			}
			out[o] = src[b+int(i)*stride]
			o, b, x = o+inner[0], b+inner[1], x+inner[2]
		}
	})
	return bad.Load(), err
}

// convertedIndex is the dtype an index tensor of dtype d is used as:
// bool for uint8 (a mask, as PyTorch 1.13), int64 for NumPy's uint16,
// uint32 and uint64 (which PyTorch lacks), d itself for the others.
func convertedIndex(d DType) DType {
	switch {
	case d == Uint8:
		return Bool
	case d.Category() == IntegerCategory && !d.IsSigned() && d.Size() > 1:
		return Int64
	}
	return d
}
