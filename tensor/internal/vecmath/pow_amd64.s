//go:build amd64

#include "textflag.h"

// PowFloat32 (pow.go): powF32AVX2 widens four float32 x and y to float64
// lanes (VCVTPS2PD) and does powF32's operations in its order, each
// fused multiply-add one VFMADD instruction, so it gives the generic
// loop's bits. tab (powTab) holds, 32 bytes each: the |x| mask, +Inf,
// 4096, √2, 0.5, 1, the bits 2**52 and 2**52+1023, the mantissa mask,
// log2(e), -Inf, the clamp 200 and -200, ln2, 1023, the midpoint mask,
// its bounds, 2**-151, 2**-126, the sign bit, NaN, 0; from offset 832
// the 9 coefficients 1/(2j+1) of the logarithm and from 1120 the 12
// coefficients 1/j! of the exponential.

// func powF32AVX2(dst, x, y *float32, n, xstep, ystep int, tab *powTab) int
TEXT ·powF32AVX2(SB), NOSPLIT, $0-64
	MOVQ    dst+0(FP), DI
	MOVQ    x+8(FP), SI
	MOVQ    y+16(FP), DX
	MOVQ    n+24(FP), CX
	MOVQ    xstep+32(FP), R8
	MOVQ    ystep+40(FP), R9
	MOVQ    tab+48(FP), AX
	XORQ    BX, BX
	VMOVUPD 352(AX), Y14 // 200
	VMOVUPD 384(AX), Y15 // -200
	VMOVUPD 160(AX), Y13 // 1

