#include "textflag.h"

// Gathers and scatters of rows by a table of int32 indices, for a
// convolution's im2col and col2im by table (gather.go). A negative index
// is the padding: its lane is masked off, never read or written.

// func gatherRowsAVX512(dst *float32, ld int, src *float32, idx *int32, rows, n int)
//
// dst[k·ld + j] = src[idx[k·n + j]] (0 for a negative index), rows ≥ 1
// rows of n ≥ 1: sixteen lanes a turn, the last n mod 16 under a mask.
// Where a turn's valid indices run with stride 2 (a stride-2
// convolution's window column over one row of outputs, padding lanes
// negative), the 32 elements they span are loaded under a mask (the
// padding's lanes off, as the gather's) and their even lanes kept by a
// permutation: no gather, which costs the Zen 4 about as much as the
// scalar loop. A turn that is not one run may be two of eight (two
// rows of eight outputs), each loaded and permuted so; other turns
// gather.
TEXT ·gatherRowsAVX512(SB), NOSPLIT, $0-48
	MOVQ      dst+0(FP), DI
	MOVQ      ld+8(FP), BX
	SHLQ      $2, BX
	MOVQ      src+16(FP), SI
	MOVQ      idx+24(FP), DX
	MOVQ      rows+32(FP), R8
	MOVQ      n+40(FP), R9
	MOVQ      R9, R10
	ANDQ      $15, R10
	MOVQ      R10, CX
	MOVL      $1, AX
	SHLL      CX, AX
	DECL      AX
	KMOVW     AX, K3                // the tail's lanes
	SHRQ      $4, R9                // whole vectors a row
	VPXORD    Z2, Z2, Z2
	VMOVDQU32 runIota2<>(SB), Z20
	VMOVDQU32 runPermLo<>(SB), Z21
	VMOVDQU32 runPermHi<>(SB), Z22
	VMOVDQU32 runIota2Halves<>(SB), Z23
	MOVL      $0x5555, AX
	KMOVW     AX, K7                // the even lanes

grow:
	MOVQ DI, R11
	MOVQ R9, CX
	TESTQ CX, CX
	JZ   gtail

gvec:
	VMOVDQU32    (DX), Z1
	VPCMPD       $5, Z2, Z1, K1     // index ≥ 0
	KORTESTW     K1, K1
	JZ           gzero
	MOVLQSX      4(DX), AX
	TESTQ        AX, AX
	JS           gfull
	MOVLQSX      24(DX), R13        // lanes 1 and 6 of a run (or of
	SUBQ         AX, R13            // the low half's) are 10 apart:
	CMPQ         R13, $10           // else neither a run nor two,
	JNE          gfull              // and the gather at once
	SUBQ         $2, AX             // where lane 0 would read
	VPBROADCASTD AX, Z3
	VPADDD       Z20, Z3, Z3
	VPCMPEQD     Z3, Z1, K1, K4     // valid lanes on the run
	KXORW        K1, K4, K4
	KORTESTW     K4, K4
	JNZ          ggather
	LEAQ         (SI)(AX*4), R12
	VPERMD       Z1, Z21, Z4
	VPCMPD       $5, Z2, Z4, K7, K5 // even lanes of a valid index, low half
	VPERMD       Z1, Z22, Z4
	VPCMPD       $5, Z2, Z4, K7, K6 // and high half
	VMOVUPS.Z    (R12), K5, Z0
	VMOVUPS.Z    64(R12), K6, Z5
	VPERMT2PS    Z5, Z20, Z0        // the even lanes of both
	VMOVUPS      Z0, (R11)
	JMP          gnextvec

gzero:
	VMOVUPS Z2, (R11)
	JMP     gnextvec

