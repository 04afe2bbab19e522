#include "textflag.h"

// tanh of float32 (AVX2 with FMA), the kernel of TanhFloat32. Each lane is
// computed in float64 and rounded once to float32, which gives the
// correctly rounded tanh but for ties too close to call (the float64
// result is within a few float64 ulps), as SLEEF's Sleef_tanhf8_u10,
// PyTorch's Vectorized<float>::tanh, gives it (its error bound is 1 ulp;
// it is correctly rounded almost everywhere). Like SLEEF's, |x| above
// 8.664339742 gives ±1.
//
// For a = |x| (at most 9): e = exp(-2a) - 1 by Cody and Waite's
// reduction, -2a = n·ln2 + r with |r| ≤ ln2/2, e = 2^n·(exp(r) - 1) +
// (2^n - 1), exp(r) - 1 by its Taylor polynomial to r^11 (relative error
// below 1e-14), then tanh a = -e/(e + 2), without cancellation at small a.

// |x| as a float32 bit mask, the threshold above which PyTorch's
// (SLEEF's) tanhf gives ±1, and 1

DATA tanhAbs<>+0(SB)/4, $0x7fffffff
GLOBL tanhAbs<>(SB), RODATA|NOPTR, $4

DATA tanhThresh<>+0(SB)/4, $0x410aa123
GLOBL tanhThresh<>(SB), RODATA|NOPTR, $4

DATA tanhOne32<>+0(SB)/4, $0x3f800000
GLOBL tanhOne32<>(SB), RODATA|NOPTR, $4

// float64 constants, four lanes each

DATA tanhClamp<>+0(SB)/8, $0x4022000000000000
DATA tanhClamp<>+8(SB)/8, $0x4022000000000000
DATA tanhClamp<>+16(SB)/8, $0x4022000000000000
DATA tanhClamp<>+24(SB)/8, $0x4022000000000000
GLOBL tanhClamp<>(SB), RODATA|NOPTR, $32

DATA tanhMinusTwo<>+0(SB)/8, $0xc000000000000000
DATA tanhMinusTwo<>+8(SB)/8, $0xc000000000000000
DATA tanhMinusTwo<>+16(SB)/8, $0xc000000000000000
DATA tanhMinusTwo<>+24(SB)/8, $0xc000000000000000
GLOBL tanhMinusTwo<>(SB), RODATA|NOPTR, $32

DATA tanhLog2e<>+0(SB)/8, $0x3ff71547652b82fe
DATA tanhLog2e<>+8(SB)/8, $0x3ff71547652b82fe
DATA tanhLog2e<>+16(SB)/8, $0x3ff71547652b82fe
DATA tanhLog2e<>+24(SB)/8, $0x3ff71547652b82fe
GLOBL tanhLog2e<>(SB), RODATA|NOPTR, $32

DATA tanhMagic<>+0(SB)/8, $0x43380000000003ff
DATA tanhMagic<>+8(SB)/8, $0x43380000000003ff
DATA tanhMagic<>+16(SB)/8, $0x43380000000003ff
DATA tanhMagic<>+24(SB)/8, $0x43380000000003ff
GLOBL tanhMagic<>(SB), RODATA|NOPTR, $32

DATA tanhLn2Hi<>+0(SB)/8, $0x3fe62e42fefa39ef
DATA tanhLn2Hi<>+8(SB)/8, $0x3fe62e42fefa39ef
DATA tanhLn2Hi<>+16(SB)/8, $0x3fe62e42fefa39ef
DATA tanhLn2Hi<>+24(SB)/8, $0x3fe62e42fefa39ef
GLOBL tanhLn2Hi<>(SB), RODATA|NOPTR, $32

DATA tanhLn2Lo<>+0(SB)/8, $0x3c7abc9e3b39803f
DATA tanhLn2Lo<>+8(SB)/8, $0x3c7abc9e3b39803f
DATA tanhLn2Lo<>+16(SB)/8, $0x3c7abc9e3b39803f
DATA tanhLn2Lo<>+24(SB)/8, $0x3c7abc9e3b39803f
GLOBL tanhLn2Lo<>(SB), RODATA|NOPTR, $32

DATA tanhOne<>+0(SB)/8, $0x3ff0000000000000
DATA tanhOne<>+8(SB)/8, $0x3ff0000000000000
DATA tanhOne<>+16(SB)/8, $0x3ff0000000000000
DATA tanhOne<>+24(SB)/8, $0x3ff0000000000000
GLOBL tanhOne<>(SB), RODATA|NOPTR, $32

