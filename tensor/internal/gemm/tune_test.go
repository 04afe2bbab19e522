package gemm

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

func BenchmarkTune(b *testing.B) {
	for _, th := range []int{1, 2} {
		for _, size := range []int{1024} {
			b.Run(fmt.Sprintf("f32/%d/t%d", size, th), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(5, 6))
				row := layoutByName("row")
				x := newView[float32](rng, row, size, size)
				y := newView[float32](rng, row, size, size)
				z := newView[float32](rng, row, size, size)
				for b.Loop() {
					Mul(size, size, size, x, y, z, Options{Threads: th})
				}
				b.ReportMetric(2*float64(size*size*size)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}

func packAll(dst []float32, x Matrix[float32], pc int, isB bool) {
	kn := kernelFor[float32]()
	pn := panel[float32]{x.Data, x.Offset + pc*x.ColStride, x.RowStride, x.ColStride, 1024, 256, kn.mr}
	trans := kn.transA
	if isB {
		pn = panel[float32]{x.Data, x.Offset + pc*x.RowStride, x.ColStride, x.RowStride, 1024, 256, kn.nr}
		trans = kn.transB
	}
	for it := range pn.items() {
		pn.pack(dst, it, trans, kn.copyRows)
	}
}

func BenchmarkPack(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const size = 1024
	for _, l := range []string{"row", "col"} {
		x := newView[float32](rng, layoutByName(l), size, size)
		dst := make([]float32, size*256+8192)
		b.Run("A/"+l, func(b *testing.B) {
			for b.Loop() {
				for pc := 0; pc < size; pc += 256 {
					packAll(dst, x, pc, false)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/size/size, "ns/elem")
		})
		b.Run("B/"+l, func(b *testing.B) {
			for b.Loop() {
				for pc := 0; pc < size; pc += 256 {
					packAll(dst, x, pc, true)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/size/size, "ns/elem")
		})
	}
}

func BenchmarkSweep(b *testing.B) {
	kn := kernelFor[float32]()
	saved := *kn
	defer func() { *kn = saved }()
	const size = 1024
	rng := rand.New(rand.NewPCG(5, 6))
	row := layoutByName("row")
	x := newView[float32](rng, row, size, size)
	y := newView[float32](rng, row, size, size)
	z := newView[float32](rng, row, size, size)
	for _, kc := range []int{128, 256, 384} {
		for _, ncb := range []int{256, 1024} {
			b.Run(fmt.Sprintf("kc%d/ncb%d", kc, ncb), func(b *testing.B) {
				kn.kc, kn.ncb = kc, ncb
				for b.Loop() {
					Mul(size, size, size, x, y, z, Options{Threads: 1})
				}
				b.ReportMetric(2*float64(size*size*size)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}

var flushBuf = make([]byte, 64<<20)

func flush() {
	for i := 0; i < len(flushBuf); i += 64 {
		flushBuf[i]++
	}
}

func BenchmarkPackCold(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const size = 1024
	for _, l := range []string{"row"} {
		x := newView[float32](rng, layoutByName(l), size, size)
		dst := make([]float32, size*256+8192)
		b.Run("A/"+l, func(b *testing.B) {
			var tot time.Duration
			for b.Loop() {
				flush()
				t0 := time.Now()
				for pc := 0; pc < size; pc += 256 {
					packAll(dst, x, pc, false)
				}
				tot += time.Since(t0)
			}
			b.ReportMetric(float64(tot.Nanoseconds())/float64(b.N)/size/size, "ns/elem")
		})
		b.Run("B/"+l, func(b *testing.B) {
			var tot time.Duration
			for b.Loop() {
				flush()
				t0 := time.Now()
				for pc := 0; pc < size; pc += 256 {
					packAll(dst, x, pc, true)
				}
				tot += time.Since(t0)
			}
			b.ReportMetric(float64(tot.Nanoseconds())/float64(b.N)/size/size, "ns/elem")
		})
	}
}
