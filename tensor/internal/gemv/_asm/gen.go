//go:build ignore

// Command gen writes gemv_amd64.s, the AVX2+FMA and AVX-512 inner kernels
// of package gemv. Run it with `go generate` in the package directory.
//
// Each kernel exists for three kinds of weights: float32, and bfloat16 and
// float16 read as 16-bit values and widened to float32 in registers. The
// three are written from one template, so the 16-bit kernels do the
// float32 kernels' operations in the same order, and their results on
// 16-bit weights equal the float32 kernels' on the widened weights.
//
// The AVX-512 kernels do the AVX2 kernels' arithmetic on registers twice
// as wide, in the same order for every element of the result, so the two
// give the same bits: axpy4's sums are per element, and dot4's sixteen
// lanes accumulate the elements j mod 16 that AVX2's two registers of
// eight accumulate, its last eight elements going into the low lanes
// alone (a masked FMA), and its reduction starts by adding the high half
// to the low one as AVX2's adds its second register to its first. What
// AVX-512 changes is the instructions per byte: half as many loads,
// widenings and FMAs, which the 16-bit kernels, twice the instructions
// per byte of the float32 ones, need to keep the memory busy from one
// core.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
)

// weights is one kind of weight element.
type weights struct {
	suffix string // of the kernels' names: axpy4<suffix>AVX2
	goType string // of the weights in the Go signature
	size   int    // bytes per element
	// widen returns the instructions that load 8 weights at mem into the
	// ymm register reg as float32; nil when an FMA reads them from memory.
	widen func(mem, reg string) []string
}

var kinds = []weights{
	{"", "float32", 4, nil},
	{"BF16", "uint16", 2, func(mem, reg string) []string {
		return []string{"VPMOVZXWD " + mem + ", " + reg, "VPSLLD $16, " + reg + ", " + reg}
	}},
	{"F16", "uint16", 2, func(mem, reg string) []string { return []string{"VCVTPH2PS " + mem + ", " + reg} }},
}

var out bytes.Buffer

func ins(format string, args ...any) { fmt.Fprintf(&out, "\t"+format+"\n", args...) }
func label(name string)              { fmt.Fprintf(&out, "\n%s:\n", name) }

// fma adds the weights at mem times the register by into acc, widening
// them into tmp first when w is 16-bit.
func fma(w weights, mem, by, acc, tmp string) {
	if w.widen == nil {
		ins("VFMADD231PS %s, %s, %s", mem, by, acc)
		return
	}
	for _, s := range w.widen(mem, tmp) {
		ins("%s", s)
	}
	ins("VFMADD231PS %s, %s, %s", tmp, by, acc)
}

// floats returns the memory operand of the float32 vector at offset off
// (bytes of weights) from base: BX counts bytes of weights, so a float32
// operand scales it by 4/size.
func floats(w weights, off int, base string) string {
	return fmt.Sprintf("%d(%s)(BX*%d)", off*4/w.size, base, 4/w.size)
}

var rows = []string{"R8", "R9", "R10", "R11"}

// prefetch is how far ahead of the loads, in bytes of weights, the 16-bit
// kernels prefetch each row. Their loops spend twice the instructions per
// byte of the float32 ones (a widening per 8 weights), so the processor's
// window holds half as many of their loads in flight, and they streamed
// about 0.6 of the float32 kernels' bytes per CPU second; prefetching 2 KiB
// ahead recovered part of that (docs/performance.md).
var prefetch = flag.Int("prefetch", 2048, "bytes ahead to prefetch each row of 16-bit weights")

// prefetch32 is the same for the float32 dot4 kernels (MatVec), whose four
// rows are each a long run of memory (gemv.go's matVecRows), so that 2 KiB
// ahead of a row is 2 KiB ahead in its stream: it took GPT-2's head from
// about 31 to 34 GB of weights per CPU second on one thread of a Zen 5
// EPYC (docs/performance.md, "Float32 decode"). The float32 axpy4
// kernels are left without: VecMat's four rows are long runs of memory
// too (vecMatRows), and prefetching within them made no difference on an
// AVX-512 Xeon (docs/performance.md, "Decode at the stream rate").
var prefetch32 = flag.Int("prefetch32", 2048, "bytes ahead to prefetch each row of float32 weights in dot4")

