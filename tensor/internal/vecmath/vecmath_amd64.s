//go:build amd64

#include "textflag.h"

// The kernels of vecmath.go for AVX-512 and for AVX2 with FMA.
//
// exp(x), for x = src[i] - shift rounded to float32, is 2**k·exp(f): x is
// clamped to [expLo, expHi], beyond which exp rounds to 0 or overflows
// (NaN passes the clamps, as MAXPS and MINPS return their first Go operand
// when one is NaN); k = round(x·log2(e)); f = x - k·ln2 in two FMA steps
// with ln2 = expC1 + expC2, where expC1 has few enough bits that the first
// step is exact; exp(f), |f| ≤ ln2/2, is 1 + f + f²·P(f) with the degree-5
// P of Cephes' expf; and 2**k is applied by VSCALEFPS (AVX-512) or as two
// normal factors (AVX2), so that subnormal results are rounded once. The
// result is within an ulp of exp over the whole float32 range.
//
// MAXPS drops NaN, so the maxima also track unordered compares. The sums
// convert to float64 and accumulate in eight vector registers; their main
// loops prefetch 4 KiB ahead, which lets one core read a long array from
// memory 10-15% faster than the hardware prefetcher alone (Zen 5).

// lower clamp of exp arguments
DATA expLo<>+0(SB)/4, $0xc2d00000
DATA expLo<>+4(SB)/4, $0xc2d00000
DATA expLo<>+8(SB)/4, $0xc2d00000
DATA expLo<>+12(SB)/4, $0xc2d00000
DATA expLo<>+16(SB)/4, $0xc2d00000
DATA expLo<>+20(SB)/4, $0xc2d00000
DATA expLo<>+24(SB)/4, $0xc2d00000
DATA expLo<>+28(SB)/4, $0xc2d00000
GLOBL expLo<>(SB), RODATA|NOPTR, $32

// upper clamp of exp arguments
DATA expHi<>+0(SB)/4, $0x42b20000
DATA expHi<>+4(SB)/4, $0x42b20000
DATA expHi<>+8(SB)/4, $0x42b20000
DATA expHi<>+12(SB)/4, $0x42b20000
DATA expHi<>+16(SB)/4, $0x42b20000
DATA expHi<>+20(SB)/4, $0x42b20000
DATA expHi<>+24(SB)/4, $0x42b20000
DATA expHi<>+28(SB)/4, $0x42b20000
GLOBL expHi<>(SB), RODATA|NOPTR, $32

// log2(e)
DATA expLog2e<>+0(SB)/4, $0x3fb8aa3b
DATA expLog2e<>+4(SB)/4, $0x3fb8aa3b
DATA expLog2e<>+8(SB)/4, $0x3fb8aa3b
DATA expLog2e<>+12(SB)/4, $0x3fb8aa3b
DATA expLog2e<>+16(SB)/4, $0x3fb8aa3b
DATA expLog2e<>+20(SB)/4, $0x3fb8aa3b
DATA expLog2e<>+24(SB)/4, $0x3fb8aa3b
DATA expLog2e<>+28(SB)/4, $0x3fb8aa3b
GLOBL expLog2e<>(SB), RODATA|NOPTR, $32

// 1.5·2**23: adding it rounds to an integer
DATA expMagic<>+0(SB)/4, $0x4b400000
DATA expMagic<>+4(SB)/4, $0x4b400000
DATA expMagic<>+8(SB)/4, $0x4b400000
DATA expMagic<>+12(SB)/4, $0x4b400000
DATA expMagic<>+16(SB)/4, $0x4b400000
DATA expMagic<>+20(SB)/4, $0x4b400000
DATA expMagic<>+24(SB)/4, $0x4b400000
DATA expMagic<>+28(SB)/4, $0x4b400000
GLOBL expMagic<>(SB), RODATA|NOPTR, $32

// ln2 = expC1 + expC2
DATA expC1<>+0(SB)/4, $0x3f318000
DATA expC1<>+4(SB)/4, $0x3f318000
DATA expC1<>+8(SB)/4, $0x3f318000
DATA expC1<>+12(SB)/4, $0x3f318000
DATA expC1<>+16(SB)/4, $0x3f318000
DATA expC1<>+20(SB)/4, $0x3f318000
DATA expC1<>+24(SB)/4, $0x3f318000
DATA expC1<>+28(SB)/4, $0x3f318000
GLOBL expC1<>(SB), RODATA|NOPTR, $32

DATA expC2<>+0(SB)/4, $0xb95e8083
DATA expC2<>+4(SB)/4, $0xb95e8083
DATA expC2<>+8(SB)/4, $0xb95e8083
DATA expC2<>+12(SB)/4, $0xb95e8083
DATA expC2<>+16(SB)/4, $0xb95e8083
DATA expC2<>+20(SB)/4, $0xb95e8083
DATA expC2<>+24(SB)/4, $0xb95e8083
DATA expC2<>+28(SB)/4, $0xb95e8083
GLOBL expC2<>(SB), RODATA|NOPTR, $32

// the polynomial, as in Cephes expf
DATA expP0<>+0(SB)/4, $0x3f000000
DATA expP0<>+4(SB)/4, $0x3f000000
DATA expP0<>+8(SB)/4, $0x3f000000
DATA expP0<>+12(SB)/4, $0x3f000000
DATA expP0<>+16(SB)/4, $0x3f000000
DATA expP0<>+20(SB)/4, $0x3f000000
DATA expP0<>+24(SB)/4, $0x3f000000
DATA expP0<>+28(SB)/4, $0x3f000000
GLOBL expP0<>(SB), RODATA|NOPTR, $32

DATA expP1<>+0(SB)/4, $0x3e2aaaaa
DATA expP1<>+4(SB)/4, $0x3e2aaaaa
DATA expP1<>+8(SB)/4, $0x3e2aaaaa
DATA expP1<>+12(SB)/4, $0x3e2aaaaa
DATA expP1<>+16(SB)/4, $0x3e2aaaaa
DATA expP1<>+20(SB)/4, $0x3e2aaaaa
DATA expP1<>+24(SB)/4, $0x3e2aaaaa
DATA expP1<>+28(SB)/4, $0x3e2aaaaa
GLOBL expP1<>(SB), RODATA|NOPTR, $32

DATA expP2<>+0(SB)/4, $0x3d2aa9c1
DATA expP2<>+4(SB)/4, $0x3d2aa9c1
DATA expP2<>+8(SB)/4, $0x3d2aa9c1
DATA expP2<>+12(SB)/4, $0x3d2aa9c1
DATA expP2<>+16(SB)/4, $0x3d2aa9c1
DATA expP2<>+20(SB)/4, $0x3d2aa9c1
DATA expP2<>+24(SB)/4, $0x3d2aa9c1
DATA expP2<>+28(SB)/4, $0x3d2aa9c1
GLOBL expP2<>(SB), RODATA|NOPTR, $32

DATA expP3<>+0(SB)/4, $0x3c088908
DATA expP3<>+4(SB)/4, $0x3c088908
DATA expP3<>+8(SB)/4, $0x3c088908
DATA expP3<>+12(SB)/4, $0x3c088908
DATA expP3<>+16(SB)/4, $0x3c088908
DATA expP3<>+20(SB)/4, $0x3c088908
DATA expP3<>+24(SB)/4, $0x3c088908
DATA expP3<>+28(SB)/4, $0x3c088908
GLOBL expP3<>(SB), RODATA|NOPTR, $32

DATA expP4<>+0(SB)/4, $0x3ab743ce
DATA expP4<>+4(SB)/4, $0x3ab743ce
DATA expP4<>+8(SB)/4, $0x3ab743ce
DATA expP4<>+12(SB)/4, $0x3ab743ce
DATA expP4<>+16(SB)/4, $0x3ab743ce
DATA expP4<>+20(SB)/4, $0x3ab743ce
DATA expP4<>+24(SB)/4, $0x3ab743ce
DATA expP4<>+28(SB)/4, $0x3ab743ce
GLOBL expP4<>(SB), RODATA|NOPTR, $32

