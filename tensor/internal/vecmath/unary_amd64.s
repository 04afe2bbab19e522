//go:build amd64

#include "textflag.h"

// ExpFloat32 and SqrtFloat32 (unary.go). expF32AVX2 widens eight float32
// elements to float64, four to a register (VCVTPS2PD), and does the
// operations of expF32 in its order, each fused multiply-add one
// VFMADD/VFNMADD instruction, so it gives the generic loop's bits. tab
// (expTab) holds, 32 bytes each: the clamp 200 and -200, log2(e), ln2
// in two parts, the exponent bias 1023, and the coefficients 1/j!,
// j = 0..12, from offset 192.

// func expF32AVX2(dst, src []float32, tab *expTab)
TEXT ·expF32AVX2(SB), NOSPLIT, $0-56
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

exploop:
	CMPQ      CX, $8
	JB        expdone
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
	JMP        exploop

expdone:
	VZEROUPPER
	RET

// func sqrtF32AVX(dst, src []float32)
TEXT ·sqrtF32AVX(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX

sqrtloop:
	CMPQ    CX, $8
	JB      sqrtdone
	VSQRTPS (SI), Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     sqrtloop

sqrtdone:
	VZEROUPPER
	RET

// func rsqrtF32AVX(dst, src []float32, one float32)
TEXT ·rsqrtF32AVX(SB), NOSPLIT, $0-52
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	VBROADCASTSS one+48(FP), Y1

rsqrtloop:
	CMPQ    CX, $8
	JB      rsqrtdone
	VSQRTPS (SI), Y0
	VDIVPS  Y0, Y1, Y0 // 1 / sqrt(x)
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     rsqrtloop

rsqrtdone:
	VZEROUPPER
	RET

// func logF32AVX2(dst, src []float32, tab *logTab)
// logF32 four elements at a time; tab (logTab) holds, 32 bytes each: √2,
// 0.5, 1, the bits 2**52, 2**52+1023, the mantissa mask, ln2 in two
// parts, +Inf, -Inf, 0, and from offset 352 the coefficients 1/(2j+1).
TEXT ·logF32AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ tab+48(FP), AX
	VMOVUPD 64(AX), Y13  // 1
	VMOVUPD 672(AX), Y14 // 1/21
	VXORPD  Y15, Y15, Y15

logloop:
	CMPQ      CX, $4
	JB        logdone
	VCVTPS2PD (SI), Y0 // x
	VPSRLQ    $52, Y0, Y1
	VPOR      96(AX), Y1, Y1
	VSUBPD    128(AX), Y1, Y1 // e
	VANDPD    160(AX), Y0, Y2
	VORPD     Y13, Y2, Y2 // m in [1, 2)
	VCMPPD    $0x1E, (AX), Y2, Y3 // m > √2
	VMULPD    32(AX), Y2, Y4
	VBLENDVPD Y3, Y4, Y2, Y2 // m·0.5 there
	VANDPD    Y13, Y3, Y4
	VADDPD    Y4, Y1, Y1 // e+1 there
	VSUBPD    Y13, Y2, Y4
	VADDPD    Y13, Y2, Y5
	VDIVPD    Y5, Y4, Y4 // s = (m−1)/(m+1)
	VMULPD    Y4, Y4, Y5 // z = s²
	VMOVAPD   Y14, Y6
	VFMADD213PD 640(AX), Y5, Y6 // p = p·z + 1/19
	VFMADD213PD 608(AX), Y5, Y6 // p = p·z + 1/17
	VFMADD213PD 576(AX), Y5, Y6 // p = p·z + 1/15
	VFMADD213PD 544(AX), Y5, Y6 // p = p·z + 1/13
	VFMADD213PD 512(AX), Y5, Y6 // p = p·z + 1/11
	VFMADD213PD 480(AX), Y5, Y6 // p = p·z + 1/9
	VFMADD213PD 448(AX), Y5, Y6 // p = p·z + 1/7
	VFMADD213PD 416(AX), Y5, Y6 // p = p·z + 1/5
	VFMADD213PD 384(AX), Y5, Y6 // p = p·z + 1/3
	VFMADD213PD 352(AX), Y5, Y6 // p = p·z + 1/1
	VADDPD      Y4, Y4, Y4
	VMULPD      Y6, Y4, Y4 // 2s·p
	VFMADD231PD 224(AX), Y1, Y4 // + e·ln2lo
	VFMADD231PD 192(AX), Y1, Y4 // + e·ln2hi
	VSQRTPD     Y0, Y6 // +Inf, NaN for the other special inputs
	VCMPPD      $0x00, Y15, Y0, Y7 // x == 0
	VBLENDVPD   Y7, 288(AX), Y6, Y6 // -Inf there
	VCMPPD      $0x1E, Y15, Y0, Y8 // x > 0
	VCMPPD      $0x11, 256(AX), Y0, Y9 // x < +Inf
	VANDPD      Y9, Y8, Y8
	VBLENDVPD   Y8, Y4, Y6, Y4
	VCVTPD2PSY  Y4, X4
	VMOVUPS     X4, (DI)
	ADDQ        $16, SI
	ADDQ        $16, DI
	SUBQ        $4, CX
	JMP         logloop

logdone:
	VZEROUPPER
	RET
