//go:build ignore

// Command gen writes kernels_amd64.s, the AVX-512 and AVX2+FMA micro-kernels
// and the AVX packing routines of package gemm. Run it with `go generate` in
// the package directory.
//
// Every kernel has the Go signature
//
//	func name(k int, a, b, c *T, ldc int, acc bool)
//
// and computes the MR×NR tile C = A·B (acc false) or C += A·B (acc true),
// where a is a packed MR-row sliver of A (element (i, p) at a[p*MR+i]),
// b a packed NR-column sliver of B (element (p, j) at b[p*NR+j]) and c the
// row-major tile with row stride ldc elements. The rows of A are broadcast
// and the columns of B are held in vector registers, so accumulator (i, v)
// holds C[i, v*W:(v+1)*W] for vector width W.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
)

// kernel describes one micro-kernel to generate.
type kernel struct {
	name string
	isa  string // "avx512" or "avx2"
	f64  bool   // element type float64 (else float32)
	mr   int    // rows of the tile (broadcast elements of A per step)
	nv   int    // vector registers across the tile's columns
	// sliver is the rows of the packed sliver of A that the kernel reads
	// (its elements a step apart): mr, or, for a kernel of the last rows
	// of A (a tail kernel), the full kernel's mr, of which it computes the
	// first mr rows.
	sliver int
	// bsliver is the columns of the packed sliver of B that it reads: its
	// own, or for a kernel of B's last columns (a half kernel, nv 1) the
	// full kernel's, of which it computes the first.
	bsliver int
}

var kernels = []kernel{
	{"kernF32AVX512", "avx512", false, 12, 2, 12, 32},
	{"kernF64AVX512", "avx512", true, 12, 2, 12, 16},
	{"kernF32AVX2", "avx2", false, 6, 2, 6, 16},
	{"kernF64AVX2", "avx2", true, 6, 2, 6, 8},
	// Tail kernels: A's last 4 or 8 rows (16 or 32 output channels of a
	// convolution: 12 + 4, 12 + 12 + 8) without the full kernel's rows of
	// zeros.
	{"kernF32AVX512x4", "avx512", false, 4, 2, 12, 32},
	{"kernF32AVX512x8", "avx512", false, 8, 2, 12, 32},
	{"kernF64AVX512x4", "avx512", true, 4, 2, 12, 16},
	{"kernF64AVX512x8", "avx512", true, 8, 2, 12, 16},
	// AVX2 tail kernels: A's last 2 or 4 rows (a prefill of 128 tokens
	// is 21 slivers of 6 rows and one of 2; the LSTM's 700 rows end in
	// 4). Two rows have only four accumulators, so they wait on the FMA's
	// latency, but still take 4 cycles a step of k where the full kernel
	// takes 6.
	{"kernF32AVX2x2", "avx2", false, 2, 2, 6, 16},
	{"kernF32AVX2x4", "avx2", false, 4, 2, 6, 16},
	{"kernF64AVX2x2", "avx2", true, 2, 2, 6, 8},
	{"kernF64AVX2x4", "avx2", true, 4, 2, 6, 8},
	// Half kernels: B's last sliver with at most half its columns (the
	// 16 of 48 columns of dcgan's first weight gradient, a product with
	// N = 16), the rows as the full kernel's and the tails'.
	{"kernF32AVX512h", "avx512", false, 12, 1, 12, 32},
	{"kernF32AVX512hx4", "avx512", false, 4, 1, 12, 32},
	{"kernF32AVX512hx8", "avx512", false, 8, 1, 12, 32},
	{"kernF64AVX512h", "avx512", true, 12, 1, 12, 16},
	{"kernF64AVX512hx4", "avx512", true, 4, 1, 12, 16},
	{"kernF64AVX512hx8", "avx512", true, 8, 1, 12, 16},
	// Quarter kernels: B's last sliver with at most a quarter of its
	// columns, in one 256-bit vector (AVX-512VL: 32 registers): the 8
	// of 200 columns past six slivers of 32 (the LSTM's hidden width),
	// which a half kernel computes 16 wide.
	{"kernF32AVX512q", "avx512vl", false, 12, 1, 12, 32},
	{"kernF32AVX512qx4", "avx512vl", false, 4, 1, 12, 32},
	{"kernF32AVX512qx8", "avx512vl", false, 8, 1, 12, 32},
	{"kernF64AVX512q", "avx512vl", true, 12, 1, 12, 16},
	{"kernF64AVX512qx4", "avx512vl", true, 4, 1, 12, 16},
	{"kernF64AVX512qx8", "avx512vl", true, 8, 1, 12, 16},
}

