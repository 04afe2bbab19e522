package tensor

import (
	"fmt"
	"math"
	"testing"
)

// TestImplicitPackersMatchColumns checks the implicit GEMM's packer
// against the stored columns (batchInner, gathered by im2colLoop): it
// must pack the group's columns as the GEMM packs a view, element for
// element, for slivers of the widths the micro-kernels use, for blocks
// that start and end anywhere, past the end of a row or an image.
func TestImplicitPackersMatchColumns(t *testing.T) {
	cases := []struct {
		name       string
		dtype      DType
		shape      []int // [N, C, H, W]
		kernel     [2]int
		stride     int
		padding    [4]int
		groups     int
		transposed bool // x is the [N, C, W, H] input with H and W swapped
	}{
		{"dcgan first", Float32, []int{2, 3, 16, 16}, [2]int{4, 4}, 2, [4]int{1, 1, 1, 1}, 1, false},
		{"dcgan second, rows of 16", Float64, []int{2, 3, 32, 32}, [2]int{4, 4}, 2, [4]int{1, 1, 1, 1}, 1, false},
		{"dcgan fourth", Float32, []int{3, 5, 8, 8}, [2]int{4, 4}, 2, [4]int{1, 1, 1, 1}, 1, false},
		{"3x3 stride 1", Float64, []int{2, 3, 7, 6}, [2]int{3, 3}, 1, [4]int{1, 1, 1, 1}, 1, false},
		{"uneven padding, groups", Float32, []int{2, 4, 9, 11}, [2]int{3, 4}, 2, [4]int{0, 2, 3, 1}, 2, false},
		{"stride 3, kernel under the stride", Float64, []int{1, 2, 10, 10}, [2]int{2, 2}, 3, [4]int{}, 1, false},
		{"view", Float32, []int{2, 2, 6, 9}, [2]int{4, 4}, 2, [4]int{1, 1, 1, 1}, 1, true},
		{"4x4 on 4x4 with padding", Float32, []int{2, 3, 4, 4}, [2]int{4, 4}, 1, [4]int{1, 0, 0, 1}, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.dtype == Float32 {
				testImplicitPackers[float32](t, c.dtype, c.shape, c.kernel, c.stride, c.padding, c.groups, c.transposed)
			} else {
				testImplicitPackers[float64](t, c.dtype, c.shape, c.kernel, c.stride, c.padding, c.groups, c.transposed)
			}
		})
	}
}

func testImplicitPackers[T float32 | float64](t *testing.T, dtype DType, shape []int, kernel [2]int, stride int, padding [4]int, groups int, transposed bool) {
	n := shape[0] * shape[1] * shape[2] * shape[3]
	x := mustOp(Arange(1, float64(n+1), 1, dtype))
	if transposed {
		x = mustOp(mustOp(x.Reshape(shape[0], shape[1], shape[3], shape[2])).Transpose(2, 3))
	} else {
		x = mustOp(x.Reshape(shape...))
	}
	o := Conv2dOptions{Stride: [2]int{stride, stride}, Padding: padding, Dilation: [2]int{1, 1}, Groups: groups}
	out := [2]int{outputSize(shape[2]+padding[0]+padding[1], kernel[0], stride, 1), outputSize(shape[3]+padding[2]+padding[3], kernel[1], stride, 1)}
	g, ok := implicitConv(x, kernel, out, o)
	if !ok {
		t.Fatal("the implicit GEMM does not take this convolution")
	}
	rows, width := shape[1]*kernel[0]*kernel[1], shape[0]*out[0]*out[1]
	cols := mustOp(emptyOutput(dtype, rows, width))
	if err := im2colLoop[T](x, cols, kernel, out, o, batchInner(shape[0], out)); err != nil {
		t.Fatal(err)
	}
	data := cols.storage.data.([]T)
	k := rows / groups
	pp := mustOp(newPhasePlanes[T](x, g, groups))
	defer pp.release()
	for grp := range groups {
		// The group's columns B[p, j] = cols[grp·k + p, j].
		fwd := func(p, j int) T { return data[(grp*k+p)*width+j] }
		for _, nr := range []int{4, 8, 16, 32} {
			checkPacker(t, fmt.Sprintf("group %d forward nr %d", grp, nr), pp.packer(grp, 0), fwd, k, width, nr)
			if width > 5 {
				// From column 5 on, as the per-image products start.
				shifted := func(p, j int) T { return fwd(p, j+5) }
				checkPacker(t, fmt.Sprintf("group %d forward from 5 nr %d", grp, nr), pp.packer(grp, 5), shifted, k, width-5, nr)
			}
		}
	}
}

// checkPacker packs blocks of the rows×cols matrix B with pack and
// compares them with b.
func checkPacker[T float32 | float64](t *testing.T, what string, pack func(dst []T, p0, kc, j0, w, nr int), b func(p, j int) T, rows, cols, nr int) {
	t.Helper()
	type block struct{ p0, kc, j0, w int }
	blocks := []block{{0, rows, 0, cols}}
	if rows > 3 && cols > 7 {
		blocks = append(blocks, block{1, rows - 3, 3, cols - 7}, block{rows / 2, rows - rows/2, cols / 3, cols - cols/3})
	}
	for _, bl := range blocks {
		slivers := (bl.w + nr - 1) / nr
		dst := make([]T, slivers*bl.kc*nr)
		for i := range dst {
			dst[i] = T(math.NaN())
		}
		pack(dst, bl.p0, bl.kc, bl.j0, bl.w, nr)
		for s := range slivers {
			for p := range bl.kc {
				for x := range nr {
					var want T
					if j := s*nr + x; j < bl.w {
						want = b(bl.p0+p, bl.j0+j)
					}
					if got := dst[(s*bl.kc+p)*nr+x]; got != want {
						t.Fatalf("%s, block %v: sliver %d (%d, %d) = %v, want %v", what, bl, s, p, x, got, want)
					}
				}
			}
		}
	}
}
