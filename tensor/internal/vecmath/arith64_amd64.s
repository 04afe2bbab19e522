//go:build amd64

#include "textflag.h"

// The float64 arithmetic of arith64.go over whole vectors of four: each
// function takes slices whose length is a multiple of 4 (arith64.go does
// the rest in Go), eight elements a step, then four. One instruction per
// four elements, each lane the correctly rounded IEEE result, as the
// scalar loop.

// func addVSF64AVX(o, a []float64, s float64)
TEXT ·addVSF64AVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSD s+48(FP), Y2
addvsd8:
	CMPQ CX, $8
	JB   addvsd4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VADDPD Y2, Y0, Y0
	VADDPD Y2, Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  addvsd8
addvsd4:
	TESTQ CX, CX
	JZ    addvsdend
	VMOVUPD (SI), Y0
	VADDPD Y2, Y0, Y0
	VMOVUPD Y0, (DI)
addvsdend:
	VZEROUPPER
	RET

// func subVVF64AVX(o, a, b []float64)
TEXT ·subVVF64AVX(SB), NOSPLIT, $0-72
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
subvvd8:
	CMPQ CX, $8
	JB   subvvd4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VSUBPD (DX), Y0, Y0
	VSUBPD 32(DX), Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  subvvd8
subvvd4:
	TESTQ CX, CX
	JZ    subvvdend
	VMOVUPD (SI), Y0
	VSUBPD (DX), Y0, Y0
	VMOVUPD Y0, (DI)
subvvdend:
	VZEROUPPER
	RET

// func subSVF64AVX(o []float64, s float64, b []float64)
TEXT ·subSVF64AVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	VBROADCASTSD s+24(FP), Y2
	MOVQ b_base+32(FP), SI
subsvd8:
	CMPQ CX, $8
	JB   subsvd4
	VSUBPD (SI), Y2, Y0
	VSUBPD 32(SI), Y2, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  subsvd8
subsvd4:
	TESTQ CX, CX
	JZ    subsvdend
	VSUBPD (SI), Y2, Y0
	VMOVUPD Y0, (DI)
subsvdend:
	VZEROUPPER
	RET

// func mulVVF64AVX(o, a, b []float64)
TEXT ·mulVVF64AVX(SB), NOSPLIT, $0-72
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
mulvvd8:
	CMPQ CX, $8
	JB   mulvvd4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMULPD (DX), Y0, Y0
	VMULPD 32(DX), Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  mulvvd8
mulvvd4:
	TESTQ CX, CX
	JZ    mulvvdend
	VMOVUPD (SI), Y0
	VMULPD (DX), Y0, Y0
	VMOVUPD Y0, (DI)
mulvvdend:
	VZEROUPPER
	RET

// func mulVSF64AVX(o, a []float64, s float64)
TEXT ·mulVSF64AVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSD s+48(FP), Y2
mulvsd8:
	CMPQ CX, $8
	JB   mulvsd4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMULPD Y2, Y0, Y0
	VMULPD Y2, Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  mulvsd8
mulvsd4:
	TESTQ CX, CX
	JZ    mulvsdend
	VMOVUPD (SI), Y0
	VMULPD Y2, Y0, Y0
	VMOVUPD Y0, (DI)
mulvsdend:
	VZEROUPPER
	RET

// func divVVF64AVX(o, a, b []float64)
TEXT ·divVVF64AVX(SB), NOSPLIT, $0-72
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
divvvd8:
	CMPQ CX, $8
	JB   divvvd4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VDIVPD (DX), Y0, Y0
	VDIVPD 32(DX), Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  divvvd8
divvvd4:
	TESTQ CX, CX
	JZ    divvvdend
	VMOVUPD (SI), Y0
	VDIVPD (DX), Y0, Y0
	VMOVUPD Y0, (DI)
divvvdend:
	VZEROUPPER
	RET

// func divVSF64AVX(o, a []float64, s float64)
TEXT ·divVSF64AVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSD s+48(FP), Y2
divvsd8:
	CMPQ CX, $8
	JB   divvsd4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VDIVPD Y2, Y0, Y0
	VDIVPD Y2, Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  divvsd8
divvsd4:
	TESTQ CX, CX
	JZ    divvsdend
	VMOVUPD (SI), Y0
	VDIVPD Y2, Y0, Y0
	VMOVUPD Y0, (DI)
divvsdend:
	VZEROUPPER
	RET

// func divSVF64AVX(o []float64, s float64, b []float64)
TEXT ·divSVF64AVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	VBROADCASTSD s+24(FP), Y2
	MOVQ b_base+32(FP), SI
divsvd8:
	CMPQ CX, $8
	JB   divsvd4
	VDIVPD (SI), Y2, Y0
	VDIVPD 32(SI), Y2, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  divsvd8
divsvd4:
	TESTQ CX, CX
	JZ    divsvdend
	VDIVPD (SI), Y2, Y0
	VMOVUPD Y0, (DI)
divsvdend:
	VZEROUPPER
	RET

// func subSquareF64AVX(o, a []float64, s float64)
// o[i] = (a[i] - s)·(a[i] - s) over whole vectors of four.
TEXT ·subSquareF64AVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSD s+48(FP), Y2
subsqd8:
	CMPQ CX, $8
	JB   subsqd4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VSUBPD Y2, Y0, Y0
	VSUBPD Y2, Y1, Y1
	VMULPD Y0, Y0, Y0
	VMULPD Y1, Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP  subsqd8
subsqd4:
	TESTQ CX, CX
	JZ    subsqdend
	VMOVUPD (SI), Y0
	VSUBPD Y2, Y0, Y0
	VMULPD Y0, Y0, Y0
	VMOVUPD Y0, (DI)
subsqdend:
	VZEROUPPER
	RET

// func subSquareF32AVX(o, a []float32, s float32)
// o[i] = (a[i] - s)·(a[i] - s) over whole vectors of eight.
TEXT ·subSquareF32AVX(SB), NOSPLIT, $0-52
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSS s+48(FP), Y2
subsqs16:
	CMPQ CX, $16
	JB   subsqs8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VSUBPS Y2, Y0, Y0
	VSUBPS Y2, Y1, Y1
	VMULPS Y0, Y0, Y0
	VMULPS Y1, Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  subsqs16
subsqs8:
	TESTQ CX, CX
	JZ    subsqsend
	VMOVUPS (SI), Y0
	VSUBPS Y2, Y0, Y0
	VMULPS Y0, Y0, Y0
	VMOVUPS Y0, (DI)
subsqsend:
	VZEROUPPER
	RET