DATA tanhTwo<>+0(SB)/8, $0x4000000000000000
DATA tanhTwo<>+8(SB)/8, $0x4000000000000000
DATA tanhTwo<>+16(SB)/8, $0x4000000000000000
DATA tanhTwo<>+24(SB)/8, $0x4000000000000000
GLOBL tanhTwo<>(SB), RODATA|NOPTR, $32

// 1/k!, the Taylor coefficients of exp(r) - 1 = r·(c1 + c2·r + ... + c11·r^10)

DATA tanhC1<>+0(SB)/8, $0x3ff0000000000000
DATA tanhC1<>+8(SB)/8, $0x3ff0000000000000
DATA tanhC1<>+16(SB)/8, $0x3ff0000000000000
DATA tanhC1<>+24(SB)/8, $0x3ff0000000000000
GLOBL tanhC1<>(SB), RODATA|NOPTR, $32

DATA tanhC2<>+0(SB)/8, $0x3fe0000000000000
DATA tanhC2<>+8(SB)/8, $0x3fe0000000000000
DATA tanhC2<>+16(SB)/8, $0x3fe0000000000000
DATA tanhC2<>+24(SB)/8, $0x3fe0000000000000
GLOBL tanhC2<>(SB), RODATA|NOPTR, $32

DATA tanhC3<>+0(SB)/8, $0x3fc5555555555555
DATA tanhC3<>+8(SB)/8, $0x3fc5555555555555
DATA tanhC3<>+16(SB)/8, $0x3fc5555555555555
DATA tanhC3<>+24(SB)/8, $0x3fc5555555555555
GLOBL tanhC3<>(SB), RODATA|NOPTR, $32

DATA tanhC4<>+0(SB)/8, $0x3fa5555555555555
DATA tanhC4<>+8(SB)/8, $0x3fa5555555555555
DATA tanhC4<>+16(SB)/8, $0x3fa5555555555555
DATA tanhC4<>+24(SB)/8, $0x3fa5555555555555
GLOBL tanhC4<>(SB), RODATA|NOPTR, $32

DATA tanhC5<>+0(SB)/8, $0x3f81111111111111
DATA tanhC5<>+8(SB)/8, $0x3f81111111111111
DATA tanhC5<>+16(SB)/8, $0x3f81111111111111
DATA tanhC5<>+24(SB)/8, $0x3f81111111111111
GLOBL tanhC5<>(SB), RODATA|NOPTR, $32

DATA tanhC6<>+0(SB)/8, $0x3f56c16c16c16c17
DATA tanhC6<>+8(SB)/8, $0x3f56c16c16c16c17
DATA tanhC6<>+16(SB)/8, $0x3f56c16c16c16c17
DATA tanhC6<>+24(SB)/8, $0x3f56c16c16c16c17
GLOBL tanhC6<>(SB), RODATA|NOPTR, $32

DATA tanhC7<>+0(SB)/8, $0x3f2a01a01a01a01a
DATA tanhC7<>+8(SB)/8, $0x3f2a01a01a01a01a
DATA tanhC7<>+16(SB)/8, $0x3f2a01a01a01a01a
DATA tanhC7<>+24(SB)/8, $0x3f2a01a01a01a01a
GLOBL tanhC7<>(SB), RODATA|NOPTR, $32

DATA tanhC8<>+0(SB)/8, $0x3efa01a01a01a01a
DATA tanhC8<>+8(SB)/8, $0x3efa01a01a01a01a
DATA tanhC8<>+16(SB)/8, $0x3efa01a01a01a01a
DATA tanhC8<>+24(SB)/8, $0x3efa01a01a01a01a
GLOBL tanhC8<>(SB), RODATA|NOPTR, $32

DATA tanhC9<>+0(SB)/8, $0x3ec71de3a556c734
DATA tanhC9<>+8(SB)/8, $0x3ec71de3a556c734
DATA tanhC9<>+16(SB)/8, $0x3ec71de3a556c734
DATA tanhC9<>+24(SB)/8, $0x3ec71de3a556c734
GLOBL tanhC9<>(SB), RODATA|NOPTR, $32

