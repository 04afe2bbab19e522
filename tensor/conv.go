package tensor

import (
	"math"
	"slices"
)

// Two-dimensional convolution and max pooling, as torch.nn.functional's
// conv2d and max_pool2d. Convolution gathers the input's windows into
// columns (im2col, reading the padding as zeros rather than copying a
// padded input) and multiplies them with the weights on the GEMM; its
// input gradient adds the columns back the same way (col2im). Pooling
// walks the windows of each plane directly.

// Conv2dOptions are conv2d's hyperparameters, each (height, width).
type Conv2dOptions struct {
	Stride   [2]int
	Padding  [4]int // top, bottom, left, right
	Dilation [2]int
	Groups   int
}

// DefaultConv2dOptions are stride 1, no padding, dilation 1, one group.
func DefaultConv2dOptions() Conv2dOptions {
	return Conv2dOptions{Stride: [2]int{1, 1}, Dilation: [2]int{1, 1}, Groups: 1}
}

// SamePadding returns the padding of padding='same' for a kernel of size k
// with dilation d: d·(k−1) in all, the odd one at the bottom/right, as
// PyTorch.
func SamePadding(kernel, dilation [2]int) [4]int {
	th, tw := dilation[0]*(kernel[0]-1), dilation[1]*(kernel[1]-1)
	return [4]int{th / 2, th - th/2, tw / 2, tw - tw/2}
}

// windows returns the view of x [N, C, H, W] (already padded) as
// [N, C, kh, kw, oh, ow]: element (n, c, i, j, y, x) is
// x[n, c, y·sh + i·dh, x·sw + j·dw].
func windows(x *Tensor, kernel, out, stride, dilation [2]int) *Tensor {
	st := x.strides
	return x.view([]int{x.shape[0], x.shape[1], kernel[0], kernel[1], out[0], out[1]},
		[]int{st[0], st[1], dilation[0] * st[2], dilation[1] * st[3], stride[0] * st[2], stride[1] * st[3]}, x.offset)
}

// pad returns x [N, C, H, W] with p = (top, bottom, left, right) rows and
// columns of value around it (x itself when p is zero).
func pad(x *Tensor, p [4]int, value float64) (*Tensor, error) {
	if p == [4]int{} {
		return x, nil
	}
	n, c, h, w := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	out, err := Full(value, x.dtype, n, c, h+p[0]+p[1], w+p[2]+p[3])
	if err != nil {
		return nil, err
	}
	inner := out.view(x.shape, out.strides, out.offset+p[0]*out.strides[2]+p[2]*out.strides[3])
	if err := inner.CopyFrom(x); err != nil {
		return nil, err
	}
	return out, nil
}

// outputSize returns the number of windows along a dimension of padded
// size n: floor((n − d·(k−1) − 1)/s) + 1.
func outputSize(n, k, s, d int) int { return (n-d*(k-1)-1)/s + 1 }

// batched4 returns x as [N, C, H, W], adding a batch dimension to an
// unbatched [C, H, W] input, and whether it did.
func batched4(op string, x *Tensor) (*Tensor, bool, error) {
	switch x.Dim() {
	case 4:
		return x, false, nil
	case 3:
		b, err := x.Unsqueeze(0)
		return b, true, err
	}
	return nil, false, Errorf(RuntimeError, "Expected 3D (unbatched) or 4D (batched) input to %s, but got input of size: %s", op, FormatShape(x.shape))
}

