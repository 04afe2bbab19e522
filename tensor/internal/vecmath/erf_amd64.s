//go:build amd64

#include "textflag.h"

// ErfFloat32 and ErfcFloat32 (erf.go): the kernels widen four float32s
// to float64 lanes (VCVTPS2PD) and do erfF32's and erfcF32's operations
// in their order: the pieces below 1.25 with separate multiplies and
// adds (math.Erf's and math.Erfc's bits), erfTail's R/S and exponential
// each math.FMA one VFMADD instruction, the pieces chosen per lane by
// blends; the three pieces' quotients (pp/qq, pa/qa, R/S) are one
// division of the lane's own numerator and denominator. A group with a
// lane for the fix-up ends the call. tab (erfTab) holds, 32 bytes each:
// the |x| mask, the sign bit, 0.84375, 1.25, 6, 2**-28, 1, efx, erx,
// 1/0.35, 0.5625, log2(e), ln2 and its low part, 1023, the midpoint
// mask and its bounds; pp from 608, qq 768, pa 928, qa 1152, ra 1344,
// sa 1600, rb 1856, sb 2112 (each set's coefficients in index order,
// rb and sb padded by a zero), 1/j! from 2368, and from 2816 0.25, 0.5,
// 2, 10.5, 2**-56, 2**-126, 1+erx, 1−erx.

// func erfF32AVX2(dst, src *float32, n int, tab *erfTab) int
TEXT ·erfF32AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ tab+24(FP), AX
	XORQ BX, BX

