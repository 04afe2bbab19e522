//go:build amd64

#include "textflag.h"

// func addRows8F32AVX2(acc []float32, rows *[8][]float32, load bool)
//
// AddRows8Float32's kernel for a length that is a multiple of 8:
// acc[j] = acc[j] + (((a+b) + (c+d)) + ((e+f) + (g+h)))[j], or the
// bracket alone with load set. Each lane adds in the Go loop's order, so
// the results are its bits (a NaN's payload aside).
TEXT ·addRows8F32AVX2(SB), NOSPLIT, $0-33
	MOVQ   acc_base+0(FP), DX
	MOVQ   acc_len+8(FP), CX
	SHLQ   $2, CX
	MOVQ   rows+24(FP), AX
	MOVQ   0(AX), SI
	MOVQ   24(AX), DI
	MOVQ   48(AX), R8
	MOVQ   72(AX), R9
	MOVQ   96(AX), R10
	MOVQ   120(AX), R11
	MOVQ   144(AX), R12
	MOVQ   168(AX), R13
	MOVBLZX load+32(FP), BX
	XORQ   AX, AX

rowsf32loop:
	CMPQ    AX, CX
	JAE     rowsf32done
	VMOVUPS (SI)(AX*1), Y0
	VADDPS  (DI)(AX*1), Y0, Y0
	VMOVUPS (R8)(AX*1), Y1
	VADDPS  (R9)(AX*1), Y1, Y1
	VADDPS  Y1, Y0, Y0
	VMOVUPS (R10)(AX*1), Y2
	VADDPS  (R11)(AX*1), Y2, Y2
	VMOVUPS (R12)(AX*1), Y3
	VADDPS  (R13)(AX*1), Y3, Y3
	VADDPS  Y3, Y2, Y2
	VADDPS  Y2, Y0, Y0
	TESTQ   BX, BX
	JNZ     rowsf32store
	VMOVUPS (DX)(AX*1), Y4
	VADDPS  Y0, Y4, Y0

rowsf32store:
	VMOVUPS Y0, (DX)(AX*1)
	ADDQ    $32, AX
	JMP     rowsf32loop

rowsf32done:
	VZEROUPPER
	RET