// prefetchRows prefetches, for each row, the cache lines *prefetch
// (16-bit weights) or *prefetch32 (float32 weights, dot4 only) bytes past
// the n bytes the loop reads next; nothing where that distance is 0 or
// noPrefetch is set.
func prefetchRows(w weights, n int, dot bool) {
	dist := *prefetch
	if w.widen == nil {
		dist = 0
		if dot {
			dist = *prefetch32
		}
	}
	if noPrefetch {
		dist = 0
	}
	if dist == 0 {
		return
	}
	for _, reg := range rows {
		for off := 0; off < n; off += 64 {
			ins("PREFETCHT0 %d(%s)(BX*1)", dist+off, reg)
		}
	}
}

// noPrefetch, set while main writes the AVX2 kernels named
// <kernel><suffix>NoPrefetchAVX2, leaves the prefetches out: the kernels
// that prefetch (dot4 of every kind, axpy4 of 16-bit weights) without
// them, for the CPUs whose hardware prefetchers follow their four streams
// better alone (isa.CPU.HardwarePrefetchesStreams: Zen 4, where prefetching 1-8
// KiB ahead cost GPT-2's head 20-30% of its float32 bytes per CPU second,
// and 2 KiB cost c_fc's float16 weights about 30%; docs/performance.md).
var noPrefetch bool

// axpy4 writes y[j] += x[0]*w0[j] + x[1]*w1[j] + x[2]*w2[j] + x[3]*w3[j]:
// 32 elements a step, then 8.
func axpy4(w weights) {
	name := "axpy4" + w.suffix + "AVX2"
	prefix := "axpy" + w.suffix
	if noPrefetch {
		name = "axpy4" + w.suffix + "NoPrefetchAVX2"
		prefix += "NoPrefetch"
	}
	fmt.Fprintf(&out, "\n// func %s(y *float32, w0, w1, w2, w3 *%s, x *[4]float32, n int)\n", name, w.goType)
	fmt.Fprintf(&out, "// y[j] += x[0]*w0[j] + x[1]*w1[j] + x[2]*w2[j] + x[3]*w3[j], n a multiple of 8.\n")
	fmt.Fprintf(&out, "TEXT ·%s(SB), NOSPLIT, $0-56\n", name)
	for _, a := range []string{"y+0(FP), DI", "w0+8(FP), R8", "w1+16(FP), R9", "w2+24(FP), R10", "w3+32(FP), R11", "x+40(FP), AX", "n+48(FP), CX"} {
		ins("MOVQ %s", a)
	}
	for r := range 4 {
		ins("VBROADCASTSS %d(AX), Y%d", 4*r, 12+r)
	}
	ins("SHLQ $%d, CX", map[int]int{4: 2, 2: 1}[w.size])
	ins("XORQ BX, BX")
	loop, tail, done := prefix+"Loop32", prefix+"Tail8", prefix+"Done"
	step := 32 * w.size
	label(loop)
	ins("LEAQ %d(BX), DX", step)
	ins("CMPQ DX, CX")
	ins("JGT  %s", tail)
	prefetchRows(w, step, false)
	for c := range 4 {
		ins("VMOVUPS %s, Y%d", floats(w, 8*w.size*c, "DI"), c)
	}
	for r, reg := range rows {
		for c := range 4 {
			tmp := fmt.Sprintf("Y%d", 4+4*(r%2)+c)
			fma(w, fmt.Sprintf("%d(%s)(BX*1)", 8*w.size*c, reg), fmt.Sprintf("Y%d", 12+r), fmt.Sprintf("Y%d", c), tmp)
		}
	}
	for c := range 4 {
		ins("VMOVUPS Y%d, %s", c, floats(w, 8*w.size*c, "DI"))
	}
	ins("MOVQ DX, BX")
	ins("JMP  %s", loop)
	label(tail)
	ins("CMPQ BX, CX")
	ins("JGE  %s", done)
	ins("VMOVUPS %s, Y0", floats(w, 0, "DI"))
	for r, reg := range rows {
		fma(w, fmt.Sprintf("(%s)(BX*1)", reg), fmt.Sprintf("Y%d", 12+r), "Y0", fmt.Sprintf("Y%d", 4+r))
	}
	ins("VMOVUPS Y0, %s", floats(w, 0, "DI"))
	ins("ADDQ $%d, BX", 8*w.size)
	ins("JMP  %s", tail)
	label(done)
	ins("VZEROUPPER")
	ins("RET")
}