// convGeometry checks conv2d's operands and returns the output size.
func convGeometry(x, weight, bias *Tensor, o Conv2dOptions) (out [2]int, err error) {
	if x.dtype == Bool {
		return out, typeErrorf("conv2d does not support bool tensors").WithHint("convert the input with .to(float32) first")
	}
	if weight.dtype != x.dtype {
		return out, typeErrorf("expected scalar type %s but found %s", x.dtype.String(), weight.dtype.String()).
			WithHint("the input is %s and the weight %s; convert one with .to()", x.dtype, weight.dtype)
	}
	if weight.Dim() != 4 {
		return out, Errorf(RuntimeError, "weight should have 4 dimensions [out_channels, in_channels/groups, kH, kW], got %s", FormatShape(weight.shape))
	}
	if weight.shape[2] < 1 || weight.shape[3] < 1 {
		return out, Errorf(RuntimeError, "kernel size should be greater than zero, but got kernel_height: %d kernel_width: %d", weight.shape[2], weight.shape[3])
	}
	if o.Groups < 1 {
		return out, Errorf(RuntimeError, "non-positive groups is not supported")
	}
	for i := range 2 {
		if o.Stride[i] < 1 {
			return out, Errorf(RuntimeError, "non-positive stride is not supported")
		}
		if o.Dilation[i] < 1 {
			return out, Errorf(RuntimeError, "dilation should be greater than zero")
		}
	}
	for _, p := range o.Padding {
		if p < 0 {
			return out, Errorf(RuntimeError, "negative padding is not supported")
		}
	}
	oc, cg := weight.shape[0], weight.shape[1]
	if cg*o.Groups != x.shape[1] {
		return out, Errorf(RuntimeError, "Given groups=%d, weight of size %s, expected input%s to have %d channels, but got %d channels instead",
			o.Groups, FormatShape(weight.shape), FormatShape(x.shape), cg*o.Groups, x.shape[1])
	}
	if oc%o.Groups != 0 {
		return out, Errorf(RuntimeError, "Given groups=%d, expected weight to be divisible by %d at dimension 0, but got weight of size %s instead",
			o.Groups, o.Groups, FormatShape(weight.shape))
	}
	if bias != nil && (bias.Dim() != 1 || bias.shape[0] != oc) {
		return out, Errorf(RuntimeError, "Given weight of size %s, expected bias to be 1-dimensional with %d elements, but got bias of size %s instead",
			FormatShape(weight.shape), oc, FormatShape(bias.shape))
	}
	ph, pw := x.shape[2]+o.Padding[0]+o.Padding[1], x.shape[3]+o.Padding[2]+o.Padding[3]
	kh, kw := o.Dilation[0]*(weight.shape[2]-1)+1, o.Dilation[1]*(weight.shape[3]-1)+1
	if kh > ph || kw > pw {
		return out, Errorf(RuntimeError, "Calculated padded input size per channel: (%d x %d). Kernel size: (%d x %d). Kernel size can't be greater than actual input size", ph, pw, kh, kw)
	}
	return [2]int{outputSize(ph, weight.shape[2], o.Stride[0], o.Dilation[0]), outputSize(pw, weight.shape[3], o.Stride[1], o.Dilation[1])}, nil
}

// im2col returns the unfolded windows of x as [N, groups, C/groups·kh·kw, oh·ow].
// float32, float64 and int64 are gathered by im2colLoop straight from x,
// the padding read as zeros; other dtypes pad x and copy the strided view
// of its windows.
func im2col(x *Tensor, kernel, out [2]int, o Conv2dOptions) (*Tensor, error) {
	n, c := x.shape[0], x.shape[1]
	var cols *Tensor
	var err error
	if fn, ok := im2colKernels[x.dtype]; ok {
		if cols, err = emptyOutput(x.dtype, n, c, kernel[0], kernel[1], out[0], out[1]); err != nil {
			return nil, err
		}
		if err := fn(x, cols, kernel, out, o, imageMajor(c, kernel, out)); err != nil {
			return nil, err
		}
	} else {
		padded, err := pad(x, o.Padding, 0)
		if err != nil {
			return nil, err
		}
		if cols, err = windows(padded, kernel, out, o.Stride, o.Dilation).Contiguous(); err != nil {
			return nil, err
		}
	}
	return cols.Reshape(n, o.Groups, c/o.Groups*kernel[0]*kernel[1], out[0]*out[1])
}

var im2colKernels = map[DType]func(x, cols *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout) error{
	Float32: im2colLoop[float32], Float64: im2colLoop[float64], Int64: im2colLoop[int64],
}

// colsLayout places the columns of im2col and col2im: the oh·ow window
// positions of image n and kernel row r = (c·kh + i)·kw + j start at
// n·Image + r·Row, contiguous.
type colsLayout struct{ Image, Row int }

// imageMajor is the layout [N, C, kh, kw, oh, ow]: each image's columns
// together, as the batched matmul of the other dtypes takes them.
func imageMajor(channels int, kernel, out [2]int) colsLayout {
	l := out[0] * out[1]
	return colsLayout{Image: channels * kernel[0] * kernel[1] * l, Row: l}
}

