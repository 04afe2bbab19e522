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

// func col2imS2K4AVX512(p, cols *float32, ld, ow int, passes *int32, npass int)
//
// Col2imS2K4Float32's passes in turn. A pass walks its input row 32
// elements (sixteen a) a turn: the two vectors of the row are split into
// the even columns (E) and the odd (O) by VPERMT2PS, E gains kx 1 at a
// and then kx 3 at a − 1 (the row at one element before, lane a = 0 off),
// O kx 0 at a + 1 (one element after, the row's last a off) and then kx 2
// at a, each addition under its mask, so that a lane without the term is
// left as it was; E and O are merged back and stored. The last turn of a
// row of ow not a multiple of 16 loads and stores under masks of its n
// lanes.
TEXT ·col2imS2K4AVX512(SB), NOSPLIT, $0-48
	MOVQ      ld+16(FP), BX
	SHLQ      $2, BX
	MOVQ      ow+24(FP), R9
	MOVQ      passes+32(FP), R8
	MOVQ      npass+40(FP), DX
	VMOVDQU32 col2imEven<>(SB), Z20
	VMOVDQU32 col2imOdd<>(SB), Z21
	VMOVDQU32 col2imLo<>(SB), Z22
	VMOVDQU32 col2imHi<>(SB), Z23

pass:
	MOVLQSX 0(R8), AX
	MOVQ    p+0(FP), DI
	LEAQ    (DI)(AX*4), DI
	MOVLQSX 4(R8), AX
	MOVQ    cols+8(FP), SI
	LEAQ    (SI)(AX*4), SI        // kx 0
	LEAQ    (SI)(BX*1), R10       // kx 1
	LEAQ    (R10)(BX*1), R11      // kx 2
	LEAQ    (R11)(BX*1), R12      // kx 3
	MOVQ    R9, R13               // a left
	MOVL    $0xfffe, AX
	KMOVW   AX, K6                // the row's first turn: kx 3 has no a − 1 at a = 0

turn:
	MOVQ  R13, CX
	CMPQ  CX, $16
	JLE   nset
	MOVQ  $16, CX

nset:
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1                  // the turn's n lanes of a
	KANDW K6, K1, K5              // kx 3's
	ADDQ  CX, CX
	MOVQ  $1, AX
	SHLQ  CX, AX
	DECQ  AX
	KMOVW AX, K2                  // the row's 2n elements: the first vector
	SHRQ  $16, AX
	KMOVW AX, K3                  // and the second
	LEAQ  -1(R13), CX
	CMPQ  CX, $16
	JLE   n0set
	MOVQ  $16, CX

n0set:
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K4                  // kx 0's: a + 1 < ow

	VMOVUPS.Z (DI), K2, Z0
	VMOVUPS.Z 64(DI), K3, Z1
	VMOVAPS   Z0, Z2
	VPERMT2PS Z1, Z20, Z2         // E
	VMOVAPS   Z0, Z3
	VPERMT2PS Z1, Z21, Z3         // O
	VMOVUPS.Z (R10), K1, Z4
	VADDPS    Z4, Z2, K1, Z2      // E += kx 1 at a
	VMOVUPS.Z -4(R12), K5, Z5
	VADDPS    Z5, Z2, K5, Z2      // E += kx 3 at a − 1
	VMOVUPS.Z 4(SI), K4, Z6
	VADDPS    Z6, Z3, K4, Z3      // O += kx 0 at a + 1
	VMOVUPS.Z (R11), K1, Z7
	VADDPS    Z7, Z3, K1, Z3      // O += kx 2 at a
	VMOVAPS   Z2, Z8
	VPERMT2PS Z3, Z22, Z8         // E and O merged: the first vector
	VPERMT2PS Z3, Z23, Z2         // and the second
	VMOVUPS   Z8, K2, (DI)
	VMOVUPS   Z2, K3, 64(DI)

	MOVL  $0xffff, AX
	KMOVW AX, K6
	ADDQ  $128, DI
	ADDQ  $64, SI
	ADDQ  $64, R10
	ADDQ  $64, R11
	ADDQ  $64, R12
	SUBQ  $16, R13
	JG    turn

	ADDQ $8, R8
	DECQ DX
	JNZ  pass
	VZEROUPPER
	RET