ggather:
	// Not one run: each half of eight lanes alone (a convolution with
	// eight outputs a row), else the gather.
	MOVLQSX      4(DX), AX
	TESTQ        AX, AX
	JS           gfull
	MOVLQSX      36(DX), R13
	TESTQ        R13, R13
	JS           gfull
	SUBQ         $2, AX
	SUBQ         $2, R13
	VPBROADCASTD AX, Z3
	VPBROADCASTD R13, Z4
	VINSERTI64X4 $1, Y4, Z3, Z3      // each half's start
	VPADDD       Z23, Z3, Z3
	VPCMPEQD     Z3, Z1, K1, K4
	KXORW        K1, K4, K4
	KORTESTW     K4, K4
	JNZ          gfull
	LEAQ         (SI)(AX*4), R12
	LEAQ         (SI)(R13*4), R13
	VPERMD       Z1, Z21, Z4
	VPCMPD       $5, Z2, Z4, K7, K5 // the low half's lanes
	VPERMD       Z1, Z22, Z4
	VPCMPD       $5, Z2, Z4, K7, K6 // the high half's
	VMOVUPS.Z    (R12), K5, Z0
	VMOVUPS.Z    (R13), K6, Z5
	VPERMT2PS    Z5, Z20, Z0        // the even lanes of both
	VMOVUPS      Z0, (R11)
	JMP          gnextvec

gfull:
	VPXORD     Z0, Z0, Z0
	VGATHERDPS (SI)(Z1*4), K1, Z0
	VMOVUPS    Z0, (R11)

gnextvec:
	ADDQ       $64, DX
	ADDQ       $64, R11
	DECQ       CX
	JNZ        gvec

gtail:
	TESTQ        R10, R10
	JZ           gnext
	VMOVDQU32.Z  (DX), K3, Z1
	VPCMPD       $5, Z2, Z1, K3, K1
	VPXORD       Z0, Z0, Z0
	VGATHERDPS   (SI)(Z1*4), K1, Z0
	VMOVUPS      Z0, K3, (R11)
	LEAQ         (DX)(R10*4), DX

gnext:
	ADDQ BX, DI
	DECQ R8
	JNZ  grow
	VZEROUPPER
	RET

// The constants of AVX-512's runs of stride 2 (gathers and scatter-adds):
// the lanes' offsets of a run, which are also the even lanes of 32 that
// a gather's run keeps, and the permutations that spread sixteen values
// over the even lanes of 32 (low and high half).
DATA runIota2<>+0(SB)/4, $0
DATA runIota2<>+4(SB)/4, $2
DATA runIota2<>+8(SB)/4, $4
DATA runIota2<>+12(SB)/4, $6
DATA runIota2<>+16(SB)/4, $8
DATA runIota2<>+20(SB)/4, $10
DATA runIota2<>+24(SB)/4, $12
DATA runIota2<>+28(SB)/4, $14
DATA runIota2<>+32(SB)/4, $16
DATA runIota2<>+36(SB)/4, $18
DATA runIota2<>+40(SB)/4, $20
DATA runIota2<>+44(SB)/4, $22
DATA runIota2<>+48(SB)/4, $24
DATA runIota2<>+52(SB)/4, $26
DATA runIota2<>+56(SB)/4, $28
DATA runIota2<>+60(SB)/4, $30
GLOBL runIota2<>(SB), RODATA|NOPTR, $64

DATA runPermLo<>+0(SB)/4, $0
DATA runPermLo<>+4(SB)/4, $0
DATA runPermLo<>+8(SB)/4, $1
DATA runPermLo<>+12(SB)/4, $1
DATA runPermLo<>+16(SB)/4, $2
DATA runPermLo<>+20(SB)/4, $2
DATA runPermLo<>+24(SB)/4, $3
DATA runPermLo<>+28(SB)/4, $3
DATA runPermLo<>+32(SB)/4, $4
DATA runPermLo<>+36(SB)/4, $4
DATA runPermLo<>+40(SB)/4, $5
DATA runPermLo<>+44(SB)/4, $5
DATA runPermLo<>+48(SB)/4, $6
DATA runPermLo<>+52(SB)/4, $6
DATA runPermLo<>+56(SB)/4, $7
DATA runPermLo<>+60(SB)/4, $7
GLOBL runPermLo<>(SB), RODATA|NOPTR, $64