// dot4 writes out[r] = Σ_j wr[j]*x[j]: 16 elements a step into eight
// accumulators, then 8, then the accumulators summed.
func dot4(w weights) {
	name := "dot4" + w.suffix + "AVX2"
	prefix := "dot" + w.suffix
	if noPrefetch {
		name = "dot4" + w.suffix + "NoPrefetchAVX2"
		prefix += "NoPrefetch"
	}
	fmt.Fprintf(&out, "\n// func %s(w0, w1, w2, w3 *%s, x *float32, n int, out *[4]float32)\n", name, w.goType)
	fmt.Fprintf(&out, "// out[r] = Σ_j wr[j]*x[j], n a multiple of 8.\n")
	fmt.Fprintf(&out, "TEXT ·%s(SB), NOSPLIT, $0-56\n", name)
	for _, a := range []string{"w0+0(FP), R8", "w1+8(FP), R9", "w2+16(FP), R10", "w3+24(FP), R11", "x+32(FP), SI", "n+40(FP), CX", "out+48(FP), DI"} {
		ins("MOVQ %s", a)
	}
	for i := range 8 {
		ins("VXORPS Y%d, Y%d, Y%d", i, i, i)
	}
	ins("SHLQ $%d, CX", map[int]int{4: 2, 2: 1}[w.size])
	ins("XORQ BX, BX")
	loop, tail, reduce := prefix+"Loop16", prefix+"Tail8", prefix+"Reduce"
	label(loop)
	ins("LEAQ %d(BX), DX", 16*w.size)
	ins("CMPQ DX, CX")
	ins("JGT  %s", tail)
	prefetchRows(w, 16*w.size, true)
	ins("VMOVUPS %s, Y8", floats(w, 0, "SI"))
	ins("VMOVUPS %s, Y9", floats(w, 8*w.size, "SI"))
	for half, x := range []string{"Y8", "Y9"} {
		for r, reg := range rows {
			fma(w, fmt.Sprintf("%d(%s)(BX*1)", 8*w.size*half, reg), x, fmt.Sprintf("Y%d", 4*half+r), fmt.Sprintf("Y%d", 10+r))
		}
	}
	ins("MOVQ DX, BX")
	ins("JMP  %s", loop)
	label(tail)
	ins("CMPQ BX, CX")
	ins("JGE  %s", reduce)
	ins("VMOVUPS %s, Y8", floats(w, 0, "SI"))
	for r, reg := range rows {
		fma(w, fmt.Sprintf("(%s)(BX*1)", reg), "Y8", fmt.Sprintf("Y%d", r), fmt.Sprintf("Y%d", 10+r))
	}
	ins("ADDQ $%d, BX", 8*w.size)
	ins("JMP  %s", tail)
	label(reduce)
	for _, s := range []string{"VADDPS Y4, Y0, Y0", "VADDPS Y5, Y1, Y1", "VADDPS Y6, Y2, Y2", "VADDPS Y7, Y3, Y3",
		"VHADDPS Y1, Y0, Y0", "VHADDPS Y3, Y2, Y2", "VHADDPS Y2, Y0, Y0", "VEXTRACTF128 $1, Y0, X1", "VADDPS X1, X0, X0",
		"VMOVUPS X0, (DI)", "VZEROUPPER", "RET"} {
		ins("%s", s)
	}
}

