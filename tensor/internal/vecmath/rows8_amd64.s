//go:build amd64

#include "textflag.h"

// The kernels of rows8.go: acc[j] = acc[j] + (((a+b) + (c+d)) + ((e+f) +
// (g+h)))[j], or the bracket alone with load set, for a length that is a
// multiple of 8. Each lane adds in the Go loop's order, so the results
// are its bits (a NaN's payload aside).

// ROWS8 loads the arguments: acc in DX, its length in bytes in CX, the
// eight rows in SI, DI, R8-R13, load in BX; AX is the byte offset.
#define ROWS8 \
	MOVQ acc_base+0(FP), DX; \
	MOVQ acc_len+8(FP), CX; \
	SHLQ $3, CX; \
	MOVQ rows+24(FP), AX; \
	MOVQ 0(AX), SI; \
	MOVQ 24(AX), DI; \
	MOVQ 48(AX), R8; \
	MOVQ 72(AX), R9; \
	MOVQ 96(AX), R10; \
	MOVQ 120(AX), R11; \
	MOVQ 144(AX), R12; \
	MOVQ 168(AX), R13; \
	MOVBLZX load+32(FP), BX; \
	XORQ AX, AX

// func addRows8F64AVX512(acc []float64, rows *[8][]float64, load bool)
TEXT ·addRows8F64AVX512(SB), NOSPLIT, $0-33
	ROWS8

rows512loop:
	CMPQ    AX, CX
	JAE     rows512done
	VMOVUPD (SI)(AX*1), Z0
	VADDPD  (DI)(AX*1), Z0, Z0
	VMOVUPD (R8)(AX*1), Z1
	VADDPD  (R9)(AX*1), Z1, Z1
	VADDPD  Z1, Z0, Z0
	VMOVUPD (R10)(AX*1), Z2
	VADDPD  (R11)(AX*1), Z2, Z2
	VMOVUPD (R12)(AX*1), Z3
	VADDPD  (R13)(AX*1), Z3, Z3
	VADDPD  Z3, Z2, Z2
	VADDPD  Z2, Z0, Z0
	TESTQ   BX, BX
	JNZ     rows512store
	VMOVUPD (DX)(AX*1), Z4
	VADDPD  Z0, Z4, Z0

rows512store:
	VMOVUPD Z0, (DX)(AX*1)
	ADDQ    $64, AX
	JMP     rows512loop

rows512done:
	VZEROUPPER
	RET

// func addRows8F64AVX2(acc []float64, rows *[8][]float64, load bool)
TEXT ·addRows8F64AVX2(SB), NOSPLIT, $0-33
	ROWS8

rows256loop:
	CMPQ    AX, CX
	JAE     rows256done
	VMOVUPD (SI)(AX*1), Y0
	VADDPD  (DI)(AX*1), Y0, Y0
	VMOVUPD (R8)(AX*1), Y1
	VADDPD  (R9)(AX*1), Y1, Y1
	VADDPD  Y1, Y0, Y0
	VMOVUPD (R10)(AX*1), Y2
	VADDPD  (R11)(AX*1), Y2, Y2
	VMOVUPD (R12)(AX*1), Y3
	VADDPD  (R13)(AX*1), Y3, Y3
	VADDPD  Y3, Y2, Y2
	VADDPD  Y2, Y0, Y0
	TESTQ   BX, BX
	JNZ     rows256store
	VMOVUPD (DX)(AX*1), Y4
	VADDPD  Y0, Y4, Y0

rows256store:
	VMOVUPD Y0, (DX)(AX*1)
	ADDQ    $32, AX
	JMP     rows256loop

rows256done:
	VZEROUPPER
	RET