DATA expP5<>+0(SB)/4, $0x39506967
DATA expP5<>+4(SB)/4, $0x39506967
DATA expP5<>+8(SB)/4, $0x39506967
DATA expP5<>+12(SB)/4, $0x39506967
DATA expP5<>+16(SB)/4, $0x39506967
DATA expP5<>+20(SB)/4, $0x39506967
DATA expP5<>+24(SB)/4, $0x39506967
DATA expP5<>+28(SB)/4, $0x39506967
GLOBL expP5<>(SB), RODATA|NOPTR, $32

DATA one<>+0(SB)/4, $0x3f800000
DATA one<>+4(SB)/4, $0x3f800000
DATA one<>+8(SB)/4, $0x3f800000
DATA one<>+12(SB)/4, $0x3f800000
DATA one<>+16(SB)/4, $0x3f800000
DATA one<>+20(SB)/4, $0x3f800000
DATA one<>+24(SB)/4, $0x3f800000
DATA one<>+28(SB)/4, $0x3f800000
GLOBL one<>(SB), RODATA|NOPTR, $32

DATA negInf<>+0(SB)/4, $0xff800000
DATA negInf<>+4(SB)/4, $0xff800000
DATA negInf<>+8(SB)/4, $0xff800000
DATA negInf<>+12(SB)/4, $0xff800000
DATA negInf<>+16(SB)/4, $0xff800000
DATA negInf<>+20(SB)/4, $0xff800000
DATA negInf<>+24(SB)/4, $0xff800000
DATA negInf<>+28(SB)/4, $0xff800000
GLOBL negInf<>(SB), RODATA|NOPTR, $32

// expBias is the exponent bias, as int32.
DATA expBias<>+0(SB)/4, $127
DATA expBias<>+4(SB)/4, $127
DATA expBias<>+8(SB)/4, $127
DATA expBias<>+12(SB)/4, $127
DATA expBias<>+16(SB)/4, $127
DATA expBias<>+20(SB)/4, $127
DATA expBias<>+24(SB)/4, $127
DATA expBias<>+28(SB)/4, $127
GLOBL expBias<>(SB), RODATA|NOPTR, $32

// 0.044715, the cubic coefficient of the tanh form of GELU
DATA geluKappa<>+0(SB)/4, $0x3d372713
DATA geluKappa<>+4(SB)/4, $0x3d372713
DATA geluKappa<>+8(SB)/4, $0x3d372713
DATA geluKappa<>+12(SB)/4, $0x3d372713
DATA geluKappa<>+16(SB)/4, $0x3d372713
DATA geluKappa<>+20(SB)/4, $0x3d372713
DATA geluKappa<>+24(SB)/4, $0x3d372713
DATA geluKappa<>+28(SB)/4, $0x3d372713
GLOBL geluKappa<>(SB), RODATA|NOPTR, $32

// 0.5
DATA half<>+0(SB)/4, $0x3f000000
DATA half<>+4(SB)/4, $0x3f000000
DATA half<>+8(SB)/4, $0x3f000000
DATA half<>+12(SB)/4, $0x3f000000
DATA half<>+16(SB)/4, $0x3f000000
DATA half<>+20(SB)/4, $0x3f000000
DATA half<>+24(SB)/4, $0x3f000000
DATA half<>+28(SB)/4, $0x3f000000
GLOBL half<>(SB), RODATA|NOPTR, $32

// sqrt(2/π)
DATA geluBeta<>+0(SB)/4, $0x3f4c422a
DATA geluBeta<>+4(SB)/4, $0x3f4c422a
DATA geluBeta<>+8(SB)/4, $0x3f4c422a
DATA geluBeta<>+12(SB)/4, $0x3f4c422a
DATA geluBeta<>+16(SB)/4, $0x3f4c422a
DATA geluBeta<>+20(SB)/4, $0x3f4c422a
DATA geluBeta<>+24(SB)/4, $0x3f4c422a
DATA geluBeta<>+28(SB)/4, $0x3f4c422a
GLOBL geluBeta<>(SB), RODATA|NOPTR, $32

// the sign bit of float32
DATA signBit<>+0(SB)/4, $0x80000000
DATA signBit<>+4(SB)/4, $0x80000000
DATA signBit<>+8(SB)/4, $0x80000000
DATA signBit<>+12(SB)/4, $0x80000000
DATA signBit<>+16(SB)/4, $0x80000000
DATA signBit<>+20(SB)/4, $0x80000000
DATA signBit<>+24(SB)/4, $0x80000000
DATA signBit<>+28(SB)/4, $0x80000000
GLOBL signBit<>(SB), RODATA|NOPTR, $32

// tailMask<>+4·(8-n) holds the AVX2 mask of the first n lanes.
DATA tailMask<>+0(SB)/4, $0xffffffff
DATA tailMask<>+4(SB)/4, $0xffffffff
DATA tailMask<>+8(SB)/4, $0xffffffff
DATA tailMask<>+12(SB)/4, $0xffffffff
DATA tailMask<>+16(SB)/4, $0xffffffff
DATA tailMask<>+20(SB)/4, $0xffffffff
DATA tailMask<>+24(SB)/4, $0xffffffff
DATA tailMask<>+28(SB)/4, $0xffffffff
DATA tailMask<>+32(SB)/4, $0
DATA tailMask<>+36(SB)/4, $0
DATA tailMask<>+40(SB)/4, $0
DATA tailMask<>+44(SB)/4, $0
DATA tailMask<>+48(SB)/4, $0
DATA tailMask<>+52(SB)/4, $0
DATA tailMask<>+56(SB)/4, $0
DATA tailMask<>+60(SB)/4, $0
GLOBL tailMask<>(SB), RODATA|NOPTR, $64

// The AVX-512 kernels. They load their constants into Z16-Z29 and keep
// accumulators in the low registers; a tail shorter than a vector is
// handled with a lane mask in K1.

// MASK512(n) sets K1 to the lowest n lanes, 0 < n < 16; it clobbers AX.
#define MASK512(n) \
	MOVL $1, AX; \
	SHLL n, AX; \
	DECL AX; \
	KMOVW AX, K1

// EXP512 sets p to exp(x - Z16) for the 16 lanes of x, with Z17-Z19 and
// Z21-Z29 holding the constants (see expSumAVX512). It clobbers x, t and
// f2, and K6. Lanes at or below expLo (-Inf among them), whose
// exponentials round to +0, are set to +0 by the mask K6 (x > expLo or
// NaN) rather than scaled: VSCALEFPS's underflow there takes a microcode
// assist on Intel cores, which made a causal attention's softmax, half of
// whose elements are -Inf, twice as slow as one without a mask.
#define EXP512(x, t, p, f2) \
	VSUBPS Z16, x, x; \
	VCMPPS $6, Z17, x, K6; \
	VMAXPS x, Z17, x; \
	VMINPS x, Z18, x; \
	VMULPS Z19, x, t; \
	VRNDSCALEPS $0, t, t; \
	VFNMADD231PS Z21, t, x; \
	VFNMADD231PS Z22, t, x; \
	VMOVAPS Z23, p; \
	VFMADD213PS Z24, x, p; \
	VFMADD213PS Z25, x, p; \
	VFMADD213PS Z26, x, p; \
	VFMADD213PS Z27, x, p; \
	VFMADD213PS Z28, x, p; \
	VMULPS x, x, f2; \
	VFMADD213PS x, f2, p; \
	VADDPS Z29, p, p; \
	VSCALEFPS.Z t, p, K6, p

