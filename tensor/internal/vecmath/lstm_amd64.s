#include "textflag.h"

// The fused LSTM cell's backward over eight elements of a row at a time
// (LSTMBackwardRowFloat32 gives the formulas). Every product, sum and
// difference is one float32 vector operation, in the Go loop's order;
// 1 − y² is computed on the widened values as one float64 fused
// multiply-add and rounded once to float32.

// ONE_MINUS_SQ(addr, lo, hi) sets lo to 1 − y² of the eight float32 at
// addr, using hi; Y14 holds float64 ones.
#define ONE_MINUS_SQ(addr0, addr1, lo, hi, xlo, xhi) \
	VCVTPS2PD    addr0, lo; \
	VCVTPS2PD    addr1, hi; \
	VFNMADD213PD Y14, lo, lo; \
	VFNMADD213PD Y14, hi, hi; \
	VCVTPD2PSY   lo, xlo; \
	VCVTPD2PSY   hi, xhi; \
	VINSERTF128  $1, xhi, lo, lo

// func lstmBackwardF32AVX2(dg, dc, ghy, gcy, act, tcy, cx []float32, h int)
TEXT ·lstmBackwardF32AVX2(SB), NOSPLIT, $0-176
	MOVQ dg_base+0(FP), DI
	MOVQ dc_base+24(FP), SI
	MOVQ dc_len+32(FP), CX
	MOVQ ghy_base+48(FP), R8
	MOVQ gcy_base+72(FP), R9
	MOVQ act_base+96(FP), R10
	MOVQ tcy_base+120(FP), R11
	MOVQ cx_base+144(FP), R12
	MOVQ h+168(FP), DX
	SHLQ $2, DX              // a gate block, in bytes
	LEAQ (DX)(DX*1), BX      // two blocks
	LEAQ (BX)(DX*1), AX      // three blocks

	MOVL         $0x3f800000, R13
	VMOVD        R13, X15
	VBROADCASTSS X15, Y15    // float32 ones
	MOVQ         $0x3ff0000000000000, R13
	VMOVQ        R13, X14
	VBROADCASTSD X14, Y14    // float64 ones

loop:
	CMPQ CX, $8
	JB   done

	// gc = gcy + (ghy·o)·(1 − tcy²); the output gate's gradient
	// ((ghy·tcy)·(1 − o))·o.
	VMOVUPS (R8), Y0         // ghy
	VMOVUPS (R11), Y1        // tcy
	VMULPS  Y1, Y0, Y2       // ghy·tcy
	VMOVUPS (R10)(AX*1), Y3  // o
	VMULPS  Y3, Y0, Y4       // ghy·o
	ONE_MINUS_SQ((R11), 16(R11), Y5, Y6, X5, X6)
	VMULPS  Y5, Y4, Y4
	VADDPS  (R9), Y4, Y4     // gc
	VSUBPS  Y3, Y15, Y7      // 1 − o
	VMULPS  Y7, Y2, Y2
	VMULPS  Y3, Y2, Y2
	VMOVUPS Y2, (DI)(AX*1)

	// The input gate ((gc·g)·(1 − i))·i and the cell gate (gc·i)·(1 − g²).
	VMOVUPS (R10), Y0        // i
	VMOVUPS (R10)(BX*1), Y1  // g
	VMULPS  Y1, Y4, Y2
	VSUBPS  Y0, Y15, Y7
	VMULPS  Y7, Y2, Y2
	VMULPS  Y0, Y2, Y2
	VMOVUPS Y2, (DI)
	ONE_MINUS_SQ((R10)(BX*1), 16(R10)(BX*1), Y5, Y6, X5, X6)
	VMULPS  Y0, Y4, Y2
	VMULPS  Y5, Y2, Y2
	VMOVUPS Y2, (DI)(BX*1)

	// The forget gate ((gc·cx)·(1 − f))·f and cx's gradient gc·f.
	VMOVUPS (R10)(DX*1), Y0  // f
	VMOVUPS (R12), Y1        // cx
	VMULPS  Y1, Y4, Y2
	VSUBPS  Y0, Y15, Y7
	VMULPS  Y7, Y2, Y2
	VMULPS  Y0, Y2, Y2
	VMOVUPS Y2, (DI)(DX*1)
	VMULPS  Y0, Y4, Y3
	VMOVUPS Y3, (SI)

	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, R12
	SUBQ $8, CX
	JMP  loop

done:
	VZEROUPPER
	RET
