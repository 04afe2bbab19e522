//go:build amd64

#include "textflag.h"

DATA fmodconst<>+0(SB)/8, $0x7fffffffffffffff // |v| mask
DATA fmodconst<>+8(SB)/8, $0x47efffffe0000000 // MaxFloat32
DATA fmodconst<>+16(SB)/8, $0x41b0000000000000 // 2^28
DATA fmodconst<>+24(SB)/8, $0x8000000000000000 // sign
GLOBL fmodconst<>(SB), RODATA|NOPTR, $32

// FmodFloat32 and RemainderFloat32 (fmod.go): FmodF32's fast form four
// lanes at a time in float64: the lanes qualify where |y| > 0 (false
// for NaN), |y| <= MaxFloat32 and |x| < |y|·2^28 (false for a NaN or
// infinite x); q = trunc(x/y), r = x − q·y (both exact), x's sign on r,
// rounded (exactly) to float32. For % then r + y in float32 where r is
// non-zero and r's sign bit differs from y's (y is not zero here).

// func fmodF32AVX2(dst, x, y *float32, n, xstep, ystep, rem int) int
TEXT ·fmodF32AVX2(SB), NOSPLIT, $0-64
	MOVQ         dst+0(FP), DI
	MOVQ         x+8(FP), SI
	MOVQ         y+16(FP), DX
	MOVQ         n+24(FP), CX
	MOVQ         xstep+32(FP), R8
	MOVQ         ystep+40(FP), R9
	MOVQ         rem+48(FP), R11
	XORQ         BX, BX
	VBROADCASTSD fmodconst<>+0(SB), Y12
	VBROADCASTSD fmodconst<>+8(SB), Y13
	VBROADCASTSD fmodconst<>+16(SB), Y14
	VBROADCASTSD fmodconst<>+24(SB), Y15
	VXORPD       Y11, Y11, Y11

fmodloop:
	MOVQ      CX, R10
	SUBQ      BX, R10
	CMPQ      R10, $4
	JB        fmoddone
	VMOVUPS   (DX), X7 // y, float32
	VCVTPS2PD (SI), Y0 // x
	VCVTPS2PD X7, Y1 // y
	VANDPD    Y12, Y0, Y2 // |x|
	VANDPD    Y12, Y1, Y3 // |y|
	VCMPPD    $0x1E, Y11, Y3, Y4 // |y| > 0
	VCMPPD    $0x12, Y13, Y3, Y5 // |y| <= MaxFloat32
	VANDPD    Y5, Y4, Y4
	VMULPD    Y14, Y3, Y3
	VCMPPD    $0x11, Y3, Y2, Y5 // |x| < |y|·2^28
	VANDPD    Y5, Y4, Y4
	VMOVMSKPD Y4, R10
	CMPQ      R10, $15
	JNE       fmoddone
	VDIVPD    Y1, Y0, Y2
	VROUNDPD  $3, Y2, Y2 // q = trunc(x/y)
	VMULPD    Y1, Y2, Y2
	VSUBPD    Y2, Y0, Y2 // x − q·y
	VANDPD    Y12, Y2, Y2
	VANDPD    Y15, Y0, Y3
	VORPD     Y3, Y2, Y2 // x's sign
	VCVTPD2PSY Y2, X2
	TESTQ     R11, R11
	JZ        fmodstore
	VXORPS    X8, X8, X8
	VCMPPS    $0x04, X8, X2, X3 // r != 0
	VXORPS    X7, X2, X4 // sign bits differ
	VANDPS    X4, X3, X3
	VADDPS    X7, X2, X4 // r + y
	VBLENDVPS X3, X4, X2, X2

fmodstore:
	VMOVUPS X2, (DI)
	ADDQ    $16, DI
	ADDQ    R8, SI
	ADDQ    R9, DX
	ADDQ    $4, BX
	JMP     fmodloop

fmoddone:
	MOVQ BX, ret+56(FP)
	VZEROUPPER
	RET