// axpy4AVX512 is axpy4 on zmm registers: 64 elements a step, then 16,
// then 8 on ymm registers.
func axpy4AVX512(w weights) {
	name := "axpy4" + w.suffix + "AVX512"
	fmt.Fprintf(&out, "\n// func %s(y *float32, w0, w1, w2, w3 *%s, x *[4]float32, n int)\n", name, w.goType)
	fmt.Fprintf(&out, "// y[j] += x[0]*w0[j] + x[1]*w1[j] + x[2]*w2[j] + x[3]*w3[j], n a multiple of 8.\n")
	fmt.Fprintf(&out, "TEXT ·%s(SB), NOSPLIT, $0-56\n", name)
	for _, a := range []string{"y+0(FP), DI", "w0+8(FP), R8", "w1+16(FP), R9", "w2+24(FP), R10", "w3+32(FP), R11", "x+40(FP), AX", "n+48(FP), CX"} {
		ins("MOVQ %s", a)
	}
	for r := range 4 {
		ins("VBROADCASTSS %d(AX), Z%d", 4*r, 12+r)
	}
	ins("SHLQ $%d, CX", map[int]int{4: 2, 2: 1}[w.size])
	ins("XORQ BX, BX")
	p := "axpy512" + w.suffix
	loop, tail16, tail8, done := p+"Loop64", p+"Tail16", p+"Tail8", p+"Done"
	step := 64 * w.size
	label(loop)
	ins("LEAQ %d(BX), DX", step)
	ins("CMPQ DX, CX")
	ins("JGT  %s", tail16)
	prefetchRows(w, step, false)
	for c := range 4 {
		ins("VMOVUPS %s, Z%d", floats(w, 16*w.size*c, "DI"), c)
	}
	for r, reg := range rows {
		for c := range 4 {
			tmp := fmt.Sprintf("Z%d", 4+4*(r%2)+c)
			fma(w, fmt.Sprintf("%d(%s)(BX*1)", 16*w.size*c, reg), fmt.Sprintf("Z%d", 12+r), fmt.Sprintf("Z%d", c), tmp)
		}
	}
	for c := range 4 {
		ins("VMOVUPS Z%d, %s", c, floats(w, 16*w.size*c, "DI"))
	}
	ins("MOVQ DX, BX")
	ins("JMP  %s", loop)
	label(tail16)
	ins("LEAQ %d(BX), DX", 16*w.size)
	ins("CMPQ DX, CX")
	ins("JGT  %s", tail8)
	ins("VMOVUPS %s, Z0", floats(w, 0, "DI"))
	for r, reg := range rows {
		fma(w, fmt.Sprintf("(%s)(BX*1)", reg), fmt.Sprintf("Z%d", 12+r), "Z0", fmt.Sprintf("Z%d", 4+r))
	}
	ins("VMOVUPS Z0, %s", floats(w, 0, "DI"))
	ins("MOVQ DX, BX")
	ins("JMP  %s", tail16)
	label(tail8)
	ins("CMPQ BX, CX")
	ins("JGE  %s", done)
	ins("VMOVUPS %s, Y0", floats(w, 0, "DI"))
	for r, reg := range rows {
		fma(w, fmt.Sprintf("(%s)(BX*1)", reg), fmt.Sprintf("Y%d", 12+r), "Y0", fmt.Sprintf("Y%d", 4+r))
	}
	ins("VMOVUPS Y0, %s", floats(w, 0, "DI"))
	label(done)
	ins("VZEROUPPER")
	ins("RET")
}