DATA tanhC10<>+0(SB)/8, $0x3e927e4fb7789f5c
DATA tanhC10<>+8(SB)/8, $0x3e927e4fb7789f5c
DATA tanhC10<>+16(SB)/8, $0x3e927e4fb7789f5c
DATA tanhC10<>+24(SB)/8, $0x3e927e4fb7789f5c
GLOBL tanhC10<>(SB), RODATA|NOPTR, $32

DATA tanhC11<>+0(SB)/8, $0x3e5ae64567f544e4
DATA tanhC11<>+8(SB)/8, $0x3e5ae64567f544e4
DATA tanhC11<>+16(SB)/8, $0x3e5ae64567f544e4
DATA tanhC11<>+24(SB)/8, $0x3e5ae64567f544e4
GLOBL tanhC11<>(SB), RODATA|NOPTR, $32

// TANHPD sets p to -tanh(a) for the four float64 lanes of a (a ≥ 0 or
// NaN), with Y9–Y12 holding tanhMinusTwo, tanhMagic, tanhLog2e and
// tanhClamp. It clobbers a, s and t.
#define TANHPD(a, p, s, t) \
	VMINPD Y12, a, a; \
	VMULPD Y9, a, a; \
	VMOVAPD Y10, s; \
	VFMADD231PD Y11, a, s; \
	VSUBPD Y10, s, p; \
	VFNMADD231PD tanhLn2Hi<>(SB), p, a; \
	VFNMADD231PD tanhLn2Lo<>(SB), p, a; \
	VPSLLQ $52, s, s; \
	VMOVUPD tanhC11<>(SB), p; \
	VFMADD213PD tanhC10<>(SB), a, p; \
	VFMADD213PD tanhC9<>(SB), a, p; \
	VFMADD213PD tanhC8<>(SB), a, p; \
	VFMADD213PD tanhC7<>(SB), a, p; \
	VFMADD213PD tanhC6<>(SB), a, p; \
	VFMADD213PD tanhC5<>(SB), a, p; \
	VFMADD213PD tanhC4<>(SB), a, p; \
	VFMADD213PD tanhC3<>(SB), a, p; \
	VFMADD213PD tanhC2<>(SB), a, p; \
	VFMADD213PD tanhC1<>(SB), a, p; \
	VMULPD a, p, p; \
	VSUBPD tanhOne<>(SB), s, t; \
	VFMADD231PD p, s, t; \
	VADDPD tanhTwo<>(SB), t, s; \
	VDIVPD s, t, p

// func tanhAVX2(dst, src []float32)
//
// len(src) is a multiple of 8; dst is at least as long.
TEXT ·tanhAVX2(SB), NOSPLIT, $0-48
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	VBROADCASTSS tanhAbs<>(SB), Y15
	VBROADCASTSS tanhThresh<>(SB), Y14
	VBROADCASTSS tanhOne32<>(SB), Y13
	VMOVUPD      tanhClamp<>(SB), Y12
	VMOVUPD      tanhLog2e<>(SB), Y11
	VMOVUPD      tanhMagic<>(SB), Y10
	VMOVUPD      tanhMinusTwo<>(SB), Y9

tanh256loop:
	CMPQ         CX, $8
	JB           tanh256done
	VMOVUPS      (SI), Y0
	VANDPS       Y15, Y0, Y1
	VCVTPS2PD    X1, Y2
	VEXTRACTF128 $1, Y1, X3
	VCVTPS2PD    X3, Y3
	TANHPD(Y2, Y4, Y5, Y6)
	VCVTPD2PSY   Y4, X2
	TANHPD(Y3, Y4, Y5, Y6)
	VCVTPD2PSY   Y4, X3
	VINSERTF128  $1, X3, Y2, Y2
	VANDPS       Y15, Y2, Y2
	VCMPPS       $0x1e, Y14, Y1, Y4 // GT_OQ: |x| > threshold
	VBLENDVPS    Y4, Y13, Y2, Y2
	VANDNPS      Y0, Y15, Y4        // the sign of x
	VORPS        Y4, Y2, Y2
	VCMPPS       $3, Y0, Y0, Y4     // UNORD: x is NaN
	VBLENDVPS    Y4, Y0, Y2, Y2
	VMOVUPS      Y2, (DI)
	ADDQ         $32, SI
	ADDQ         $32, DI
	SUBQ         $8, CX
	JMP          tanh256loop

tanh256done:
	VZEROUPPER
	RET