// unroll is how many k steps the main loop body holds.
const unroll = 4

// transposer describes a routine that packs a sliver of rows rows
// transposed: a sliver of A whose rows are contiguous, or of B whose
// columns are.
type transposer struct {
	name string
	f64  bool
	rows int // a multiple of 2
	// stride is the sliver's width in dst, elements from one p to the
	// next: rows, or for the first rows of a wider sliver (the last,
	// partial sliver of a panel) the full sliver's.
	stride int
}

var transposers = []transposer{
	{"transF32x12", false, 12, 12},
	{"transF32x6", false, 6, 6},
	{"transF32x32", false, 32, 32},
	{"transF32x16", false, 16, 16},
	{"transF64x12", true, 12, 12},
	{"transF64x6", true, 6, 6},
	{"transF64x16", true, 16, 16},
	{"transF64x8", true, 8, 8},
	// The first rows of a partial sliver: the 16 of a convolution's 48
	// columns of B past the first 32, the 4 or 8 of its 16 or 32 output
	// channels past the slivers of 12 of A.
	{"transF32x16of32", false, 16, 32},
	{"transF32x8of12", false, 8, 12},
	{"transF32x4of12", false, 4, 12},
	{"transF32x8of16", false, 8, 16},
	{"transF32x4of6", false, 4, 6},
	{"transF64x8of16", true, 8, 16},
	{"transF64x8of12", true, 8, 12},
	{"transF64x4of12", true, 4, 12},
	{"transF64x4of8", true, 4, 8},
	{"transF64x4of6", true, 4, 6},
}

