#include "textflag.h"

// The even and the odd lanes of a pair of vectors.
DATA im2colEven<>+0(SB)/4, $0
DATA im2colEven<>+4(SB)/4, $2
DATA im2colEven<>+8(SB)/4, $4
DATA im2colEven<>+12(SB)/4, $6
DATA im2colEven<>+16(SB)/4, $8
DATA im2colEven<>+20(SB)/4, $10
DATA im2colEven<>+24(SB)/4, $12
DATA im2colEven<>+28(SB)/4, $14
DATA im2colEven<>+32(SB)/4, $16
DATA im2colEven<>+36(SB)/4, $18
DATA im2colEven<>+40(SB)/4, $20
DATA im2colEven<>+44(SB)/4, $22
DATA im2colEven<>+48(SB)/4, $24
DATA im2colEven<>+52(SB)/4, $26
DATA im2colEven<>+56(SB)/4, $28
DATA im2colEven<>+60(SB)/4, $30
GLOBL im2colEven<>(SB), RODATA|NOPTR, $64

DATA im2colOdd<>+0(SB)/4, $1
DATA im2colOdd<>+4(SB)/4, $3
DATA im2colOdd<>+8(SB)/4, $5
DATA im2colOdd<>+12(SB)/4, $7
DATA im2colOdd<>+16(SB)/4, $9
DATA im2colOdd<>+20(SB)/4, $11
DATA im2colOdd<>+24(SB)/4, $13
DATA im2colOdd<>+28(SB)/4, $15
DATA im2colOdd<>+32(SB)/4, $17
DATA im2colOdd<>+36(SB)/4, $19
DATA im2colOdd<>+40(SB)/4, $21
DATA im2colOdd<>+44(SB)/4, $23
DATA im2colOdd<>+48(SB)/4, $25
DATA im2colOdd<>+52(SB)/4, $27
DATA im2colOdd<>+56(SB)/4, $29
DATA im2colOdd<>+60(SB)/4, $31
GLOBL im2colOdd<>(SB), RODATA|NOPTR, $64

// NMASK sets K1 to the n = min(16, R13) lanes of a turn's outputs and
// CX to n.
#define NMASK \
	MOVQ    R13, CX; \
	MOVQ    $16, AX; \
	CMPQ    CX, AX; \
	CMOVQGT AX, CX; \
	MOVL    $1, AX; \
	SHLL    CX, AX; \
	DECL    AX; \
	KMOVW   AX, K1

// func im2colS2K4AVX512(dst *float32, ld int, p *float32, oh, ow, y0, ny int)
//
// Im2colS2K4Float32 by kernel row ky, output row y and turns of sixteen
// outputs X (R13 of the row left): the 32 input elements from 2X (A),
// 2X + 2 (B) and 2X − 2 (C) are loaded under masks of the row's elements
// (zero past its ends), A's even lanes stored as kx 1 and its odd as
// kx 2, B's even as kx 3, C's odd as kx 0, each under the turn's lanes.
// A row above or below the plane stores zeros.
TEXT ·im2colS2K4AVX512(SB), NOSPLIT, $0-56
	MOVQ      ld+8(FP), BX
	SHLQ      $2, BX
	LEAQ      (BX)(BX*2), R11
	MOVQ      ow+32(FP), R9
	LEAQ      (R9)(R9*1), R8
	SHLQ      $2, R8                // an input row's bytes
	VMOVDQU32 im2colEven<>(SB), Z20
	VMOVDQU32 im2colOdd<>(SB), Z21
	XORQ      R10, R10              // ky

kyloop:
	MOVQ y0+40(FP), R12             // y

yloop:
	MOVQ  dst+0(FP), DI
	MOVQ  R10, AX
	SHLQ  $2, AX
	IMULQ BX, AX
	ADDQ  AX, DI
	MOVQ  R12, AX
	SUBQ  y0+40(FP), AX
	IMULQ R9, AX
	LEAQ  (DI)(AX*4), DI            // kx 0's row at y
	LEAQ  -1(R10)(R12*2), DX        // the input row
	MOVQ  R9, R13
	TESTQ DX, DX
	JS    zero
	MOVQ  oh+24(FP), AX
	SHLQ  $1, AX
	CMPQ  DX, AX
	JGE   zero
	MOVQ  p+16(FP), SI
	IMULQ R8, DX
	ADDQ  DX, SI
	MOVQ  $1, DX                    // the row's first turn

turn:
	NMASK
	ADDQ    CX, CX
	MOVQ    $1, AX
	SHLQ    CX, AX
	DECQ    AX
	KMOVW   AX, K2                  // A: 2n elements
	SHRQ    $16, AX
	KMOVW   AX, K3
	LEAQ    -2(R13)(R13*1), CX
	MOVQ    $32, AX
	CMPQ    CX, AX
	CMOVQGT AX, CX
	MOVQ    $1, AX
	SHLQ    CX, AX
	DECQ    AX
	KMOVW   AX, K4                  // B: those before the row's end
	SHRQ    $16, AX
	KMOVW   AX, K5
	LEAQ    2(R13)(R13*1), CX
	MOVQ    $32, AX
	CMPQ    CX, AX
	CMOVQGT AX, CX
	MOVQ    $1, AX
	SHLQ    CX, AX
	DECQ    AX
	TESTQ   DX, DX
	JZ      cmask
	ANDQ    $-4, AX                 // C on the first turn: none before the row

cmask:
	KMOVW AX, K6
	SHRQ  $16, AX
	KMOVW AX, K7

	VMOVUPS.Z (SI), K2, Z0
	VMOVUPS.Z 64(SI), K3, Z1
	VMOVAPS   Z0, Z2
	VPERMT2PS Z1, Z20, Z2
	VPERMT2PS Z1, Z21, Z0
	VMOVUPS   Z2, K1, (DI)(BX*1)    // kx 1
	VMOVUPS   Z0, K1, (DI)(BX*2)    // kx 2
	VMOVUPS.Z 8(SI), K4, Z3
	VMOVUPS.Z 72(SI), K5, Z4
	VPERMT2PS Z4, Z20, Z3
	VMOVUPS   Z3, K1, (DI)(R11*1)   // kx 3
	VMOVUPS.Z -8(SI), K6, Z5
	VMOVUPS.Z 56(SI), K7, Z6
	VPERMT2PS Z6, Z21, Z5
	VMOVUPS   Z5, K1, (DI)          // kx 0
	XORQ      DX, DX
	ADDQ      $128, SI
	ADDQ      $64, DI
	SUBQ      $16, R13
	JG        turn
	JMP       ynext

zero:
	VPXORD Z0, Z0, Z0

zturn:
	NMASK
	VMOVUPS Z0, K1, (DI)
	VMOVUPS Z0, K1, (DI)(BX*1)
	VMOVUPS Z0, K1, (DI)(BX*2)
	VMOVUPS Z0, K1, (DI)(R11*1)
	ADDQ    $64, DI
	SUBQ    $16, R13
	JG      zturn

ynext:
	INCQ R12
	MOVQ y0+40(FP), AX
	ADDQ ny+48(FP), AX
	CMPQ R12, AX
	JLT  yloop
	INCQ R10
	CMPQ R10, $4
	JLT  kyloop
	VZEROUPPER
	RET
