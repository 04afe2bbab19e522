#include "textflag.h"

// The float32 arithmetic of arith.go over whole vectors of eight: each
// function takes slices whose length is a multiple of 8 (arith.go does
// the rest in Go). One instruction per eight elements, each lane the
// correctly rounded IEEE result, as the scalar loop.

// func addVVAVX(o, a, b []float32)
TEXT ·addVVAVX(SB), NOSPLIT, $0-72
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
addvv16:
	CMPQ CX, $16
	JB   addvv8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VADDPS (DX), Y0, Y0
	VADDPS 32(DX), Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  addvv16
addvv8:
	TESTQ CX, CX
	JZ    addvvdone
	VMOVUPS (SI), Y0
	VADDPS (DX), Y0, Y0
	VMOVUPS Y0, (DI)
addvvdone:
	VZEROUPPER
	RET

// func addVSAVX(o, a []float32, s float32)
TEXT ·addVSAVX(SB), NOSPLIT, $0-52
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSS s+48(FP), Y2
addvs16:
	CMPQ CX, $16
	JB   addvs8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VADDPS Y2, Y0, Y0
	VADDPS Y2, Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  addvs16
addvs8:
	TESTQ CX, CX
	JZ    addvsdone
	VMOVUPS (SI), Y0
	VADDPS Y2, Y0, Y0
	VMOVUPS Y0, (DI)
addvsdone:
	VZEROUPPER
	RET

// func subVVAVX(o, a, b []float32)
TEXT ·subVVAVX(SB), NOSPLIT, $0-72
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
subvv16:
	CMPQ CX, $16
	JB   subvv8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VSUBPS (DX), Y0, Y0
	VSUBPS 32(DX), Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  subvv16
subvv8:
	TESTQ CX, CX
	JZ    subvvdone
	VMOVUPS (SI), Y0
	VSUBPS (DX), Y0, Y0
	VMOVUPS Y0, (DI)
subvvdone:
	VZEROUPPER
	RET

// func subSVAVX(o []float32, s float32, b []float32)
TEXT ·subSVAVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	VBROADCASTSS s+24(FP), Y2
	MOVQ b_base+32(FP), SI
subsv16:
	CMPQ CX, $16
	JB   subsv8
	VSUBPS (SI), Y2, Y0
	VSUBPS 32(SI), Y2, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  subsv16
subsv8:
	TESTQ CX, CX
	JZ    subsvdone
	VSUBPS (SI), Y2, Y0
	VMOVUPS Y0, (DI)
subsvdone:
	VZEROUPPER
	RET

// func mulVVAVX(o, a, b []float32)
TEXT ·mulVVAVX(SB), NOSPLIT, $0-72
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
mulvv16:
	CMPQ CX, $16
	JB   mulvv8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VMULPS (DX), Y0, Y0
	VMULPS 32(DX), Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  mulvv16
mulvv8:
	TESTQ CX, CX
	JZ    mulvvdone
	VMOVUPS (SI), Y0
	VMULPS (DX), Y0, Y0
	VMOVUPS Y0, (DI)
mulvvdone:
	VZEROUPPER
	RET

// func mulVSAVX(o, a []float32, s float32)
TEXT ·mulVSAVX(SB), NOSPLIT, $0-52
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSS s+48(FP), Y2
mulvs16:
	CMPQ CX, $16
	JB   mulvs8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VMULPS Y2, Y0, Y0
	VMULPS Y2, Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  mulvs16
mulvs8:
	TESTQ CX, CX
	JZ    mulvsdone
	VMOVUPS (SI), Y0
	VMULPS Y2, Y0, Y0
	VMOVUPS Y0, (DI)
mulvsdone:
	VZEROUPPER
	RET

// func divVVAVX(o, a, b []float32)
TEXT ·divVVAVX(SB), NOSPLIT, $0-72
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
divvv16:
	CMPQ CX, $16
	JB   divvv8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VDIVPS (DX), Y0, Y0
	VDIVPS 32(DX), Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  divvv16
divvv8:
	TESTQ CX, CX
	JZ    divvvdone
	VMOVUPS (SI), Y0
	VDIVPS (DX), Y0, Y0
	VMOVUPS Y0, (DI)
divvvdone:
	VZEROUPPER
	RET

// func divVSAVX(o, a []float32, s float32)
TEXT ·divVSAVX(SB), NOSPLIT, $0-52
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	VBROADCASTSS s+48(FP), Y2
divvs16:
	CMPQ CX, $16
	JB   divvs8
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VDIVPS Y2, Y0, Y0
	VDIVPS Y2, Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  divvs16
divvs8:
	TESTQ CX, CX
	JZ    divvsdone
	VMOVUPS (SI), Y0
	VDIVPS Y2, Y0, Y0
	VMOVUPS Y0, (DI)
divvsdone:
	VZEROUPPER
	RET

// func divSVAVX(o []float32, s float32, b []float32)
TEXT ·divSVAVX(SB), NOSPLIT, $0-56
	MOVQ o_base+0(FP), DI
	MOVQ o_len+8(FP), CX
	VBROADCASTSS s+24(FP), Y2
	MOVQ b_base+32(FP), SI
divsv16:
	CMPQ CX, $16
	JB   divsv8
	VDIVPS (SI), Y2, Y0
	VDIVPS 32(SI), Y2, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  divsv16
divsv8:
	TESTQ CX, CX
	JZ    divsvdone
	VDIVPS (SI), Y2, Y0
	VMOVUPS Y0, (DI)
divsvdone:
	VZEROUPPER
	RET
