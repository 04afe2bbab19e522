//go:build amd64

#include "textflag.h"

// The AVX2 kernels of Log2Float32, Log10Float32, Log1pFloat32,
// Exp2Float32 and Expm1Float32 (logexp.go): those of LogFloat32 and
// ExpFloat32 (unary_amd64.s) with the few operations that differ, in
// the order of the generic loops, so they give the generic loops' bits.

// func logScaledF32AVX2(dst, src []float32, tab *logScaledTab)
// logScaledF32 eight elements at a time, two registers of four
// interleaved: LogFloat32's steps (logF32AVX2, but its constant 1 read
// from the table) with ln m times c (offset 704) and the exponent's
// factor hi, lo in place of ln2's parts.
TEXT ·logScaledF32AVX2(SB), NOSPLIT, $0-56
	MOVQ    dst_base+0(FP), DI
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), CX
	MOVQ    tab+48(FP), AX
	VXORPD  Y15, Y15, Y15

lsloop:
	CMPQ    CX, $8
	JB      lsdone
	VCVTPS2PD (SI), Y0 // x
	VCVTPS2PD 16(SI), Y7
	VPSRLQ    $52, Y0, Y1
	VPSRLQ    $52, Y7, Y8
	VPOR      96(AX), Y1, Y1
	VPOR      96(AX), Y8, Y8
	VSUBPD    128(AX), Y1, Y1 // e
	VSUBPD    128(AX), Y8, Y8
	VANDPD    160(AX), Y0, Y2
	VANDPD    160(AX), Y7, Y9
	VORPD     64(AX), Y2, Y2 // m in [1, 2)
	VORPD     64(AX), Y9, Y9
	VCMPPD    $0x1E, (AX), Y2, Y3 // m > √2
	VCMPPD    $0x1E, (AX), Y9, Y10
	VMULPD    32(AX), Y2, Y4
	VMULPD    32(AX), Y9, Y11
	VBLENDVPD Y3, Y4, Y2, Y2 // m·0.5 there
	VBLENDVPD Y10, Y11, Y9, Y9
	VANDPD    64(AX), Y3, Y4
	VANDPD    64(AX), Y10, Y11
	VADDPD    Y4, Y1, Y1 // e+1 there
	VADDPD    Y11, Y8, Y8
	VSUBPD    64(AX), Y2, Y4
	VSUBPD    64(AX), Y9, Y11
	VADDPD    64(AX), Y2, Y5
	VADDPD    64(AX), Y9, Y12
	VDIVPD    Y5, Y4, Y4 // s = (m−1)/(m+1)
	VDIVPD    Y12, Y11, Y11
	VMULPD    Y4, Y4, Y5 // z = s²
	VMULPD    Y11, Y11, Y12
	VMOVUPD   672(AX), Y6 // 1/21
	VMOVUPD   672(AX), Y13
	VFMADD213PD 640(AX), Y5, Y6 // p = p·z + 1/19
	VFMADD213PD 640(AX), Y12, Y13
	VFMADD213PD 608(AX), Y5, Y6 // p = p·z + 1/17
	VFMADD213PD 608(AX), Y12, Y13
	VFMADD213PD 576(AX), Y5, Y6 // p = p·z + 1/15
	VFMADD213PD 576(AX), Y12, Y13
	VFMADD213PD 544(AX), Y5, Y6 // p = p·z + 1/13
	VFMADD213PD 544(AX), Y12, Y13
	VFMADD213PD 512(AX), Y5, Y6 // p = p·z + 1/11
	VFMADD213PD 512(AX), Y12, Y13
	VFMADD213PD 480(AX), Y5, Y6 // p = p·z + 1/9
	VFMADD213PD 480(AX), Y12, Y13
	VFMADD213PD 448(AX), Y5, Y6 // p = p·z + 1/7
	VFMADD213PD 448(AX), Y12, Y13
	VFMADD213PD 416(AX), Y5, Y6 // p = p·z + 1/5
	VFMADD213PD 416(AX), Y12, Y13
	VFMADD213PD 384(AX), Y5, Y6 // p = p·z + 1/3
	VFMADD213PD 384(AX), Y12, Y13
	VFMADD213PD 352(AX), Y5, Y6 // p = p·z + 1/1
	VFMADD213PD 352(AX), Y12, Y13
	VADDPD      Y4, Y4, Y4
	VADDPD      Y11, Y11, Y11
	VMULPD      Y6, Y4, Y4 // 2s·p
	VMULPD      Y13, Y11, Y11
	VMULPD      704(AX), Y4, Y4 // ·c
	VMULPD      704(AX), Y11, Y11
	VFMADD231PD 224(AX), Y1, Y4 // + e·lo
	VFMADD231PD 224(AX), Y8, Y11
	VFMADD231PD 192(AX), Y1, Y4 // + e·hi
	VFMADD231PD 192(AX), Y8, Y11
	VSQRTPD     Y0, Y6 // +Inf, NaN for the other special inputs
	VSQRTPD     Y7, Y13
	VCMPPD      $0x00, Y15, Y0, Y5 // x == 0
	VCMPPD      $0x00, Y15, Y7, Y12
	VBLENDVPD   Y5, 288(AX), Y6, Y6 // -Inf there
	VBLENDVPD   Y12, 288(AX), Y13, Y13
	VCMPPD      $0x1E, Y15, Y0, Y2 // x > 0
	VCMPPD      $0x1E, Y15, Y7, Y9
	VCMPPD      $0x11, 256(AX), Y0, Y3 // x < +Inf
	VCMPPD      $0x11, 256(AX), Y7, Y10
	VANDPD      Y3, Y2, Y2
	VANDPD      Y10, Y9, Y9
	VBLENDVPD   Y2, Y4, Y6, Y4
	VBLENDVPD   Y9, Y11, Y13, Y11
	VCVTPD2PSY  Y4, X4
	VCVTPD2PSY  Y11, X11
	VMOVUPS     X4, (DI)
	VMOVUPS     X11, 16(DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     lsloop

lsdone:
	VZEROUPPER
	RET

// func log1pF32AVX2(dst, src []float32, tab *logTab)
// log1pF32 eight elements at a time, two registers of four interleaved:
// u = 1 + x, then logF32AVX2's steps on u, with c = x − (u − 1) (x read
// again) added to 2s·p in the fused step; x = ±0 gives x (blended in
// float32 at the end).
TEXT ·log1pF32AVX2(SB), NOSPLIT, $0-56
	MOVQ    dst_base+0(FP), DI
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), CX
	MOVQ    tab+48(FP), AX
	VXORPD  Y15, Y15, Y15

