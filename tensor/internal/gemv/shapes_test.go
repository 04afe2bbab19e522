package gemv

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// gpt2Shape is one of GPT-2 124M's weight products in a decoded token:
// VecMat of a k×n Conv1D weight, or MatVec of the n×k tied head.
type gpt2Shape struct {
	name   string
	k, n   int
	matVec bool
}

var gpt2Shapes = []gpt2Shape{
	{"c_attn", 768, 2304, false},
	{"attn_proj", 768, 768, false},
	{"c_fc", 768, 3072, false},
	{"mlp_proj", 3072, 768, false},
	{"lm_head", 768, 50257, true},
}

// BenchmarkGPT2Shapes times each of GPT-2 124M's products from memory, as
// a decoded token meets them: as many different copies of the weight as
// make 160 MB or more (five times a 32 MiB L3), one product over each in
// turn, on 1 and 2 goroutines, with float32 and float16 weights. The
// reported MB/s are bytes of weights per second of wall time, to be set
// beside the machine's stream-read bandwidth (kaelbench's); on one
// goroutine, cpu-GB/s are per second of the thread's CPU time, the
// figure a loaded machine leaves comparable.
func BenchmarkGPT2Shapes(b *testing.B) {
	const total = 160 << 20
	for _, s := range gpt2Shapes {
		for _, h := range []Half{0, Float16} {
			size, label := 4, "float32"
			if h != 0 {
				size, label = 2, h.String()
			}
			b.Run(fmt.Sprintf("%s_%dx%d/%s", s.name, s.k, s.n, label), func(b *testing.B) {
				copies := max(1, (total+size*s.k*s.n-1)/(size*s.k*s.n))
				r := rand.New(rand.NewPCG(3, 4))
				x, y := randSlice(r, s.k), make([]float32, s.n)
				w32 := make([][]float32, 0, copies)
				w16 := make([][]uint16, 0, copies)
				for range copies {
					if h == 0 {
						w32 = append(w32, randSlice(r, s.k*s.n))
					} else {
						w16 = append(w16, randHalf(r, h, s.k*s.n))
					}
				}
				for _, threads := range []int{1, 2} {
					b.Run(fmt.Sprintf("t%d", threads), func(b *testing.B) {
						b.SetBytes(int64(size * s.k * s.n))
						if threads == 1 {
							runtime.LockOSThread()
							defer runtime.UnlockOSThread()
						}
						cpu0, ok := threadCPU()
						i := 0
						for b.Loop() {
							switch {
							case h == 0 && s.matVec:
								MatVec(y, w32[i], x, s.n, s.k, s.k, threads)
							case h == 0:
								VecMat(y, x, w32[i], s.k, s.n, s.n, threads)
							case s.matVec:
								MatVec16(y, w16[i], x, h, s.n, s.k, s.k, threads)
							default:
								VecMat16(y, x, w16[i], h, s.k, s.n, s.n, threads)
							}
							if i++; i == copies {
								i = 0
							}
						}
						if cpu1, _ := threadCPU(); threads == 1 && ok && cpu1 > cpu0 {
							b.ReportMetric(float64(b.N)*float64(size*s.k*s.n)/float64(cpu1-cpu0), "cpu-GB/s")
						}
					})
				}
			})
		}
	}
}

// BenchmarkAddInto times the sum of a two-thread VecMat's partial vectors
// (addInto) beside the scalar loop it replaced, over GPT-2's widths, both
// in the L1 cache: the part of a product's wait that one goroutine spends
// alone.
func BenchmarkAddInto(b *testing.B) {
	for _, n := range []int{768, 2304, 3072} {
		r := rand.New(rand.NewPCG(5, 6))
		y, p := randSlice(r, n), randSlice(r, n)
		b.Run(fmt.Sprintf("n%d/vector", n), func(b *testing.B) {
			for b.Loop() {
				addInto(y, p)
			}
		})
		b.Run(fmt.Sprintf("n%d/loop", n), func(b *testing.B) {
			for b.Loop() {
				addIntoLoop(y, p)
			}
		})
	}
}

// addIntoLoop is addInto as a Go loop, as it was before the vector kernel.
func addIntoLoop(y, p []float32) {
	for j := range y {
		y[j] += p[j]
	}
}
