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
// Each element of C is a dot product along k in 16 partial sums (the
// AVX-512 kernel's float32 lanes; AVX2's 8): element p of a block of k
// goes to lane p%16, each lane a chain
// of FMAs in the order of p, then the lanes are added in a fixed tree
// (dotTree). k is cut into blocks of dotKC (the block's sums added to
// C in order), so that a block of A stays in L2 and one of B's tile in
// L1. The rounding differs from MulTransPacked's (one FMA chain along
// k), so this is a function of its own; its bits do not depend on the
// thread count, and dotGo is its definition, which the assembly tiles
// match bit for bit.

// dotTile is a dot-product tile kernel: it adds (acc) or stores into
// the mr×nr tile of C at c (row stride ldc) the dot products of A's mr
// rows at a (row stride lda) and B's nr rows at b over steps slivers of
// sliver elements: sliver s of B's rows is nr·sliver contiguous elements
// at b+s·bstride, A's row i's sliver elements at a+i·lda+sliver·s. Each
// product is dotGo's with lanes lanes.
type dotTile struct {
	lanes, mr, nr, sliver int
	fn                    func(steps int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, acc bool)
}

// dotKCBytes bounds the bytes of a block of A (m rows of dotKC), which
// stays in L2 while the tiles of B go by; dotKCMax bounds a block so
// that a tile of B's rows stays in L1.
var (
	dotKCBytes = 512 << 10
	dotKCMax   = 512
)

// dotKC returns the block of k for m rows of A and slivers of nr.
func dotKC(m, nr int) int {
	kc := min(dotKCMax, dotKCBytes/(4*m))
	return max(nr, kc/nr*nr)
}

// dotFor returns the tile kernel for slivers of nr under the current
// implementation, or nil: AVX-512's for NR 32, AVX2's for NR 16.
func dotFor(nr int) *dotTile {
	for _, d := range dotTiles {
		if d.name == impls.Current().name && d.tile.sliver == nr {
			return &d.tile
		}
	}
	return nil
}

// HasDotKernel reports whether MulTransPackedDot has an assembly kernel
// for slivers of nr under the current implementation (AVX-512's NR 32,
// AVX2's 16: PackedWidth).
func HasDotKernel(nr int) bool { return dotFor(nr) != nil }

// MulTransPackedDot sets C [m, n] to A·Bᵀ, A [m, k] with contiguous rows
// (ColStride 1), b the packed n×k matrix whose slivers run along k, k a
// multiple of b.NR; C's rows contiguous. It panics where HasDotKernel(b.NR)
// is false.
func MulTransPackedDot(m, n, k int, a Matrix[float32], b Packed[float32], c Matrix[float32], opt Options) {
	if m <= 0 || n <= 0 {
		return
	}
	d := dotFor(b.NR)
	if d == nil || a.ColStride != 1 || c.ColStride != 1 || k%b.NR != 0 {
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
	tiles := ceilDiv(n, d.nr)
	parts := min(threadsFor(volume(m, n, k), opt), tiles)
	run := func(part int) {
		j0, j1 := part*tiles/parts*d.nr, min(n, (part+1)*tiles/parts*d.nr)
		for p0 := 0; p0 < k; p0 += kc {
			if parts == 1 && opt.Cancelled != nil && p0 > 0 && opt.Cancelled() {
				return
			}
			d.block(m, j0, j1, p0, min(k, p0+kc), a, b, c)
		}
	}
	if parts == 1 {
		run(0)
		return
	}
	pool.Run(parts, run)
}

// block adds the block [p0, p1) of k of C's columns [j0, j1) (sets
// them where p0 is 0): the whole tiles by the kernel, the rest by dotGo.
func (d *dotTile) block(m, j0, j1, p0, p1 int, a Matrix[float32], b Packed[float32], c Matrix[float32]) {
	acc := p0 > 0
	mt, steps := m/d.mr*d.mr, (p1-p0)/b.NR
	for j := j0; j+d.nr <= j1; j += d.nr {
		bp := &b.Data[b.Offset+p0/b.NR*b.SliverStride+j*b.NR]
		for i := 0; i < mt; i += d.mr {
			d.fn(steps, &a.Data[a.Offset+i*a.RowStride+p0], a.RowStride, bp, b.SliverStride, &c.Data[c.Offset+i*c.RowStride+j], c.RowStride, acc)
		}
		for i := mt; i < m; i++ {
			for x := j; x < j+d.nr; x++ {
				dotSet(c, i, x, dotGo(d.lanes, a, b, i, x, p0, p1), acc)
			}
		}
	}
	for j := j0 + (j1-j0)/d.nr*d.nr; j < j1; j++ {
		for i := range m {
			dotSet(c, i, j, dotGo(d.lanes, a, b, i, j, p0, p1), acc)
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
// B's row j over [p0, p1), p0 a multiple of lanes (16 or 8): lanes
// chains of FMAs (each rounded once, as the vector FMA), added by
// dotTree.
func dotGo(lanes int, a Matrix[float32], b Packed[float32], i, j, p0, p1 int) float32 {
	var v [16]float32
	row := a.Data[a.Offset+i*a.RowStride:]
	for p := p0; p < p1; p++ {
		v[p%lanes] = vecmath.FMA32(row[p], b.at(j, p), v[p%lanes])
	}
	return dotTree(v[:lanes])
}

// dotTree adds the lanes (a power of two) as the kernels do: lane i and
// i + len/2, then i and i + len/4, and so on to the last two.
func dotTree(v []float32) float32 {
	for w := len(v) / 2; w >= 1; w /= 2 {
		for i := range w {
			v[i] += v[i+w]
		}
	}
	return v[0]
}