lploop:
	CMPQ    CX, $8
	JB      lpdone
	VCVTPS2PD (SI), Y0
	VCVTPS2PD 16(SI), Y7
	VADDPD    64(AX), Y0, Y0 // u = 1 + x
	VADDPD    64(AX), Y7, Y7
	VPSRLQ    $52, Y0, Y1
	VPSRLQ    $52, Y7, Y8
	VPOR      96(AX), Y1, Y1
	VPOR      96(AX), Y8, Y8
	VSUBPD    128(AX), Y1, Y1 // e
	VSUBPD    128(AX), Y8, Y8
	VANDPD    160(AX), Y0, Y2
	VANDPD    160(AX), Y7, Y9
	VORPD     64(AX), Y2, Y2 // m in [1, 2)
	VORPD     64(AX), Y9, Y9
	VCMPPD    $0x1E, (AX), Y2, Y3 // m > √2
	VCMPPD    $0x1E, (AX), Y9, Y10
	VMULPD    32(AX), Y2, Y4
	VMULPD    32(AX), Y9, Y11
	VBLENDVPD Y3, Y4, Y2, Y2 // m·0.5 there
	VBLENDVPD Y10, Y11, Y9, Y9
	VANDPD    64(AX), Y3, Y4
	VANDPD    64(AX), Y10, Y11
	VADDPD    Y4, Y1, Y1 // e+1 there
	VADDPD    Y11, Y8, Y8
	VSUBPD    64(AX), Y2, Y4
	VSUBPD    64(AX), Y9, Y11
	VADDPD    64(AX), Y2, Y5
	VADDPD    64(AX), Y9, Y12
	VDIVPD    Y5, Y4, Y4 // s = (m−1)/(m+1)
	VDIVPD    Y12, Y11, Y11
	VMULPD    Y4, Y4, Y5 // z = s²
	VMULPD    Y11, Y11, Y12
	VMOVUPD   672(AX), Y6 // 1/21
	VMOVUPD   672(AX), Y13
	VFMADD213PD 640(AX), Y5, Y6 // p = p·z + 1/19
	VFMADD213PD 640(AX), Y12, Y13
	VFMADD213PD 608(AX), Y5, Y6 // p = p·z + 1/17
	VFMADD213PD 608(AX), Y12, Y13
	VFMADD213PD 576(AX), Y5, Y6 // p = p·z + 1/15
	VFMADD213PD 576(AX), Y12, Y13
	VFMADD213PD 544(AX), Y5, Y6 // p = p·z + 1/13
	VFMADD213PD 544(AX), Y12, Y13
	VFMADD213PD 512(AX), Y5, Y6 // p = p·z + 1/11
	VFMADD213PD 512(AX), Y12, Y13
	VFMADD213PD 480(AX), Y5, Y6 // p = p·z + 1/9
	VFMADD213PD 480(AX), Y12, Y13
	VFMADD213PD 448(AX), Y5, Y6 // p = p·z + 1/7
	VFMADD213PD 448(AX), Y12, Y13
	VFMADD213PD 416(AX), Y5, Y6 // p = p·z + 1/5
	VFMADD213PD 416(AX), Y12, Y13
	VFMADD213PD 384(AX), Y5, Y6 // p = p·z + 1/3
	VFMADD213PD 384(AX), Y12, Y13
	VFMADD213PD 352(AX), Y5, Y6 // p = p·z + 1/1
	VFMADD213PD 352(AX), Y12, Y13
	VADDPD      Y4, Y4, Y4
	VADDPD      Y11, Y11, Y11
	VSUBPD      64(AX), Y0, Y5 // u − 1
	VSUBPD      64(AX), Y7, Y12
	VCVTPS2PD   (SI), Y3 // x
	VCVTPS2PD   16(SI), Y10
	VSUBPD      Y5, Y3, Y5 // c = x − (u − 1)
	VSUBPD      Y12, Y10, Y12
	VFMADD213PD Y5, Y6, Y4 // 2s·p + c
	VFMADD213PD Y12, Y13, Y11
	VFMADD231PD 224(AX), Y1, Y4 // + e·ln2lo
	VFMADD231PD 224(AX), Y8, Y11
	VFMADD231PD 192(AX), Y1, Y4 // + e·ln2hi
	VFMADD231PD 192(AX), Y8, Y11
	VSQRTPD     Y0, Y6 // +Inf, NaN for the other special inputs
	VSQRTPD     Y7, Y13
	VCMPPD      $0x00, Y15, Y0, Y5 // u == 0
	VCMPPD      $0x00, Y15, Y7, Y12
	VBLENDVPD   Y5, 288(AX), Y6, Y6 // -Inf there
	VBLENDVPD   Y12, 288(AX), Y13, Y13
	VCMPPD      $0x1E, Y15, Y0, Y2 // u > 0
	VCMPPD      $0x1E, Y15, Y7, Y9
	VCMPPD      $0x11, 256(AX), Y0, Y3 // u < +Inf
	VCMPPD      $0x11, 256(AX), Y7, Y10
	VANDPD      Y3, Y2, Y2
	VANDPD      Y10, Y9, Y9
	VBLENDVPD   Y2, Y4, Y6, Y4
	VBLENDVPD   Y9, Y11, Y13, Y11
	VCVTPD2PSY  Y4, X4
	VCVTPD2PSY  Y11, X11
	VMOVUPS     (SI), X5
	VMOVUPS     16(SI), X12
	VCMPPS      $0x00, X15, X5, X6 // x == ±0
	VCMPPS      $0x00, X15, X12, X13
	VBLENDVPS   X6, X5, X4, X4 // x there
	VBLENDVPS   X13, X12, X11, X11
	VMOVUPS     X4, (DI)
	VMOVUPS     X11, 16(DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     lploop

lpdone:
	VZEROUPPER
	RET

// func exp2F32AVX2(dst, src []float32, tab *expTab)
// exp2F32 eight elements at a time, with ExpFloat32's table: k = x
// rounded, r = (x − k)·ln2, then expF32AVX2's polynomial and scale.
TEXT ·exp2F32AVX2(SB), NOSPLIT, $0-56
	MOVQ    dst_base+0(FP), DI
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), CX
	MOVQ    tab+48(FP), AX
	VMOVUPD 0(AX), Y8    // 200
	VMOVUPD 32(AX), Y9   // -200
	VMOVUPD 96(AX), Y11  // ln2, high part
	VMOVUPD 160(AX), Y13 // 1023
	VMOVUPD 576(AX), Y14 // 1/12!