// batchInner is the layout [C, kh, kw, N, oh, ow]: one matrix of
// C·kh·kw rows by N·oh·ow columns, the batch folded into the GEMM's
// columns (as ATen's slow_conv2d folds it into K of the weight gradient).
func batchInner(images int, out [2]int) colsLayout {
	l := out[0] * out[1]
	return colsLayout{Image: l, Row: images * l}
}

// im2colLoop fills cols, laid out as l says, with the windows of x
// [N, C, H, W] (any strides): element (n, c, i, j, y, x) is
// x[n, c, y·sh + i·dh − top, x·sw + j·dw − left], zero outside x. It is
// the contiguous copy of windows(pad(x)) without the padded copy and the
// six-dimensional strided walk: each output row is a run of one input row.
func im2colLoop[T Number](x, cols *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout) error {
	if gathersInVectors[T]() {
		// The vector gathers take strided rows of any width by table
		// faster than the phases: see gathersInVectors.
		if table := windowTable(x.shape, x.strides, kernel, out, o, true); table != nil {
			return im2colTable[T](x, cols, kernel, out, l, table)
		}
	}
	if g, ok := phases(x.shape, kernel, out, o); ok {
		return im2colPhases[T](x, cols, g, l)
	}
	if table := windowTable(x.shape, x.strides, kernel, out, o, false); table != nil {
		return im2colTable[T](x, cols, kernel, out, l, table)
	}
	return im2colRows[T](x, cols, kernel, out, o, l)
}

// im2colRows is im2colLoop walking the output row by row.
func im2colRows[T Number](x, cols *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout) error {
	src := x.storage.data.([]T)
	dst := cols.storage.data.([]T)[cols.offset:]
	st := x.strides
	channels, h, w := x.shape[1], x.shape[2], x.shape[3]
	top, left := o.Padding[0], o.Padding[2]
	perPlane := kernel[0] * kernel[1] * out[0] * out[1]
	return ParallelFor(x.shape[0]*channels, max(1, GrainSize/max(perPlane, 1)), func(begin, end int) {
		for plane := begin; plane < end; plane++ {
			n, c := plane/channels, plane%channels
			base := x.offset + n*st[0] + c*st[1]
			r := c * kernel[0] * kernel[1]
			for ki := range kernel[0] {
				for kj := range kernel[1] {
					i := n*l.Image + r*l.Row
					r++
					x0 := kj*o.Dilation[1] - left
					lo, hi := validRange(x0, o.Stride[1], w, out[1])
					step := o.Stride[1] * st[3]
					for y := range out[0] {
						iy := y*o.Stride[0] + ki*o.Dilation[0] - top
						row := dst[i : i+out[1]]
						i += out[1]
						if iy < 0 || iy >= h || lo == hi {
							clear(row)
							continue
						}
						// The padding at either end is a few elements: a
						// loop, not a call of the runtime's clear.
						for k := 0; k < lo; k++ {
							row[k] = 0
						}
						for k := hi; k < len(row); k++ {
							row[k] = 0
						}
						p := base + iy*st[2] + (x0+lo*o.Stride[1])*st[3]
						if step == 1 {
							copy(row[lo:hi], src[p:p+hi-lo])
							continue
						}
						gather(row[lo:hi], src[p:], step)
					}
				}
			}
		}
	})
}

// gather sets dst[k] = src[k·step]. Stride 2, the downsampling
// convolutions', takes four elements at a time without bounds checks.
func gather[T Number](dst, src []T, step int) {
	if len(dst) == 0 {
		return
	}
	src = src[:(len(dst)-1)*step+1]
	if step == 2 {
		for len(dst) >= 4 && len(src) >= 8 {
			d, s := dst[:4:4], src[:8:8]
			d[0], d[1], d[2], d[3] = s[0], s[2], s[4], s[6]
			dst, src = dst[4:], src[8:]
		}
		for k := range dst {
			dst[k] = src[2*k]
		}
		return
	}
	for k := range dst {
		dst[k] = src[k*step]
	}
}

// validRange returns the outputs [lo, hi) of n whose input position
// x0 + o·stride falls inside [0, size): the rest read the padding.
func validRange(x0, stride, size, n int) (lo, hi int) {
	if x0 < 0 {
		lo = (-x0 + stride - 1) / stride
	}
	hi = 0
	if size > x0 {
		hi = (size - x0 + stride - 1) / stride
	}
	lo, hi = min(lo, n), min(hi, n)
	return lo, max(lo, hi)
}

