//go:build amd64

#include "textflag.h"

// ErfFloat32 (erf.go): erfF32AVX2 widens four float32s to float64 lanes
// (VCVTPS2PD) and does erfF32's operations in its order: the pieces
// below 1.25 with separate multiplies and adds (math.Erf's bits), the
// tail's R/S and exponential each math.FMA one VFMADD instruction, the
// pieces chosen per lane by blends. tab (erfTab) holds, 32 bytes each:
// the |x| mask, the sign bit, 0.84375, 1.25, 6, 2**-28, 1, efx, erx,
// 1/0.35, 0.5625, log2(e), ln2 and its low part, 1023, the midpoint
// mask and its bounds; pp from 608, qq 768, pa 928, qa 1152, ra 1344,
// sa 1600, rb 1856, sb 2112 (each set's coefficients in index order,
// rb and sb padded by a zero) and 1/j! from 2368.

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

	// a < 0.84375: a + a·(pp/qq), a + efx·a under 2**-28
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
	VDIVPD    Y4, Y3, Y3 // y
	VMULPD    Y1, Y3, Y3
	VADDPD    Y1, Y3, Y3 // a + a·y
	VMULPD    224(AX), Y1, Y4
	VADDPD    Y1, Y4, Y4 // a + efx·a
	VCMPPD    $0x11, 160(AX), Y1, Y5 // a < 2**-28
	VBLENDVPD Y5, Y4, Y3, Y3

	// 0.84375 ≤ a < 1.25: erx + pa(s)/qa(s), s = a − 1
	VSUBPD    192(AX), Y1, Y4 // s
	VMULPD    1120(AX), Y4, Y5 // s·pa6
	VADDPD    1088(AX), Y5, Y5
	VMULPD    Y4, Y5, Y5
	VADDPD    1056(AX), Y5, Y5
	VMULPD    Y4, Y5, Y5
	VADDPD    1024(AX), Y5, Y5
	VMULPD    Y4, Y5, Y5
	VADDPD    992(AX), Y5, Y5
	VMULPD    Y4, Y5, Y5
	VADDPD    960(AX), Y5, Y5
	VMULPD    Y4, Y5, Y5
	VADDPD    928(AX), Y5, Y5
	VMULPD    1312(AX), Y4, Y6 // s·qa6
	VADDPD    1280(AX), Y6, Y6
	VMULPD    Y4, Y6, Y6
	VADDPD    1248(AX), Y6, Y6
	VMULPD    Y4, Y6, Y6
	VADDPD    1216(AX), Y6, Y6
	VMULPD    Y4, Y6, Y6
	VADDPD    1184(AX), Y6, Y6
	VMULPD    Y4, Y6, Y6
	VADDPD    1152(AX), Y6, Y6
	VMULPD    Y4, Y6, Y6
	VADDPD    192(AX), Y6, Y6
	VDIVPD    Y6, Y5, Y5
	VADDPD    256(AX), Y5, Y5 // erx + P/Q
	VCMPPD    $0x11, 64(AX), Y1, Y6 // a < 0.84375
	VBLENDVPD Y6, Y3, Y5, Y3

	// 1.25 ≤ a < 6: 1 − exp(−a²−0.5625+R/S)/a
	VMULPD    Y1, Y1, Y4 // a², exact
	VMOVUPD   192(AX), Y5
	VDIVPD    Y4, Y5, Y5 // s = 1/a²
	VCMPPD    $0x1D, 288(AX), Y1, Y6 // a ≥ 1/0.35: rb, sb
	VMOVUPD   1568(AX), Y7 // ra7
	VBLENDVPD Y6, 2080(AX), Y7, Y7 // rb7
	VMOVUPD   1536(AX), Y8
	VBLENDVPD Y6, 2048(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y7 // R = R·s + c
	VMOVUPD   1504(AX), Y8
	VBLENDVPD Y6, 2016(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y7 // R = R·s + c
	VMOVUPD   1472(AX), Y8
	VBLENDVPD Y6, 1984(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y7 // R = R·s + c
	VMOVUPD   1440(AX), Y8
	VBLENDVPD Y6, 1952(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y7 // R = R·s + c
	VMOVUPD   1408(AX), Y8
	VBLENDVPD Y6, 1920(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y7 // R = R·s + c
	VMOVUPD   1376(AX), Y8
	VBLENDVPD Y6, 1888(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y7 // R = R·s + c
	VMOVUPD   1344(AX), Y8
	VBLENDVPD Y6, 1856(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y7 // R = R·s + c
	VMOVUPD   1824(AX), Y9 // sa8
	VBLENDVPD Y6, 2336(AX), Y9, Y9 // sb8
	VMOVUPD   1792(AX), Y8
	VBLENDVPD Y6, 2304(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y9 // S = S·s + c
	VMOVUPD   1760(AX), Y8
	VBLENDVPD Y6, 2272(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y9 // S = S·s + c
	VMOVUPD   1728(AX), Y8
	VBLENDVPD Y6, 2240(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y9 // S = S·s + c
	VMOVUPD   1696(AX), Y8
	VBLENDVPD Y6, 2208(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y9 // S = S·s + c
	VMOVUPD   1664(AX), Y8
	VBLENDVPD Y6, 2176(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y9 // S = S·s + c
	VMOVUPD   1632(AX), Y8
	VBLENDVPD Y6, 2144(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y9 // S = S·s + c
	VMOVUPD   1600(AX), Y8
	VBLENDVPD Y6, 2112(AX), Y8, Y8
	VFMADD213PD Y8, Y5, Y9 // S = S·s + c
	VFMADD213PD 192(AX), Y5, Y9 // S·s + 1
	VDIVPD    Y9, Y7, Y7 // R/S
	VADDPD    320(AX), Y4, Y4
	VSUBPD    Y4, Y7, Y7 // t = (−a²−0.5625) + R/S
	VMULPD    352(AX), Y7, Y8
	VROUNDPD  $0, Y8, Y8 // k
	VFNMADD231PD 384(AX), Y8, Y7 // g = t − k·ln2
	VFNMADD231PD 416(AX), Y8, Y7 // − k·ln2lo
	VMOVUPD   2784(AX), Y9 // 1/13!
	VFMADD213PD 2752(AX), Y7, Y9
	VFMADD213PD 2720(AX), Y7, Y9
	VFMADD213PD 2688(AX), Y7, Y9
	VFMADD213PD 2656(AX), Y7, Y9
	VFMADD213PD 2624(AX), Y7, Y9
	VFMADD213PD 2592(AX), Y7, Y9
	VFMADD213PD 2560(AX), Y7, Y9
	VFMADD213PD 2528(AX), Y7, Y9
	VFMADD213PD 2496(AX), Y7, Y9
	VFMADD213PD 2464(AX), Y7, Y9
	VFMADD213PD 2432(AX), Y7, Y9
	VFMADD213PD 2400(AX), Y7, Y9
	VFMADD213PD 2368(AX), Y7, Y9
	VCVTPD2DQY Y8, X8
	VPMOVSXDQ  X8, Y8
	VPADDQ     448(AX), Y8, Y8
	VPSLLQ     $52, Y8, Y8 // 2**k
	VMULPD     Y8, Y9, Y9 // exp(t)
	VDIVPD     Y1, Y9, Y9
	VMOVUPD    192(AX), Y10
	VSUBPD     Y9, Y10, Y10 // 1 − exp(t)/a

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