e2loop:
	CMPQ      CX, $8
	JB        e2done
	VCVTPS2PD (SI), Y0
	VCVTPS2PD 16(SI), Y1
	VMINPD    Y0, Y8, Y0 // min(200, x), x if NaN
	VMINPD    Y1, Y8, Y1
	VMAXPD    Y0, Y9, Y0 // max(-200, x), x if NaN
	VMAXPD    Y1, Y9, Y1
	VROUNDPD  $0, Y0, Y2 // k = x rounded to even
	VROUNDPD  $0, Y1, Y3
	VSUBPD    Y2, Y0, Y0 // x − k, exact
	VSUBPD    Y3, Y1, Y1
	VMULPD    Y11, Y0, Y0 // r = (x − k)·ln2
	VMULPD    Y11, Y1, Y1
	VMOVAPD   Y14, Y4
	VMOVAPD   Y14, Y5
	VFMADD213PD 544(AX), Y0, Y4 // p = p·r + 1/11!
	VFMADD213PD 544(AX), Y1, Y5
	VFMADD213PD 512(AX), Y0, Y4 // p = p·r + 1/10!
	VFMADD213PD 512(AX), Y1, Y5
	VFMADD213PD 480(AX), Y0, Y4 // p = p·r + 1/9!
	VFMADD213PD 480(AX), Y1, Y5
	VFMADD213PD 448(AX), Y0, Y4 // p = p·r + 1/8!
	VFMADD213PD 448(AX), Y1, Y5
	VFMADD213PD 416(AX), Y0, Y4 // p = p·r + 1/7!
	VFMADD213PD 416(AX), Y1, Y5
	VFMADD213PD 384(AX), Y0, Y4 // p = p·r + 1/6!
	VFMADD213PD 384(AX), Y1, Y5
	VFMADD213PD 352(AX), Y0, Y4 // p = p·r + 1/5!
	VFMADD213PD 352(AX), Y1, Y5
	VFMADD213PD 320(AX), Y0, Y4 // p = p·r + 1/4!
	VFMADD213PD 320(AX), Y1, Y5
	VFMADD213PD 288(AX), Y0, Y4 // p = p·r + 1/3!
	VFMADD213PD 288(AX), Y1, Y5
	VFMADD213PD 256(AX), Y0, Y4 // p = p·r + 1/2!
	VFMADD213PD 256(AX), Y1, Y5
	VFMADD213PD 224(AX), Y0, Y4 // p = p·r + 1/1!
	VFMADD213PD 224(AX), Y1, Y5
	VFMADD213PD 192(AX), Y0, Y4 // p = p·r + 1/0!
	VFMADD213PD 192(AX), Y1, Y5
	VCVTPD2DQY Y2, X2
	VCVTPD2DQY Y3, X3
	VPMOVSXDQ  X2, Y2
	VPMOVSXDQ  X3, Y3
	VPADDQ     Y13, Y2, Y2
	VPADDQ     Y13, Y3, Y3
	VPSLLQ     $52, Y2, Y2 // 2**k
	VPSLLQ     $52, Y3, Y3
	VMULPD     Y2, Y4, Y4
	VMULPD     Y3, Y5, Y5
	VCVTPD2PSY Y4, X4
	VCVTPD2PSY Y5, X5
	VMOVUPS    X4, (DI)
	VMOVUPS    X5, 16(DI)
	ADDQ       $32, SI
	ADDQ       $32, DI
	SUBQ       $8, CX
	JMP        e2loop