// Conv2d returns the 2-D cross-correlation of x [N, C, H, W] (or [C, H, W])
// with weight [O, C/groups, kh, kw], plus bias [O] (nil for none), as
// torch.nn.functional.conv2d: [N, O, oh, ow]. x and weight must share a
// dtype; bool is refused. float32 and float64 run on the GEMM.
func Conv2d(x, weight, bias *Tensor, o Conv2dOptions) (*Tensor, error) {
	y, cols, err := conv2d(x, weight, bias, o, false)
	cols.Release()
	return y, err
}

// conv2d is Conv2d, returning for float32 and float64 the columns it
// gathered too (nil for other dtypes, and where it gathered none), for
// the caller to release. keep asks for the columns where Conv2dKeep
// would keep them; otherwise the implicit GEMM may gather none.
func conv2d(x, weight, bias *Tensor, o Conv2dOptions, keep bool) (y *Tensor, cols *Conv2dColumns, err error) {
	if err := RefuseHalf("slow_conv2d_cpu", x, weight); err != nil {
		return nil, nil, err
	}
	x4, unbatched, err := batched4("conv2d", x)
	if err != nil {
		return nil, nil, err
	}
	out, err := convGeometry(x4, weight, bias, o)
	if err != nil {
		return nil, nil, err
	}
	if folded(x4.dtype) {
		if x4.dtype == Float32 {
			y, cols, err = conv2dFolded[float32](x4, weight, bias, out, o, keep)
		} else {
			y, cols, err = conv2dFolded[float64](x4, weight, bias, out, o, keep)
		}
		if err == nil && unbatched {
			if y, err = y.Squeeze(0); err != nil {
				cols.Release()
				return nil, nil, err
			}
		}
		return y, cols, err
	}
	y, err = conv2dUnfolded(x4, weight, bias, out, o, unbatched)
	return y, nil, err
}

// conv2dUnfolded is Conv2d of the dtypes other than float32 and float64:
// im2col by image and a batched matmul.
func conv2dUnfolded(x4, weight, bias *Tensor, out [2]int, o Conv2dOptions, unbatched bool) (*Tensor, error) {
	kernel := [2]int{weight.shape[2], weight.shape[3]}
	cols, err := im2col(x4, kernel, out, o)
	if err != nil {
		return nil, err
	}
	oc := weight.shape[0]
	w, err := weight.Reshape(o.Groups, oc/o.Groups, -1) // [G, O/G, C/G·kh·kw]
	if err != nil {
		return nil, err
	}
	y, err := Matmul(w, cols) // [N, G, O/G, oh·ow]
	if err != nil {
		return nil, err
	}
	if y, err = y.Reshape(x4.shape[0], oc, out[0], out[1]); err != nil {
		return nil, err
	}
	if bias != nil {
		b, err := bias.Reshape(oc, 1, 1)
		if err != nil {
			return nil, err
		}
		if b, err = b.To(y.dtype); err != nil {
			return nil, err
		}
		if err := AddSpec.ApplyInPlace(y, b); err != nil {
			return nil, err
		}
	}
	if unbatched {
		return y.Squeeze(0)
	}
	return y, nil
}

// Conv2dGrads returns the gradients of Conv2d's input and weight (nil when
// not wanted) for the output gradient g; the bias's is g summed over N, oh
// and ow.
func Conv2dGrads(x, weight, g *Tensor, o Conv2dOptions, wantX, wantW bool) (gx, gw *Tensor, err error) {
	return conv2dGrads(x, weight, g, nil, o, wantX, wantW)
}

