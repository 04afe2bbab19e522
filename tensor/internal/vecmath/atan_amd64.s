//go:build amd64

#include "textflag.h"

// AtanFloat32 (atan.go). The kernels widen the elements to float64 and do
// atanF32's operations in its order, no fused multiply-adds, so they give
// the generic loop's bits: on a = |x| the three branches' argument w (a,
// 1/a, (a−1)/(a+1)) by one division and blends, xatan(w), and the
// branch's π/2 or π/4 and correction added in Go's order. tab (atanTab)
// holds, 32 bytes each: the |x| mask, 0.66, tan(3π/8), 1, π/2, π/4, the
// corrections, the sign bit, from offset 288 P0..P4 and from 448 Q0..Q4.

// func atanF32AVX2(dst, src []float32, tab *atanTab)
// Four elements a step.
TEXT ·atanF32AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ tab+48(FP), AX

atan2loop:
	CMPQ      CX, $4
	JB        atan2done
	VCVTPS2PD (SI), Y0 // x
	VANDPD    0(AX), Y0, Y1 // a = |x|
	VCMPPD    $0x02, 32(AX), Y1, Y2 // a ≤ 0.66
	VCMPPD    $0x1E, 64(AX), Y1, Y3 // a > tan(3π/8)
	VSUBPD    96(AX), Y1, Y4 // a − 1
	VADDPD    96(AX), Y1, Y5 // a + 1
	VBLENDVPD Y3, 96(AX), Y4, Y4 // 1 above tan(3π/8)
	VBLENDVPD Y3, Y1, Y5, Y5 // a there
	VDIVPD    Y5, Y4, Y4
	VBLENDVPD Y2, Y1, Y4, Y4 // w: a up to 0.66
	VMULPD    Y4, Y4, Y5 // z = w²
	VMULPD    288(AX), Y5, Y6 // P0·z
	VADDPD    320(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    352(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    384(AX), Y6, Y6
	VMULPD    Y5, Y6, Y6
	VADDPD    416(AX), Y6, Y6 // P
	VADDPD    448(AX), Y5, Y7 // z + Q0
	VMULPD    Y5, Y7, Y7
	VADDPD    480(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    512(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    544(AX), Y7, Y7
	VMULPD    Y5, Y7, Y7
	VADDPD    576(AX), Y7, Y7 // Q
	VMULPD    Y6, Y5, Y5 // z·P
	VDIVPD    Y7, Y5, Y5 // z·P/Q
	VMULPD    Y4, Y5, Y5
	VADDPD    Y4, Y5, Y5 // y = xatan(w) = w·(z·P/Q) + w
	VMOVUPD   160(AX), Y6
	VBLENDVPD Y3, 128(AX), Y6, Y6 // π/2 above tan(3π/8), else π/4
	VMOVUPD   224(AX), Y7
	VBLENDVPD Y3, 192(AX), Y7, Y7 // its correction
	VANDPD    256(AX), Y3, Y8
	VXORPD    Y8, Y5, Y8 // −y above tan(3π/8)
	VADDPD    Y8, Y6, Y6
	VADDPD    Y7, Y6, Y6
	VBLENDVPD Y2, Y5, Y6, Y6 // y itself up to 0.66
	VANDPD    256(AX), Y0, Y0
	VXORPD    Y0, Y6, Y6 // x's sign
	VCVTPD2PSY Y6, X6
	VMOVUPS   X6, (DI)
	ADDQ      $16, SI
	ADDQ      $16, DI
	SUBQ      $4, CX
	JMP       atan2loop

atan2done:
	VZEROUPPER
	RET

// func atanF32AVX512(dst, src []float32, tab *atanTab)
// Eight elements a step, the constants but P and Q in Z20-Z28.
TEXT ·atanF32AVX512(SB), NOSPLIT, $0-56
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	MOVQ         tab+48(FP), AX
	VBROADCASTSD 0(AX), Z20   // |x| mask
	VBROADCASTSD 32(AX), Z21  // 0.66
	VBROADCASTSD 64(AX), Z22  // tan(3π/8)
	VBROADCASTSD 96(AX), Z23  // 1
	VBROADCASTSD 128(AX), Z24 // π/2
	VBROADCASTSD 160(AX), Z25 // π/4
	VBROADCASTSD 192(AX), Z26 // atanMorebits
	VBROADCASTSD 224(AX), Z27 // atanMorebits/2
	VBROADCASTSD 256(AX), Z28 // sign bit

atan5loop:
	CMPQ      CX, $8
	JB        atan5done
	VCVTPS2PD (SI), Z0 // x
	VPANDQ    Z20, Z0, Z1 // a = |x|
	VCMPPD    $0x02, Z21, Z1, K1 // a ≤ 0.66
	VCMPPD    $0x1E, Z22, Z1, K2 // a > tan(3π/8)
	VSUBPD    Z23, Z1, Z4 // a − 1
	VADDPD    Z23, Z1, Z5 // a + 1
	VBLENDMPD Z23, Z4, K2, Z4 // 1 above tan(3π/8)
	VBLENDMPD Z1, Z5, K2, Z5 // a there
	VDIVPD    Z5, Z4, Z4
	VBLENDMPD Z1, Z4, K1, Z4 // w: a up to 0.66
	VMULPD    Z4, Z4, Z5 // z = w²
	VMULPD.BCST 288(AX), Z5, Z6 // P0·z
	VADDPD.BCST 320(AX), Z6, Z6
	VMULPD    Z5, Z6, Z6
	VADDPD.BCST 352(AX), Z6, Z6
	VMULPD    Z5, Z6, Z6
	VADDPD.BCST 384(AX), Z6, Z6
	VMULPD    Z5, Z6, Z6
	VADDPD.BCST 416(AX), Z6, Z6 // P
	VADDPD.BCST 448(AX), Z5, Z7 // z + Q0
	VMULPD    Z5, Z7, Z7
	VADDPD.BCST 480(AX), Z7, Z7
	VMULPD    Z5, Z7, Z7
	VADDPD.BCST 512(AX), Z7, Z7
	VMULPD    Z5, Z7, Z7
	VADDPD.BCST 544(AX), Z7, Z7
	VMULPD    Z5, Z7, Z7
	VADDPD.BCST 576(AX), Z7, Z7 // Q
	VMULPD    Z6, Z5, Z5 // z·P
	VDIVPD    Z7, Z5, Z5 // z·P/Q
	VMULPD    Z4, Z5, Z5
	VADDPD    Z4, Z5, Z5 // y = xatan(w)
	VBLENDMPD Z24, Z25, K2, Z6 // π/2 above tan(3π/8), else π/4
	VBLENDMPD Z26, Z27, K2, Z7 // its correction
	VPXORQ    Z28, Z5, Z8
	VBLENDMPD Z8, Z5, K2, Z8 // −y above tan(3π/8)
	VADDPD    Z8, Z6, Z6
	VADDPD    Z7, Z6, Z6
	VBLENDMPD Z5, Z6, K1, Z6 // y itself up to 0.66
	VPANDQ    Z28, Z0, Z0
	VPXORQ    Z0, Z6, Z6 // x's sign
	VCVTPD2PS Z6, Y6
	VMOVUPS   Y6, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	SUBQ      $8, CX
	JMP       atan5loop

atan5done:
	VZEROUPPER
	RET