e2done:
	VZEROUPPER
	RET

// func expm1F32AVX2(dst, src []float32, tab *expTab)
// expm1F32 eight elements at a time, with ExpFloat32's table:
// expF32AVX2's reduction, its polynomial stopped before the constant 1
// and times r, then 2**k·(e**r − 1) + (2**k − 1) in one fused step; x =
// ±0 gives x (blended in float32 at the end).
TEXT ·expm1F32AVX2(SB), NOSPLIT, $0-56
	MOVQ    dst_base+0(FP), DI
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), CX
	MOVQ    tab+48(FP), AX
	VMOVUPD 0(AX), Y8    // 200
	VMOVUPD 32(AX), Y9   // -200
	VMOVUPD 64(AX), Y10  // log2(e)
	VMOVUPD 96(AX), Y11  // ln2, high part
	VMOVUPD 128(AX), Y12 // ln2, low part
	VMOVUPD 160(AX), Y13 // 1023
	VMOVUPD 576(AX), Y14 // 1/12!
	VXORPD  Y15, Y15, Y15

em1loop:
	CMPQ      CX, $8
	JB        em1done
	VCVTPS2PD (SI), Y0
	VCVTPS2PD 16(SI), Y1
	VMINPD    Y0, Y8, Y0 // min(200, x), x if NaN
	VMINPD    Y1, Y8, Y1
	VMAXPD    Y0, Y9, Y0 // max(-200, x), x if NaN
	VMAXPD    Y1, Y9, Y1
	VMULPD    Y10, Y0, Y2
	VMULPD    Y10, Y1, Y3
	VROUNDPD  $0, Y2, Y2 // k, rounded to even
	VROUNDPD  $0, Y3, Y3
	VFNMADD231PD Y11, Y2, Y0 // r = x − k·ln2hi
	VFNMADD231PD Y11, Y3, Y1
	VFNMADD231PD Y12, Y2, Y0 // r −= k·ln2lo
	VFNMADD231PD Y12, Y3, Y1
	VMOVAPD   Y14, Y4
	VMOVAPD   Y14, Y5
	VFMADD213PD 544(AX), Y0, Y4 // p = p·r + 1/11!
	VFMADD213PD 544(AX), Y1, Y5
	VFMADD213PD 512(AX), Y0, Y4 // p = p·r + 1/10!
	VFMADD213PD 512(AX), Y1, Y5
	VFMADD213PD 480(AX), Y0, Y4 // p = p·r + 1/9!
	VFMADD213PD 480(AX), Y1, Y5
	VFMADD213PD 448(AX), Y0, Y4 // p = p·r + 1/8!
	VFMADD213PD 448(AX), Y1, Y5
	VFMADD213PD 416(AX), Y0, Y4 // p = p·r + 1/7!
	VFMADD213PD 416(AX), Y1, Y5
	VFMADD213PD 384(AX), Y0, Y4 // p = p·r + 1/6!
	VFMADD213PD 384(AX), Y1, Y5
	VFMADD213PD 352(AX), Y0, Y4 // p = p·r + 1/5!
	VFMADD213PD 352(AX), Y1, Y5
	VFMADD213PD 320(AX), Y0, Y4 // p = p·r + 1/4!
	VFMADD213PD 320(AX), Y1, Y5
	VFMADD213PD 288(AX), Y0, Y4 // p = p·r + 1/3!
	VFMADD213PD 288(AX), Y1, Y5
	VFMADD213PD 256(AX), Y0, Y4 // p = p·r + 1/2!
	VFMADD213PD 256(AX), Y1, Y5
	VFMADD213PD 224(AX), Y0, Y4 // p = p·r + 1/1!
	VFMADD213PD 224(AX), Y1, Y5
	VMULPD      Y0, Y4, Y4 // e**r − 1 = p·r
	VMULPD      Y1, Y5, Y5
	VCVTPD2DQY Y2, X2
	VCVTPD2DQY Y3, X3
	VPMOVSXDQ  X2, Y2
	VPMOVSXDQ  X3, Y3
	VPADDQ     Y13, Y2, Y2
	VPADDQ     Y13, Y3, Y3
	VPSLLQ     $52, Y2, Y2 // 2**k
	VPSLLQ     $52, Y3, Y3
	VSUBPD     192(AX), Y2, Y6 // 2**k − 1
	VSUBPD     192(AX), Y3, Y7
	VFMADD213PD Y6, Y2, Y4 // 2**k·(e**r − 1) + (2**k − 1)
	VFMADD213PD Y7, Y3, Y5
	VCVTPD2PSY Y4, X4
	VCVTPD2PSY Y5, X5
	VMOVUPS    (SI), X6
	VMOVUPS    16(SI), X7
	VCMPPS     $0x00, X15, X6, X0 // x == ±0
	VCMPPS     $0x00, X15, X7, X1
	VBLENDVPS  X0, X6, X4, X4 // x there
	VBLENDVPS  X1, X7, X5, X5
	VMOVUPS    X4, (DI)
	VMOVUPS    X5, 16(DI)
	ADDQ       $32, SI
	ADDQ       $32, DI
	SUBQ       $8, CX
	JMP        em1loop

em1done:
	VZEROUPPER
	RET