// conv2dGrads is Conv2dGrads with the columns of x that the forward kept
// (nil: gathered again), for float32 and float64.
func conv2dGrads(x, weight, g *Tensor, kept *Conv2dColumns, o Conv2dOptions, wantX, wantW bool) (gx, gw *Tensor, err error) {
	x4, unbatched, err := batched4("conv2d", x)
	if err != nil {
		return nil, nil, err
	}
	if unbatched {
		if g, err = g.Unsqueeze(0); err != nil {
			return nil, nil, err
		}
	}
	if folded(x4.dtype) && g.dtype == x4.dtype && weight.dtype == x4.dtype {
		if x4.dtype == Float32 {
			gx, gw, err = conv2dGradsFolded[float32](x4, weight, g, kept, o, wantX, wantW)
		} else {
			gx, gw, err = conv2dGradsFolded[float64](x4, weight, g, kept, o, wantX, wantW)
		}
		if err == nil && gx != nil && unbatched {
			gx, err = gx.Squeeze(0)
		}
		return gx, gw, err
	}
	out := [2]int{g.shape[2], g.shape[3]}
	kernel := [2]int{weight.shape[2], weight.shape[3]}
	n, oc := x4.shape[0], weight.shape[0]
	gg, err := g.Reshape(n, o.Groups, oc/o.Groups, out[0]*out[1]) // [N, G, O/G, L]
	if err != nil {
		return nil, nil, err
	}
	if wantW {
		cols, err := im2col(x4, kernel, out, o) // [N, G, K, L]
		if err != nil {
			return nil, nil, err
		}
		ct, err := cols.Transpose(-2, -1)
		if err != nil {
			return nil, nil, err
		}
		p, err := Matmul(gg, ct) // [N, G, O/G, K]
		if err != nil {
			return nil, nil, err
		}
		if p, err = Sum(p, []int{0}, false); err != nil {
			return nil, nil, err
		}
		if gw, err = p.Reshape(weight.shape...); err != nil {
			return nil, nil, err
		}
	}
	if wantX {
		w, err := weight.Reshape(o.Groups, oc/o.Groups, -1)
		if err != nil {
			return nil, nil, err
		}
		wt, err := w.Transpose(-2, -1) // [G, K, O/G]
		if err != nil {
			return nil, nil, err
		}
		gcols, err := Matmul(wt, gg) // [N, G, K, L]
		if err != nil {
			return nil, nil, err
		}
		if gx, err = col2im(gcols, x4.shape, kernel, out, o); err != nil {
			return nil, nil, err
		}
		if unbatched {
			if gx, err = gx.Squeeze(0); err != nil {
				return nil, nil, err
			}
		}
	}
	return gx, gw, nil
}

// col2im adds the columns [N, G, C/G·kh·kw, oh·ow] back into an image of
// shape [N, C, H, W]: the adjoint of im2col, where overlapping windows add
// up and what fell on the padding is dropped.
func col2im(cols *Tensor, shape []int, kernel, out [2]int, o Conv2dOptions) (*Tensor, error) {
	if d := cols.dtype; col2imKernels.convertsIn(d) {
		c, err := toComputeIn(cols)
		if err != nil {
			return nil, err
		}
		r, err := col2im(c, shape, kernel, out, o)
		return fromComputeIn(r, d, err)
	}
	img, err := Zeros(cols.dtype, shape...)
	if err != nil {
		return nil, err
	}
	src, err := cols.Contiguous()
	if err != nil {
		return nil, err
	}
	kernelFn, err := col2imKernels.Select("conv2d", cols.dtype)
	if err != nil {
		return nil, err
	}
	if err := kernelFn(src, img, kernel, out, o, imageMajor(shape[1], kernel, out)); err != nil {
		return nil, err
	}
	return img, nil
}

type col2imFunc func(src, dst *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout) error

var col2imKernels = computed(NoBoolRealDTypes(ByDType[col2imFunc]{Float32: col2imLoop[float32], Float64: col2imLoop[float64], Int64: col2imLoop[int64]}))

// col2imLoop adds src, contiguous columns laid out as l says, into dst, a
// contiguous [N, C, H, W]: im2colLoop's walk with the copy reversed.
func col2imLoop[T Number](src, dst *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout) error {
	if table := windowTable(dst.shape, dst.strides, kernel, out, o, true); table != nil {
		return col2imTable[T](src, dst, kernel, out, o, l, table)
	}
	return col2imRows[T](src, dst, kernel, out, o, l)
}

