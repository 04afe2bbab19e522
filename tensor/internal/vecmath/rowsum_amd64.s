//go:build amd64

#include "textflag.h"

// The kernels of rowsum.go. Each lane adds in the Go loop's order, so the
// results are its bits (a NaN's payload aside).

// SUMROWS loads the arguments of sumRows*(acc, x []T, stride, k int): acc
// in DI, its length in CX, x in SI, the stride in bytes (shift: log2 of
// the element's size) in R8, k in R9.
#define SUMROWS(shift) \
	MOVQ acc_base+0(FP), DI; \
	MOVQ acc_len+8(FP), CX; \
	MOVQ x_base+24(FP), SI; \
	MOVQ stride+48(FP), R8; \
	SHLQ $shift, R8; \
	MOVQ k+56(FP), R9

// func sumRowsF64AVX512(acc, x []float64, stride, k int)
// len(acc) a multiple of 8, k >= 1: 32 columns at a time in four
// registers, then 8.
TEXT ·sumRowsF64AVX512(SB), NOSPLIT, $0-64
	SUMROWS(3)

srowsd512wide:
	CMPQ    CX, $32
	JB      srowsd512one
	VMOVUPD (DI), Z0
	VMOVUPD 64(DI), Z1
	VMOVUPD 128(DI), Z2
	VMOVUPD 192(DI), Z3
	MOVQ    SI, AX
	MOVQ    R9, BX

srowsd512widerow:
	VADDPD (AX), Z0, Z0
	VADDPD 64(AX), Z1, Z1
	VADDPD 128(AX), Z2, Z2
	VADDPD 192(AX), Z3, Z3
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowsd512widerow
	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	VMOVUPD Z2, 128(DI)
	VMOVUPD Z3, 192(DI)
	ADDQ    $256, DI
	ADDQ    $256, SI
	SUBQ    $32, CX
	JMP     srowsd512wide

srowsd512one:
	TESTQ   CX, CX
	JZ      srowsd512done
	VMOVUPD (DI), Z0
	MOVQ    SI, AX
	MOVQ    R9, BX

srowsd512onerow:
	VADDPD (AX), Z0, Z0
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowsd512onerow
	VMOVUPD Z0, (DI)
	ADDQ    $64, DI
	ADDQ    $64, SI
	SUBQ    $8, CX
	JMP     srowsd512one

srowsd512done:
	VZEROUPPER
	RET

// func sumRowsF64AVX2(acc, x []float64, stride, k int)
// len(acc) a multiple of 8, k >= 1: 16 columns at a time in four
// registers, then 4.
TEXT ·sumRowsF64AVX2(SB), NOSPLIT, $0-64
	SUMROWS(3)

srowsd256wide:
	CMPQ    CX, $16
	JB      srowsd256one
	VMOVUPD (DI), Y0
	VMOVUPD 32(DI), Y1
	VMOVUPD 64(DI), Y2
	VMOVUPD 96(DI), Y3
	MOVQ    SI, AX
	MOVQ    R9, BX

srowsd256widerow:
	VADDPD (AX), Y0, Y0
	VADDPD 32(AX), Y1, Y1
	VADDPD 64(AX), Y2, Y2
	VADDPD 96(AX), Y3, Y3
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowsd256widerow
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	SUBQ    $16, CX
	JMP     srowsd256wide

srowsd256one:
	TESTQ   CX, CX
	JZ      srowsd256done
	VMOVUPD (DI), Y0
	MOVQ    SI, AX
	MOVQ    R9, BX

srowsd256onerow:
	VADDPD (AX), Y0, Y0
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowsd256onerow
	VMOVUPD Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	SUBQ    $4, CX
	JMP     srowsd256one

srowsd256done:
	VZEROUPPER
	RET

// func sumRowsF32AVX512(acc, x []float32, stride, k int)
// len(acc) a multiple of 16, k >= 1: 64 columns at a time in four
// registers, then 16.
TEXT ·sumRowsF32AVX512(SB), NOSPLIT, $0-64
	SUMROWS(2)

srowss512wide:
	CMPQ    CX, $64
	JB      srowss512one
	VMOVUPS (DI), Z0
	VMOVUPS 64(DI), Z1
	VMOVUPS 128(DI), Z2
	VMOVUPS 192(DI), Z3
	MOVQ    SI, AX
	MOVQ    R9, BX

srowss512widerow:
	VADDPS (AX), Z0, Z0
	VADDPS 64(AX), Z1, Z1
	VADDPS 128(AX), Z2, Z2
	VADDPS 192(AX), Z3, Z3
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowss512widerow
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	ADDQ    $256, DI
	ADDQ    $256, SI
	SUBQ    $64, CX
	JMP     srowss512wide

srowss512one:
	TESTQ   CX, CX
	JZ      srowss512done
	VMOVUPS (DI), Z0
	MOVQ    SI, AX
	MOVQ    R9, BX

srowss512onerow:
	VADDPS (AX), Z0, Z0
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowss512onerow
	VMOVUPS Z0, (DI)
	ADDQ    $64, DI
	ADDQ    $64, SI
	SUBQ    $16, CX
	JMP     srowss512one

srowss512done:
	VZEROUPPER
	RET