DATA runPermHi<>+0(SB)/4, $8
DATA runPermHi<>+4(SB)/4, $8
DATA runPermHi<>+8(SB)/4, $9
DATA runPermHi<>+12(SB)/4, $9
DATA runPermHi<>+16(SB)/4, $10
DATA runPermHi<>+20(SB)/4, $10
DATA runPermHi<>+24(SB)/4, $11
DATA runPermHi<>+28(SB)/4, $11
DATA runPermHi<>+32(SB)/4, $12
DATA runPermHi<>+36(SB)/4, $12
DATA runPermHi<>+40(SB)/4, $13
DATA runPermHi<>+44(SB)/4, $13
DATA runPermHi<>+48(SB)/4, $14
DATA runPermHi<>+52(SB)/4, $14
DATA runPermHi<>+56(SB)/4, $15
DATA runPermHi<>+60(SB)/4, $15
GLOBL runPermHi<>(SB), RODATA|NOPTR, $64

// scatterOne adds src element off(R11) into dst at the index off(DX)
// unless that index is negative.
#define scatterOne(off, skip) \
	MOVLQSX off(DX), AX \
	TESTQ   AX, AX \
	JS      skip \
	VMOVSS  (DI)(AX*4), X0 \
	VADDSS  off(R11), X0, X0 \
	VMOVSS  X0, (DI)(AX*4) \
skip:

// Each half's lanes' offsets in its own run of stride 2.
DATA runIota2Halves<>+0(SB)/4, $0
DATA runIota2Halves<>+4(SB)/4, $2
DATA runIota2Halves<>+8(SB)/4, $4
DATA runIota2Halves<>+12(SB)/4, $6
DATA runIota2Halves<>+16(SB)/4, $8
DATA runIota2Halves<>+20(SB)/4, $10
DATA runIota2Halves<>+24(SB)/4, $12
DATA runIota2Halves<>+28(SB)/4, $14
DATA runIota2Halves<>+32(SB)/4, $0
DATA runIota2Halves<>+36(SB)/4, $2
DATA runIota2Halves<>+40(SB)/4, $4
DATA runIota2Halves<>+44(SB)/4, $6
DATA runIota2Halves<>+48(SB)/4, $8
DATA runIota2Halves<>+52(SB)/4, $10
DATA runIota2Halves<>+56(SB)/4, $12
DATA runIota2Halves<>+60(SB)/4, $14
GLOBL runIota2Halves<>(SB), RODATA|NOPTR, $64

// func scatterAddRowsAVX512(dst *float32, src *float32, ld int, idx *int32, rows, n int)
//
// dst[idx[k·n + j]] += src[k·ld + j] for the non-negative indices, row
// after row, sixteen indices a turn. Where a turn's valid indices run
// with stride 2 (a stride-2 convolution's window column over one row of
// outputs, padding lanes negative), the sixteen values are spread over
// the even lanes of the 32 elements they hit and added there under a
// mask: two loads, two additions and two stores, no scatter (AVX-512's
// gather and scatter of sixteen lanes cost twice the scalar loop on the
// Zen 4). Other turns, and the last n mod 16, go element by element in
// scalar registers. Each element gets the same additions in the same
// order as the Go loop: a row's indices differ, and the turns of a row
// and the rows run in order.
TEXT ·scatterAddRowsAVX512(SB), NOSPLIT, $0-48
	MOVQ      dst+0(FP), DI
	MOVQ      src+8(FP), SI
	MOVQ      ld+16(FP), BX
	SHLQ      $2, BX
	MOVQ      idx+24(FP), DX
	MOVQ      rows+32(FP), R8
	MOVQ      n+40(FP), R9
	MOVQ      R9, R10
	ANDQ      $15, R10
	SHRQ      $4, R9
	VPXORD    Z2, Z2, Z2
	VMOVDQU32 runIota2<>(SB), Z20
	VMOVDQU32 runPermLo<>(SB), Z21
	VMOVDQU32 runPermHi<>(SB), Z22
	MOVL      $0x5555, AX
	KMOVW     AX, K7                // the even lanes
	MOVL      $0xff, AX
	KMOVW     AX, K2                // a half's lanes

crow:
	MOVQ  SI, R11
	MOVQ  R9, CX
	TESTQ CX, CX
	JZ    ctail

