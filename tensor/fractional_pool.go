package tensor

import (
	"math"
	"slices"
	"strings"
)

// Fractional max pooling (ATen's FractionalMaxPool2d.cpp and
// FractionalMaxPool3d.cpp, Graham 2014): each plane's windows of a fixed
// pool size start at pseudo-random, increasing offsets derived from one
// sample in [0, 1) per plane and dimension.

// fractionalIntervals is ATen's generate_intervals: the start of each of
// out windows of size pool along a dimension of size in, from sample, in
// the element type's arithmetic; the last window ends at the input's end.
func fractionalIntervals[T float32 | float64](sample T, in, out, pool int) []int {
	seq := make([]int, out)
	if out > 1 {
		alpha := T(in-pool) / T(out-1)
		for i := range out - 1 {
			// A sample outside [0, 1) can round a start past in-pool,
			// where ATen reads outside the plane: kael keeps it inside.
			seq[i] = min(max(int((T(i)+sample)*alpha)-int(sample*alpha), 0), in-pool)
		}
	}
	if out > 0 {
		seq[out-1] = in - pool
	}
	return seq
}

// FractionalMaxPool is fractional_max_pool2d (k = 2) or
// fractional_max_pool3d (k = 3) of x [N, C, S1..Sk] (or [C, S1..Sk]) with
// windows pool, output sizes out and the samples [N, C, k] (N = 1 for an
// unbatched input): the values and, as int64, each maximum's index in
// its flattened plane. The samples are used as ATen uses them: the 2-D
// pool's width from sample 0 and height from sample 1, the 3-D pool's
// time, height and width from samples 0, 1 and 2.
func FractionalMaxPool(x, samples *Tensor, pool, out []int) (values, indices *Tensor, err error) {
	k := len(pool)
	name := [4]string{2: "fractional_max_pool2d()", 3: "fractional_max_pool3d_out()"}[k]
	nd := x.Dim()
	if nd != k+1 && nd != k+2 {
		return nil, nil, Errorf(RuntimeError, "%s: Expected %dD or %dD tensor, but got: %s", name, k+1, k+2, FormatShape(x.shape))
	}
	for i := 1; i < nd; i++ {
		if x.shape[i] == 0 {
			return nil, nil, Errorf(RuntimeError, "%s: Expected input to have non-zero size for non-batch dimensions, but got%s with dimension %d being empty.", name, FormatShape(x.shape), i)
		}
	}
	spatial := x.shape[nd-k:]
	dimNames := map[int][]string{2: {"height", "width"}, 3: {"time", "height", "width"}}[k]
	for i := range k {
		if out[i]+pool[i]-1 > spatial[i] {
			return nil, nil, Errorf(RuntimeError, "%s: pool %s %d too large relative to input %s %d", name, dimNames[i], pool[i], dimNames[i], spatial[i])
		}
		if out[i] < 0 || pool[i] <= 0 {
			return nil, nil, Errorf(RuntimeError, "%s: pool %s %d and output %s %d must be positive", name, dimNames[i], pool[i], dimNames[i], out[i])
		}
	}
	if d := x.dtype; d != Float32 && d != Float64 {
		return nil, nil, Errorf(RuntimeError, "%q not implemented for '%s'", strings.TrimSuffix(strings.TrimSuffix(name, "()"), "_out")+"_out_frame", d.ScalarTypeName())
	}
	batch, planes := 1, x.shape[nd-k-1]
	if nd == k+2 {
		batch = x.shape[0]
	}
	if want := []int{batch, planes, k}; !slices.Equal(samples.shape, want) {
		return nil, nil, Errorf(RuntimeError, "%s: expected _random_samples of shape %s, but got %s", name, FormatShape(want), FormatShape(samples.shape))
	}
	if samples.dtype != x.dtype {
		return nil, nil, Errorf(RuntimeError, "expected scalar type %s but found %s", x.dtype.ScalarTypeName(), samples.dtype.ScalarTypeName())
	}
	xc, err := x.Contiguous()
	if err != nil {
		return nil, nil, err
	}
	s, err := samples.Contiguous()
	if err != nil {
		return nil, nil, err
	}
	shape := append(append([]int{}, x.shape[:nd-k]...), out...)
	if values, err = emptyOutput(x.dtype, shape...); err != nil {
		return nil, nil, err
	}
	if indices, err = emptyOutput(Int64, shape...); err != nil {
		return nil, nil, err
	}
	if x.dtype == Float32 {
		fractionalMaxPool[float32](xc, s, values, indices, batch*planes, pool, out)
	} else {
		fractionalMaxPool[float64](xc, s, values, indices, batch*planes, pool, out)
	}
	return values, indices, nil
}

func fractionalMaxPool[T float32 | float64](x, samples, values, indices *Tensor, planes int, pool, out []int) {
	k := len(pool)
	spatial := x.shape[x.Dim()-k:]
	xs := x.storage.data.([]T)[x.offset:]
	ss := samples.storage.data.([]T)[samples.offset:]
	vs, is := values.storage.data.([]T), indices.storage.data.([]int64)
	inPlane, outPlane := numel(spatial), numel(out)
	starts := make([][]int, k)
	coord, off, pos := make([]int, k), make([]int, k), make([]int, k) // reused for every window
	for p := range planes {
		for i := range k {
			sample := ss[p*k+i]
			if k == 2 {
				sample = ss[p*k+1-i] // height from sample 1, width from sample 0
			}
			starts[i] = fractionalIntervals(sample, spatial[i], out[i], pool[i])
		}
		src := xs[p*inPlane : (p+1)*inPlane]
		for o := range outPlane {
			// The window's first position, then every position in it in
			// row-major order; a NaN or a strictly larger value wins.
			rem := o
			for i := k - 1; i >= 0; i-- {
				coord[i] = starts[i][rem%out[i]]
				rem /= out[i]
			}
			best, at := T(math.Inf(-1)), flatIndex(coord, spatial)
			clear(off)
			for {
				for i := range k {
					pos[i] = coord[i] + off[i]
				}
				f := flatIndex(pos, spatial)
				if v := src[f]; v > best || v != v {
					best, at = v, f
				}
				i := k - 1
				for ; i >= 0; i-- {
					off[i]++
					if off[i] < pool[i] {
						break
					}
					off[i] = 0
				}
				if i < 0 {
					break
				}
			}
			vs[p*outPlane+o], is[p*outPlane+o] = best, int64(at)
		}
	}
}

// flatIndex is the row-major index of coord in shape.
func flatIndex(coord, shape []int) int {
	f := 0
	for i, c := range coord {
		f = f*shape[i] + c
	}
	return f
}

// FractionalMaxPoolBackward is the gradient of FractionalMaxPool: each
// output's gradient added at its maximum's position in the input
// (shape inShape, dtype of g).
func FractionalMaxPoolBackward(g, indices *Tensor, inShape []int, k int) (*Tensor, error) {
	gc, err := g.Contiguous()
	if err != nil {
		return nil, err
	}
	gf, err := gc.Float64s()
	if err != nil {
		return nil, err
	}
	idx, err := Values[int64](indices)
	if err != nil {
		return nil, err
	}
	inPlane := numel(inShape[len(inShape)-k:])
	outPlane := numel(indices.shape[indices.Dim()-k:])
	sum := make([]float64, numel(inShape))
	for i, v := range gf {
		sum[(i/outPlane)*inPlane+int(idx[i])] += v
	}
	t, err := FromSlice(sum, inShape...)
	if err != nil {
		return nil, err
	}
	return t.To(g.dtype)
}