func main() {
	out := flag.String("out", "kernels_amd64.s", "output file")
	flag.Parse()
	var buf bytes.Buffer
	fmt.Fprintln(&buf, "// Code generated by _asm/gen.go; DO NOT EDIT.")
	fmt.Fprintln(&buf)
	fmt.Fprintln(&buf, "//go:build amd64")
	fmt.Fprintln(&buf)
	fmt.Fprintln(&buf, `#include "textflag.h"`)
	for _, k := range kernels {
		k.emit(&buf)
	}
	for _, tr := range transposers {
		tr.emit(&buf)
	}
	buf.WriteString(copyRowsAVX)
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// emit writes the kernel. Its loop holds unroll k steps; each loads nv
// vectors of B and multiplies them by mr elements of A broadcast.
func (k kernel) emit(w *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, "\t"+format+"\n", args...) }
	label := func(l string) { fmt.Fprintf(w, "%s_%s:\n", k.name, l) }
	es := 4 // element size in bytes
	sfx := "PS"
	bcast := "VBROADCASTSS"
	if k.f64 {
		es, sfx, bcast = 8, "PD", "VBROADCASTSD"
	}
	reg, vbytes := "Z", 64
	if k.isa == "avx2" || k.isa == "avx512vl" {
		reg, vbytes = "Y", 32
	}
	evex := k.isa == "avx512" || k.isa == "avx512vl" // 32 registers, embedded broadcasts
	nr := k.nv * vbytes / es
	nacc := k.mr * k.nv
	acc := func(i, v int) string { return fmt.Sprintf("%s%d", reg, i*k.nv+v) }
	breg := func(v int) string { return fmt.Sprintf("%s%d", reg, nacc+v) }
	// AVX2 has no embedded broadcast: broadcast A into two alternating temps.
	treg := func(i int) string { return fmt.Sprintf("%s%d", reg, nacc+k.nv+i%2) }
	if nacc+k.nv+2 > 16 && !evex || nacc+k.nv > 32 {
		log.Fatalf("%s: too many registers", k.name)
	}

	// step emits one k step with A at off(SI) and B at boff(DI).
	step := func(aoff, boff int) {
		for v := 0; v < k.nv; v++ {
			p("VMOVUP%s %d(DI), %s", sfx[1:], boff+v*vbytes, breg(v))
		}
		for i := 0; i < k.mr; i++ {
			if evex {
				// One broadcast load per element of A, into a register of
				// its own: an embedded broadcast in each FMA would load the
				// element once per vector of B.
				t := fmt.Sprintf("%s%d", reg, nacc+k.nv+i%(32-nacc-k.nv))
				p("%s %d(SI), %s", bcast, aoff+i*es, t)
				for v := 0; v < k.nv; v++ {
					p("VFMADD231%s %s, %s, %s", sfx, breg(v), t, acc(i, v))
				}
				continue
			}
			p("%s %d(SI), %s", bcast, aoff+i*es, treg(i))
			for v := 0; v < k.nv; v++ {
				p("VFMADD231%s %s, %s, %s", sfx, breg(v), treg(i), acc(i, v))
			}
		}
	}

	fmt.Fprintf(w, "\n// func %s(k int, a, b, c *%s, ldc int, acc bool)\n", k.name, map[bool]string{false: "float32", true: "float64"}[k.f64])
	fmt.Fprintf(w, "TEXT ·%s(SB), NOSPLIT, $0-41\n", k.name)
	p("MOVQ k+0(FP), CX")
	p("MOVQ a+8(FP), SI")
	p("MOVQ b+16(FP), DI")
	p("MOVQ c+24(FP), DX")
	p("MOVQ ldc+32(FP), BX")
	p("SHLQ $%d, BX", map[int]int{4: 2, 8: 3}[es])
	// Zero the accumulators and prefetch the C tile.
	zero := "VXORPS"
	if evex {
		zero = "VPXORD" // AVX-512F (VL for Y): registers past 15 too
	}
	for i := 0; i < nacc; i++ {
		p("%s %s%d, %s%d, %s%d", zero, reg, i, reg, i, reg, i)
	}
	p("MOVQ DX, R8")
	for i := 0; i < k.mr; i++ {
		for off := 0; off < nr*es; off += 64 {
			p("PREFETCHT0 %d(R8)", off)
		}
		p("ADDQ BX, R8")
	}
	p("MOVQ CX, AX")
	p("SHRQ $%d, AX", map[int]int{2: 1, 4: 2, 8: 3}[unroll])
	p("JZ %s_tail", k.name)
	label("loop")
	for u := 0; u < unroll; u++ {
		step(u*k.sliver*es, u*k.bsliver*es)
	}
	p("ADDQ $%d, SI", unroll*k.sliver*es)
	p("ADDQ $%d, DI", unroll*k.bsliver*es)
	p("DECQ AX")
	p("JNZ %s_loop", k.name)
	label("tail")
	p("ANDQ $%d, CX", unroll-1)
	p("JZ %s_store", k.name)
	label("tailloop")
	step(0, 0)
	p("ADDQ $%d, SI", k.sliver*es)
	p("ADDQ $%d, DI", k.bsliver*es)
	p("DECQ CX")
	p("JNZ %s_tailloop", k.name)
	label("store")
	p("MOVBLZX acc+40(FP), AX")
	p("TESTQ AX, AX")
	p("JZ %s_overwrite", k.name)
	for i := 0; i < k.mr; i++ {
		for v := 0; v < k.nv; v++ {
			p("VADD%s %d(DX), %s, %s", sfx, v*vbytes, acc(i, v), acc(i, v))
			p("VMOVUP%s %s, %d(DX)", sfx[1:], acc(i, v), v*vbytes)
		}
		p("ADDQ BX, DX")
	}
	p("VZEROUPPER")
	p("RET")
	label("overwrite")
	for i := 0; i < k.mr; i++ {
		for v := 0; v < k.nv; v++ {
			p("VMOVUP%s %s, %d(DX)", sfx[1:], acc(i, v), v*vbytes)
		}
		p("ADDQ BX, DX")
	}
	p("VZEROUPPER")
	p("RET")
}

