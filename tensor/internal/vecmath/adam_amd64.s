#include "textflag.h"

// func adamAVX2(p, g, m, v []float32, a *AdamParams)
//
// One Adam step over len(p) elements, a multiple of 8, eight lanes at a
// time: the operations of adamGeneric, the moments' two sums fused
// (VFMADD231PS), every other operation rounded.
TEXT ·adamAVX2(SB), NOSPLIT, $0-104
	MOVQ         p_base+0(FP), DI
	MOVQ         p_len+8(FP), CX
	MOVQ         g_base+24(FP), SI
	MOVQ         m_base+48(FP), R8
	MOVQ         v_base+72(FP), R9
	MOVQ         a+96(FP), AX
	VBROADCASTSS 0(AX), Y8   // Beta1
	VBROADCASTSS 4(AX), Y9   // OneMinusBeta1
	VBROADCASTSS 8(AX), Y10  // Beta2
	VBROADCASTSS 12(AX), Y11 // OneMinusBeta2
	VBROADCASTSS 16(AX), Y12 // BiasCorrection2Sqrt
	VBROADCASTSS 20(AX), Y13 // Eps
	VBROADCASTSS 24(AX), Y14 // NegStepSize

adamloop:
	CMPQ    CX, $8
	JB      adamdone
	VMOVUPS (SI), Y0           // g
	VMULPS      (R8), Y8, Y1   // m·β1
	VFMADD231PS Y9, Y0, Y1     // m = g·(1−β1) + m·β1, rounded once
	VMOVUPS Y1, (R8)
	VMULPS      (R9), Y10, Y3  // v·β2
	VMULPS      Y11, Y0, Y4    // (1−β2)·g
	VFMADD231PS Y0, Y4, Y3     // v = (1−β2)·g·g + v·β2, rounded once
	VMOVUPS Y3, (R9)
	VSQRTPS Y3, Y5             // √v
	VDIVPS  Y12, Y5, Y5        // / √(1−β2ᵗ)
	VADDPS  Y13, Y5, Y5        // + eps
	VMULPS  Y14, Y1, Y6        // m·(−step)
	VDIVPS  Y5, Y6, Y6         // / denom
	VADDPS  (DI), Y6, Y6       // p +
	VMOVUPS Y6, (DI)
	ADDQ    $32, SI
	ADDQ    $32, R8
	ADDQ    $32, R9
	ADDQ    $32, DI
	SUBQ    $8, CX
	JMP     adamloop

adamdone:
	VZEROUPPER
	RET
