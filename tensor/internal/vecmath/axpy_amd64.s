#include "textflag.h"

// The fused multiply-adds of axpy.go: o[i] = s·b[i] + o[i], one rounding
// per element (VFMADD213: Y0 = s·Y0 + o). Lengths are a multiple of the
// vector (8 float32s, 4 float64s); axpy.go does the rest in Go.

// func axpyF32FMA(o, b []float32, s float32)
TEXT ·axpyF32FMA(SB), NOSPLIT, $0-52
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ b_base+24(FP), SI
	VBROADCASTSS s+48(FP), Y2
axpy32x16:
	CMPQ CX, $16
	JB   axpy32x8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VFMADD213PS (DI), Y2, Y0
	VFMADD213PS 32(DI), Y2, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  axpy32x16
axpy32x8:
	TESTQ CX, CX
	JZ    axpy32done
	VMOVUPS (SI), Y0
	VFMADD213PS (DI), Y2, Y0
	VMOVUPS Y0, (DI)
axpy32done:
	VZEROUPPER
	RET

// func axpyF64FMA(o, b []float64, s float64)
TEXT ·axpyF64FMA(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ b_base+24(FP), SI
	VBROADCASTSD s+48(FP), Y2
axpy64x8:
	CMPQ CX, $8
	JB   axpy64x4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VFMADD213PD (DI), Y2, Y0
	VFMADD213PD 32(DI), Y2, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  axpy64x8
axpy64x4:
	TESTQ CX, CX
	JZ    axpy64done
	VMOVUPD (SI), Y0
	VFMADD213PD (DI), Y2, Y0
	VMOVUPD Y0, (DI)
axpy64done:
	VZEROUPPER
	RET

// tanh's backward (tanh.go): dst[i] = g[i]·(1 - y[i]·y[i]), 1 - y·y one
// fused multiply-add (VFNMADD213: Y0 = -(Y0·Y0) + 1), then the product.
// The length is a multiple of 8; tanh.go does the rest in Go.

// func tanhGradF32FMA(dst, g, y []float32, one float32)
TEXT ·tanhGradF32FMA(SB), NOSPLIT, $0-76
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ g_base+24(FP), SI
	MOVQ y_base+48(FP), DX
	VBROADCASTSS one+72(FP), Y3
tgrad32x16:
	CMPQ CX, $16
	JB   tgrad32x8
	VMOVUPS (DX), Y0
	VMOVUPS 32(DX), Y1
	VFNMADD213PS Y3, Y0, Y0
	VFNMADD213PS Y3, Y1, Y1
	VMULPS (SI), Y0, Y0
	VMULPS 32(SI), Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  tgrad32x16
tgrad32x8:
	TESTQ CX, CX
	JZ    tgrad32done
	VMOVUPS (DX), Y0
	VFNMADD213PS Y3, Y0, Y0
	VMULPS (SI), Y0, Y0
	VMOVUPS Y0, (DI)
tgrad32done:
	VZEROUPPER
	RET
