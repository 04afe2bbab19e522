#include "textflag.h"

// The lanes of a pair of vectors (32 elements of an input row) taken by
// the even and the odd columns, and the pair put back from them.
DATA col2imEven<>+0(SB)/4, $0
DATA col2imEven<>+4(SB)/4, $2
DATA col2imEven<>+8(SB)/4, $4
DATA col2imEven<>+12(SB)/4, $6
DATA col2imEven<>+16(SB)/4, $8
DATA col2imEven<>+20(SB)/4, $10
DATA col2imEven<>+24(SB)/4, $12
DATA col2imEven<>+28(SB)/4, $14
DATA col2imEven<>+32(SB)/4, $16
DATA col2imEven<>+36(SB)/4, $18
DATA col2imEven<>+40(SB)/4, $20
DATA col2imEven<>+44(SB)/4, $22
DATA col2imEven<>+48(SB)/4, $24
DATA col2imEven<>+52(SB)/4, $26
DATA col2imEven<>+56(SB)/4, $28
DATA col2imEven<>+60(SB)/4, $30
GLOBL col2imEven<>(SB), RODATA|NOPTR, $64

DATA col2imOdd<>+0(SB)/4, $1
DATA col2imOdd<>+4(SB)/4, $3
DATA col2imOdd<>+8(SB)/4, $5
DATA col2imOdd<>+12(SB)/4, $7
DATA col2imOdd<>+16(SB)/4, $9
DATA col2imOdd<>+20(SB)/4, $11
DATA col2imOdd<>+24(SB)/4, $13
DATA col2imOdd<>+28(SB)/4, $15
DATA col2imOdd<>+32(SB)/4, $17
DATA col2imOdd<>+36(SB)/4, $19
DATA col2imOdd<>+40(SB)/4, $21
DATA col2imOdd<>+44(SB)/4, $23
DATA col2imOdd<>+48(SB)/4, $25
DATA col2imOdd<>+52(SB)/4, $27
DATA col2imOdd<>+56(SB)/4, $29
DATA col2imOdd<>+60(SB)/4, $31
GLOBL col2imOdd<>(SB), RODATA|NOPTR, $64

DATA col2imLo<>+0(SB)/4, $0
DATA col2imLo<>+4(SB)/4, $16
DATA col2imLo<>+8(SB)/4, $1
DATA col2imLo<>+12(SB)/4, $17
DATA col2imLo<>+16(SB)/4, $2
DATA col2imLo<>+20(SB)/4, $18
DATA col2imLo<>+24(SB)/4, $3
DATA col2imLo<>+28(SB)/4, $19
DATA col2imLo<>+32(SB)/4, $4
DATA col2imLo<>+36(SB)/4, $20
DATA col2imLo<>+40(SB)/4, $5
DATA col2imLo<>+44(SB)/4, $21
DATA col2imLo<>+48(SB)/4, $6
DATA col2imLo<>+52(SB)/4, $22
DATA col2imLo<>+56(SB)/4, $7
DATA col2imLo<>+60(SB)/4, $23
GLOBL col2imLo<>(SB), RODATA|NOPTR, $64

DATA col2imHi<>+0(SB)/4, $8
DATA col2imHi<>+4(SB)/4, $24
DATA col2imHi<>+8(SB)/4, $9
DATA col2imHi<>+12(SB)/4, $25
DATA col2imHi<>+16(SB)/4, $10
DATA col2imHi<>+20(SB)/4, $26
DATA col2imHi<>+24(SB)/4, $11
DATA col2imHi<>+28(SB)/4, $27
DATA col2imHi<>+32(SB)/4, $12
DATA col2imHi<>+36(SB)/4, $28
DATA col2imHi<>+40(SB)/4, $13
DATA col2imHi<>+44(SB)/4, $29
DATA col2imHi<>+48(SB)/4, $14
DATA col2imHi<>+52(SB)/4, $30
DATA col2imHi<>+56(SB)/4, $15
DATA col2imHi<>+60(SB)/4, $31
GLOBL col2imHi<>(SB), RODATA|NOPTR, $64

// MASKS sets the masks of a turn with R13 a left in the row (K6 all
// lanes but the first on a row's first turn, all after): K1 the turn's
// n = min(16, R13) lanes of a, K5 those of kx 3 (a − 1 in the row), K4
// those of kx 0 (a + 1 in the row), K2 and K3 the row's 2n elements in
// its two vectors.
#define MASKS \
	MOVQ    R13, CX; \
	MOVQ    $16, AX; \
	CMPQ    CX, AX; \
	CMOVQGT AX, CX; \
	MOVL    $1, AX; \
	SHLL    CX, AX; \
	DECL    AX; \
	KMOVW   AX, K1; \
	KANDW   K6, K1, K5; \
	ADDQ    CX, CX; \
	MOVQ    $1, AX; \
	SHLQ    CX, AX; \
	DECQ    AX; \
	KMOVW   AX, K2; \
	SHRQ    $16, AX; \
	KMOVW   AX, K3; \
	LEAQ    -1(R13), CX; \
	MOVQ    $16, AX; \
	CMPQ    CX, AX; \
	CMOVQGT AX, CX; \
	MOVL    $1, AX; \
	SHLL    CX, AX; \
	DECL    AX; \
	KMOVW   AX, K4