// col2imRows is col2imLoop walking the output row by row.
func col2imRows[T Number](src, dst *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout) error {
	s := src.storage.data.([]T)[src.offset:]
	d := dst.storage.data.([]T)
	st := dst.strides
	channels, h, w := dst.shape[1], dst.shape[2], dst.shape[3]
	top, left := o.Padding[0], o.Padding[2]
	perPlane := kernel[0] * kernel[1] * out[0] * out[1]
	// Each (image, channel) plane gets its own columns: planes run in
	// parallel and stop when interrupted.
	return ParallelFor(dst.shape[0]*channels, max(1, GrainSize/max(perPlane, 1)), func(begin, end int) {
		for plane := begin; plane < end; plane++ {
			n, c := plane/channels, plane%channels
			base := dst.offset + n*st[0] + c*st[1]
			r := c * kernel[0] * kernel[1]
			for ki := range kernel[0] {
				for kj := range kernel[1] {
					i := n*l.Image + r*l.Row
					r++
					x0 := kj*o.Dilation[1] - left
					lo, hi := validRange(x0, o.Stride[1], w, out[1])
					step := o.Stride[1] * st[3]
					for y := range out[0] {
						iy := y*o.Stride[0] + ki*o.Dilation[0] - top
						row := s[i : i+out[1]]
						i += out[1]
						if iy < 0 || iy >= h || lo == hi {
							continue
						}
						p := base + iy*st[2] + (x0+lo*o.Stride[1])*st[3]
						scatterAddRow(d[p:], row[lo:hi], step)
					}
				}
			}
		}
	})
}

// scatterAddRow adds src[k] to dst[k·step].
func scatterAddRow[T Number](dst, src []T, step int) {
	if len(src) == 0 {
		return
	}
	if step == 1 {
		dst = dst[:len(src)]
		for k, v := range src {
			dst[k] += v
		}
		return
	}
	dst = dst[:(len(src)-1)*step+1]
	for k, v := range src {
		dst[k*step] += v
	}
}

// MaxPool2dOptions are max_pool2d's hyperparameters, each (height, width).
type MaxPool2dOptions struct {
	Kernel, Stride, Padding, Dilation [2]int
	CeilMode                          bool
}

// poolSize returns the number of windows along a dimension of size n, as
// PyTorch's pooling_output_shape: with ceilMode the last partial window
// counts if it starts inside the input or its left padding.
func poolSize(n, k, s, p, d int, ceilMode bool) int {
	span := n + 2*p - d*(k-1) - 1
	if span < 0 { // the kernel is larger than the padded input
		return 0
	}
	out := span/s + 1
	if ceilMode {
		out = (span+s-1)/s + 1
		if (out-1)*s >= n+p {
			out--
		}
	}
	return out
}

// MaxPool2d returns the maximum of each window of x [N, C, H, W] (or
// [C, H, W]) and its position in the flattened H·W plane, as
// torch.nn.functional.max_pool2d(..., return_indices=True). Padding is
// −inf and must be at most half the kernel; NaN wins, as in PyTorch.
// Floating dtypes only ("max_pool2d" is not implemented for Long in
// PyTorch).
func MaxPool2d(x *Tensor, o MaxPool2dOptions) (values, indices *Tensor, err error) {
	if err := RefuseHalf("max_pool2d", x); err != nil {
		return nil, nil, err
	}
	if !x.dtype.IsFloating() {
		return nil, nil, typeErrorf("max_pool2d only supports floating point dtypes, got %s", x.dtype).
			WithHint("convert the input with .to(float32) first")
	}
	if d := x.dtype; maxPoolKernels.convertsIn(d) {
		c, err := toComputeIn(x)
		if err != nil {
			return nil, nil, err
		}
		values, indices, err = MaxPool2d(c, o)
		values, err = fromComputeIn(values, d, err)
		return values, indices, err
	}
	x4, unbatched, err := batched4("max_pool2d", x)
	if err != nil {
		return nil, nil, err
	}
	for i := range 2 {
		if o.Kernel[i] < 1 || o.Stride[i] < 1 || o.Dilation[i] < 1 {
			return nil, nil, Errorf(RuntimeError, "max_pool2d: kernel_size, stride and dilation must be greater than zero, but got kernel_size=%v stride=%v dilation=%v", o.Kernel, o.Stride, o.Dilation)
		}
		if o.Padding[i] < 0 || o.Padding[i] > o.Kernel[i]/2 {
			return nil, nil, Errorf(RuntimeError, "pad should be at most half of kernel size, but got pad=%d and kernel_size=%d", o.Padding[i], o.Kernel[i])
		}
	}
	h, w := x4.shape[2], x4.shape[3]
	out := [2]int{poolSize(h, o.Kernel[0], o.Stride[0], o.Padding[0], o.Dilation[0], o.CeilMode),
		poolSize(w, o.Kernel[1], o.Stride[1], o.Padding[1], o.Dilation[1], o.CeilMode)}
	if out[0] < 1 || out[1] < 1 {
		return nil, nil, Errorf(RuntimeError, "Given input size: (%dx%dx%d). Calculated output size: (%dx%dx%d). Output size is too small",
			x4.shape[1], h, w, x4.shape[1], out[0], out[1])
	}
	kernel, err := maxPoolKernels.Select("max_pool2d", x.dtype)
	if err != nil {
		return nil, nil, err
	}
	src, err := x4.Contiguous()
	if err != nil {
		return nil, nil, err
	}
	n, c := x4.shape[0], x4.shape[1]
	if values, err = emptyOutput(x.dtype, n, c, out[0], out[1]); err != nil {
		return nil, nil, err
	}
	if indices, err = emptyOutput(Int64, n, c, out[0], out[1]); err != nil {
		return nil, nil, err
	}
	if err := kernel(src, values, indices, out, o); err != nil {
		return nil, nil, err
	}
	if unbatched {
		if values, err = values.Squeeze(0); err != nil {
			return nil, nil, err
		}
		if indices, err = indices.Squeeze(0); err != nil {
			return nil, nil, err
		}
	}
	return values, indices, nil
}

