//go:build amd64

#include "textflag.h"

// SinFloat32, CosFloat32 and TanFloat32 (trig.go). The kernels widen the
// elements to float64 and do trigF32One's operations in its order, each
// fused multiply-add one VFMADD/VFNMADD instruction, so they give the
// generic loop's bits. tab (trigTab) holds, 32 bytes each: the |x| mask,
// trigBound, 2/π, π/2 in three parts, 1, the quadrant offset, the mask
// of x's sign, the sign bit, the integer 1, from offset 352 sinCoef and
// from 608 cosCoef. A group with an element beyond trigBound (or ±Inf,
// NaN) ends the kernel before it; the result is the count taken.

// func trigF32AVX2(dst, src []float32, tab *trigTab) int
// sin or cos, eight elements a step, two registers of four float64 lanes.
TEXT ·trigF32AVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ tab+48(FP), AX
	MOVQ CX, R8

trig2loop:
	CMPQ      CX, $8
	JB        trig2done
	VCVTPS2PD (SI), Y0 // x
	VCVTPS2PD 16(SI), Y7
	VANDPD    0(AX), Y0, Y1 // a = |x|
	VANDPD    0(AX), Y7, Y8
	VCMPPD    $0x02, 32(AX), Y1, Y2 // a ≤ trigBound, false for NaN
	VCMPPD    $0x02, 32(AX), Y8, Y9
	VMOVMSKPD Y2, BX
	VMOVMSKPD Y9, DX
	ANDL      DX, BX
	CMPL      BX, $15
	JNE       trig2done
	VMULPD 64(AX), Y1, Y2
	VMULPD 64(AX), Y8, Y9
	VROUNDPD $0, Y2, Y2 // k, rounded to even
	VROUNDPD $0, Y9, Y9 // k, rounded to even
	VFNMADD231PD 96(AX), Y2, Y1 // r = a − k·p1
	VFNMADD231PD 96(AX), Y9, Y8 // r = a − k·p1
	VFNMADD231PD 128(AX), Y2, Y1 // r −= k·p2
	VFNMADD231PD 128(AX), Y9, Y8 // r −= k·p2
	VFNMADD231PD 160(AX), Y2, Y1 // r −= k·p3
	VFNMADD231PD 160(AX), Y9, Y8 // r −= k·p3
	VMULPD Y1, Y1, Y3 // z = r²
	VMULPD Y8, Y8, Y10 // z = r²
	VMOVUPD 576(AX), Y4
	VMOVUPD 576(AX), Y11
	VMOVUPD 832(AX), Y5
	VMOVUPD 832(AX), Y12
	VFMADD213PD 544(AX), Y3, Y4
	VFMADD213PD 544(AX), Y10, Y11
	VFMADD213PD 800(AX), Y3, Y5
	VFMADD213PD 800(AX), Y10, Y12
	VFMADD213PD 512(AX), Y3, Y4
	VFMADD213PD 512(AX), Y10, Y11
	VFMADD213PD 768(AX), Y3, Y5
	VFMADD213PD 768(AX), Y10, Y12
	VFMADD213PD 480(AX), Y3, Y4
	VFMADD213PD 480(AX), Y10, Y11
	VFMADD213PD 736(AX), Y3, Y5
	VFMADD213PD 736(AX), Y10, Y12
	VFMADD213PD 448(AX), Y3, Y4
	VFMADD213PD 448(AX), Y10, Y11
	VFMADD213PD 704(AX), Y3, Y5
	VFMADD213PD 704(AX), Y10, Y12
	VFMADD213PD 416(AX), Y3, Y4
	VFMADD213PD 416(AX), Y10, Y11
	VFMADD213PD 672(AX), Y3, Y5
	VFMADD213PD 672(AX), Y10, Y12
	VFMADD213PD 384(AX), Y3, Y4
	VFMADD213PD 384(AX), Y10, Y11
	VFMADD213PD 640(AX), Y3, Y5
	VFMADD213PD 640(AX), Y10, Y12
	VFMADD213PD 352(AX), Y3, Y4
	VFMADD213PD 352(AX), Y10, Y11
	VFMADD213PD 608(AX), Y3, Y5
	VFMADD213PD 608(AX), Y10, Y12
	VMULPD Y3, Y1, Y6 // r·z
	VMULPD Y10, Y8, Y13 // r·z
	VFMADD213PD Y1, Y6, Y4 // sin r = r·z·ps + r
	VFMADD213PD Y8, Y13, Y11 // sin r = r·z·ps + r
	VFMADD213PD 192(AX), Y3, Y5 // cos r = z·pc + 1
	VFMADD213PD 192(AX), Y10, Y12 // cos r = z·pc + 1
	VADDPD 224(AX), Y2, Y2 // q: k (+1 for cos) in the low bits
	VADDPD 224(AX), Y9, Y9 // q: k (+1 for cos) in the low bits
	VPSLLQ $63, Y2, Y6 // q odd, in the sign bit
	VPSLLQ $63, Y9, Y13 // q odd, in the sign bit
	VBLENDVPD Y6, Y5, Y4, Y4 // cos r where q is odd
	VBLENDVPD Y13, Y12, Y11, Y11 // cos r where q is odd
	VPSLLQ $62, Y2, Y2
	VPSLLQ $62, Y9, Y9
	VANDPD 288(AX), Y2, Y2 // q&2 as the sign
	VANDPD 288(AX), Y9, Y9 // q&2 as the sign
	VANDPD 256(AX), Y0, Y0 // x's sign, for sin
	VANDPD 256(AX), Y7, Y7 // x's sign, for sin
	VXORPD Y0, Y2, Y2
	VXORPD Y7, Y9, Y9
	VXORPD Y2, Y4, Y4
	VXORPD Y9, Y11, Y11
	VCVTPD2PSY Y4, X4
	VCVTPD2PSY Y11, X11
	VMOVUPS X4, 0(DI)
	VMOVUPS X11, 16(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  trig2loop

trig2done:
	SUBQ CX, R8
	MOVQ R8, ret+56(FP)
	VZEROUPPER
	RET

// func trigF32AVX512(dst, src []float32, tab *trigTab) int
// sin or cos, sixteen elements a step, two registers of eight float64 lanes.
TEXT ·trigF32AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ tab+48(FP), AX
	MOVQ CX, R8

trig5loop:
	CMPQ        CX, $16
	JB          trig5done
	VCVTPS2PD   (SI), Z0 // x
	VCVTPS2PD   32(SI), Z7
	VPANDQ.BCST 0(AX), Z0, Z1 // a = |x|
	VPANDQ.BCST 0(AX), Z7, Z8
	VCMPPD.BCST $0x02, 32(AX), Z1, K1 // a ≤ trigBound, false for NaN
	VCMPPD.BCST $0x02, 32(AX), Z8, K2
	KMOVW       K1, BX
	KMOVW       K2, DX
	ANDL        DX, BX
	CMPL        BX, $255
	JNE         trig5done
	VMULPD.BCST 64(AX), Z1, Z2
	VMULPD.BCST 64(AX), Z8, Z9
	VRNDSCALEPD $0, Z2, Z2 // k, rounded to even
	VRNDSCALEPD $0, Z9, Z9 // k, rounded to even
	VFNMADD231PD.BCST 96(AX), Z2, Z1 // r = a − k·p1
	VFNMADD231PD.BCST 96(AX), Z9, Z8 // r = a − k·p1
	VFNMADD231PD.BCST 128(AX), Z2, Z1 // r −= k·p2
	VFNMADD231PD.BCST 128(AX), Z9, Z8 // r −= k·p2
	VFNMADD231PD.BCST 160(AX), Z2, Z1 // r −= k·p3
	VFNMADD231PD.BCST 160(AX), Z9, Z8 // r −= k·p3
	VMULPD Z1, Z1, Z3 // z = r²
	VMULPD Z8, Z8, Z10 // z = r²
	VBROADCASTSD 576(AX), Z4
	VBROADCASTSD 576(AX), Z11
	VBROADCASTSD 832(AX), Z5
	VBROADCASTSD 832(AX), Z12
	VFMADD213PD.BCST 544(AX), Z3, Z4
	VFMADD213PD.BCST 544(AX), Z10, Z11
	VFMADD213PD.BCST 800(AX), Z3, Z5
	VFMADD213PD.BCST 800(AX), Z10, Z12
	VFMADD213PD.BCST 512(AX), Z3, Z4
	VFMADD213PD.BCST 512(AX), Z10, Z11
	VFMADD213PD.BCST 768(AX), Z3, Z5
	VFMADD213PD.BCST 768(AX), Z10, Z12
	VFMADD213PD.BCST 480(AX), Z3, Z4
	VFMADD213PD.BCST 480(AX), Z10, Z11
	VFMADD213PD.BCST 736(AX), Z3, Z5
	VFMADD213PD.BCST 736(AX), Z10, Z12
	VFMADD213PD.BCST 448(AX), Z3, Z4
	VFMADD213PD.BCST 448(AX), Z10, Z11
	VFMADD213PD.BCST 704(AX), Z3, Z5
	VFMADD213PD.BCST 704(AX), Z10, Z12
	VFMADD213PD.BCST 416(AX), Z3, Z4
	VFMADD213PD.BCST 416(AX), Z10, Z11
	VFMADD213PD.BCST 672(AX), Z3, Z5
	VFMADD213PD.BCST 672(AX), Z10, Z12
	VFMADD213PD.BCST 384(AX), Z3, Z4
	VFMADD213PD.BCST 384(AX), Z10, Z11
	VFMADD213PD.BCST 640(AX), Z3, Z5
	VFMADD213PD.BCST 640(AX), Z10, Z12
	VFMADD213PD.BCST 352(AX), Z3, Z4
	VFMADD213PD.BCST 352(AX), Z10, Z11
	VFMADD213PD.BCST 608(AX), Z3, Z5
	VFMADD213PD.BCST 608(AX), Z10, Z12
	VMULPD Z3, Z1, Z6 // r·z
	VMULPD Z10, Z8, Z13 // r·z
	VFMADD213PD Z1, Z6, Z4 // sin r = r·z·ps + r
	VFMADD213PD Z8, Z13, Z11 // sin r = r·z·ps + r
	VFMADD213PD.BCST 192(AX), Z3, Z5 // cos r = z·pc + 1
	VFMADD213PD.BCST 192(AX), Z10, Z12 // cos r = z·pc + 1
	VADDPD.BCST 224(AX), Z2, Z2 // q: k (+1 for cos) in the low bits
	VADDPD.BCST 224(AX), Z9, Z9 // q: k (+1 for cos) in the low bits
	VPTESTMQ.BCST 320(AX), Z2, K3 // q odd
	VPTESTMQ.BCST 320(AX), Z9, K4 // q odd
	VBLENDMPD Z5, Z4, K3, Z4 // cos r there
	VBLENDMPD Z12, Z11, K4, Z11 // cos r there
	VPSLLQ $62, Z2, Z2
	VPSLLQ $62, Z9, Z9
	VPANDQ.BCST 288(AX), Z2, Z2 // q&2 as the sign
	VPANDQ.BCST 288(AX), Z9, Z9 // q&2 as the sign
	VPANDQ.BCST 256(AX), Z0, Z0 // x's sign, for sin
	VPANDQ.BCST 256(AX), Z7, Z7 // x's sign, for sin
	VPXORQ Z0, Z2, Z2
	VPXORQ Z7, Z9, Z9
	VPXORQ Z2, Z4, Z4
	VPXORQ Z9, Z11, Z11
	VCVTPD2PS Z4, Y4
	VCVTPD2PS Z11, Y11
	VMOVUPS Y4, 0(DI)
	VMOVUPS Y11, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  trig5loop

trig5done:
	SUBQ CX, R8
	MOVQ R8, ret+56(FP)
	VZEROUPPER
	RET

// func tanF32AVX2(dst, src []float32, tab *trigTab) int
// tan, eight elements a step, two registers of four float64 lanes.
TEXT ·tanF32AVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ tab+48(FP), AX
	MOVQ CX, R8

tan2loop:
	CMPQ      CX, $8
	JB        tan2done
	VCVTPS2PD (SI), Y0 // x
	VCVTPS2PD 16(SI), Y7
	VANDPD    0(AX), Y0, Y1 // a = |x|
	VANDPD    0(AX), Y7, Y8
	VCMPPD    $0x02, 32(AX), Y1, Y2 // a ≤ trigBound, false for NaN
	VCMPPD    $0x02, 32(AX), Y8, Y9
	VMOVMSKPD Y2, BX
	VMOVMSKPD Y9, DX
	ANDL      DX, BX
	CMPL      BX, $15
	JNE       tan2done
	VMULPD 64(AX), Y1, Y2
	VMULPD 64(AX), Y8, Y9
	VROUNDPD $0, Y2, Y2 // k, rounded to even
	VROUNDPD $0, Y9, Y9 // k, rounded to even
	VFNMADD231PD 96(AX), Y2, Y1 // r = a − k·p1
	VFNMADD231PD 96(AX), Y9, Y8 // r = a − k·p1
	VFNMADD231PD 128(AX), Y2, Y1 // r −= k·p2
	VFNMADD231PD 128(AX), Y9, Y8 // r −= k·p2
	VFNMADD231PD 160(AX), Y2, Y1 // r −= k·p3
	VFNMADD231PD 160(AX), Y9, Y8 // r −= k·p3
	VMULPD Y1, Y1, Y3 // z = r²
	VMULPD Y8, Y8, Y10 // z = r²
	VMOVUPD 576(AX), Y4
	VMOVUPD 576(AX), Y11
	VMOVUPD 832(AX), Y5
	VMOVUPD 832(AX), Y12
	VFMADD213PD 544(AX), Y3, Y4
	VFMADD213PD 544(AX), Y10, Y11
	VFMADD213PD 800(AX), Y3, Y5
	VFMADD213PD 800(AX), Y10, Y12
	VFMADD213PD 512(AX), Y3, Y4
	VFMADD213PD 512(AX), Y10, Y11
	VFMADD213PD 768(AX), Y3, Y5
	VFMADD213PD 768(AX), Y10, Y12
	VFMADD213PD 480(AX), Y3, Y4
	VFMADD213PD 480(AX), Y10, Y11
	VFMADD213PD 736(AX), Y3, Y5
	VFMADD213PD 736(AX), Y10, Y12
	VFMADD213PD 448(AX), Y3, Y4
	VFMADD213PD 448(AX), Y10, Y11
	VFMADD213PD 704(AX), Y3, Y5
	VFMADD213PD 704(AX), Y10, Y12
	VFMADD213PD 416(AX), Y3, Y4
	VFMADD213PD 416(AX), Y10, Y11
	VFMADD213PD 672(AX), Y3, Y5
	VFMADD213PD 672(AX), Y10, Y12
	VFMADD213PD 384(AX), Y3, Y4
	VFMADD213PD 384(AX), Y10, Y11
	VFMADD213PD 640(AX), Y3, Y5
	VFMADD213PD 640(AX), Y10, Y12
	VFMADD213PD 352(AX), Y3, Y4
	VFMADD213PD 352(AX), Y10, Y11
	VFMADD213PD 608(AX), Y3, Y5
	VFMADD213PD 608(AX), Y10, Y12
	VMULPD Y3, Y1, Y6 // r·z
	VMULPD Y10, Y8, Y13 // r·z
	VFMADD213PD Y1, Y6, Y4 // sin r = r·z·ps + r
	VFMADD213PD Y8, Y13, Y11 // sin r = r·z·ps + r
	VFMADD213PD 192(AX), Y3, Y5 // cos r = z·pc + 1
	VFMADD213PD 192(AX), Y10, Y12 // cos r = z·pc + 1
	VADDPD 224(AX), Y2, Y2 // q: k (+1 for cos) in the low bits
	VADDPD 224(AX), Y9, Y9 // q: k (+1 for cos) in the low bits
	VPSLLQ $63, Y2, Y6 // q odd, in the sign bit
	VPSLLQ $63, Y9, Y13 // q odd, in the sign bit
	VBLENDVPD Y6, Y5, Y4, Y3 // cos r where q is odd, else sin r
	VBLENDVPD Y13, Y12, Y11, Y10 // cos r where q is odd, else sin r
	VBLENDVPD Y6, Y4, Y5, Y5 // over sin r there, else cos r
	VBLENDVPD Y13, Y11, Y12, Y12 // over sin r there, else cos r
	VDIVPD Y5, Y3, Y3
	VDIVPD Y12, Y10, Y10
	VANDPD 256(AX), Y0, Y0 // x's sign
	VANDPD 256(AX), Y7, Y7 // x's sign
	VXORPD Y0, Y6, Y6
	VXORPD Y7, Y13, Y13
	VXORPD Y6, Y3, Y3
	VXORPD Y13, Y10, Y10
	VCVTPD2PSY Y3, X3
	VCVTPD2PSY Y10, X10
	VMOVUPS X3, 0(DI)
	VMOVUPS X10, 16(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  tan2loop

tan2done:
	SUBQ CX, R8
	MOVQ R8, ret+56(FP)
	VZEROUPPER
	RET

// func tanF32AVX512(dst, src []float32, tab *trigTab) int
// tan, sixteen elements a step, two registers of eight float64 lanes.
TEXT ·tanF32AVX512(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ tab+48(FP), AX
	MOVQ CX, R8

tan5loop:
	CMPQ        CX, $16
	JB          tan5done
	VCVTPS2PD   (SI), Z0 // x
	VCVTPS2PD   32(SI), Z7
	VPANDQ.BCST 0(AX), Z0, Z1 // a = |x|
	VPANDQ.BCST 0(AX), Z7, Z8
	VCMPPD.BCST $0x02, 32(AX), Z1, K1 // a ≤ trigBound, false for NaN
	VCMPPD.BCST $0x02, 32(AX), Z8, K2
	KMOVW       K1, BX
	KMOVW       K2, DX
	ANDL        DX, BX
	CMPL        BX, $255
	JNE         tan5done
	VMULPD.BCST 64(AX), Z1, Z2
	VMULPD.BCST 64(AX), Z8, Z9
	VRNDSCALEPD $0, Z2, Z2 // k, rounded to even
	VRNDSCALEPD $0, Z9, Z9 // k, rounded to even
	VFNMADD231PD.BCST 96(AX), Z2, Z1 // r = a − k·p1
	VFNMADD231PD.BCST 96(AX), Z9, Z8 // r = a − k·p1
	VFNMADD231PD.BCST 128(AX), Z2, Z1 // r −= k·p2
	VFNMADD231PD.BCST 128(AX), Z9, Z8 // r −= k·p2
	VFNMADD231PD.BCST 160(AX), Z2, Z1 // r −= k·p3
	VFNMADD231PD.BCST 160(AX), Z9, Z8 // r −= k·p3
	VMULPD Z1, Z1, Z3 // z = r²
	VMULPD Z8, Z8, Z10 // z = r²
	VBROADCASTSD 576(AX), Z4
	VBROADCASTSD 576(AX), Z11
	VBROADCASTSD 832(AX), Z5
	VBROADCASTSD 832(AX), Z12
	VFMADD213PD.BCST 544(AX), Z3, Z4
	VFMADD213PD.BCST 544(AX), Z10, Z11
	VFMADD213PD.BCST 800(AX), Z3, Z5
	VFMADD213PD.BCST 800(AX), Z10, Z12
	VFMADD213PD.BCST 512(AX), Z3, Z4
	VFMADD213PD.BCST 512(AX), Z10, Z11
	VFMADD213PD.BCST 768(AX), Z3, Z5
	VFMADD213PD.BCST 768(AX), Z10, Z12
	VFMADD213PD.BCST 480(AX), Z3, Z4
	VFMADD213PD.BCST 480(AX), Z10, Z11
	VFMADD213PD.BCST 736(AX), Z3, Z5
	VFMADD213PD.BCST 736(AX), Z10, Z12
	VFMADD213PD.BCST 448(AX), Z3, Z4
	VFMADD213PD.BCST 448(AX), Z10, Z11
	VFMADD213PD.BCST 704(AX), Z3, Z5
	VFMADD213PD.BCST 704(AX), Z10, Z12
	VFMADD213PD.BCST 416(AX), Z3, Z4
	VFMADD213PD.BCST 416(AX), Z10, Z11
	VFMADD213PD.BCST 672(AX), Z3, Z5
	VFMADD213PD.BCST 672(AX), Z10, Z12
	VFMADD213PD.BCST 384(AX), Z3, Z4
	VFMADD213PD.BCST 384(AX), Z10, Z11
	VFMADD213PD.BCST 640(AX), Z3, Z5
	VFMADD213PD.BCST 640(AX), Z10, Z12
	VFMADD213PD.BCST 352(AX), Z3, Z4
	VFMADD213PD.BCST 352(AX), Z10, Z11
	VFMADD213PD.BCST 608(AX), Z3, Z5
	VFMADD213PD.BCST 608(AX), Z10, Z12
	VMULPD Z3, Z1, Z6 // r·z
	VMULPD Z10, Z8, Z13 // r·z
	VFMADD213PD Z1, Z6, Z4 // sin r = r·z·ps + r
	VFMADD213PD Z8, Z13, Z11 // sin r = r·z·ps + r
	VFMADD213PD.BCST 192(AX), Z3, Z5 // cos r = z·pc + 1
	VFMADD213PD.BCST 192(AX), Z10, Z12 // cos r = z·pc + 1
	VADDPD.BCST 224(AX), Z2, Z2 // q: k (+1 for cos) in the low bits
	VADDPD.BCST 224(AX), Z9, Z9 // q: k (+1 for cos) in the low bits
	VPTESTMQ.BCST 320(AX), Z2, K3 // q odd
	VPTESTMQ.BCST 320(AX), Z9, K4 // q odd
	VBLENDMPD Z5, Z4, K3, Z3 // cos r where q is odd, else sin r
	VBLENDMPD Z12, Z11, K4, Z10 // cos r where q is odd, else sin r
	VBLENDMPD Z4, Z5, K3, Z5 // over sin r there, else cos r
	VBLENDMPD Z11, Z12, K4, Z12 // over sin r there, else cos r
	VDIVPD Z5, Z3, Z3
	VDIVPD Z12, Z10, Z10
	VPSLLQ $63, Z2, Z2 // q odd, in the sign bit
	VPSLLQ $63, Z9, Z9 // q odd, in the sign bit
	VPANDQ.BCST 256(AX), Z0, Z0 // x's sign
	VPANDQ.BCST 256(AX), Z7, Z7 // x's sign
	VPXORQ Z0, Z2, Z2
	VPXORQ Z7, Z9, Z9
	VPXORQ Z2, Z3, Z3
	VPXORQ Z9, Z10, Z10
	VCVTPD2PS Z3, Y3
	VCVTPD2PS Z10, Y10
	VMOVUPS Y3, 0(DI)
	VMOVUPS Y10, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  tan5loop

tan5done:
	SUBQ CX, R8
	MOVQ R8, ret+56(FP)
	VZEROUPPER
	RET