// FOLD512 adds the float32 sums in Z8 and Z9 to the float64 sums in Z10
// and Z11 and clears them; it clobbers Z12 and Z13.
#define FOLD512 \
	VADDPS Z9, Z8, Z8; \
	VCVTPS2PD Y8, Z12; \
	VEXTRACTF64X4 $1, Z8, Y13; \
	VCVTPS2PD Y13, Z13; \
	VADDPD Z12, Z10, Z10; \
	VADDPD Z13, Z11, Z11; \
	VPXORD Z8, Z8, Z8; \
	VPXORD Z9, Z9, Z9

// func maxAVX512(x []float32) float32
TEXT ·maxAVX512(SB), NOSPLIT, $0-28
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	VBROADCASTSS negInf<>(SB), Z0
	VMOVAPS Z0, Z1
	VMOVAPS Z0, Z2
	VMOVAPS Z0, Z3
	KXORW K2, K2, K2 // lanes that saw a NaN

max512loop64:
	CMPQ CX, $64
	JB   max512loop16
	VMOVUPS (SI), Z4
	VMOVUPS 64(SI), Z5
	VMOVUPS 128(SI), Z6
	VMOVUPS 192(SI), Z7
	VMAXPS Z4, Z0, Z0
	VMAXPS Z5, Z1, Z1
	VMAXPS Z6, Z2, Z2
	VMAXPS Z7, Z3, Z3
	VCMPPS $3, Z5, Z4, K3 // unordered
	VCMPPS $3, Z7, Z6, K4
	KORW K3, K2, K2
	KORW K4, K2, K2
	ADDQ $256, SI
	SUBQ $64, CX
	JMP  max512loop64

max512loop16:
	CMPQ CX, $16
	JB   max512last
	VMOVUPS (SI), Z4
	VMAXPS Z4, Z0, Z0
	VCMPPS $3, Z4, Z4, K3
	KORW K3, K2, K2
	ADDQ $64, SI
	SUBQ $16, CX
	JMP  max512loop16

max512last:
	TESTQ CX, CX
	JZ    max512reduce
	MASK512(CX)
	VMOVUPS.Z (SI), K1, Z4
	VMAXPS Z4, Z1, K1, Z1
	VCMPPS $3, Z4, Z4, K3
	KORW K3, K2, K2

max512reduce:
	KORTESTW K2, K2
	JNZ      max512nan
	VMAXPS Z1, Z0, Z0
	VMAXPS Z3, Z2, Z2
	VMAXPS Z2, Z0, Z0
	VEXTRACTF64X4 $1, Z0, Y1
	VMAXPS Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VMOVHLPS X0, X0, X1
	VMAXPS X1, X0, X0
	VMOVSHDUP X0, X1
	VMAXSS X1, X0, X0
	VMOVSS X0, ret+24(FP)
	VZEROUPPER
	RET

max512nan:
	MOVL $0x7fc00000, ret+24(FP)
	VZEROUPPER
	RET

// func expSumAVX512(dst, src []float32, shift float32) float64
TEXT ·expSumAVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	VBROADCASTSS shift+48(FP), Z16
	VBROADCASTSS expLo<>(SB), Z17
	VBROADCASTSS expHi<>(SB), Z18
	VBROADCASTSS expLog2e<>(SB), Z19
	VBROADCASTSS expC1<>(SB), Z21
	VBROADCASTSS expC2<>(SB), Z22
	VBROADCASTSS expP5<>(SB), Z23
	VBROADCASTSS expP4<>(SB), Z24
	VBROADCASTSS expP3<>(SB), Z25
	VBROADCASTSS expP2<>(SB), Z26
	VBROADCASTSS expP1<>(SB), Z27
	VBROADCASTSS expP0<>(SB), Z28
	VBROADCASTSS one<>(SB), Z29
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11

exp512block:
	// Eight rounds of 32 elements: eight additions per lane of Z8 and
	// Z9 before they are folded into the float64 sums.
	MOVQ $8, DX

exp512loop:
	CMPQ CX, $32
	JB   exp512tail
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z4
	EXP512(Z0, Z1, Z2, Z3)
	EXP512(Z4, Z5, Z6, Z7)
	VMOVUPS Z2, (DI)
	VMOVUPS Z6, 64(DI)
	VADDPS Z2, Z8, Z8
	VADDPS Z6, Z9, Z9
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $32, CX
	DECQ DX
	JNZ  exp512loop
	FOLD512
	JMP  exp512block

exp512tail:
	CMPQ CX, $16
	JB   exp512last
	VMOVUPS (SI), Z0
	EXP512(Z0, Z1, Z2, Z3)
	VMOVUPS Z2, (DI)
	VADDPS Z2, Z8, Z8
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX

exp512last:
	TESTQ CX, CX
	JZ    exp512done
	MASK512(CX)
	VMOVUPS.Z (SI), K1, Z0
	EXP512(Z0, Z1, Z2, Z3)
	VMOVUPS Z2, K1, (DI)
	VADDPS Z2, Z9, K1, Z9

exp512done:
	FOLD512
	VADDPD Z11, Z10, Z10
	VEXTRACTF64X4 $1, Z10, Y11
	VADDPD Y11, Y10, Y10
	VEXTRACTF128 $1, Y10, X11
	VADDPD X11, X10, X10
	VUNPCKHPD X10, X10, X11
	VADDSD X11, X10, X10
	VMOVSD X10, ret+56(FP)
	VZEROUPPER
	RET

// func scaleAVX512(x []float32, s float32)
TEXT ·scaleAVX512(SB), NOSPLIT, $0-28
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	VBROADCASTSS s+24(FP), Z16

scale512loop64:
	CMPQ CX, $64
	JB   scale512loop16
	VMULPS (SI), Z16, Z0
	VMULPS 64(SI), Z16, Z1
	VMULPS 128(SI), Z16, Z2
	VMULPS 192(SI), Z16, Z3
	VMOVUPS Z0, (SI)
	VMOVUPS Z1, 64(SI)
	VMOVUPS Z2, 128(SI)
	VMOVUPS Z3, 192(SI)
	ADDQ $256, SI
	SUBQ $64, CX
	JMP  scale512loop64

scale512loop16:
	CMPQ CX, $16
	JB   scale512last
	VMULPS (SI), Z16, Z0
	VMOVUPS Z0, (SI)
	ADDQ $64, SI
	SUBQ $16, CX
	JMP  scale512loop16

scale512last:
	TESTQ CX, CX
	JZ    scale512done
	MASK512(CX)
	VMOVUPS.Z (SI), K1, Z0
	VMULPS Z16, Z0, Z0
	VMOVUPS Z0, K1, (SI)

scale512done:
	VZEROUPPER
	RET

