package vecmath

import (
	"fmt"
	"math/rand"
	"testing"

	"golang.org/x/sys/cpu"
)

// BenchmarkScatterAddRowsConv is col2im of one image of dcgan's
// Discriminator's second to fourth layers, in each implementation's
// kernel.
func BenchmarkScatterAddRowsConv(b *testing.B) {
	defer SetImpl(Impls()[0])
	shapes := []struct{ c, h, k, s, p int }{{16, 32, 4, 2, 1}, {32, 16, 4, 2, 1}, {64, 8, 4, 2, 1}, {128, 4, 4, 1, 0}}
	r := rand.New(rand.NewSource(1))
	for _, sh := range shapes {
		idx, rows, n := convTable(sh.c, sh.h, sh.k, sh.s, sh.p)
		src := randFloats(r, rows*n)
		dst := make([]float32, sh.c*sh.h*sh.h)
		for _, impl := range Impls() {
			b.Run(fmt.Sprintf("%dx%d/%s", sh.c, sh.h, impl), func(b *testing.B) {
				if err := SetImpl(impl); err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					ScatterAddRowsFloat32(dst, src, n, idx, int32(len(dst)-1), rows, n)
				}
			})
		}
	}
}

// BenchmarkGatherRowsConv is im2col of one image of dcgan's
// Discriminator's four layers, in each kernel this CPU runs.
func BenchmarkGatherRowsConv(b *testing.B) {
	shapes := []struct{ c, h, k, s, p int }{{3, 64, 4, 2, 1}, {16, 32, 4, 2, 1}, {32, 16, 4, 2, 1}, {64, 8, 4, 2, 1}}
	kernels := []struct {
		name string
		ok   bool
		f    func(dst *float32, ld int, src *float32, idx *int32, rows, n int)
	}{
		{"avx512", cpu.X86.HasAVX512F, gatherRowsAVX512},
		{"avx2", cpu.X86.HasAVX2, gatherRowsAVX2},
	}
	r := rand.New(rand.NewSource(1))
	for _, sh := range shapes {
		idx, rows, n := convTable(sh.c, sh.h, sh.k, sh.s, sh.p)
		src := randFloats(r, sh.c*sh.h*sh.h)
		dst := make([]float32, rows*n)
		for _, k := range kernels {
			if !k.ok {
				continue
			}
			b.Run(fmt.Sprintf("%dx%d/%s", sh.c, sh.h, k.name), func(b *testing.B) {
				for b.Loop() {
					k.f(&dst[0], n, &src[0], &idx[0], rows, n)
				}
			})
		}
	}
}
