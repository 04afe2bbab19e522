package gemm

import (
	"github.com/kael-dev/kael/tensor/internal/pool"
	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The transposed product C = A·Bᵀ of a matrix A [m, k] whose rows are
// contiguous and a packed B [n, k] (Packed: runs of NR contiguous
// elements of a row along k) by dot products: both operands are read
// along k as they are stored, with no transposing pack. It is a
// convolution's weight gradient, dY [O, N·oh·ow] by the packed columns
// [C·kh·kw, N·oh·ow] (MulTransPacked transposes the cold columns into
// its panels first, 8–10% of dcgan's training step).
//
// Each element of C is a dot product along k in dotLanes partial sums:
// element p of a block of k goes to lane p%dotLanes, each lane a chain
// of FMAs in the order of p, then the lanes are added in a fixed tree
// (dotTree). k is cut into blocks of dotKC (the block's sums added to
// C in order), so that a block of A stays in L2 and one of B's tile in
// L1. The rounding differs from MulTransPacked's (one FMA chain along
// k), so this is a function of its own; its bits do not depend on the
// thread count, and dotGo is its definition, which the assembly tiles
// match bit for bit.

// dotLanes is the partial sums of an element: the AVX-512 kernel's
// float32 lanes.
const dotLanes = 16

// dotMR and dotNR are the assembly tile's rows of A and of B.
const dotMR, dotNR = 4, 4

// dotKCBytes bounds the bytes of a block of A (m rows of dotKC), which
// stays in L2 while the tiles of B go by; dotKCMax bounds a block so
// that a tile of B's rows (dotNR of them) stays in L1.
var (
	dotKCBytes = 512 << 10
	dotKCMax   = 512
)

// dotKC returns the block of k for m rows of A and slivers of nr.
func dotKC(m, nr int) int {
	kc := min(dotKCMax, dotKCBytes/(4*m))
	return max(nr, kc/nr*nr)
}

// HasDotKernel reports whether MulTransPackedDot has an assembly kernel
// for slivers of nr under the current implementation (AVX-512, NR 32).
func HasDotKernel(nr int) bool {
	return dotKernel != nil && nr == 32 && impls.Current().name == "avx512"
}

// MulTransPackedDot sets C [m, n] to A·Bᵀ, A [m, k] with contiguous rows
// (ColStride 1), b the packed n×k matrix whose slivers run along k, k a
// multiple of b.NR; C's rows contiguous. It panics where HasDotKernel(b.NR)
// is false.
func MulTransPackedDot(m, n, k int, a Matrix[float32], b Packed[float32], c Matrix[float32], opt Options) {
	if m <= 0 || n <= 0 {
		return
	}
	if !HasDotKernel(b.NR) || a.ColStride != 1 || c.ColStride != 1 || k%b.NR != 0 {
		panic("gemm: MulTransPackedDot's operands do not suit its kernel")
	}
	if k == 0 {
		for i := range m {
			clear(c.Data[c.Offset+i*c.RowStride:][:n])
		}
		return
	}
	b.check(n, k, 0)
	kc := dotKC(m, b.NR)
	tiles := ceilDiv(n, dotNR)
	parts := min(threadsFor(volume(m, n, k), opt), tiles)
	run := func(part int) {
		j0, j1 := part*tiles/parts*dotNR, min(n, (part+1)*tiles/parts*dotNR)
		for p0 := 0; p0 < k; p0 += kc {
			if parts == 1 && opt.Cancelled != nil && p0 > 0 && opt.Cancelled() {
				return
			}
			dotBlock(m, j0, j1, p0, min(k, p0+kc), a, b, c)
		}
	}
	if parts == 1 {
		run(0)
		return
	}
	pool.Run(parts, run)
}

// dotBlock adds the block [p0, p1) of k of C's columns [j0, j1) (sets
// them where p0 is 0): the whole tiles by the kernel, the rest by dotGo.
func dotBlock(m, j0, j1, p0, p1 int, a Matrix[float32], b Packed[float32], c Matrix[float32]) {
	acc := p0 > 0
	mt, steps := m/dotMR*dotMR, (p1-p0)/b.NR
	for j := j0; j+dotNR <= j1; j += dotNR {
		bp := &b.Data[b.Offset+p0/b.NR*b.SliverStride+j*b.NR]
		for i := 0; i < mt; i += dotMR {
			dotKernel(steps, &a.Data[a.Offset+i*a.RowStride+p0], a.RowStride, bp, b.SliverStride, &c.Data[c.Offset+i*c.RowStride+j], c.RowStride, acc)
		}
		for i := mt; i < m; i++ {
			for x := j; x < j+dotNR; x++ {
				dotSet(c, i, x, dotGo(a, b, i, x, p0, p1), acc)
			}
		}
	}
	for j := j0 + (j1-j0)/dotNR*dotNR; j < j1; j++ {
		for i := range m {
			dotSet(c, i, j, dotGo(a, b, i, j, p0, p1), acc)
		}
	}
}

// dotSet sets C's element (i, j) to s, or adds s to it.
func dotSet(c Matrix[float32], i, j int, s float32, acc bool) {
	at := c.Offset + i*c.RowStride + j
	if acc {
		s = c.Data[at] + s
	}
	c.Data[at] = s
}

// dotGo is the definition of the kernel's dot product of A's row i and
// B's row j over [p0, p1), p0 a multiple of dotLanes: dotLanes chains of
// FMAs (each rounded once, as the vector FMA), added by dotTree.
func dotGo(a Matrix[float32], b Packed[float32], i, j, p0, p1 int) float32 {
	var lanes [dotLanes]float32
	row := a.Data[a.Offset+i*a.RowStride:]
	for p := p0; p < p1; p++ {
		lanes[p%dotLanes] = vecmath.FMA32(row[p], b.at(j, p), lanes[p%dotLanes])
	}
	return dotTree(lanes)
}

// dotTree adds the lanes as the kernel does: lane i and i+8, then i and
// i+4, i and i+2, and the last two.
func dotTree(v [dotLanes]float32) float32 {
	for w := dotLanes / 2; w >= 1; w /= 2 {
		for i := range w {
			v[i] += v[i+w]
		}
	}
	return v[0]
}