// emit writes a routine with the Go signature
//
//	func name(dst, src *T, ld, k int)
//
// that sets dst[p*rows+i] = src[i*ld+p] for i < rows, p < k. It transposes
// 4×4 (or 2×4) blocks in AVX registers, a cache line of each row at a
// time, and prefetches the rows that follow.
func (tr transposer) emit(w *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, "\t"+format+"\n", args...) }
	label := func(l string) { fmt.Fprintf(w, "%s_%s:\n", tr.name, l) }
	es, typ, mov := 4, "float32", "MOVL"
	if tr.f64 {
		es, typ, mov = 8, "float64", "MOVQ"
	}
	perIter := 64 / es // columns per loop iteration: one cache line a row
	// R10 walks the groups of 4 rows at the current column, R12 the
	// column; AX is R10 moved down by rows rows, for prefetching.
	rowAddr := func(base string, r, off int) string {
		return fmt.Sprintf("%d(%s)%s", off, base, []string{"", "(BX*1)", "(BX*2)", "(R9*1)"}[r])
	}
	// off is the byte offset in dst of column c, row i.
	off := func(c, i int) int { return (c*tr.stride + i) * es }
	// groups calls f for each group of up to 4 rows, with R10 and AX at its
	// first row, and moves them back to the first group after.
	groups := func(f func(row0, n int)) {
		for i := 0; i < tr.rows; i += 4 {
			if i > 0 {
				p("ADDQ R11, R10")
				p("ADDQ R11, AX")
			}
			f(i, min(4, tr.rows-i))
		}
	}

	fmt.Fprintf(w, "\n// func %s(dst, src *%s, ld, k int)\n", tr.name, typ)
	fmt.Fprintf(w, "TEXT ·%s(SB), NOSPLIT, $0-32\n", tr.name)
	p("MOVQ dst+0(FP), DI")
	p("MOVQ src+8(FP), R12")
	p("MOVQ ld+16(FP), BX")
	p("MOVQ k+24(FP), CX")
	p("SHLQ $%d, BX", map[int]int{4: 2, 8: 3}[es])
	p("LEAQ (BX)(BX*2), R9")
	p("LEAQ (BX*4), R11")
	p("MOVQ BX, R13")
	p("IMULQ $%d, R13", tr.rows)
	p("MOVQ CX, R8")
	p("SHRQ $%d, R8", map[int]int{16: 4, 8: 3}[perIter])
	p("JZ %s_tail", tr.name)
	label("loop")
	p("MOVQ R12, R10")
	p("LEAQ (R12)(R13*1), AX")
	groups(func(row0, n int) {
		for r := 0; r < n; r++ {
			p("PREFETCHT0 %s", rowAddr("AX", r, 0))
		}
		for h := 0; h < 2; h++ {
			c0 := h * perIter / 2
			for r := 0; r < n; r++ {
				p("VMOVUPS %s, Y%d", rowAddr("R10", r, h*32), r)
			}
			switch {
			case !tr.f64 && n == 4:
				p("VUNPCKLPS Y1, Y0, Y4")
				p("VUNPCKHPS Y1, Y0, Y5")
				p("VUNPCKLPS Y3, Y2, Y6")
				p("VUNPCKHPS Y3, Y2, Y7")
				p("VUNPCKLPD Y6, Y4, Y8")
				p("VUNPCKHPD Y6, Y4, Y9")
				p("VUNPCKLPD Y7, Y5, Y10")
				p("VUNPCKHPD Y7, Y5, Y11")
				for q := 0; q < 4; q++ {
					p("VMOVUPS X%d, %d(DI)", 8+q, off(c0+q, row0))
					p("VEXTRACTF128 $1, Y%d, %d(DI)", 8+q, off(c0+4+q, row0))
				}
			case !tr.f64:
				p("VUNPCKLPS Y1, Y0, Y4")
				p("VUNPCKHPS Y1, Y0, Y5")
				p("VEXTRACTF128 $1, Y4, X6")
				p("VEXTRACTF128 $1, Y5, X7")
				for q, c := range []int{0, 2, 4, 6} {
					p("VMOVLPS X%d, %d(DI)", 4+q, off(c0+c, row0))
					p("VMOVHPS X%d, %d(DI)", 4+q, off(c0+c+1, row0))
				}
			case n == 4:
				p("VUNPCKLPD Y1, Y0, Y4")
				p("VUNPCKHPD Y1, Y0, Y5")
				p("VUNPCKLPD Y3, Y2, Y6")
				p("VUNPCKHPD Y3, Y2, Y7")
				p("VPERM2F128 $0x20, Y6, Y4, Y8")
				p("VPERM2F128 $0x20, Y7, Y5, Y9")
				p("VPERM2F128 $0x31, Y6, Y4, Y10")
				p("VPERM2F128 $0x31, Y7, Y5, Y11")
				for q := 0; q < 4; q++ {
					p("VMOVUPD Y%d, %d(DI)", 8+q, off(c0+q, row0))
				}
			default:
				p("VUNPCKLPD Y1, Y0, Y4")
				p("VUNPCKHPD Y1, Y0, Y5")
				p("VMOVUPD X4, %d(DI)", off(c0, row0))
				p("VMOVUPD X5, %d(DI)", off(c0+1, row0))
				p("VEXTRACTF128 $1, Y4, %d(DI)", off(c0+2, row0))
				p("VEXTRACTF128 $1, Y5, %d(DI)", off(c0+3, row0))
			}
		}
	})
	p("ADDQ $64, R12")
	p("ADDQ $%d, DI", off(perIter, 0))
	p("DECQ R8")
	p("JNZ %s_loop", tr.name)
	label("tail")
	p("ANDQ $%d, CX", perIter-1)
	p("JZ %s_done", tr.name)
	label("tailloop")
	p("MOVQ R12, R10")
	groups(func(row0, n int) {
		for r := 0; r < n; r++ {
			p("%s %s, DX", mov, rowAddr("R10", r, 0))
			p("%s DX, %d(DI)", mov, off(0, row0+r))
		}
	})
	p("ADDQ $%d, R12", es)
	p("ADDQ $%d, DI", off(1, 0))
	p("DECQ CX")
	p("JNZ %s_tailloop", tr.name)
	label("done")
	p("VZEROUPPER")
	p("RET")
}