// PASS adds the pass whose kx 0 row is at r (kx at r + kx·ld, BX = ld
// and R11 = 3·ld in bytes) into the even columns E (Z2) and the odd O
// (Z3): E gains kx 1 at a and then kx 3 at a − 1, O kx 0 at a + 1 and
// then kx 2 at a, each under its mask, so that a lane without the term
// is left as it was.
#define PASS(r) \
	VMOVUPS.Z (r)(BX*1), K1, Z4; \
	VADDPS    Z4, Z2, K1, Z2; \
	VMOVUPS.Z -4(r)(R11*1), K5, Z5; \
	VADDPS    Z5, Z2, K5, Z2; \
	VMOVUPS.Z 4(r), K4, Z6; \
	VADDPS    Z6, Z3, K4, Z3; \
	VMOVUPS.Z (r)(BX*2), K1, Z7; \
	VADDPS    Z7, Z3, K1, Z3

// func col2imS2K4AVX512(p, cols *float32, ld, ow int, rows *int32, nrow int)
//
// Col2imS2K4Float32's rows in turn. A row is walked 32 elements (sixteen
// a) a turn: its two vectors are split into the even columns (E) and the
// odd (O) by VPERMT2PS, gain the row's first pass and then its second
// (PASS), are merged back and stored: the row is loaded and stored once
// a turn. The last turn of a row of ow not a multiple of 16 loads and
// stores under masks of its lanes (one vector of the row where they are
// eight or fewer: the second is neither loaded nor stored); where ow is
// 16 or less, every row is one such turn and its masks are set once.
TEXT ·col2imS2K4AVX512(SB), NOSPLIT, $0-48
	MOVQ      ld+16(FP), BX
	SHLQ      $2, BX
	LEAQ      (BX)(BX*2), R11
	MOVQ      ow+24(FP), R9
	MOVQ      rows+32(FP), R8
	MOVQ      nrow+40(FP), DX
	VMOVDQU32 col2imEven<>(SB), Z20
	VMOVDQU32 col2imOdd<>(SB), Z21
	VMOVDQU32 col2imLo<>(SB), Z22
	VMOVDQU32 col2imHi<>(SB), Z23
	CMPQ      R9, $16
	JGT       row
	MOVQ      R9, R13
	MOVL      $0xfffe, AX
	KMOVW     AX, K6
	MASKS

row:
	MOVLQSX 0(R8), AX
	MOVQ    p+0(FP), DI
	LEAQ    (DI)(AX*4), DI
	MOVLQSX 4(R8), AX
	MOVQ    cols+8(FP), SI
	LEAQ    (SI)(AX*4), SI        // the first pass's kx 0
	MOVLQSX 8(R8), AX
	XORQ    R10, R10
	TESTQ   AX, AX
	JS      first
	MOVQ    cols+8(FP), R10
	LEAQ    (R10)(AX*4), R10      // the second pass's, or 0

first:
	MOVQ  R9, R13                 // a left
	MOVL  $0xfffe, AX
	KMOVW AX, K6                  // the row's first turn: kx 3 has no a − 1 at a = 0

turn:
	CMPQ R9, $16
	JLE  body
	MASKS

body:
	VMOVUPS.Z (DI), K2, Z0
	KORTESTW  K3, K3
	JZ        half
	VMOVUPS.Z 64(DI), K3, Z1
	JMP       split

half:
	VPXORD Z1, Z1, Z1             // eight a or fewer: the second vector is none of the row's

split:
	VMOVAPS   Z0, Z2
	VPERMT2PS Z1, Z20, Z2         // E
	VMOVAPS   Z0, Z3
	VPERMT2PS Z1, Z21, Z3         // O
	PASS(SI)
	TESTQ     R10, R10
	JZ        merge
	PASS(R10)

merge:
	VMOVAPS   Z2, Z8
	VPERMT2PS Z3, Z22, Z8         // E and O merged: the first vector
	VMOVUPS   Z8, K2, (DI)
	KORTESTW  K3, K3
	JZ        stored
	VPERMT2PS Z3, Z23, Z2         // and the second
	VMOVUPS   Z2, K3, 64(DI)

stored:

	SUBQ  $16, R13
	JLE   next
	MOVL  $0xffff, AX
	KMOVW AX, K6
	ADDQ  $128, DI
	ADDQ  $64, SI
	TESTQ R10, R10
	JZ    turn
	ADDQ  $64, R10
	JMP   turn

next:
	ADDQ $12, R8
	DECQ DX
	JNZ  row
	VZEROUPPER
	RET