powloop:
	MOVQ      CX, R10
	SUBQ      BX, R10
	CMPQ      R10, $4
	JB        powdone
	VCVTPS2PD (SI), Y0 // x
	VCVTPS2PD (DX), Y1 // y
	VANDPD    0(AX), Y0, Y2 // |x|
	VCMPPD    $0x11, 32(AX), Y2, Y3 // |x| < +Inf
	VANDPD    0(AX), Y1, Y4
	VCMPPD    $0x12, 64(AX), Y4, Y4 // |y| <= 4096
	VANDPD    Y4, Y3, Y3 // the lanes the kernel may do

	// log2|x| = e + log2(m)
	VPSRLQ    $52, Y2, Y4
	VPOR      192(AX), Y4, Y4
	VSUBPD    224(AX), Y4, Y4 // e
	VANDPD    256(AX), Y2, Y5
	VORPD     Y13, Y5, Y5 // m in [1, 2)
	VCMPPD    $0x1E, 96(AX), Y5, Y6 // m > √2
	VMULPD    128(AX), Y5, Y7
	VBLENDVPD Y6, Y7, Y5, Y5 // m·0.5 there
	VANDPD    Y13, Y6, Y7
	VADDPD    Y7, Y4, Y4 // e+1 there
	VSUBPD    Y13, Y5, Y6
	VADDPD    Y13, Y5, Y7
	VDIVPD    Y7, Y6, Y6 // s = (m−1)/(m+1)
	VMULPD    Y6, Y6, Y7 // z = s²
	VMOVUPD   1088(AX), Y8 // 1/17
	VFMADD213PD 1056(AX), Y7, Y8 // p = p·z + 1/15
	VFMADD213PD 1024(AX), Y7, Y8 // 1/13
	VFMADD213PD 992(AX), Y7, Y8  // 1/11
	VFMADD213PD 960(AX), Y7, Y8  // 1/9
	VFMADD213PD 928(AX), Y7, Y8  // 1/7
	VFMADD213PD 896(AX), Y7, Y8  // 1/5
	VFMADD213PD 864(AX), Y7, Y8  // 1/3
	VFMADD213PD 832(AX), Y7, Y8  // 1
	VADDPD      Y6, Y6, Y6
	VMULPD      Y8, Y6, Y6 // ln m = 2s·p
	VFMADD231PD 288(AX), Y6, Y4 // l = ln m·log2(e) + e
	VXORPD      Y12, Y12, Y12
	VCMPPD      $0x00, Y12, Y2, Y5 // |x| == 0
	VBLENDVPD   Y5, 320(AX), Y4, Y4 // l = -Inf there

	// r = 2**t, t = y·l clamped
	VMULPD   Y4, Y1, Y4
	VMINPD   Y4, Y14, Y4 // min(200, t), t if NaN
	VMAXPD   Y4, Y15, Y4 // max(-200, t), t if NaN
	VROUNDPD $0, Y4, Y5 // k, rounded to even
	VSUBPD   Y5, Y4, Y4
	VMULPD   416(AX), Y4, Y4 // g = (t−k)·ln2
	VMOVUPD  1472(AX), Y6 // 1/11!
	VFMADD213PD 1440(AX), Y4, Y6 // q = q·g + 1/10!
	VFMADD213PD 1408(AX), Y4, Y6 // 1/9!
	VFMADD213PD 1376(AX), Y4, Y6 // 1/8!
	VFMADD213PD 1344(AX), Y4, Y6 // 1/7!
	VFMADD213PD 1312(AX), Y4, Y6 // 1/6!
	VFMADD213PD 1280(AX), Y4, Y6 // 1/5!
	VFMADD213PD 1248(AX), Y4, Y6 // 1/4!
	VFMADD213PD 1216(AX), Y4, Y6 // 1/3!
	VFMADD213PD 1184(AX), Y4, Y6 // 1/2!
	VFMADD213PD 1152(AX), Y4, Y6 // 1/1!
	VFMADD213PD 1120(AX), Y4, Y6 // 1/0!
	VCVTPD2DQY Y5, X5
	VPMOVSXDQ  X5, Y5
	VPADDQ     448(AX), Y5, Y5
	VPSLLQ     $52, Y5, Y5 // 2**k
	VMULPD     Y5, Y6, Y6 // r

	// the fix-up's lanes: near a float32 midpoint, or subnormal
	VPAND     480(AX), Y6, Y7 // d, the bits below float32's
	VPCMPGTQ  512(AX), Y7, Y8 // d > lo−1
	VMOVDQU   544(AX), Y9
	VPCMPGTQ  Y7, Y9, Y9 // hi > d
	VPAND     Y9, Y8, Y8
	VCMPPD    $0x1D, 576(AX), Y6, Y9 // r >= 2**-151
	VCMPPD    $0x11, 608(AX), Y6, Y10 // r < 2**-126
	VANDPD    Y10, Y9, Y9
	VORPD     Y9, Y8, Y8
	VANDNPD   Y3, Y8, Y8 // the lanes done here
	VMOVMSKPD Y8, R11
	CMPQ      R11, $15
	JNE       powdone

	// signs, NaN, y = 0
	VROUNDPD  $0, Y1, Y7
	VCMPPD    $0x00, Y1, Y7, Y7 // y is an integer
	VMULPD    128(AX), Y1, Y9 // h = y·0.5
	VROUNDPD  $0, Y9, Y10
	VCMPPD    $0x04, Y9, Y10, Y10 // h is not
	VANDPD    Y7, Y10, Y10 // y is odd
	VANDPD    640(AX), Y0, Y9
	VANDPD    Y10, Y9, Y9
	VORPD     Y9, Y6, Y6 // x's sign for an odd y
	VCMPPD    $0x11, Y12, Y0, Y9 // x < 0
	VANDNPD   Y9, Y7, Y9 // and y not an integer
	VBLENDVPD Y9, 672(AX), Y6, Y6 // NaN there
	VCMPPD    $0x00, Y12, Y1, Y9 // y == 0
	VBLENDVPD Y9, Y13, Y6, Y6 // 1 there
	VCVTPD2PSY Y6, X6
	VMOVUPS    X6, (DI)
	ADDQ       $16, DI
	ADDQ       R8, SI
	ADDQ       R9, DX
	ADDQ       $4, BX
	JMP        powloop

powdone:
	MOVQ BX, ret+56(FP)
	VZEROUPPER
	RET