erfloop:
	MOVQ      CX, R10
	SUBQ      BX, R10
	CMPQ      R10, $4
	JB        erfdone
	VCVTPS2PD (SI), Y0 // x
	VANDPD    0(AX), Y0, Y1 // a = |x|

	// the pieces' numerators and denominators, one division
	VMULPD    Y1, Y1, Y2 // z = a²
	VMULPD    736(AX), Y2, Y3 // z·pp4
	VADDPD    704(AX), Y3, Y3
	VMULPD    Y2, Y3, Y3
	VADDPD    672(AX), Y3, Y3
	VMULPD    Y2, Y3, Y3
	VADDPD    640(AX), Y3, Y3
	VMULPD    Y2, Y3, Y3
	VADDPD    608(AX), Y3, Y3
	VMULPD    896(AX), Y2, Y4 // z·qq5
	VADDPD    864(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    832(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    800(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    768(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    192(AX), Y4, Y4
	VSUBPD    192(AX), Y1, Y5 // s = a − 1
	VMULPD    1120(AX), Y5, Y6 // s·pa6
	VADDPD    1088(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    1056(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    1024(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    992(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    960(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    928(AX), Y6, Y6
	VMULPD    1312(AX), Y5, Y7 // s·qa6
	VADDPD    1280(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1248(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1216(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1184(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1152(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    192(AX), Y7, Y7
	VCMPPD    $0x11, 64(AX), Y1, Y8 // a < 0.84375
	VBLENDVPD Y8, Y3, Y6, Y3
	VBLENDVPD Y8, Y4, Y7, Y4
	VMOVUPD   192(AX), Y5
	VDIVPD    Y1, Y5, Y5 // inv = 1/a
	VMULPD    Y5, Y5, Y2 // s = inv²
	VCMPPD    $0x1D, 288(AX), Y1, Y6 // a ≥ 1/0.35: rb, sb
	VMOVUPD   1568(AX), Y7 // ra7
	VBLENDVPD Y6, 2080(AX), Y7, Y7 // rb7
	VMOVUPD   1536(AX), Y8
	VBLENDVPD Y6, 2048(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1504(AX), Y8
	VBLENDVPD Y6, 2016(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1472(AX), Y8
	VBLENDVPD Y6, 1984(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1440(AX), Y8
	VBLENDVPD Y6, 1952(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1408(AX), Y8
	VBLENDVPD Y6, 1920(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1376(AX), Y8
	VBLENDVPD Y6, 1888(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1344(AX), Y8
	VBLENDVPD Y6, 1856(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1824(AX), Y9 // sa8
	VBLENDVPD Y6, 2336(AX), Y9, Y9 // sb8
	VMOVUPD   1792(AX), Y8
	VBLENDVPD Y6, 2304(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1760(AX), Y8
	VBLENDVPD Y6, 2272(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1728(AX), Y8
	VBLENDVPD Y6, 2240(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1696(AX), Y8
	VBLENDVPD Y6, 2208(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1664(AX), Y8
	VBLENDVPD Y6, 2176(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1632(AX), Y8
	VBLENDVPD Y6, 2144(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1600(AX), Y8
	VBLENDVPD Y6, 2112(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VFMADD213PD 192(AX), Y2, Y9 // S·s + 1
	VCMPPD    $0x1D, 96(AX), Y1, Y10 // a ≥ 1.25
	VBLENDVPD Y10, Y7, Y3, Y3
	VBLENDVPD Y10, Y9, Y4, Y4
	VDIVPD    Y4, Y3, Y3 // q: pp/qq, pa/qa or R/S

	// erfTail: e = exp(h + R/S)·inv
	VMULPD    Y1, Y1, Y4 // a², exact
	VADDPD    320(AX), Y4, Y4
	VXORPD    32(AX), Y4, Y4 // h = −a²−0.5625
	VADDPD    Y3, Y4, Y8
	VMULPD    352(AX), Y8, Y8
	VROUNDPD  $0, Y8, Y8 // k
	VFNMADD231PD 384(AX), Y8, Y4 // h − k·ln2
	VADDPD    Y3, Y4, Y4 // + R/S
	VFNMADD231PD 416(AX), Y8, Y4 // g, − k·ln2lo
	VMOVUPD   2784(AX), Y9 // 1/13!
	VFMADD213PD 2752(AX), Y4, Y9
	VFMADD213PD 2720(AX), Y4, Y9
	VFMADD213PD 2688(AX), Y4, Y9
	VFMADD213PD 2656(AX), Y4, Y9
	VFMADD213PD 2624(AX), Y4, Y9
	VFMADD213PD 2592(AX), Y4, Y9
	VFMADD213PD 2560(AX), Y4, Y9
	VFMADD213PD 2528(AX), Y4, Y9
	VFMADD213PD 2496(AX), Y4, Y9
	VFMADD213PD 2464(AX), Y4, Y9
	VFMADD213PD 2432(AX), Y4, Y9
	VFMADD213PD 2400(AX), Y4, Y9
	VFMADD213PD 2368(AX), Y4, Y9
	VCVTPD2DQY Y8, X8
	VPMOVSXDQ  X8, Y8
	VPADDQ     448(AX), Y8, Y8
	VPSLLQ     $52, Y8, Y8 // 2**k
	VMULPD     Y8, Y9, Y9 // exp(t)
	VMULPD     Y5, Y9, Y9 // e = exp(t)·inv

	// below 1.25: a + a·y (a + efx·a under 2**-28), erx + pa/qa
	VMULPD    Y1, Y3, Y6
	VADDPD    Y1, Y6, Y6 // a + a·y
	VMULPD    224(AX), Y1, Y7
	VADDPD    Y1, Y7, Y7 // a + efx·a
	VCMPPD    $0x11, 160(AX), Y1, Y8 // a < 2**-28
	VBLENDVPD Y8, Y7, Y6, Y6
	VADDPD    256(AX), Y3, Y7 // erx + pa/qa
	VCMPPD    $0x11, 64(AX), Y1, Y8 // a < 0.84375
	VBLENDVPD Y8, Y6, Y7, Y3

	// 1.25 ≤ a < 6: 1 − e
	VMOVUPD    192(AX), Y10
	VSUBPD     Y9, Y10, Y10 // 1 − e

	// the fix-up's lanes: the tail's results near a float32 midpoint
	VPAND     480(AX), Y10, Y11 // d, the bits below float32's
	VPCMPGTQ  512(AX), Y11, Y12 // d > lo−1
	VMOVDQU   544(AX), Y13
	VPCMPGTQ  Y11, Y13, Y13 // hi > d
	VPAND     Y13, Y12, Y12
	VCMPPD    $0x1D, 96(AX), Y1, Y13 // a ≥ 1.25
	VCMPPD    $0x11, 128(AX), Y1, Y14 // a < 6
	VANDPD    Y14, Y13, Y13 // the tail's lanes
	VANDPD    Y13, Y12, Y12
	VMOVMSKPD Y12, R11
	TESTQ     R11, R11
	JNZ       erfdone

	VBLENDVPD Y13, Y10, Y3, Y3
	VCMPPD    $0x1D, 128(AX), Y1, Y14 // a ≥ 6
	VBLENDVPD Y14, 192(AX), Y3, Y3 // 1 there
	VANDPD    32(AX), Y0, Y14
	VORPD     Y14, Y3, Y3 // x's sign
	VCMPPD    $0x03, Y0, Y0, Y14 // x is NaN
	VBLENDVPD Y14, Y0, Y3, Y3
	VCVTPD2PSY Y3, X3
	VMOVUPS    X3, (DI)
	ADDQ       $16, DI
	ADDQ       $16, SI
	ADDQ       $4, BX
	JMP        erfloop

erfdone:
	MOVQ BX, ret+32(FP)
	VZEROUPPER
	RET

// func erfcF32AVX2(dst, src *float32, n int, tab *erfTab) int
TEXT ·erfcF32AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ tab+24(FP), AX
	XORQ BX, BX

erfcloop:
	MOVQ      CX, R10
	SUBQ      BX, R10
	CMPQ      R10, $4
	JB        erfcdone
	VCVTPS2PD (SI), Y0 // x
	VANDPD    0(AX), Y0, Y1 // a = |x|

	// the pieces' numerators and denominators, one division
	VMULPD    Y1, Y1, Y2 // z = a²
	VMULPD    736(AX), Y2, Y3 // z·pp4
	VADDPD    704(AX), Y3, Y3
	VMULPD    Y2, Y3, Y3
	VADDPD    672(AX), Y3, Y3
	VMULPD    Y2, Y3, Y3
	VADDPD    640(AX), Y3, Y3
	VMULPD    Y2, Y3, Y3
	VADDPD    608(AX), Y3, Y3
	VMULPD    896(AX), Y2, Y4 // z·qq5
	VADDPD    864(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    832(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    800(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    768(AX), Y4, Y4
	VMULPD    Y2, Y4, Y4
	VADDPD    192(AX), Y4, Y4
	VSUBPD    192(AX), Y1, Y5 // s = a − 1
	VMULPD    1120(AX), Y5, Y6 // s·pa6
	VADDPD    1088(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    1056(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    1024(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    992(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    960(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    928(AX), Y6, Y6
	VMULPD    1312(AX), Y5, Y7 // s·qa6
	VADDPD    1280(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1248(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1216(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1184(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    1152(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    192(AX), Y7, Y7
	VCMPPD    $0x11, 64(AX), Y1, Y8 // a < 0.84375
	VBLENDVPD Y8, Y3, Y6, Y3
	VBLENDVPD Y8, Y4, Y7, Y4
	VMOVUPD   192(AX), Y5
	VDIVPD    Y1, Y5, Y5 // inv = 1/a
	VMULPD    Y5, Y5, Y2 // s = inv²
	VCMPPD    $0x1D, 288(AX), Y1, Y6 // a ≥ 1/0.35: rb, sb
	VMOVUPD   1568(AX), Y7 // ra7
	VBLENDVPD Y6, 2080(AX), Y7, Y7 // rb7
	VMOVUPD   1536(AX), Y8
	VBLENDVPD Y6, 2048(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1504(AX), Y8
	VBLENDVPD Y6, 2016(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1472(AX), Y8
	VBLENDVPD Y6, 1984(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1440(AX), Y8
	VBLENDVPD Y6, 1952(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1408(AX), Y8
	VBLENDVPD Y6, 1920(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1376(AX), Y8
	VBLENDVPD Y6, 1888(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1344(AX), Y8
	VBLENDVPD Y6, 1856(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y7 // R = R·s + c
	VMOVUPD   1824(AX), Y9 // sa8
	VBLENDVPD Y6, 2336(AX), Y9, Y9 // sb8
	VMOVUPD   1792(AX), Y8
	VBLENDVPD Y6, 2304(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1760(AX), Y8
	VBLENDVPD Y6, 2272(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1728(AX), Y8
	VBLENDVPD Y6, 2240(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1696(AX), Y8
	VBLENDVPD Y6, 2208(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1664(AX), Y8
	VBLENDVPD Y6, 2176(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1632(AX), Y8
	VBLENDVPD Y6, 2144(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VMOVUPD   1600(AX), Y8
	VBLENDVPD Y6, 2112(AX), Y8, Y8
	VFMADD213PD Y8, Y2, Y9 // S = S·s + c
	VFMADD213PD 192(AX), Y2, Y9 // S·s + 1
	VCMPPD    $0x1D, 96(AX), Y1, Y10 // a ≥ 1.25
	VBLENDVPD Y10, Y7, Y3, Y3
	VBLENDVPD Y10, Y9, Y4, Y4
	VDIVPD    Y4, Y3, Y3 // q: pp/qq, pa/qa or R/S

	// erfTail: e = exp(h + R/S)·inv
	VMULPD    Y1, Y1, Y4 // a², exact
	VADDPD    320(AX), Y4, Y4
	VXORPD    32(AX), Y4, Y4 // h = −a²−0.5625
	VADDPD    Y3, Y4, Y8
	VMULPD    352(AX), Y8, Y8
	VROUNDPD  $0, Y8, Y8 // k
	VFNMADD231PD 384(AX), Y8, Y4 // h − k·ln2
	VADDPD    Y3, Y4, Y4 // + R/S
	VFNMADD231PD 416(AX), Y8, Y4 // g, − k·ln2lo
	VMOVUPD   2784(AX), Y9 // 1/13!
	VFMADD213PD 2752(AX), Y4, Y9
	VFMADD213PD 2720(AX), Y4, Y9
	VFMADD213PD 2688(AX), Y4, Y9
	VFMADD213PD 2656(AX), Y4, Y9
	VFMADD213PD 2624(AX), Y4, Y9
	VFMADD213PD 2592(AX), Y4, Y9
	VFMADD213PD 2560(AX), Y4, Y9
	VFMADD213PD 2528(AX), Y4, Y9
	VFMADD213PD 2496(AX), Y4, Y9
	VFMADD213PD 2464(AX), Y4, Y9
	VFMADD213PD 2432(AX), Y4, Y9
	VFMADD213PD 2400(AX), Y4, Y9
	VFMADD213PD 2368(AX), Y4, Y9
	VCVTPD2DQY Y8, X8
	VPMOVSXDQ  X8, Y8
	VPADDQ     448(AX), Y8, Y8
	VPSLLQ     $52, Y8, Y8 // 2**k
	VMULPD     Y8, Y9, Y9 // exp(t)
	VMULPD     Y5, Y9, Y9 // e = exp(t)·inv

	// below 1.25: 1 ∓ temp, (1 ± erx) ± pa/qa
	VXORPD    Y14, Y14, Y14
	VCMPPD    $0x11, Y14, Y0, Y15 // n = x < 0
	VMULPD    Y1, Y3, Y6 // a·y
	VADDPD    Y1, Y6, Y7 // a + a·y
	VSUBPD    2848(AX), Y1, Y11 // a − 0.5
	VADDPD    Y11, Y6, Y11
	VADDPD    2848(AX), Y11, Y11 // 0.5 + (a·y + (a−0.5))
	VCMPPD    $0x11, 2816(AX), Y1, Y12 // a < 0.25
	VBLENDVPD Y12, Y7, Y11, Y7
	VCMPPD    $0x11, 2944(AX), Y1, Y12 // a < 2**-56
	VBLENDVPD Y12, Y1, Y7, Y7 // temp
	VADDPD    192(AX), Y7, Y6 // 1 + temp
	VMOVUPD   192(AX), Y11
	VSUBPD    Y7, Y11, Y11 // 1 − temp
	VBLENDVPD Y15, Y6, Y11, Y6
	VADDPD    3008(AX), Y3, Y7 // (1+erx) + pa/qa
	VMOVUPD   3040(AX), Y11
	VSUBPD    Y3, Y11, Y11 // (1−erx) − pa/qa
	VBLENDVPD Y15, Y7, Y11, Y7
	VCMPPD    $0x11, 64(AX), Y1, Y12 // a < 0.84375
	VBLENDVPD Y12, Y6, Y7, Y3

	// 1.25 ≤ a < 6 (n) or 10.5: 2 − e (n) or e
	VMOVUPD    2880(AX), Y10
	VSUBPD     Y9, Y10, Y10 // 2 − e
	VBLENDVPD  Y15, Y10, Y9, Y10

	// the fix-up's lanes: near a float32 midpoint, or under 2**-126
	VPAND     480(AX), Y10, Y11 // d, the bits below float32's
	VPCMPGTQ  512(AX), Y11, Y12 // d > lo−1
	VMOVDQU   544(AX), Y13
	VPCMPGTQ  Y11, Y13, Y13 // hi > d
	VPAND     Y13, Y12, Y12
	VCMPPD    $0x11, 2976(AX), Y10, Y11 // r < 2**-126
	VORPD     Y11, Y12, Y12
	VMOVUPD   2912(AX), Y14 // 10.5
	VBLENDVPD Y15, 128(AX), Y14, Y14 // 6 for n
	VCMPPD    $0x1D, 96(AX), Y1, Y13 // a ≥ 1.25
	VCMPPD    $0x11, Y14, Y1, Y11 // a < the bound
	VANDPD    Y11, Y13, Y13 // the tail's lanes
	VANDPD    Y13, Y12, Y12
	VMOVMSKPD Y12, R11
	TESTQ     R11, R11
	JNZ       erfcdone

	VBLENDVPD Y13, Y10, Y3, Y3
	VCMPPD    $0x1D, Y14, Y1, Y11 // a ≥ the bound
	VANDPD    2880(AX), Y15, Y12 // 2 for n, else 0
	VBLENDVPD Y11, Y12, Y3, Y3
	VCMPPD    $0x03, Y0, Y0, Y14 // x is NaN
	VBLENDVPD Y14, Y0, Y3, Y3
	VCVTPD2PSY Y3, X3
	VMOVUPS    X3, (DI)
	ADDQ       $16, DI
	ADDQ       $16, SI
	ADDQ       $4, BX
	JMP        erfcloop

erfcdone:
	MOVQ BX, ret+32(FP)
	VZEROUPPER
	RET
