#include "textflag.h"

// Gathers and scatters of rows by a table of int32 indices, for a
// convolution's im2col and col2im by table (gather.go). A negative index
// is the padding: its lane is masked off, never read or written.

// func gatherRowsAVX512(dst *float32, ld int, src *float32, idx *int32, rows, n int)
//
// dst[k·ld + j] = src[idx[k·n + j]] (0 for a negative index), rows ≥ 1
// rows of n ≥ 1: sixteen lanes a gather, the last n mod 16 under a mask.
TEXT ·gatherRowsAVX512(SB), NOSPLIT, $0-48
	MOVQ   dst+0(FP), DI
	MOVQ   ld+8(FP), BX
	SHLQ   $2, BX
	MOVQ   src+16(FP), SI
	MOVQ   idx+24(FP), DX
	MOVQ   rows+32(FP), R8
	MOVQ   n+40(FP), R9
	MOVQ   R9, R10
	ANDQ   $15, R10
	MOVQ   R10, CX
	MOVL   $1, AX
	SHLL   CX, AX
	DECL   AX
	KMOVW  AX, K3             // the tail's lanes
	SHRQ   $4, R9             // whole vectors a row
	VPXORD Z2, Z2, Z2

grow:
	MOVQ DI, R11
	MOVQ R9, CX
	TESTQ CX, CX
	JZ   gtail

gvec:
	VMOVDQU32  (DX), Z1
	VPCMPD     $5, Z2, Z1, K1 // index ≥ 0
	VPXORD     Z0, Z0, Z0
	VGATHERDPS (SI)(Z1*4), K1, Z0
	VMOVUPS    Z0, (R11)
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
// dst[idx[k·n + j]] += src[k·ld + j] for the non-negative indices, row
// after row, element by element in scalar registers, four a turn,
// without the Go loop's bounds checks; the same additions in the same
// order. AVX2 has no scatter (a gather and eight lane extractions cost
// more loads than this), and under AVX-512 this loop is the kernel too:
// on the Zen 4 EPYC AVX-512's gather, add and scatter of sixteen lanes
// took 2.2–2.5 times as long as this loop on dcgan's col2im tables
// (docs/performance.md, 2026-12-07 (morning)).
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