cvec:
	VMOVDQU32 (DX), Z1
	VPCMPD    $5, Z2, Z1, K1        // index ≥ 0
	KORTESTW  K1, K1
	JZ        cnext                 // all padding: nothing to add
	MOVLQSX   4(DX), AX
	TESTQ     AX, AX
	JS        cslow
	SUBQ      $2, AX                // where lane 0 would add
	VPBROADCASTD AX, Z3
	VPADDD    Z20, Z3, Z3
	VPCMPEQD  Z3, Z1, K1, K4        // valid lanes on the run
	KXORW     K1, K4, K4
	KORTESTW  K4, K4
	JNZ       cslow
	LEAQ      (DI)(AX*4), R12
	VPERMD    Z1, Z21, Z4
	VPCMPD    $5, Z2, Z4, K7, K5    // even lanes of a valid index, low half
	VPERMD    Z1, Z22, Z4
	VPCMPD    $5, Z2, Z4, K7, K6    // and high half
	VMOVUPS   (R12), K5, Z5
	VPERMPS   (R11), Z21, Z6
	VADDPS    Z6, Z5, K5, Z5
	VMOVUPS   Z5, K5, (R12)
	VMOVUPS   64(R12), K6, Z7
	VPERMPS   (R11), Z22, Z8
	VADDPS    Z8, Z7, K6, Z7
	VMOVUPS   Z7, K6, 64(R12)

cnext:
	ADDQ $64, DX
	ADDQ $64, R11
	DECQ CX
	JNZ  cvec
	JMP  ctail

cslow:
	// Not one run: each half of eight lanes alone (a convolution with
	// eight outputs a row), else its elements one by one.
	MOVQ $2, R14

chalf:
	VMOVDQU32.Z  (DX), K2, Z1
	VPCMPD       $5, Z2, Z1, K2, K1
	KORTESTW     K1, K1
	JZ           chnext
	MOVLQSX      4(DX), AX
	TESTQ        AX, AX
	JS           chslow
	SUBQ         $2, AX
	VPBROADCASTD AX, Z3
	VPADDD       Z20, Z3, Z3
	VPCMPEQD     Z3, Z1, K1, K4
	KXORW        K1, K4, K4
	KORTESTW     K4, K4
	JNZ          chslow
	LEAQ         (DI)(AX*4), R12
	VPERMD       Z1, Z21, Z4
	VPCMPD       $5, Z2, Z4, K7, K5
	VMOVUPS      (R12), K5, Z5
	VMOVUPS.Z    (R11), K2, Z6
	VPERMPS      Z6, Z21, Z6
	VADDPS       Z6, Z5, K5, Z5
	VMOVUPS      Z5, K5, (R12)

chnext:
	ADDQ $32, DX
	ADDQ $32, R11
	DECQ R14
	JNZ  chalf
	DECQ CX
	JNZ  cvec
	JMP  ctail

chslow:
	// Eight elements one by one, four a turn.
	scatterOne(0, chs0)
	scatterOne(4, chs1)
	scatterOne(8, chs2)
	scatterOne(12, chs3)
	scatterOne(16, chs4)
	scatterOne(20, chs5)
	scatterOne(24, chs6)
	scatterOne(28, chs7)
	ADDQ $32, DX
	ADDQ $32, R11
	DECQ R14
	JNZ  chalf
	DECQ CX
	JNZ  cvec

ctail:
	MOVQ  R10, R13
	TESTQ R13, R13
	JZ    crownext

ctail1:
	MOVLQSX (DX), AX
	TESTQ   AX, AX
	JS      ctail2
	VMOVSS  (DI)(AX*4), X0
	VADDSS  (R11), X0, X0
	VMOVSS  X0, (DI)(AX*4)

ctail2:
	ADDQ $4, DX
	ADDQ $4, R11
	DECQ R13
	JNZ  ctail1

crownext:
	ADDQ BX, SI
	DECQ R8
	JNZ  crow
	VZEROUPPER
	RET

