#include "textflag.h"

// func bnAffineAVX(dst, x []float32, alpha, beta float32)
//
// dst = x·alpha + beta over len(dst) elements, a multiple of 8, the
// product rounded before the addition (no FMA).
TEXT ·bnAffineAVX(SB), NOSPLIT, $0-56
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), CX
	MOVQ         x_base+24(FP), SI
	VBROADCASTSS alpha+48(FP), Y1
	VBROADCASTSS beta+52(FP), Y2

bnaffine16:
	CMPQ    CX, $16
	JB      bnaffine8
	VMOVUPS (SI), Y3
	VMOVUPS 32(SI), Y4
	VMULPS  Y1, Y3, Y3
	VMULPS  Y1, Y4, Y4
	VADDPS  Y2, Y3, Y3
	VADDPS  Y2, Y4, Y4
	VMOVUPS Y3, (DI)
	VMOVUPS Y4, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     bnaffine16

bnaffine8:
	CMPQ    CX, $8
	JB      bnaffinedone
	VMOVUPS (SI), Y3
	VMULPS  Y1, Y3, Y3
	VADDPS  Y2, Y3, Y3
	VMOVUPS Y3, (DI)

bnaffinedone:
	VZEROUPPER
	RET

// func bnGradAVX(dst, g, x []float32, mean, k, gradMean, invstd, w float32)
//
// dst = (((g − gradMean) − (x − mean)·k)·invstd)·w over len(dst)
// elements, a multiple of 8, each operation rounded (no FMA).
TEXT ·bnGradAVX(SB), NOSPLIT, $0-92
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), CX
	MOVQ         g_base+24(FP), DX
	MOVQ         x_base+48(FP), SI
	VBROADCASTSS mean+72(FP), Y1
	VBROADCASTSS k+76(FP), Y2
	VBROADCASTSS gradMean+80(FP), Y3
	VBROADCASTSS invstd+84(FP), Y4
	VBROADCASTSS w+88(FP), Y5

bngradloop:
	CMPQ    CX, $8
	JB      bngraddone
	VMOVUPS (SI), Y6
	VMOVUPS (DX), Y7
	VSUBPS  Y1, Y6, Y6 // x − mean
	VMULPS  Y2, Y6, Y6 // ·k
	VSUBPS  Y3, Y7, Y7 // g − gradMean
	VSUBPS  Y6, Y7, Y7 // − (x − mean)·k
	VMULPS  Y4, Y7, Y7 // ·invstd
	VMULPS  Y5, Y7, Y7 // ·w
	VMOVUPS Y7, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     bngradloop

bngraddone:
	VZEROUPPER
	RET
