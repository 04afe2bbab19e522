package vecmath

import (
	"runtime"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// BenchmarkSumKernels streams 2^24 float32s (64 MiB, more than an L3)
// through each float32 sum kernel this CPU has, in runs of 32768 values
// as tensor.Sum gives them to a thread, from memory advised to huge pages
// as tensor storage is. On one locked thread; cpu-ms/op is that thread's
// CPU time, the figure a loaded machine leaves comparable:
//
//	go test ./tensor/internal/vecmath -run '^$' -bench SumKernels -benchtime 40x
func BenchmarkSumKernels(b *testing.B) {
	const n, run, huge = 1 << 24, 32768, 2 << 20
	mem, err := syscall.Mmap(-1, 0, 4*n+huge, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		b.Skip(err)
	}
	defer func() { _ = syscall.Munmap(mem) }()
	off := int(-uintptr(unsafe.Pointer(&mem[0])) & (huge - 1))
	_ = syscall.Madvise(mem[off:off+4*n], 14) // MADV_HUGEPAGE
	x := unsafe.Slice((*float32)(unsafe.Pointer(&mem[off])), n)
	for i := range x {
		x[i] = float32(i%1000) / 1000
	}
	kernels := []struct {
		name string
		f    func([]float32) float32
	}{{"avx2", sumAVX2}}
	if cpu.X86.HasAVX512F {
		kernels = append(kernels, struct {
			name string
			f    func([]float32) float32
		}{"avx512", sumAVX512})
	}
	for _, k := range kernels {
		b.Run(k.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.SetBytes(4 * n)
			cpu0 := threadCPU()
			var s float32
			for b.Loop() {
				for i := 0; i < n; i += run {
					s += k.f(x[i : i+run])
				}
			}
			if cpu1 := threadCPU(); cpu1 > cpu0 {
				b.ReportMetric((cpu1-cpu0)/1e3/float64(b.N), "cpu-ms/op")
			}
			if s != s {
				b.Fatal("NaN")
			}
		})
	}
}