// func gatherRowsAVX2(dst *float32, ld int, src *float32, idx *int32, rows, n int)
//
// gatherRowsAVX512 in eight lanes, the last n mod 8 one by one.
TEXT ·gatherRowsAVX2(SB), NOSPLIT, $0-48
	MOVQ     dst+0(FP), DI
	MOVQ     ld+8(FP), BX
	SHLQ     $2, BX
	MOVQ     src+16(FP), SI
	MOVQ     idx+24(FP), DX
	MOVQ     rows+32(FP), R8
	MOVQ     n+40(FP), R9
	MOVQ     R9, R10
	ANDQ     $7, R10
	SHRQ     $3, R9
	VPCMPEQD Y3, Y3, Y3       // all ones

arow:
	MOVQ  DI, R11
	MOVQ  R9, CX
	TESTQ CX, CX
	JZ    atail

avec:
	VMOVDQU    (DX), Y1
	VPXOR      Y3, Y1, Y2     // mask: the sign of ^index, set where index ≥ 0
	VPXOR      Y0, Y0, Y0
	VGATHERDPS Y2, (SI)(Y1*4), Y0
	VMOVUPS    Y0, (R11)
	ADDQ       $32, DX
	ADDQ       $32, R11
	DECQ       CX
	JNZ        avec

atail:
	MOVQ R10, CX
	TESTQ CX, CX
	JZ   anext

aone:
	MOVLQSX (DX), AX
	XORL    R12, R12
	TESTQ   AX, AX
	JS      apad
	MOVL    (SI)(AX*4), R12

apad:
	MOVL R12, (R11)
	ADDQ $4, DX
	ADDQ $4, R11
	DECQ CX
	JNZ  aone

anext:
	ADDQ BX, DI
	DECQ R8
	JNZ  arow
	VZEROUPPER
	RET

// func scatterAddRowsAVX2(dst *float32, src *float32, ld int, idx *int32, rows, n int)
//
// scatterAddRowsAVX512 for AVX2, which has no scatter: element by
// element in scalar registers (a gather and eight lane extractions cost
// more loads than this), four a turn, without the Go loop's bounds
// checks; the same additions in the same order.
TEXT ·scatterAddRowsAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ ld+16(FP), BX
	SHLQ $2, BX
	MOVQ idx+24(FP), DX
	MOVQ rows+32(FP), R8
	MOVQ n+40(FP), R9
	MOVQ R9, R10
	ANDQ $3, R10
	SHRQ $2, R9

brow:
	MOVQ  SI, R11
	MOVQ  R9, CX
	TESTQ CX, CX
	JZ    btail

bquad:
	MOVLQSX 0(DX), AX
	TESTQ   AX, AX
	JS      bskip0
	VMOVSS  (DI)(AX*4), X0
	VADDSS  0(R11), X0, X0
	VMOVSS  X0, (DI)(AX*4)

bskip0:
	MOVLQSX 4(DX), AX
	TESTQ   AX, AX
	JS      bskip1
	VMOVSS  (DI)(AX*4), X0
	VADDSS  4(R11), X0, X0
	VMOVSS  X0, (DI)(AX*4)

bskip1:
	MOVLQSX 8(DX), AX
	TESTQ   AX, AX
	JS      bskip2
	VMOVSS  (DI)(AX*4), X0
	VADDSS  8(R11), X0, X0
	VMOVSS  X0, (DI)(AX*4)

bskip2:
	MOVLQSX 12(DX), AX
	TESTQ   AX, AX
	JS      bskip3
	VMOVSS  (DI)(AX*4), X0
	VADDSS  12(R11), X0, X0
	VMOVSS  X0, (DI)(AX*4)

bskip3:
	ADDQ $16, DX
	ADDQ $16, R11
	DECQ CX
	JNZ  bquad

btail:
	MOVQ  R10, CX
	TESTQ CX, CX
	JZ    bnext

bone:
	MOVLQSX (DX), AX
	TESTQ   AX, AX
	JS      bpad
	VMOVSS  (DI)(AX*4), X0
	VADDSS  (R11), X0, X0
	VMOVSS  X0, (DI)(AX*4)

bpad:
	ADDQ $4, DX
	ADDQ $4, R11
	DECQ CX
	JNZ  bone

bnext:
	ADDQ BX, SI
	DECQ R8
	JNZ  brow
	RET