type maxPoolFunc func(x, values, indices *Tensor, out [2]int, o MaxPool2dOptions) error

var maxPoolKernels = computed(FloatingDTypes(ByDType[maxPoolFunc]{Float32: maxPoolLoop[float32], Float64: maxPoolLoop[float64]}))

// maxPoolLoop takes, for each window of the contiguous x [N, C, H, W], the
// largest element and its position in the plane, as PyTorch's CPU kernel:
// positions outside x (the padding) are skipped, the first maximum wins and
// every NaN replaces it (so the last NaN's position is returned).
func maxPoolLoop[T Float](x, values, indices *Tensor, out [2]int, o MaxPool2dOptions) error {
	h, w := x.shape[2], x.shape[3]
	src := x.storage.data.([]T)[x.offset:]
	vals := values.storage.data.([]T)
	idx := indices.storage.data.([]int64)
	windows := out[0] * out[1]
	return ParallelFor(x.shape[0]*x.shape[1], max(1, GrainSize/max(windows*o.Kernel[0]*o.Kernel[1], 1)), func(begin, end int) {
		for plane := begin; plane < end; plane++ {
			in := src[plane*h*w : (plane+1)*h*w]
			for oy := range out[0] {
				for ox := range out[1] {
					best, at := T(math.Inf(-1)), int64(-1)
					for ki := range o.Kernel[0] {
						row := oy*o.Stride[0] - o.Padding[0] + ki*o.Dilation[0]
						if row < 0 || row >= h {
							continue
						}
						for kj := range o.Kernel[1] {
							col := ox*o.Stride[1] - o.Padding[1] + kj*o.Dilation[1]
							if col < 0 || col >= w {
								continue
							}
							v := in[row*w+col]
							if at < 0 || v > best || v != v {
								best, at = v, int64(row*w+col)
							}
						}
					}
					k := plane*windows + oy*out[1] + ox
					vals[k], idx[k] = best, at
				}
			}
		}
	})
}

// MaxPool2dGrad returns the gradient of MaxPool2d's input of the given
// shape: each output gradient added at its window's maximum.
func MaxPool2dGrad(shape []int, indices, g *Tensor) (*Tensor, error) {
	lead := shape[:len(shape)-2]
	plane := shape[len(shape)-2] * shape[len(shape)-1]
	zeros, err := Zeros(g.dtype, append(slices.Clone(lead), plane)...)
	if err != nil {
		return nil, err
	}
	flat := func(t *Tensor) (*Tensor, error) { return t.Reshape(append(slices.Clone(lead), -1)...) }
	idx, err := flat(indices)
	if err != nil {
		return nil, err
	}
	gf, err := flat(g)
	if err != nil {
		return nil, err
	}
	out, err := ScatterAdd(zeros, -1, idx, gf)
	if err != nil {
		return nil, err
	}
	return out.Reshape(shape...)
}