// dot4AVX512 is dot4 on zmm registers: 32 elements a step, then 16, into
// four accumulators whose lane l sums the elements j ≡ l (mod 16) in
// order, as dot4's two sets of eight do; the last 8 go into the low lanes
// alone (mask K1), and the reduction is dot4's after adding each
// accumulator's high half to its low half.
func dot4AVX512(w weights) {
	name := "dot4" + w.suffix + "AVX512"
	fmt.Fprintf(&out, "\n// func %s(w0, w1, w2, w3 *%s, x *float32, n int, out *[4]float32)\n", name, w.goType)
	fmt.Fprintf(&out, "// out[r] = Σ_j wr[j]*x[j], n a multiple of 8.\n")
	fmt.Fprintf(&out, "TEXT ·%s(SB), NOSPLIT, $0-56\n", name)
	for _, a := range []string{"w0+0(FP), R8", "w1+8(FP), R9", "w2+16(FP), R10", "w3+24(FP), R11", "x+32(FP), SI", "n+40(FP), CX", "out+48(FP), DI"} {
		ins("MOVQ %s", a)
	}
	for i := range 4 {
		ins("VPXORD Z%d, Z%d, Z%d", i, i, i)
	}
	ins("SHLQ $%d, CX", map[int]int{4: 2, 2: 1}[w.size])
	ins("XORQ BX, BX")
	p := "dot512" + w.suffix
	loop, tail16, tail8, reduce := p+"Loop32", p+"Tail16", p+"Tail8", p+"Reduce"
	label(loop)
	ins("LEAQ %d(BX), DX", 32*w.size)
	ins("CMPQ DX, CX")
	ins("JGT  %s", tail16)
	prefetchRows(w, 32*w.size, true)
	ins("VMOVUPS %s, Z8", floats(w, 0, "SI"))
	ins("VMOVUPS %s, Z9", floats(w, 16*w.size, "SI"))
	for half, x := range []string{"Z8", "Z9"} {
		for r, reg := range rows {
			fma(w, fmt.Sprintf("%d(%s)(BX*1)", 16*w.size*half, reg), x, fmt.Sprintf("Z%d", r), fmt.Sprintf("Z%d", 10+4*half+r))
		}
	}
	ins("MOVQ DX, BX")
	ins("JMP  %s", loop)
	label(tail16)
	ins("LEAQ %d(BX), DX", 16*w.size)
	ins("CMPQ DX, CX")
	ins("JGT  %s", tail8)
	ins("VMOVUPS %s, Z8", floats(w, 0, "SI"))
	for r, reg := range rows {
		fma(w, fmt.Sprintf("(%s)(BX*1)", reg), "Z8", fmt.Sprintf("Z%d", r), fmt.Sprintf("Z%d", 10+r))
	}
	ins("MOVQ DX, BX")
	label(tail8)
	ins("CMPQ BX, CX")
	ins("JGE  %s", reduce)
	ins("MOVL $0xff, DX")
	ins("KMOVW DX, K1")
	ins("VMOVUPS %s, Y8", floats(w, 0, "SI"))
	for r, reg := range rows {
		mem, acc, tmp := fmt.Sprintf("(%s)(BX*1)", reg), fmt.Sprintf("Z%d", r), fmt.Sprintf("Y%d", 10+r)
		if w.widen == nil {
			ins("VMOVUPS %s, %s", mem, tmp)
		} else {
			for _, s := range w.widen(mem, tmp) {
				ins("%s", s)
			}
		}
		ins("VFMADD231PS Z%d, Z8, K1, %s", 10+r, acc)
	}
	label(reduce)
	for r := range 4 {
		ins("VEXTRACTF64X4 $1, Z%d, Y%d", r, 4+r)
	}
	for _, s := range []string{"VADDPS Y4, Y0, Y0", "VADDPS Y5, Y1, Y1", "VADDPS Y6, Y2, Y2", "VADDPS Y7, Y3, Y3",
		"VHADDPS Y1, Y0, Y0", "VHADDPS Y3, Y2, Y2", "VHADDPS Y2, Y0, Y0", "VEXTRACTF128 $1, Y0, X1", "VADDPS X1, X0, X0",
		"VMOVUPS X0, (DI)", "VZEROUPPER", "RET"} {
		ins("%s", s)
	}
}

func main() {
	path := flag.String("out", "gemv_amd64.s", "the file to write")
	flag.Parse()
	out.WriteString("// Code generated by _asm/gen.go; DO NOT EDIT.\n\n//go:build amd64\n\n#include \"textflag.h\"\n")
	out.WriteString("\n// The weights are float32, or bfloat16 (widened by VPMOVZXWD and a left\n// shift by 16) or float16 (F16C's VCVTPH2PS) read 8 at a time (AVX2) or\n// 16 (AVX-512). BX is the offset into the weights in bytes; y and x are\n// addressed by BX scaled to float32s.\n")
	for _, w := range kinds {
		axpy4(w)
		dot4(w)
	}
	for _, w := range kinds {
		axpy4AVX512(w)
		dot4AVX512(w)
	}
	noPrefetch = true
	dot4(kinds[0])
	for _, w := range kinds[1:] {
		axpy4(w)
		dot4(w)
	}
	noPrefetch = false
	s := strings.ReplaceAll(out.String(), "\n\n\n", "\n\n")
	if err := os.WriteFile(*path, []byte(s), 0o644); err != nil {
		log.Fatal(err)
	}
}