// copyRowsAVX copies rows of slivers whose elements are contiguous (see
// copyFunc in package gemm): 64 bytes at a time, prefetching two rows
// ahead, then 16 and 8.
const copyRowsAVX = `
// func copyRowsAVX(dst, src unsafe.Pointer, rows, ld, slivers, width, stride int)
TEXT ·copyRowsAVX(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	MOVQ ld+24(FP), BX
	MOVQ slivers+32(FP), R8
	MOVQ width+40(FP), R9
	MOVQ stride+48(FP), R10
	TESTQ CX, CX
	JZ copyRowsAVX_done
	TESTQ R8, R8
	JZ copyRowsAVX_done
copyRowsAVX_row:
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ R8, R13
copyRowsAVX_sliver:
	MOVQ R9, AX
	MOVQ R12, DX
	CMPQ AX, $64
	JB copyRowsAVX_16
copyRowsAVX_64:
	VMOVUPS (R11), Y0
	VMOVUPS 32(R11), Y1
	PREFETCHT0 (R11)(BX*2)
	VMOVUPS Y0, (DX)
	VMOVUPS Y1, 32(DX)
	ADDQ $64, R11
	ADDQ $64, DX
	SUBQ $64, AX
	CMPQ AX, $64
	JAE copyRowsAVX_64
copyRowsAVX_16:
	CMPQ AX, $16
	JB copyRowsAVX_8
	VMOVUPS (R11), X0
	VMOVUPS X0, (DX)
	ADDQ $16, R11
	ADDQ $16, DX
	SUBQ $16, AX
	JMP copyRowsAVX_16
copyRowsAVX_8:
	TESTQ AX, AX
	JZ copyRowsAVX_next
	MOVQ (R11), R15
	MOVQ R15, (DX)
	ADDQ $8, R11
copyRowsAVX_next:
	ADDQ R10, R12
	DECQ R13
	JNZ copyRowsAVX_sliver
	ADDQ BX, SI
	ADDQ R9, DI
	DECQ CX
	JNZ copyRowsAVX_row
copyRowsAVX_done:
	VZEROUPPER
	RET
`
