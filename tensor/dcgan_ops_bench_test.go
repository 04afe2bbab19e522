package tensor

import (
	"fmt"
	"testing"
	"time"
)

// dcganLayers are the convolutions of dcgan's Discriminator at ndf 16 on
// 64×64 images, batch 16, as the training rows run it.
var dcganLayers = []struct {
	name                   string
	c, o, size, stride, pd int
}{
	{"l1", 3, 16, 64, 2, 1}, {"l2", 16, 32, 32, 2, 1}, {"l3", 32, 64, 16, 2, 1},
	{"l4", 64, 128, 8, 2, 1}, {"l5", 128, 1, 4, 1, 0},
}

// BenchmarkDcganOps times each tensor op of dcgan's Discriminator
// training step (ndf 16, batch 16) at one and two threads
// (SetNumThreads): the training forward of each convolution
// (Conv2dKeep), its gradients from the kept columns (the input's but for
// the first layer), and BatchNorm's training forward and gradients of
// the three normalised layers. Beside the mean wall time it reports the
// fastest call (min-µs, the figure least moved by other processes on a
// shared machine) and the CPU time of the process (cpu-µs/op).
func BenchmarkDcganOps(b *testing.B) {
	defer numThreads.Store(0)
	for _, threads := range []int{1, 2} {
		for _, l := range dcganLayers {
			g := NewGenerator(1)
			x, _ := Randn(g, Float32, 16, l.c, l.size, l.size)
			w, _ := Randn(g, Float32, l.o, l.c, 4, 4)
			o := DefaultConv2dOptions()
			o.Stride = [2]int{l.stride, l.stride}
			o.Padding = [4]int{l.pd, l.pd, l.pd, l.pd}
			out := (l.size+2*l.pd-4)/l.stride + 1
			gy, _ := Randn(g, Float32, 16, l.o, out, out)
			_, kept, err := Conv2dKeep(x, w, nil, o)
			if err != nil {
				b.Fatal(err)
			}
			timeOp(b, fmt.Sprintf("%s/fwd/t%d", l.name, threads), threads, func() error {
				_, k, err := Conv2dKeep(x, w, nil, o)
				k.Release()
				return err
			})
			timeOp(b, fmt.Sprintf("%s/bwd/t%d", l.name, threads), threads, func() error {
				_, _, err := Conv2dGradsKept(x, w, gy, kept, o, l.name != "l1", true)
				return err
			})
			kept.Release()
			if l.name == "l1" || l.name == "l5" {
				continue
			}
			bw, _ := Ones(Float32, l.o)
			bb, _ := Zeros(Float32, l.o)
			_, st, err := BatchNormTrain(gy, bw, bb, 1e-5)
			if err != nil {
				b.Fatal(err)
			}
			timeOp(b, fmt.Sprintf("%s/bn/t%d", l.name, threads), threads, func() error {
				_, _, err := BatchNormTrain(gy, bw, bb, 1e-5)
				return err
			})
			timeOp(b, fmt.Sprintf("%s/bngrad/t%d", l.name, threads), threads, func() error {
				_, _, _, err := BatchNormTrainGrads(gy, gy, bw, st, true, true, true)
				return err
			})
		}
	}
}

// timeOp runs op as sub-benchmark name at the given thread count.
func timeOp(b *testing.B, name string, threads int, op func() error) {
	b.Run(name, func(b *testing.B) {
		if err := SetNumThreads(threads); err != nil {
			b.Fatal(err)
		}
		fastest := time.Duration(1 << 62)
		cpu0 := cpuTime(b)
		for b.Loop() {
			t0 := time.Now()
			if err := op(); err != nil {
				b.Fatal(err)
			}
			fastest = min(fastest, time.Since(t0))
		}
		b.ReportMetric(float64(cpuTime(b)-cpu0)/1e3/float64(b.N), "cpu-µs/op")
		b.ReportMetric(float64(fastest)/1e3, "min-µs")
	})
}
