package tensor

import (
	"fmt"
	"testing"
)

// allocBenchSizes are the medium sizes of issue 34: dcgan's activations
// are 128 KiB to 1 MiB, nanoGPT's and the LSTM's a few hundred KiB.
var allocBenchSizes = []int{64 << 10, 256 << 10, 1 << 20, 4 << 20}

// BenchmarkAllocate measures a fresh float32 tensor of each size that the
// program then writes whole and drops, as an op's output is: Empty (zeroed,
// as torch.empty and torch.zeros are), emptyOutput (uncleared, as an
// element-wise op's output is) and Clone.
func BenchmarkAllocate(b *testing.B) {
	for _, bytes := range allocBenchSizes {
		n := bytes / 4
		b.Run(fmt.Sprintf("Empty/%dKiB", bytes>>10), func(b *testing.B) {
			b.SetBytes(int64(bytes))
			for b.Loop() {
				t, err := Empty(Float32, n)
				if err != nil {
					b.Fatal(err)
				}
				fillFloat32(t)
			}
		})
		b.Run(fmt.Sprintf("Output/%dKiB", bytes>>10), func(b *testing.B) {
			b.SetBytes(int64(bytes))
			for b.Loop() {
				t, err := emptyOutput(Float32, n)
				if err != nil {
					b.Fatal(err)
				}
				fillFloat32(t)
			}
		})
		b.Run(fmt.Sprintf("Clone/%dKiB", bytes>>10), func(b *testing.B) {
			x, _ := Empty(Float32, n)
			b.SetBytes(int64(bytes))
			for b.Loop() {
				if _, err := x.Clone(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// fillFloat32 writes every element of a contiguous float32 tensor.
func fillFloat32(t *Tensor) {
	s := t.storage.data.([]float32)
	for i := range s {
		s[i] = 1
	}
}
