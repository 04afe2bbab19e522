#include "textflag.h"

// func gradSumsAVX(g, x []float32, mean float32, s, d *[8]float32)
//
// s += g and d += (x − mean)·g over len(g) elements, a multiple of 8,
// eight lanes at a time: gradSumsGeneric's operations, each rounded (no
// FMA).
TEXT ·gradSumsAVX(SB), NOSPLIT, $0-72
	MOVQ         g_base+0(FP), SI
	MOVQ         g_len+8(FP), CX
	MOVQ         x_base+24(FP), DI
	VBROADCASTSS mean+48(FP), Y2
	MOVQ         s+56(FP), AX
	MOVQ         d+64(FP), BX
	VMOVUPS      (AX), Y0
	VMOVUPS      (BX), Y1

gsloop:
	CMPQ    CX, $8
	JB      gsdone
	VMOVUPS (SI), Y3   // g
	VMOVUPS (DI), Y4   // x
	VSUBPS  Y2, Y4, Y4 // x − mean
	VMULPS  Y3, Y4, Y4 // ·g
	VADDPS  Y3, Y0, Y0
	VADDPS  Y4, Y1, Y1
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     gsloop

gsdone:
	VMOVUPS Y0, (AX)
	VMOVUPS Y1, (BX)
	VZEROUPPER
	RET
