package tensor

import (
	"fmt"
	"testing"
)

// BenchmarkConv2d is a LeNet-sized layer: [8, 16, 32, 32] by [32, 16, 3, 3]
// with padding 1.
func BenchmarkConv2d(b *testing.B) {
	g := NewGenerator(1)
	x, _ := Randn(g, Float32, 8, 16, 32, 32)
	w, _ := Randn(g, Float32, 32, 16, 3, 3)
	o := DefaultConv2dOptions()
	o.Padding = [4]int{1, 1, 1, 1}
	for b.Loop() {
		if _, err := Conv2d(x, w, nil, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMaxPool2d pools the same input with 2×2 windows.
func BenchmarkMaxPool2d(b *testing.B) {
	x, _ := Randn(NewGenerator(1), Float32, 8, 16, 32, 32)
	o := MaxPool2dOptions{Kernel: [2]int{2, 2}, Stride: [2]int{2, 2}, Dilation: [2]int{1, 1}}
	for b.Loop() {
		if _, _, err := MaxPool2d(x, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSortRows sorts 1000 rows of 1000 float32 elements.
func BenchmarkSortRows(b *testing.B) {
	x, _ := Randn(NewGenerator(1), Float32, 1000, 1000)
	for b.Loop() {
		if _, _, err := Sort(x, -1, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConv2dGrads is the backward of dcgan's second Discriminator
// layer at ndf 16, batch 16: [16, 16, 32, 32] by [32, 16, 4, 4], stride 2,
// padding 1, both gradients.
func BenchmarkConv2dGrads(b *testing.B) {
	g := NewGenerator(1)
	x, _ := Randn(g, Float32, 16, 16, 32, 32)
	w, _ := Randn(g, Float32, 32, 16, 4, 4)
	gy, _ := Randn(g, Float32, 16, 32, 16, 16)
	o := DefaultConv2dOptions()
	o.Stride = [2]int{2, 2}
	o.Padding = [4]int{1, 1, 1, 1}
	for b.Loop() {
		if _, _, err := Conv2dGrads(x, w, gy, o, true, true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIm2col unfolds the same layer's input (l2) and the first
// layer's, [16, 3, 64, 64] to 32×32 outputs (l1); both by phases.
func BenchmarkIm2col(b *testing.B) {
	for _, c := range []struct {
		name     string
		channels int
		size     int
	}{{"l2", 16, 32}, {"l1", 3, 64}} {
		b.Run(c.name, func(b *testing.B) {
			x, _ := Randn(NewGenerator(1), Float32, 16, c.channels, c.size, c.size)
			o := DefaultConv2dOptions()
			o.Stride = [2]int{2, 2}
			o.Padding = [4]int{1, 1, 1, 1}
			out := [2]int{c.size / 2, c.size / 2}
			for b.Loop() {
				if _, err := im2col(x, [2]int{4, 4}, out, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkConv2dLate is the forward and backward of dcgan's fourth
// Discriminator layer at ndf 16, batch 16: [16, 64, 8, 8] by
// [128, 64, 4, 4], stride 2, padding 1, a 4×4 output per image.
func BenchmarkConv2dLate(b *testing.B) {
	g := NewGenerator(1)
	x, _ := Randn(g, Float32, 16, 64, 8, 8)
	w, _ := Randn(g, Float32, 128, 64, 4, 4)
	gy, _ := Randn(g, Float32, 16, 128, 4, 4)
	o := DefaultConv2dOptions()
	o.Stride = [2]int{2, 2}
	o.Padding = [4]int{1, 1, 1, 1}
	for b.Loop() {
		if _, err := Conv2d(x, w, nil, o); err != nil {
			b.Fatal(err)
		}
		if _, _, err := Conv2dGrads(x, w, gy, o, true, true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWindowTable gathers dcgan's third and fourth Discriminator
// layers' columns (batch 16: [16, 32, 16, 16] and [16, 64, 8, 8], 4×4
// kernels of stride 2, padding 1) and adds them back, by table, in the
// layout of the folded convolution; and adds back the second layer's
// ([16, 16, 32, 32]), whose gather goes by phases. col2im goes by table
// and by dense passes (col2imS2K4Rows), in CPU time beside the wall
// time.
func BenchmarkWindowTable(b *testing.B) {
	for _, c := range []struct {
		name           string
		channels, size int
	}{{"l2", 16, 32}, {"l3", 32, 16}, {"l4", 64, 8}} {
		x, _ := Randn(NewGenerator(1), Float32, 16, c.channels, c.size, c.size)
		o := DefaultConv2dOptions()
		o.Stride = [2]int{2, 2}
		o.Padding = [4]int{1, 1, 1, 1}
		kernel, out := [2]int{4, 4}, [2]int{c.size / 2, c.size / 2}
		l := batchInner(16, out)
		cols, _ := Zeros(Float32, c.channels*16, 16*out[0]*out[1])
		b.Run(c.name+"/im2col", func(b *testing.B) {
			table := windowTable(x.shape, x.strides, kernel, out, o, false)
			if table == nil {
				b.Skip("by phases")
			}
			for b.Loop() {
				if err := im2colTable[float32](x, cols, kernel, out, l, table); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, dense := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/col2im/dense=%v", c.name, dense), func(b *testing.B) {
				defer func() { col2imDense = true }()
				col2imDense = dense
				img, _ := Zeros(Float32, x.shape...)
				table := windowTable(img.shape, img.strides, kernel, out, o, true)
				cpu0 := cpuTime(b)
				for b.Loop() {
					if err := col2imTable[float32](cols, img, kernel, out, o, l, table); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime(b)-cpu0)/1e3/float64(b.N), "cpu-µs/op")
			})
		}
	}
}

// BenchmarkConv2dInputGrad times the input gradient alone of dcgan's
// second and third Discriminator layers at batch 16 (4×4 kernels, stride
// 2, padding 1), image by image (inputGradByImage, wᵀ packed once a
// call or by every image's GEMM) and through the batch's columns, col2im
// by table or by dense passes (col2imDense), in CPU time (cpu-µs/op)
// beside the wall time.
func BenchmarkConv2dInputGrad(b *testing.B) {
	defer func() { col2imByImage, inputGradPackedOnce, col2imDense = true, true, true }()
	for _, l := range []struct {
		name       string
		c, o, size int
	}{{"l2", 16, 32, 32}, {"l3", 32, 64, 16}} {
		g := NewGenerator(1)
		x, _ := Randn(g, Float32, 16, l.c, l.size, l.size)
		w, _ := Randn(g, Float32, l.o, l.c, 4, 4)
		gy, _ := Randn(g, Float32, 16, l.o, l.size/2, l.size/2)
		o := DefaultConv2dOptions()
		o.Stride = [2]int{2, 2}
		o.Padding = [4]int{1, 1, 1, 1}
		for _, v := range []struct{ byImage, once, dense bool }{{false, true, false}, {false, true, true}, {true, false, false}, {true, true, false}, {true, true, true}} {
			b.Run(fmt.Sprintf("%s/byImage=%v/packedOnce=%v/dense=%v", l.name, v.byImage, v.once, v.dense), func(b *testing.B) {
				col2imByImage, inputGradPackedOnce, col2imDense = v.byImage, v.once, v.dense
				cpu0 := cpuTime(b)
				for b.Loop() {
					if _, _, err := Conv2dGrads(x, w, gy, o, true, false); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime(b)-cpu0)/1e3/float64(b.N), "cpu-µs/op")
			})
		}
	}
}

// BenchmarkConv2dKeep times the training forward (Conv2dKeep: the
// columns kept for the weight gradient) of dcgan's four Discriminator
// layers at batch 16 (4×4 kernels, stride 2, padding 1), each image's
// columns gathered just before its products and all of them gathered
// first, the former with the weight packed once a call and once an
// image (weightPackedOnce), gathered by table or by dense runs
// (im2colDense), in CPU time (cpu-µs/op) beside the wall time.
func BenchmarkConv2dKeep(b *testing.B) {
	defer func() { gatherByImage, weightPackedOnce, im2colDense = true, true, true }()
	for _, l := range []struct {
		name       string
		c, o, size int
	}{{"l1", 3, 16, 64}, {"l2", 16, 32, 32}, {"l3", 32, 64, 16}, {"l4", 64, 128, 8}} {
		g := NewGenerator(1)
		x, _ := Randn(g, Float32, 16, l.c, l.size, l.size)
		w, _ := Randn(g, Float32, l.o, l.c, 4, 4)
		o := DefaultConv2dOptions()
		o.Stride = [2]int{2, 2}
		o.Padding = [4]int{1, 1, 1, 1}
		for _, v := range []struct{ byImage, weightOnce, dense bool }{{false, true, true}, {true, false, true}, {true, true, false}, {true, true, true}} {
			b.Run(fmt.Sprintf("%s/byImage=%v/weightOnce=%v/dense=%v", l.name, v.byImage, v.weightOnce, v.dense), func(b *testing.B) {
				gatherByImage, weightPackedOnce, im2colDense = v.byImage, v.weightOnce, v.dense
				cpu0 := cpuTime(b)
				for b.Loop() {
					_, kept, err := Conv2dKeep(x, w, nil, o)
					if err != nil {
						b.Fatal(err)
					}
					kept.Release()
				}
				b.ReportMetric(float64(cpuTime(b)-cpu0)/1e3/float64(b.N), "cpu-µs/op")
			})
		}
	}
}

// BenchmarkConv2dWide is the inference forward (Conv2d, no kept columns)
// of dcgan's first two layers at batch 16, in float32 and float64, with
// the weight packed once a call (packedWeights) and for every image.
func BenchmarkConv2dWide(b *testing.B) {
	defer func() { weightPackedOnce = true }()
	for _, l := range []struct {
		name       string
		c, o, size int
	}{{"l1", 3, 16, 64}, {"l2", 16, 32, 32}} {
		for _, dt := range []DType{Float32, Float64} {
			g := NewGenerator(1)
			x, _ := Randn(g, dt, 16, l.c, l.size, l.size)
			w, _ := Randn(g, dt, l.o, l.c, 4, 4)
			o := DefaultConv2dOptions()
			o.Stride = [2]int{2, 2}
			o.Padding = [4]int{1, 1, 1, 1}
			for _, once := range []bool{false, true} {
				b.Run(fmt.Sprintf("%s/%v/weightOnce=%v", l.name, dt, once), func(b *testing.B) {
					weightPackedOnce = once
					cpu0 := cpuTime(b)
					for b.Loop() {
						if _, err := Conv2d(x, w, nil, o); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(cpuTime(b)-cpu0)/1e3/float64(b.N), "cpu-µs/op")
				})
			}
		}
	}
}
