package tensor

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// normalVectorMin is the size from which PyTorch fills a contiguous tensor
// with normal values sixteen at a time (normal_fill) instead of one scalar
// Box-Muller sample at a time.
const normalVectorMin = 16

// fillNormal32 writes normal values into d as PyTorch's normal_kernel does
// for a contiguous float32 tensor: from 16 elements on, the AVX2 Box-Muller
// of normal_fill_AVX2; below, the scalar double distribution.
func (g *Generator) fillNormal32(d []float32, mean, std float64) error {
	if len(d) < normalVectorMin {
		for i := range d {
			d[i] = float32(g.normalSample(mean, std))
		}
		return nil
	}
	m, s := float32(mean), float32(std)
	return boxMullerFill(d, g.uniform32, func(b []float32) { boxMuller16f(b, m, s) })
}

// fillNormal64 writes normal values into d as PyTorch's normal_kernel does
// for a contiguous float64 tensor: normal_fill from 16 elements on, the
// scalar distribution below.
func (g *Generator) fillNormal64(d []float64, mean, std float64) error {
	if len(d) < normalVectorMin {
		for i := range d {
			d[i] = g.normalSample(mean, std)
		}
		return nil
	}
	return boxMullerFill(d, g.uniform64, func(b []float64) { boxMuller16(b, mean, std) })
}

// boxMullerFill is PyTorch's normal_fill for d of 16 elements or more: a
// uniform for every element, then block on each run of 16; when the size is
// not a multiple of 16, the last 16 are drawn again and transformed again.
func boxMullerFill[T Float](d []T, uniform func() T, block func([]T)) error {
	for i := range d {
		if i%chunkElements == 0 && Interrupted() {
			return errInterrupted()
		}
		d[i] = uniform()
	}
	n := len(d)
	// The blocks are independent once their uniforms are drawn.
	if err := ParallelFor(n/normalVectorMin, normalBlockGrain, func(begin, end int) {
		for b := begin; b < end; b++ {
			block(d[b*normalVectorMin : (b+1)*normalVectorMin])
		}
	}); err != nil {
		return err
	}
	if n%normalVectorMin != 0 {
		tail := d[n-normalVectorMin:]
		for i := range tail {
			tail[i] = uniform()
		}
		block(tail)
	}
	return nil
}

// boxMuller16f is normal_fill_16_AVX2: the first 8 values become the
// cosine samples and the last 8 the sine samples.
func boxMuller16f(d []float32, mean, std float32) {
	for j := range 8 {
		u1 := 1 - d[j]
		u2 := d[j+8]
		radius := float32(math.Sqrt(float64(-2 * cephesLogf(u1))))
		theta := float32(avxTwoPi * u2)
		sin, cos := cephesSincosf(theta)
		d[j] = vecmath.FMA32(float32(radius*cos), std, mean)
		d[j+8] = vecmath.FMA32(float32(radius*sin), std, mean)
	}
}

// boxMuller16 is normal_fill_16 for double, its final multiply-add fused
// as in PyTorch's build.
func boxMuller16(d []float64, mean, std float64) {
	for j := range 8 {
		u1 := 1 - d[j]
		u2 := d[j+8]
		radius := math.Sqrt(-2 * libm.Log(u1))
		theta := 2 * math.Pi * u2
		sin, cos := libm.Sincos(theta)
		d[j] = math.FMA(radius*cos, std, mean)
		d[j+8] = math.FMA(radius*sin, std, mean)
	}
}

// normalBlockGrain is how many blocks of 16 one goroutine transforms at
// least.
const normalBlockGrain = 1 << 10

// chunkElements is how many elements a generator fills between checks for
// an interrupt.
const chunkElements = 1 << 16

// fillUniform32 writes uniform floats in [from, to) into d, one word each:
// u·(to-from) + from with one rounding, as PyTorch's build fuses it.
func (g *Generator) fillUniform32(d []float32, from, to float32) error {
	span := to - from
	for i := range d {
		if i%chunkElements == 0 && Interrupted() {
			return errInterrupted()
		}
		d[i] = vecmath.FMA32(g.uniform32(), span, from)
	}
	return nil
}

// fillUniform64 writes uniform doubles in [from, to) into d, two words
// each, fused as fillUniform32.
func (g *Generator) fillUniform64(d []float64, from, to float64) error {
	span := to - from
	for i := range d {
		if i%chunkElements == 0 && Interrupted() {
			return errInterrupted()
		}
		d[i] = math.FMA(g.uniform64(), span, from)
	}
	return nil
}