// func sub2AVX512(dst, src []float32, a, b float32)
TEXT ·sub2AVX512(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	VBROADCASTSS a+48(FP), Z16
	VBROADCASTSS b+52(FP), Z17

sub512loop64:
	CMPQ CX, $64
	JB   sub512loop16
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVUPS 128(SI), Z2
	VMOVUPS 192(SI), Z3
	VSUBPS Z16, Z0, Z0
	VSUBPS Z16, Z1, Z1
	VSUBPS Z16, Z2, Z2
	VSUBPS Z16, Z3, Z3
	VSUBPS Z17, Z0, Z0
	VSUBPS Z17, Z1, Z1
	VSUBPS Z17, Z2, Z2
	VSUBPS Z17, Z3, Z3
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	ADDQ $256, SI
	ADDQ $256, DI
	SUBQ $64, CX
	JMP  sub512loop64

sub512loop16:
	CMPQ CX, $16
	JB   sub512last
	VMOVUPS (SI), Z0
	VSUBPS Z16, Z0, Z0
	VSUBPS Z17, Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  sub512loop16

sub512last:
	TESTQ CX, CX
	JZ    sub512done
	MASK512(CX)
	VMOVUPS.Z (SI), K1, Z0
	VSUBPS Z16, Z0, Z0
	VSUBPS Z17, Z0, Z0
	VMOVUPS Z0, K1, (DI)

sub512done:
	VZEROUPPER
	RET

// func sumAVX512(x []float32) float32
TEXT ·sumAVX512(SB), NOSPLIT, $0-28
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7

sum512loop64:
	CMPQ CX, $64
	JB   sum512loop16
	PREFETCHT0 4096(SI)
	PREFETCHT0 4160(SI)
	PREFETCHT0 4224(SI)
	PREFETCHT0 4288(SI)
	VCVTPS2PD (SI), Z8
	VCVTPS2PD 32(SI), Z9
	VCVTPS2PD 64(SI), Z10
	VCVTPS2PD 96(SI), Z11
	VCVTPS2PD 128(SI), Z12
	VCVTPS2PD 160(SI), Z13
	VCVTPS2PD 192(SI), Z14
	VCVTPS2PD 224(SI), Z15
	VADDPD Z8, Z0, Z0
	VADDPD Z9, Z1, Z1
	VADDPD Z10, Z2, Z2
	VADDPD Z11, Z3, Z3
	VADDPD Z12, Z4, Z4
	VADDPD Z13, Z5, Z5
	VADDPD Z14, Z6, Z6
	VADDPD Z15, Z7, Z7
	ADDQ $256, SI
	SUBQ $64, CX
	JMP  sum512loop64

sum512loop16:
	CMPQ CX, $16
	JB   sum512last
	VCVTPS2PD (SI), Z8
	VCVTPS2PD 32(SI), Z9
	VADDPD Z8, Z0, Z0
	VADDPD Z9, Z1, Z1
	ADDQ $64, SI
	SUBQ $16, CX
	JMP  sum512loop16

sum512last:
	TESTQ CX, CX
	JZ    sum512reduce
	MASK512(CX)
	VMOVUPS.Z (SI), K1, Z8
	VCVTPS2PD Y8, Z9
	VEXTRACTF64X4 $1, Z8, Y10
	VCVTPS2PD Y10, Z10
	VADDPD Z9, Z2, Z2
	VADDPD Z10, Z3, Z3

sum512reduce:
	VADDPD Z1, Z0, Z0
	VADDPD Z3, Z2, Z2
	VADDPD Z5, Z4, Z4
	VADDPD Z7, Z6, Z6
	VADDPD Z2, Z0, Z0
	VADDPD Z6, Z4, Z4
	VADDPD Z4, Z0, Z0
	VEXTRACTF64X4 $1, Z0, Y1
	VADDPD Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPD X1, X0, X0
	VUNPCKHPD X0, X0, X1
	VADDSD X1, X0, X0
	VCVTSD2SS X0, X0, X0
	VMOVSS X0, ret+24(FP)
	VZEROUPPER
	RET

// The AVX2 kernels. With sixteen registers, most constants are memory
// operands; a tail shorter than a vector is handled with a lane mask from
// tailMask.

// MASK256(n, m) loads into m the mask of the lowest n lanes, 0 < n < 8;
// it clobbers AX and BX.
#define MASK256(n, m) \
	MOVQ $8, AX; \
	SUBQ n, AX; \
	LEAQ tailMask<>(SB), BX; \
	VMOVUPS (BX)(AX*4), m

// EXP256 sets p to exp(x - Y15) for the 8 lanes of x, with Y14, Y13, Y9 and
// Y8 holding expLo, expHi, expLog2e and expMagic. It clobbers x, t and f2.
// 2**k is applied as two factors 2**(k>>1) and 2**(k - k>>1), both normal,
// so that subnormal results are rounded once.
#define EXP256(x, t, p, f2) \
	VSUBPS Y15, x, x; \
	VMAXPS x, Y14, x; \
	VMINPS x, Y13, x; \
	VMOVAPS Y8, t; \
	VFMADD231PS Y9, x, t; \
	VSUBPS Y8, t, p; \
	VFNMADD231PS expC1<>(SB), p, x; \
	VFNMADD231PS expC2<>(SB), p, x; \
	VPSUBD Y8, t, t; \
	VMOVUPS expP5<>(SB), p; \
	VFMADD213PS expP4<>(SB), x, p; \
	VFMADD213PS expP3<>(SB), x, p; \
	VFMADD213PS expP2<>(SB), x, p; \
	VFMADD213PS expP1<>(SB), x, p; \
	VFMADD213PS expP0<>(SB), x, p; \
	VMULPS x, x, f2; \
	VFMADD213PS x, f2, p; \
	VADDPS one<>(SB), p, p; \
	VPSRAD $1, t, f2; \
	VPSUBD f2, t, t; \
	VPADDD expBias<>(SB), f2, f2; \
	VPSLLD $23, f2, f2; \
	VPADDD expBias<>(SB), t, t; \
	VPSLLD $23, t, t; \
	VMULPS f2, p, p; \
	VMULPS t, p, p

// FOLD256 adds the float32 sums in Y11 and Y12 to the float64 sums in Y10
// and clears them; it clobbers Y0 and Y1.
#define FOLD256 \
	VADDPS Y12, Y11, Y11; \
	VCVTPS2PD X11, Y0; \
	VEXTRACTF128 $1, Y11, X1; \
	VCVTPS2PD X1, Y1; \
	VADDPD Y0, Y10, Y10; \
	VADDPD Y1, Y10, Y10; \
	VXORPS Y11, Y11, Y11; \
	VXORPS Y12, Y12, Y12

// func maxAVX2(x []float32) float32
TEXT ·maxAVX2(SB), NOSPLIT, $0-28
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	VMOVUPS negInf<>(SB), Y12
	VMOVAPS Y12, Y0
	VMOVAPS Y12, Y1
	VMOVAPS Y12, Y2
	VMOVAPS Y12, Y3
	VXORPS Y8, Y8, Y8 // lanes that saw a NaN

max256loop32:
	CMPQ CX, $32
	JB   max256loop8
	VMOVUPS (SI), Y4
	VMOVUPS 32(SI), Y5
	VMOVUPS 64(SI), Y6
	VMOVUPS 96(SI), Y7
	VMAXPS Y4, Y0, Y0
	VMAXPS Y5, Y1, Y1
	VMAXPS Y6, Y2, Y2
	VMAXPS Y7, Y3, Y3
	VCMPPS $3, Y5, Y4, Y9 // unordered
	VCMPPS $3, Y7, Y6, Y10
	VORPS Y9, Y8, Y8
	VORPS Y10, Y8, Y8
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  max256loop32

max256loop8:
	CMPQ CX, $8
	JB   max256last
	VMOVUPS (SI), Y4
	VMAXPS Y4, Y0, Y0
	VCMPPS $3, Y4, Y4, Y9
	VORPS Y9, Y8, Y8
	ADDQ $32, SI
	SUBQ $8, CX
	JMP  max256loop8

max256last:
	TESTQ CX, CX
	JZ    max256reduce
	MASK256(CX, Y11)
	VMASKMOVPS (SI), Y11, Y4
	VCMPPS $3, Y4, Y4, Y9
	VORPS Y9, Y8, Y8
	VBLENDVPS Y11, Y4, Y12, Y4 // -Inf in the lanes past the end
	VMAXPS Y4, Y1, Y1

max256reduce:
	VMOVMSKPS Y8, AX
	TESTL AX, AX
	JNZ   max256nan
	VMAXPS Y1, Y0, Y0
	VMAXPS Y3, Y2, Y2
	VMAXPS Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VMOVHLPS X0, X0, X1
	VMAXPS X1, X0, X0
	VMOVSHDUP X0, X1
	VMAXSS X1, X0, X0
	VMOVSS X0, ret+24(FP)
	VZEROUPPER
	RET

max256nan:
	MOVL $0x7fc00000, ret+24(FP)
	VZEROUPPER
	RET

// func expSumAVX2(dst, src []float32, shift float32) float64
TEXT ·expSumAVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	VBROADCASTSS shift+48(FP), Y15
	VMOVUPS expLo<>(SB), Y14
	VMOVUPS expHi<>(SB), Y13
	VMOVUPS expLog2e<>(SB), Y9
	VMOVUPS expMagic<>(SB), Y8
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	VXORPS Y12, Y12, Y12

exp256block:
	// Eight rounds of 16 elements: eight additions per lane of Y11 and
	// Y12 before they are folded into the float64 sums.
	MOVQ $8, DX

exp256loop:
	CMPQ CX, $16
	JB   exp256tail
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y4
	EXP256(Y0, Y1, Y2, Y3)
	EXP256(Y4, Y5, Y6, Y7)
	VMOVUPS Y2, (DI)
	VMOVUPS Y6, 32(DI)
	VADDPS Y2, Y11, Y11
	VADDPS Y6, Y12, Y12
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	DECQ DX
	JNZ  exp256loop
	FOLD256
	JMP  exp256block

exp256tail:
	CMPQ CX, $8
	JB   exp256last
	VMOVUPS (SI), Y0
	EXP256(Y0, Y1, Y2, Y3)
	VMOVUPS Y2, (DI)
	VADDPS Y2, Y11, Y11
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $8, CX

exp256last:
	TESTQ CX, CX
	JZ    exp256done
	MASK256(CX, Y4)
	VMASKMOVPS (SI), Y4, Y0
	EXP256(Y0, Y1, Y2, Y3)
	VMASKMOVPS Y2, Y4, (DI)
	VANDPS Y4, Y2, Y2
	VADDPS Y2, Y12, Y12

exp256done:
	FOLD256
	VEXTRACTF128 $1, Y10, X11
	VADDPD X11, X10, X10
	VUNPCKHPD X10, X10, X11
	VADDSD X11, X10, X10
	VMOVSD X10, ret+56(FP)
	VZEROUPPER
	RET

// func scaleAVX2(x []float32, s float32)
TEXT ·scaleAVX2(SB), NOSPLIT, $0-28
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	VBROADCASTSS s+24(FP), Y15

scale256loop32:
	CMPQ CX, $32
	JB   scale256loop8
	VMULPS (SI), Y15, Y0
	VMULPS 32(SI), Y15, Y1
	VMULPS 64(SI), Y15, Y2
	VMULPS 96(SI), Y15, Y3
	VMOVUPS Y0, (SI)
	VMOVUPS Y1, 32(SI)
	VMOVUPS Y2, 64(SI)
	VMOVUPS Y3, 96(SI)
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  scale256loop32

scale256loop8:
	CMPQ CX, $8
	JB   scale256last
	VMULPS (SI), Y15, Y0
	VMOVUPS Y0, (SI)
	ADDQ $32, SI
	SUBQ $8, CX
	JMP  scale256loop8

scale256last:
	TESTQ CX, CX
	JZ    scale256done
	MASK256(CX, Y4)
	VMASKMOVPS (SI), Y4, Y0
	VMULPS Y15, Y0, Y0
	VMASKMOVPS Y0, Y4, (SI)

scale256done:
	VZEROUPPER
	RET

// func sub2AVX2(dst, src []float32, a, b float32)
TEXT ·sub2AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	VBROADCASTSS a+48(FP), Y14
	VBROADCASTSS b+52(FP), Y15

sub256loop32:
	CMPQ CX, $32
	JB   sub256loop8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VSUBPS Y14, Y0, Y0
	VSUBPS Y14, Y1, Y1
	VSUBPS Y14, Y2, Y2
	VSUBPS Y14, Y3, Y3
	VSUBPS Y15, Y0, Y0
	VSUBPS Y15, Y1, Y1
	VSUBPS Y15, Y2, Y2
	VSUBPS Y15, Y3, Y3
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $32, CX
	JMP  sub256loop32

sub256loop8:
	CMPQ CX, $8
	JB   sub256last
	VMOVUPS (SI), Y0
	VSUBPS Y14, Y0, Y0
	VSUBPS Y15, Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  sub256loop8

sub256last:
	TESTQ CX, CX
	JZ    sub256done
	MASK256(CX, Y4)
	VMASKMOVPS (SI), Y4, Y0
	VSUBPS Y14, Y0, Y0
	VSUBPS Y15, Y0, Y0
	VMASKMOVPS Y0, Y4, (DI)

sub256done:
	VZEROUPPER
	RET

// func sumAVX2(x []float32) float32
TEXT ·sumAVX2(SB), NOSPLIT, $0-28
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7

sum256loop32:
	CMPQ CX, $32
	JB   sum256loop8
	PREFETCHT0 4096(SI)
	PREFETCHT0 4160(SI)
	VCVTPS2PD (SI), Y8
	VCVTPS2PD 16(SI), Y9
	VCVTPS2PD 32(SI), Y10
	VCVTPS2PD 48(SI), Y11
	VCVTPS2PD 64(SI), Y12
	VCVTPS2PD 80(SI), Y13
	VCVTPS2PD 96(SI), Y14
	VCVTPS2PD 112(SI), Y15
	VADDPD Y8, Y0, Y0
	VADDPD Y9, Y1, Y1
	VADDPD Y10, Y2, Y2
	VADDPD Y11, Y3, Y3
	VADDPD Y12, Y4, Y4
	VADDPD Y13, Y5, Y5
	VADDPD Y14, Y6, Y6
	VADDPD Y15, Y7, Y7
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  sum256loop32

sum256loop8:
	CMPQ CX, $8
	JB   sum256last
	VCVTPS2PD (SI), Y8
	VCVTPS2PD 16(SI), Y9
	VADDPD Y8, Y0, Y0
	VADDPD Y9, Y1, Y1
	ADDQ $32, SI
	SUBQ $8, CX
	JMP  sum256loop8

sum256last:
	TESTQ CX, CX
	JZ    sum256reduce
	MASK256(CX, Y12)
	VMASKMOVPS (SI), Y12, Y8
	VCVTPS2PD X8, Y9
	VEXTRACTF128 $1, Y8, X10
	VCVTPS2PD X10, Y10
	VADDPD Y9, Y2, Y2
	VADDPD Y10, Y3, Y3

sum256reduce:
	VADDPD Y1, Y0, Y0
	VADDPD Y3, Y2, Y2
	VADDPD Y5, Y4, Y4
	VADDPD Y7, Y6, Y6
	VADDPD Y2, Y0, Y0
	VADDPD Y6, Y4, Y4
	VADDPD Y4, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPD X1, X0, X0
	VUNPCKHPD X0, X0, X1
	VADDSD X1, X0, X0
	VCVTSD2SS X0, X0, X0
	VMOVSS X0, ret+24(FP)
	VZEROUPPER
	RET


// GELU256 sets r to gelu_tanh(x) = 0.5·x·(1 + tanh(u)), u = sqrt(2/π)·(x +
// 0.044715·x³), for the 8 lanes of x, in float32 in PyTorch's order of
// operations (no fused multiply-adds): tanh(u) = ±(1 - e)/(1 + e) with e =
// exp(-2|u|) ≤ 1, whose error is about an ulp of 1, as small as the
// addition 1 + tanh(u) that follows makes it matter. It needs the
// registers of EXP256 (Y15 zero) and Y12 holding 1; it clobbers u, w, t, e
// and f2 and keeps x.
#define GELU256(x, u, w, t, e, f2, r) \
	VMULPS x, x, u; \
	VMULPS x, u, u; \
	VMULPS geluKappa<>(SB), u, u; \
	VADDPS x, u, u; \
	VMULPS geluBeta<>(SB), u, u; \
	VORPS signBit<>(SB), u, w; \
	VADDPS w, w, w; \
	EXP256(w, t, e, f2); \
	VSUBPS e, Y12, r; \
	VADDPS Y12, e, f2; \
	VDIVPS f2, r, r; \
	VANDPS signBit<>(SB), u, u; \
	VORPS u, r, r; \
	VADDPS Y12, r, r; \
	VMULPS half<>(SB), x, u; \
	VMULPS u, r, r

// func geluTanhAVX2(dst, src []float32)
TEXT ·geluTanhAVX2(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	VXORPS Y15, Y15, Y15
	VMOVUPS expLo<>(SB), Y14
	VMOVUPS expHi<>(SB), Y13
	VMOVUPS expLog2e<>(SB), Y9
	VMOVUPS expMagic<>(SB), Y8
	VMOVUPS one<>(SB), Y12

gelu256loop:
	CMPQ CX, $8
	JB   gelu256last
	VMOVUPS (SI), Y0
	GELU256(Y0, Y1, Y2, Y3, Y4, Y5, Y6)
	VMOVUPS Y6, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  gelu256loop

gelu256last:
	TESTQ CX, CX
	JZ    gelu256done
	MASK256(CX, Y10)
	VMASKMOVPS (SI), Y10, Y0
	GELU256(Y0, Y1, Y2, Y3, Y4, Y5, Y6)
	VMASKMOVPS Y6, Y10, (DI)

gelu256done:
	VZEROUPPER
	RET

// ---- GELU, erf form (AVX2; the AVX-512 implementation runs these too) ----

// 1/sqrt(2), the scale of GELU's erf argument
DATA erfAlpha<>+0(SB)/4, $0x3f3504f3
DATA erfAlpha<>+4(SB)/4, $0x3f3504f3
DATA erfAlpha<>+8(SB)/4, $0x3f3504f3
DATA erfAlpha<>+12(SB)/4, $0x3f3504f3
DATA erfAlpha<>+16(SB)/4, $0x3f3504f3
DATA erfAlpha<>+20(SB)/4, $0x3f3504f3
DATA erfAlpha<>+24(SB)/4, $0x3f3504f3
DATA erfAlpha<>+28(SB)/4, $0x3f3504f3
GLOBL erfAlpha<>(SB), RODATA|NOPTR, $32

// the coefficients of the erf of PyTorch's vectorized kernels: erf(a) =
// 1 - t·P(t)·exp(-a²), t = 1/(1 + erfP·|a|), Abramowitz and Stegun 7.1.26
DATA erfP<>+0(SB)/4, $0x3ea7ba05
DATA erfP<>+4(SB)/4, $0x3ea7ba05
DATA erfP<>+8(SB)/4, $0x3ea7ba05
DATA erfP<>+12(SB)/4, $0x3ea7ba05
DATA erfP<>+16(SB)/4, $0x3ea7ba05
DATA erfP<>+20(SB)/4, $0x3ea7ba05
DATA erfP<>+24(SB)/4, $0x3ea7ba05
DATA erfP<>+28(SB)/4, $0x3ea7ba05
GLOBL erfP<>(SB), RODATA|NOPTR, $32

DATA erfP1<>+0(SB)/4, $0x3e827906
DATA erfP1<>+4(SB)/4, $0x3e827906
DATA erfP1<>+8(SB)/4, $0x3e827906
DATA erfP1<>+12(SB)/4, $0x3e827906
DATA erfP1<>+16(SB)/4, $0x3e827906
DATA erfP1<>+20(SB)/4, $0x3e827906
DATA erfP1<>+24(SB)/4, $0x3e827906
DATA erfP1<>+28(SB)/4, $0x3e827906
GLOBL erfP1<>(SB), RODATA|NOPTR, $32

DATA erfP2<>+0(SB)/4, $0xbe91a98e
DATA erfP2<>+4(SB)/4, $0xbe91a98e
DATA erfP2<>+8(SB)/4, $0xbe91a98e
DATA erfP2<>+12(SB)/4, $0xbe91a98e
DATA erfP2<>+16(SB)/4, $0xbe91a98e
DATA erfP2<>+20(SB)/4, $0xbe91a98e
DATA erfP2<>+24(SB)/4, $0xbe91a98e
DATA erfP2<>+28(SB)/4, $0xbe91a98e
GLOBL erfP2<>(SB), RODATA|NOPTR, $32

DATA erfP3<>+0(SB)/4, $0x3fb5f0e3
DATA erfP3<>+4(SB)/4, $0x3fb5f0e3
DATA erfP3<>+8(SB)/4, $0x3fb5f0e3
DATA erfP3<>+12(SB)/4, $0x3fb5f0e3
DATA erfP3<>+16(SB)/4, $0x3fb5f0e3
DATA erfP3<>+20(SB)/4, $0x3fb5f0e3
DATA erfP3<>+24(SB)/4, $0x3fb5f0e3
DATA erfP3<>+28(SB)/4, $0x3fb5f0e3
GLOBL erfP3<>(SB), RODATA|NOPTR, $32

DATA erfP4<>+0(SB)/4, $0xbfba00e3
DATA erfP4<>+4(SB)/4, $0xbfba00e3
DATA erfP4<>+8(SB)/4, $0xbfba00e3
DATA erfP4<>+12(SB)/4, $0xbfba00e3
DATA erfP4<>+16(SB)/4, $0xbfba00e3
DATA erfP4<>+20(SB)/4, $0xbfba00e3
DATA erfP4<>+24(SB)/4, $0xbfba00e3
DATA erfP4<>+28(SB)/4, $0xbfba00e3
GLOBL erfP4<>(SB), RODATA|NOPTR, $32

DATA erfP5<>+0(SB)/4, $0x3f87dc22
DATA erfP5<>+4(SB)/4, $0x3f87dc22
DATA erfP5<>+8(SB)/4, $0x3f87dc22
DATA erfP5<>+12(SB)/4, $0x3f87dc22
DATA erfP5<>+16(SB)/4, $0x3f87dc22
DATA erfP5<>+20(SB)/4, $0x3f87dc22
DATA erfP5<>+24(SB)/4, $0x3f87dc22
DATA erfP5<>+28(SB)/4, $0x3f87dc22
GLOBL erfP5<>(SB), RODATA|NOPTR, $32

// 1/sqrt(2π), the scale of the normal density
DATA erfBeta<>+0(SB)/4, $0x3ecc422a
DATA erfBeta<>+4(SB)/4, $0x3ecc422a
DATA erfBeta<>+8(SB)/4, $0x3ecc422a
DATA erfBeta<>+12(SB)/4, $0x3ecc422a
DATA erfBeta<>+16(SB)/4, $0x3ecc422a
DATA erfBeta<>+20(SB)/4, $0x3ecc422a
DATA erfBeta<>+24(SB)/4, $0x3ecc422a
DATA erfBeta<>+28(SB)/4, $0x3ecc422a
GLOBL erfBeta<>(SB), RODATA|NOPTR, $32

// -0.5
DATA negHalf<>+0(SB)/4, $0xbf000000
DATA negHalf<>+4(SB)/4, $0xbf000000
DATA negHalf<>+8(SB)/4, $0xbf000000
DATA negHalf<>+12(SB)/4, $0xbf000000
DATA negHalf<>+16(SB)/4, $0xbf000000
DATA negHalf<>+20(SB)/4, $0xbf000000
DATA negHalf<>+24(SB)/4, $0xbf000000
DATA negHalf<>+28(SB)/4, $0xbf000000
GLOBL negHalf<>(SB), RODATA|NOPTR, $32

// ERF256 sets e to erf(x·erfAlpha) for the 8 lanes of x, in float32, in
// the order of operations of PyTorch's Vectorized<float>::erf: with a =
// x·erfAlpha, t = 1/fma(erfP, |a|, 1), r = P(t) by Horner's rule in fused
// multiply-adds, and erf = sign(a)·fma(-exp(-a²)·t, r, 1). It needs the
// registers of EXP256 (Y15 zero) and Y12 holding 1; it clobbers a, s, t, r,
// w, f2 and keeps x.
#define ERF256(x, a, s, t, r, w, e, f2) \
	VMULPS erfAlpha<>(SB), x, a; \
	VANDPS signBit<>(SB), a, s; \
	VXORPS s, a, a; \
	VMOVAPS Y12, t; \
	VFMADD231PS erfP<>(SB), a, t; \
	VDIVPS t, Y12, t; \
	VMOVUPS erfP5<>(SB), r; \
	VFMADD213PS erfP4<>(SB), t, r; \
	VFMADD213PS erfP3<>(SB), t, r; \
	VFMADD213PS erfP2<>(SB), t, r; \
	VFMADD213PS erfP1<>(SB), t, r; \
	VMULPS a, a, w; \
	VXORPS signBit<>(SB), w, w; \
	EXP256(w, a, e, f2); \
	VXORPS signBit<>(SB), e, e; \
	VMULPS t, e, e; \
	VFMADD213PS Y12, r, e; \
	VXORPS s, e, e

// geluErfSetup loads the constants of EXP256 and 1 into Y12.
#define GELUERFSETUP \
	VXORPS Y15, Y15, Y15; \
	VMOVUPS expLo<>(SB), Y14; \
	VMOVUPS expHi<>(SB), Y13; \
	VMOVUPS expLog2e<>(SB), Y9; \
	VMOVUPS expMagic<>(SB), Y8; \
	VMOVUPS one<>(SB), Y12

// func geluErfAVX2(dst, src []float32)
//
// dst = (x·0.5)·(1 + erf(x/sqrt(2))), as PyTorch's vectorized GELU.
TEXT ·geluErfAVX2(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	GELUERFSETUP

geluerf256loop:
	CMPQ CX, $8
	JB   geluerf256last
	VMOVUPS (SI), Y0
	ERF256(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7)
	VADDPS  Y12, Y6, Y6
	VMULPS  half<>(SB), Y0, Y1
	VMULPS  Y1, Y6, Y6
	VMOVUPS Y6, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     geluerf256loop

geluerf256last:
	TESTQ CX, CX
	JZ    geluerf256done
	MASK256(CX, Y10)
	VMASKMOVPS (SI), Y10, Y0
	ERF256(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7)
	VADDPS     Y12, Y6, Y6
	VMULPS     half<>(SB), Y0, Y1
	VMULPS     Y1, Y6, Y6
	VMASKMOVPS Y6, Y10, (DI)

geluerf256done:
	VZEROUPPER
	RET

// GELUGRAD256 sets out to g·(cdf + x·pdf) with cdf = 0.5·(1 + erf(x/sqrt(2)))
// and pdf = erfBeta·exp(x·x·-0.5), in the order of PyTorch's vectorized
// gelu_backward. It clobbers Y1-Y7 and Y11 and keeps x and g.
#define GELUGRAD256(x, g, out) \
	ERF256(x, Y1, Y2, Y3, Y4, Y5, Y6, Y7); \
	VADDPS Y12, Y6, Y6; \
	VMULPS half<>(SB), Y6, Y6; \
	VMULPS x, x, Y5; \
	VMULPS negHalf<>(SB), Y5, Y5; \
	EXP256(Y5, Y1, Y2, Y7); \
	VMULPS erfBeta<>(SB), Y2, Y2; \
	VMULPS x, Y2, Y2; \
	VADDPS Y2, Y6, Y6; \
	VMULPS Y6, g, out

// func geluErfGradAVX2(dst, g, x []float32)
TEXT ·geluErfGradAVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ g_base+24(FP), DX
	MOVQ x_base+48(FP), SI
	MOVQ x_len+56(FP), CX
	GELUERFSETUP

gelugrad256loop:
	CMPQ CX, $8
	JB   gelugrad256last
	VMOVUPS (SI), Y0
	VMOVUPS (DX), Y11
	GELUGRAD256(Y0, Y11, Y4)
	VMOVUPS Y4, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     gelugrad256loop

gelugrad256last:
	TESTQ CX, CX
	JZ    gelugrad256done
	MASK256(CX, Y10)
	VMASKMOVPS (SI), Y10, Y0
	VMASKMOVPS (DX), Y10, Y11
	GELUGRAD256(Y0, Y11, Y4)
	VMASKMOVPS Y4, Y10, (DI)

gelugrad256done:
	VZEROUPPER
	RET

// func sigmoidAVX2(dst, src []float32)
//
// dst = 1/(1 + exp(0 - x)), in PyTorch's vectorized steps: exp of +89 or
// more is +Inf (sigmoid 0), of -104 or less 0 (sigmoid 1).
TEXT ·sigmoidAVX2(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	GELUERFSETUP

sigmoid256loop:
	CMPQ CX, $8
	JB   sigmoid256last
	VMOVUPS (SI), Y0
	VSUBPS  Y0, Y15, Y1
	EXP256(Y1, Y2, Y3, Y4)
	VADDPS  Y12, Y3, Y3
	VDIVPS  Y3, Y12, Y3
	VMOVUPS Y3, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     sigmoid256loop

sigmoid256last:
	TESTQ CX, CX
	JZ    sigmoid256done
	MASK256(CX, Y10)
	VMASKMOVPS (SI), Y10, Y0
	VSUBPS     Y0, Y15, Y1
	EXP256(Y1, Y2, Y3, Y4)
	VADDPS     Y12, Y3, Y3
	VDIVPS     Y3, Y12, Y3
	VMASKMOVPS Y3, Y10, (DI)

sigmoid256done:
	VZEROUPPER
	RET

// func leakyReLUAVX2(dst, src []float32, slope float32)
//
// dst = x > 0 ? x : x·slope, as ATen's Vectorized leaky_relu: the product
// for every lane, then a blend on the ordered comparison x > 0 (false for
// NaN, whose product is NaN, and for ±0).
TEXT ·leakyReLUAVX2(SB), NOSPLIT, $0-52
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	VBROADCASTSS slope+48(FP), Y1
	VXORPS       Y2, Y2, Y2

leaky256loop:
	CMPQ      CX, $8
	JB        leaky256last
	VMOVUPS   (SI), Y0
	VMULPS    Y1, Y0, Y3
	VCMPPS    $0x1e, Y2, Y0, Y4 // GT_OQ: x > 0
	VBLENDVPS Y4, Y0, Y3, Y3
	VMOVUPS   Y3, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	SUBQ      $8, CX
	JMP       leaky256loop

leaky256last:
	TESTQ      CX, CX
	JZ         leaky256done
	MASK256(CX, Y10)
	VMASKMOVPS (SI), Y10, Y0
	VMULPS     Y1, Y0, Y3
	VCMPPS     $0x1e, Y2, Y0, Y4
	VBLENDVPS  Y4, Y0, Y3, Y3
	VMASKMOVPS Y3, Y10, (DI)

leaky256done:
	VZEROUPPER
	RET

// func leakyReLUGradAVX2(dst, g, x []float32, slope float32)
//
// dst = x > 0 ? g : g·slope.
TEXT ·leakyReLUGradAVX2(SB), NOSPLIT, $0-76
	MOVQ         dst_base+0(FP), DI
	MOVQ         g_base+24(FP), DX
	MOVQ         x_base+48(FP), SI
	MOVQ         x_len+56(FP), CX
	VBROADCASTSS slope+72(FP), Y1
	VXORPS       Y2, Y2, Y2

leakygrad256loop:
	CMPQ      CX, $8
	JB        leakygrad256last
	VMOVUPS   (SI), Y0
	VMOVUPS   (DX), Y5
	VMULPS    Y1, Y5, Y3
	VCMPPS    $0x1e, Y2, Y0, Y4
	VBLENDVPS Y4, Y5, Y3, Y3
	VMOVUPS   Y3, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DX
	ADDQ      $32, DI
	SUBQ      $8, CX
	JMP       leakygrad256loop

leakygrad256last:
	TESTQ      CX, CX
	JZ         leakygrad256done
	MASK256(CX, Y10)
	VMASKMOVPS (SI), Y10, Y0
	VMASKMOVPS (DX), Y10, Y5
	VMULPS     Y1, Y5, Y3
	VCMPPS     $0x1e, Y2, Y0, Y4
	VBLENDVPS  Y4, Y5, Y3, Y3
	VMASKMOVPS Y3, Y10, (DI)

leakygrad256done:
	VZEROUPPER
	RET

// The erf form of GELU and its gradient in 16 lanes: ERF256, EXP256 and
// GELUGRAD256 with the same operations in the same order, so that every
// lane gets the bits of the AVX2 kernels (TestGeluErfAVX512MatchesAVX2).
// GELUERF512SETUP loads their constants: Z31 zero, Z30 expLo, Z29 expHi,
// Z28 expLog2e, Z27 expMagic, Z26 one, Z25 expC1, Z24 expC2, Z23–Z18
// expP5–expP0, Z17 expBias, Z16 erfAlpha, Z15 signBit, Z14 erfP, Z13–Z9
// erfP5–erfP1; half, negHalf and erfBeta stay in memory.
#define GELUERF512SETUP \
	VPXORD Z31, Z31, Z31; \
	VBROADCASTSS expLo<>(SB), Z30; \
	VBROADCASTSS expHi<>(SB), Z29; \
	VBROADCASTSS expLog2e<>(SB), Z28; \
	VBROADCASTSS expMagic<>(SB), Z27; \
	VBROADCASTSS one<>(SB), Z26; \
	VBROADCASTSS expC1<>(SB), Z25; \
	VBROADCASTSS expC2<>(SB), Z24; \
	VBROADCASTSS expP5<>(SB), Z23; \
	VBROADCASTSS expP4<>(SB), Z22; \
	VBROADCASTSS expP3<>(SB), Z21; \
	VBROADCASTSS expP2<>(SB), Z20; \
	VBROADCASTSS expP1<>(SB), Z19; \
	VBROADCASTSS expP0<>(SB), Z18; \
	VBROADCASTSS expBias<>(SB), Z17; \
	VBROADCASTSS erfAlpha<>(SB), Z16; \
	VBROADCASTSS signBit<>(SB), Z15; \
	VBROADCASTSS erfP<>(SB), Z14; \
	VBROADCASTSS erfP5<>(SB), Z13; \
	VBROADCASTSS erfP4<>(SB), Z12; \
	VBROADCASTSS erfP3<>(SB), Z11; \
	VBROADCASTSS erfP2<>(SB), Z10; \
	VBROADCASTSS erfP1<>(SB), Z9

// EXP512E is EXP256 in 16 lanes (GELUERF512SETUP's registers).
#define EXP512E(x, t, p, f2) \
	VSUBPS Z31, x, x; \
	VMAXPS x, Z30, x; \
	VMINPS x, Z29, x; \
	VMOVAPS Z27, t; \
	VFMADD231PS Z28, x, t; \
	VSUBPS Z27, t, p; \
	VFNMADD231PS Z25, p, x; \
	VFNMADD231PS Z24, p, x; \
	VPSUBD Z27, t, t; \
	VMOVAPS Z23, p; \
	VFMADD213PS Z22, x, p; \
	VFMADD213PS Z21, x, p; \
	VFMADD213PS Z20, x, p; \
	VFMADD213PS Z19, x, p; \
	VFMADD213PS Z18, x, p; \
	VMULPS x, x, f2; \
	VFMADD213PS x, f2, p; \
	VADDPS Z26, p, p; \
	VPSRAD $1, t, f2; \
	VPSUBD f2, t, t; \
	VPADDD Z17, f2, f2; \
	VPSLLD $23, f2, f2; \
	VPADDD Z17, t, t; \
	VPSLLD $23, t, t; \
	VMULPS f2, p, p; \
	VMULPS t, p, p

// ERF512 is ERF256 in 16 lanes.
#define ERF512(x, a, s, t, r, w, e, f2) \
	VMULPS Z16, x, a; \
	VPANDD Z15, a, s; \
	VPXORD s, a, a; \
	VMOVAPS Z26, t; \
	VFMADD231PS Z14, a, t; \
	VDIVPS t, Z26, t; \
	VMOVAPS Z13, r; \
	VFMADD213PS Z12, t, r; \
	VFMADD213PS Z11, t, r; \
	VFMADD213PS Z10, t, r; \
	VFMADD213PS Z9, t, r; \
	VMULPS a, a, w; \
	VPXORD Z15, w, w; \
	EXP512E(w, a, e, f2); \
	VPXORD Z15, e, e; \
	VMULPS t, e, e; \
	VFMADD213PS Z26, r, e; \
	VPXORD s, e, e

// GELUERF512 sets Z6 to GELU of Z0 (geluErfAVX2's steps); it clobbers
// Z1–Z7.
#define GELUERF512 \
	ERF512(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7); \
	VADDPS Z26, Z6, Z6; \
	VMULPS.BCST half<>(SB), Z0, Z1; \
	VMULPS Z1, Z6, Z6

// GELUGRAD512 is GELUGRAD256 in 16 lanes: Z4 = Z8·(cdf + x·pdf) of x in
// Z0; it clobbers Z1–Z7.
#define GELUGRAD512 \
	ERF512(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7); \
	VADDPS Z26, Z6, Z6; \
	VMULPS.BCST half<>(SB), Z6, Z6; \
	VMULPS Z0, Z0, Z5; \
	VMULPS.BCST negHalf<>(SB), Z5, Z5; \
	EXP512E(Z5, Z1, Z2, Z7); \
	VMULPS.BCST erfBeta<>(SB), Z2, Z2; \
	VMULPS Z0, Z2, Z2; \
	VADDPS Z2, Z6, Z6; \
	VMULPS Z6, Z8, Z4

// func geluErfAVX512(dst, src []float32)
TEXT ·geluErfAVX512(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	GELUERF512SETUP

geluerf512loop:
	CMPQ CX, $16
	JB   geluerf512last
	VMOVUPS (SI), Z0
	GELUERF512
	VMOVUPS Z6, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     geluerf512loop

geluerf512last:
	TESTQ CX, CX
	JZ    geluerf512done
	MASK512(CX)
	VMOVUPS.Z (SI), K1, Z0
	GELUERF512
	VMOVUPS Z6, K1, (DI)

geluerf512done:
	VZEROUPPER
	RET

// func geluErfGradAVX512(dst, g, x []float32)
TEXT ·geluErfGradAVX512(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ g_base+24(FP), DX
	MOVQ x_base+48(FP), SI
	MOVQ x_len+56(FP), CX
	GELUERF512SETUP

gelugrad512loop:
	CMPQ CX, $16
	JB   gelugrad512last
	VMOVUPS (SI), Z0
	VMOVUPS (DX), Z8
	GELUGRAD512
	VMOVUPS Z4, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DX
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     gelugrad512loop

gelugrad512last:
	TESTQ CX, CX
	JZ    gelugrad512done
	MASK512(CX)
	VMOVUPS.Z (SI), K1, Z0
	VMOVUPS.Z (DX), K1, Z8
	GELUGRAD512
	VMOVUPS Z4, K1, (DI)

gelugrad512done:
	VZEROUPPER
	RET
