#include "textflag.h"

// The clamp kernels take a length that is a multiple of 32 (float32) or
// 16 (float64) elements: four vectors a step.
//
// VMAXPS and VMINPS return their second source operand (in Intel's order;
// the first operand written here) when either is NaN or both are zero, so
// max(lo, x) is lo > x ? lo : x, keeping a NaN x and x equal to lo, and
// min(hi, r) is hi < r ? hi : r: PyTorch's scalar clamp exactly.

// func clampF32AVX2(dst, src []float32, lo, hi float32)
TEXT ·clampF32AVX2(SB), NOSPLIT, $0-56
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	VBROADCASTSS lo+48(FP), Y14
	VBROADCASTSS hi+52(FP), Y15
	SHRQ         $5, CX
	JZ           clampf32done

clampf32loop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VMAXPS  Y0, Y14, Y0
	VMAXPS  Y1, Y14, Y1
	VMAXPS  Y2, Y14, Y2
	VMAXPS  Y3, Y14, Y3
	VMINPS  Y0, Y15, Y0
	VMINPS  Y1, Y15, Y1
	VMINPS  Y2, Y15, Y2
	VMINPS  Y3, Y15, Y3
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	DECQ    CX
	JNZ     clampf32loop

clampf32done:
	VZEROUPPER
	RET

// func clampF64AVX2(dst, src []float64, lo, hi float64)
TEXT ·clampF64AVX2(SB), NOSPLIT, $0-64
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	VBROADCASTSD lo+48(FP), Y14
	VBROADCASTSD hi+56(FP), Y15
	SHRQ         $4, CX
	JZ           clampf64done

clampf64loop:
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVUPD 64(SI), Y2
	VMOVUPD 96(SI), Y3
	VMAXPD  Y0, Y14, Y0
	VMAXPD  Y1, Y14, Y1
	VMAXPD  Y2, Y14, Y2
	VMAXPD  Y3, Y14, Y3
	VMINPD  Y0, Y15, Y0
	VMINPD  Y1, Y15, Y1
	VMINPD  Y2, Y15, Y2
	VMINPD  Y3, Y15, Y3
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	DECQ    CX
	JNZ     clampf64loop

clampf64done:
	VZEROUPPER
	RET
