package gemm

import "golang.org/x/sys/cpu"

//go:generate go run _asm/gen.go -out kernels_amd64.s

//go:noescape
func kernF32AVX512(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX512(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF32AVX2(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX2(k int, a, b, c *float64, ldc int, acc bool)

// archImpls returns the assembly implementations this CPU supports.
func archImpls() []*impl {
	var list []*impl
	if cpu.X86.HasAVX512F {
		list = append(list, &impl{
			name: "avx512",
			f32:  &kernel[float32]{mr: 12, nr: 32, kc: 256, mc: 1200, nc: 4096, ncb: 512, fn: kernF32AVX512},
			f64:  &kernel[float64]{mr: 12, nr: 16, kc: 256, mc: 1200, nc: 4096, ncb: 256, fn: kernF64AVX512},
		})
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		list = append(list, &impl{
			name: "avx2",
			f32:  &kernel[float32]{mr: 6, nr: 16, kc: 256, mc: 1200, nc: 4096, ncb: 512, fn: kernF32AVX2},
			f64:  &kernel[float64]{mr: 6, nr: 8, kc: 256, mc: 1200, nc: 4096, ncb: 256, fn: kernF64AVX2},
		})
	}
	return list
}