// func sumRowsF32AVX2(acc, x []float32, stride, k int)
// len(acc) a multiple of 16, k >= 1: 32 columns at a time in four
// registers, then 8.
TEXT ·sumRowsF32AVX2(SB), NOSPLIT, $0-64
	SUMROWS(2)

srowss256wide:
	CMPQ    CX, $32
	JB      srowss256one
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	MOVQ    SI, AX
	MOVQ    R9, BX

srowss256widerow:
	VADDPS (AX), Y0, Y0
	VADDPS 32(AX), Y1, Y1
	VADDPS 64(AX), Y2, Y2
	VADDPS 96(AX), Y3, Y3
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowss256widerow
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	SUBQ    $32, CX
	JMP     srowss256wide

srowss256one:
	TESTQ   CX, CX
	JZ      srowss256done
	VMOVUPS (DI), Y0
	MOVQ    SI, AX
	MOVQ    R9, BX

srowss256onerow:
	VADDPS (AX), Y0, Y0
	ADDQ   R8, AX
	DECQ   BX
	JNZ    srowss256onerow
	VMOVUPS Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	SUBQ    $8, CX
	JMP     srowss256one

srowss256done:
	VZEROUPPER
	RET

// func pairwiseF64AVX512(x []float64) float64
// len(x) a multiple of 8, at least 8: the eight accumulators are the
// lanes of Z0; then lanes (0,1), (2,3), (4,5), (6,7) are added, the pairs
// (0,2) and (4,6) of those sums, and lane 0 and 4 last.
TEXT ·pairwiseF64AVX512(SB), NOSPLIT, $0-32
	MOVQ    x_base+0(FP), SI
	MOVQ    x_len+8(FP), CX
	VMOVUPD (SI), Z0
	ADDQ    $64, SI
	SUBQ    $8, CX

pwd512loop:
	TESTQ  CX, CX
	JZ     pwd512combine
	VADDPD (SI), Z0, Z0
	ADDQ   $64, SI
	SUBQ   $8, CX
	JMP    pwd512loop

pwd512combine:
	VPERMILPD     $0x55, Z0, Z1 // swap the lanes of each pair
	VADDPD        Z1, Z0, Z0    // lane 2k: r(2k) + r(2k+1)
	VPERMPD       $0x4E, Z0, Z1 // lanes 2, 3, 0, 1 of each half
	VADDPD        Z1, Z0, Z0    // lane 0: (r0+r1)+(r2+r3); lane 4: (r4+r5)+(r6+r7)
	VEXTRACTF64X4 $1, Z0, Y1
	VADDSD        X1, X0, X0
	VMOVSD        X0, ret+24(FP)
	VZEROUPPER
	RET

// func pairwiseF64AVX2(x []float64) float64
// len(x) a multiple of 8, at least 8: the accumulators r0-r3 in Y0, r4-r7
// in Y1.
TEXT ·pairwiseF64AVX2(SB), NOSPLIT, $0-32
	MOVQ    x_base+0(FP), SI
	MOVQ    x_len+8(FP), CX
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	ADDQ    $64, SI
	SUBQ    $8, CX

pwd256loop:
	TESTQ  CX, CX
	JZ     pwd256combine
	VADDPD (SI), Y0, Y0
	VADDPD 32(SI), Y1, Y1
	ADDQ   $64, SI
	SUBQ   $8, CX
	JMP    pwd256loop

pwd256combine:
	VHADDPD      Y1, Y0, Y2    // r0+r1, r4+r5, r2+r3, r6+r7
	VEXTRACTF128 $1, Y2, X3    // r2+r3, r6+r7
	VADDPD       X3, X2, X2    // (r0+r1)+(r2+r3), (r4+r5)+(r6+r7)
	VUNPCKHPD    X2, X2, X3
	VADDSD       X3, X2, X2
	VMOVSD       X2, ret+24(FP)
	VZEROUPPER
	RET

// func pairwiseF32AVX(x []float32) float32
// len(x) a multiple of 8, at least 8: the eight accumulators are the
// lanes of Y0 (for AVX-512 too: eight float32 fill a ymm); combined as
// pairwiseF64AVX512 combines its lanes.
TEXT ·pairwiseF32AVX(SB), NOSPLIT, $0-28
	MOVQ    x_base+0(FP), SI
	MOVQ    x_len+8(FP), CX
	VMOVUPS (SI), Y0
	ADDQ    $32, SI
	SUBQ    $8, CX

pws256loop:
	TESTQ  CX, CX
	JZ     pws256combine
	VADDPS (SI), Y0, Y0
	ADDQ   $32, SI
	SUBQ   $8, CX
	JMP    pws256loop

pws256combine:
	VPERMILPS    $0xB1, Y0, Y1 // swap the lanes of each pair
	VADDPS       Y1, Y0, Y0    // lane 2k: r(2k) + r(2k+1)
	VPERMILPS    $0x4E, Y0, Y1 // lanes 2, 3, 0, 1 of each half
	VADDPS       Y1, Y0, Y0    // lane 0: (r0+r1)+(r2+r3); lane 4: (r4+r5)+(r6+r7)
	VEXTRACTF128 $1, Y0, X1
	VADDSS       X1, X0, X0
	VMOVSS       X0, ret+24(FP)
	VZEROUPPER
	RET
