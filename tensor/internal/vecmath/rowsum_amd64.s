//go:build amd64

#include "textflag.h"

// The kernels of rowsum.go. Each lane adds in the Go loop's order, so the
// results are its bits (a NaN's payload aside).

// SUMROWS loads the arguments of sumRows*(acc, x []T, stride, k int, zero
// bool): acc in DI, its length in CX, x in SI, the stride in bytes
// (shift: log2 of the element's size) in R8, k in R9, zero in R10.
#define SUMROWS(shift) \
	MOVQ    acc_base+0(FP), DI; \
	MOVQ    acc_len+8(FP), CX; \
	MOVQ    x_base+24(FP), SI; \
	MOVQ    stride+48(FP), R8; \
	SHLQ    $shift, R8; \
	MOVQ    k+56(FP), R9; \
	MOVBLZX zero+64(FP), R10

// SUMROWS8 loads the arguments of sumRows8*(acc, x []T, stride int, zero
// bool): acc in DI, its length in CX, the stride in bytes (shift: log2 of
// the element's size) in R8, the rows: row 0 at SI, 1 at R10, 2 at R11, 3
// at R12, and rows 4 to 7 four strides past those; zero in R13.
#define SUMROWS8(shift) \
	MOVQ    acc_base+0(FP), DI; \
	MOVQ    acc_len+8(FP), CX; \
	MOVQ    x_base+24(FP), SI; \
	MOVQ    stride+48(FP), R8; \
	SHLQ    $shift, R8; \
	LEAQ    (SI)(R8*1), R10; \
	LEAQ    (SI)(R8*2), R11; \
	LEAQ    (R10)(R8*2), R12; \
	MOVBLZX zero+56(FP), R13

// The sumRows8 kernels add exactly eight rows, sweeping the columns with
// one pointer per row, each a sequential stream: acc[j] = ((acc[j] + r0[j])
// + r1[j]) + ... + r7[j] in one register from load to store. With zero
// set, every kernel starts each register at +0.0 instead of loading acc,
// which it then only writes: (+0.0 + r0[j]) + ..., the first pass over a
// fresh output without a clear before it.

// func sumRowsF64AVX512(acc, x []float64, stride, k int, zero bool)
// len(acc) a multiple of 8, k >= 1: 32 columns at a time in four
// registers, then 8.
TEXT ·sumRowsF64AVX512(SB), NOSPLIT, $0-65
	SUMROWS(3)

srowsd512wide:
	CMPQ    CX, $32
	JB      srowsd512one
	TESTQ   R10, R10
	JNZ     srowsd512widezero
	VMOVUPD (DI), Z0
	VMOVUPD 64(DI), Z1
	VMOVUPD 128(DI), Z2
	VMOVUPD 192(DI), Z3
	JMP     srowsd512wideacc
srowsd512widezero:
	VPXORQ  Z0, Z0, Z0
	VPXORQ  Z1, Z1, Z1
	VPXORQ  Z2, Z2, Z2
	VPXORQ  Z3, Z3, Z3
srowsd512wideacc:
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
	TESTQ   R10, R10
	JNZ     srowsd512onezero
	VMOVUPD (DI), Z0
	JMP     srowsd512oneacc
srowsd512onezero:
	VPXORQ  Z0, Z0, Z0
srowsd512oneacc:
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

// func sumRowsF64AVX2(acc, x []float64, stride, k int, zero bool)
// len(acc) a multiple of 8, k >= 1: 16 columns at a time in four
// registers, then 4.
TEXT ·sumRowsF64AVX2(SB), NOSPLIT, $0-65
	SUMROWS(3)

srowsd256wide:
	CMPQ    CX, $16
	JB      srowsd256one
	TESTQ   R10, R10
	JNZ     srowsd256widezero
	VMOVUPD (DI), Y0
	VMOVUPD 32(DI), Y1
	VMOVUPD 64(DI), Y2
	VMOVUPD 96(DI), Y3
	JMP     srowsd256wideacc
srowsd256widezero:
	VXORPS  Y0, Y0, Y0
	VXORPS  Y1, Y1, Y1
	VXORPS  Y2, Y2, Y2
	VXORPS  Y3, Y3, Y3
srowsd256wideacc:
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
	TESTQ   R10, R10
	JNZ     srowsd256onezero
	VMOVUPD (DI), Y0
	JMP     srowsd256oneacc
srowsd256onezero:
	VXORPS  Y0, Y0, Y0
srowsd256oneacc:
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

// func sumRowsF32AVX512(acc, x []float32, stride, k int, zero bool)
// len(acc) a multiple of 16, k >= 1: 64 columns at a time in four
// registers, then 16.
TEXT ·sumRowsF32AVX512(SB), NOSPLIT, $0-65
	SUMROWS(2)

srowss512wide:
	CMPQ    CX, $64
	JB      srowss512one
	TESTQ   R10, R10
	JNZ     srowss512widezero
	VMOVUPS (DI), Z0
	VMOVUPS 64(DI), Z1
	VMOVUPS 128(DI), Z2
	VMOVUPS 192(DI), Z3
	JMP     srowss512wideacc
srowss512widezero:
	VPXORQ  Z0, Z0, Z0
	VPXORQ  Z1, Z1, Z1
	VPXORQ  Z2, Z2, Z2
	VPXORQ  Z3, Z3, Z3
srowss512wideacc:
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
	TESTQ   R10, R10
	JNZ     srowss512onezero
	VMOVUPS (DI), Z0
	JMP     srowss512oneacc
srowss512onezero:
	VPXORQ  Z0, Z0, Z0
srowss512oneacc:
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

// func sumRowsF32AVX2(acc, x []float32, stride, k int, zero bool)
// len(acc) a multiple of 16, k >= 1: 32 columns at a time in four
// registers, then 8.
TEXT ·sumRowsF32AVX2(SB), NOSPLIT, $0-65
	SUMROWS(2)

srowss256wide:
	CMPQ    CX, $32
	JB      srowss256one
	TESTQ   R10, R10
	JNZ     srowss256widezero
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	JMP     srowss256wideacc
srowss256widezero:
	VXORPS  Y0, Y0, Y0
	VXORPS  Y1, Y1, Y1
	VXORPS  Y2, Y2, Y2
	VXORPS  Y3, Y3, Y3
srowss256wideacc:
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
	TESTQ   R10, R10
	JNZ     srowss256onezero
	VMOVUPS (DI), Y0
	JMP     srowss256oneacc
srowss256onezero:
	VXORPS  Y0, Y0, Y0
srowss256oneacc:
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

// func sumRows8F64AVX512(acc, x []float64, stride int, zero bool)
// Eight rows: 32 columns at a time in four registers, then 8.
TEXT ·sumRows8F64AVX512(SB), NOSPLIT, $0-57
	SUMROWS8(3)

s8d512wide:
	CMPQ    CX, $32
	JB      s8d512one
	TESTQ   R13, R13
	JNZ     s8d512widezero
	VMOVUPD (DI), Z0
	VMOVUPD 64(DI), Z1
	VMOVUPD 128(DI), Z2
	VMOVUPD 192(DI), Z3
	JMP     s8d512wideacc
s8d512widezero:
	VPXORQ  Z0, Z0, Z0
	VPXORQ  Z1, Z1, Z1
	VPXORQ  Z2, Z2, Z2
	VPXORQ  Z3, Z3, Z3
s8d512wideacc:
	VADDPD  (SI), Z0, Z0
	VADDPD  64(SI), Z1, Z1
	VADDPD  128(SI), Z2, Z2
	VADDPD  192(SI), Z3, Z3
	VADDPD  (R10), Z0, Z0
	VADDPD  64(R10), Z1, Z1
	VADDPD  128(R10), Z2, Z2
	VADDPD  192(R10), Z3, Z3
	VADDPD  (R11), Z0, Z0
	VADDPD  64(R11), Z1, Z1
	VADDPD  128(R11), Z2, Z2
	VADDPD  192(R11), Z3, Z3
	VADDPD  (R12), Z0, Z0
	VADDPD  64(R12), Z1, Z1
	VADDPD  128(R12), Z2, Z2
	VADDPD  192(R12), Z3, Z3
	VADDPD  (SI)(R8*4), Z0, Z0
	VADDPD  64(SI)(R8*4), Z1, Z1
	VADDPD  128(SI)(R8*4), Z2, Z2
	VADDPD  192(SI)(R8*4), Z3, Z3
	VADDPD  (R10)(R8*4), Z0, Z0
	VADDPD  64(R10)(R8*4), Z1, Z1
	VADDPD  128(R10)(R8*4), Z2, Z2
	VADDPD  192(R10)(R8*4), Z3, Z3
	VADDPD  (R11)(R8*4), Z0, Z0
	VADDPD  64(R11)(R8*4), Z1, Z1
	VADDPD  128(R11)(R8*4), Z2, Z2
	VADDPD  192(R11)(R8*4), Z3, Z3
	VADDPD  (R12)(R8*4), Z0, Z0
	VADDPD  64(R12)(R8*4), Z1, Z1
	VADDPD  128(R12)(R8*4), Z2, Z2
	VADDPD  192(R12)(R8*4), Z3, Z3
	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	VMOVUPD Z2, 128(DI)
	VMOVUPD Z3, 192(DI)
	ADDQ    $256, DI
	ADDQ    $256, SI
	ADDQ    $256, R10
	ADDQ    $256, R11
	ADDQ    $256, R12
	SUBQ    $32, CX
	JMP     s8d512wide

s8d512one:
	TESTQ   CX, CX
	JZ      s8d512done
	TESTQ   R13, R13
	JNZ     s8d512onezero
	VMOVUPD (DI), Z0
	JMP     s8d512oneacc
s8d512onezero:
	VPXORQ  Z0, Z0, Z0
s8d512oneacc:
	VADDPD  (SI), Z0, Z0
	VADDPD  (R10), Z0, Z0
	VADDPD  (R11), Z0, Z0
	VADDPD  (R12), Z0, Z0
	VADDPD  (SI)(R8*4), Z0, Z0
	VADDPD  (R10)(R8*4), Z0, Z0
	VADDPD  (R11)(R8*4), Z0, Z0
	VADDPD  (R12)(R8*4), Z0, Z0
	VMOVUPD Z0, (DI)
	ADDQ    $64, DI
	ADDQ    $64, SI
	ADDQ    $64, R10
	ADDQ    $64, R11
	ADDQ    $64, R12
	SUBQ    $8, CX
	JMP     s8d512one

s8d512done:
	VZEROUPPER
	RET

// func sumRows8F64AVX2(acc, x []float64, stride int, zero bool)
// Eight rows: 16 columns at a time in four registers, then 4.
TEXT ·sumRows8F64AVX2(SB), NOSPLIT, $0-57
	SUMROWS8(3)

s8d256wide:
	CMPQ    CX, $16
	JB      s8d256one
	TESTQ   R13, R13
	JNZ     s8d256widezero
	VMOVUPD (DI), Y0
	VMOVUPD 32(DI), Y1
	VMOVUPD 64(DI), Y2
	VMOVUPD 96(DI), Y3
	JMP     s8d256wideacc
s8d256widezero:
	VXORPS  Y0, Y0, Y0
	VXORPS  Y1, Y1, Y1
	VXORPS  Y2, Y2, Y2
	VXORPS  Y3, Y3, Y3
s8d256wideacc:
	VADDPD  (SI), Y0, Y0
	VADDPD  32(SI), Y1, Y1
	VADDPD  64(SI), Y2, Y2
	VADDPD  96(SI), Y3, Y3
	VADDPD  (R10), Y0, Y0
	VADDPD  32(R10), Y1, Y1
	VADDPD  64(R10), Y2, Y2
	VADDPD  96(R10), Y3, Y3
	VADDPD  (R11), Y0, Y0
	VADDPD  32(R11), Y1, Y1
	VADDPD  64(R11), Y2, Y2
	VADDPD  96(R11), Y3, Y3
	VADDPD  (R12), Y0, Y0
	VADDPD  32(R12), Y1, Y1
	VADDPD  64(R12), Y2, Y2
	VADDPD  96(R12), Y3, Y3
	VADDPD  (SI)(R8*4), Y0, Y0
	VADDPD  32(SI)(R8*4), Y1, Y1
	VADDPD  64(SI)(R8*4), Y2, Y2
	VADDPD  96(SI)(R8*4), Y3, Y3
	VADDPD  (R10)(R8*4), Y0, Y0
	VADDPD  32(R10)(R8*4), Y1, Y1
	VADDPD  64(R10)(R8*4), Y2, Y2
	VADDPD  96(R10)(R8*4), Y3, Y3
	VADDPD  (R11)(R8*4), Y0, Y0
	VADDPD  32(R11)(R8*4), Y1, Y1
	VADDPD  64(R11)(R8*4), Y2, Y2
	VADDPD  96(R11)(R8*4), Y3, Y3
	VADDPD  (R12)(R8*4), Y0, Y0
	VADDPD  32(R12)(R8*4), Y1, Y1
	VADDPD  64(R12)(R8*4), Y2, Y2
	VADDPD  96(R12)(R8*4), Y3, Y3
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	ADDQ    $128, R10
	ADDQ    $128, R11
	ADDQ    $128, R12
	SUBQ    $16, CX
	JMP     s8d256wide

s8d256one:
	TESTQ   CX, CX
	JZ      s8d256done
	TESTQ   R13, R13
	JNZ     s8d256onezero
	VMOVUPD (DI), Y0
	JMP     s8d256oneacc
s8d256onezero:
	VXORPS  Y0, Y0, Y0
s8d256oneacc:
	VADDPD  (SI), Y0, Y0
	VADDPD  (R10), Y0, Y0
	VADDPD  (R11), Y0, Y0
	VADDPD  (R12), Y0, Y0
	VADDPD  (SI)(R8*4), Y0, Y0
	VADDPD  (R10)(R8*4), Y0, Y0
	VADDPD  (R11)(R8*4), Y0, Y0
	VADDPD  (R12)(R8*4), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, R10
	ADDQ    $32, R11
	ADDQ    $32, R12
	SUBQ    $4, CX
	JMP     s8d256one

s8d256done:
	VZEROUPPER
	RET

// func sumRows8F32AVX512(acc, x []float32, stride int, zero bool)
// Eight rows: 64 columns at a time in four registers, then 16.
TEXT ·sumRows8F32AVX512(SB), NOSPLIT, $0-57
	SUMROWS8(2)

s8s512wide:
	CMPQ    CX, $64
	JB      s8s512one
	TESTQ   R13, R13
	JNZ     s8s512widezero
	VMOVUPS (DI), Z0
	VMOVUPS 64(DI), Z1
	VMOVUPS 128(DI), Z2
	VMOVUPS 192(DI), Z3
	JMP     s8s512wideacc
s8s512widezero:
	VPXORQ  Z0, Z0, Z0
	VPXORQ  Z1, Z1, Z1
	VPXORQ  Z2, Z2, Z2
	VPXORQ  Z3, Z3, Z3
s8s512wideacc:
	VADDPS  (SI), Z0, Z0
	VADDPS  64(SI), Z1, Z1
	VADDPS  128(SI), Z2, Z2
	VADDPS  192(SI), Z3, Z3
	VADDPS  (R10), Z0, Z0
	VADDPS  64(R10), Z1, Z1
	VADDPS  128(R10), Z2, Z2
	VADDPS  192(R10), Z3, Z3
	VADDPS  (R11), Z0, Z0
	VADDPS  64(R11), Z1, Z1
	VADDPS  128(R11), Z2, Z2
	VADDPS  192(R11), Z3, Z3
	VADDPS  (R12), Z0, Z0
	VADDPS  64(R12), Z1, Z1
	VADDPS  128(R12), Z2, Z2
	VADDPS  192(R12), Z3, Z3
	VADDPS  (SI)(R8*4), Z0, Z0
	VADDPS  64(SI)(R8*4), Z1, Z1
	VADDPS  128(SI)(R8*4), Z2, Z2
	VADDPS  192(SI)(R8*4), Z3, Z3
	VADDPS  (R10)(R8*4), Z0, Z0
	VADDPS  64(R10)(R8*4), Z1, Z1
	VADDPS  128(R10)(R8*4), Z2, Z2
	VADDPS  192(R10)(R8*4), Z3, Z3
	VADDPS  (R11)(R8*4), Z0, Z0
	VADDPS  64(R11)(R8*4), Z1, Z1
	VADDPS  128(R11)(R8*4), Z2, Z2
	VADDPS  192(R11)(R8*4), Z3, Z3
	VADDPS  (R12)(R8*4), Z0, Z0
	VADDPS  64(R12)(R8*4), Z1, Z1
	VADDPS  128(R12)(R8*4), Z2, Z2
	VADDPS  192(R12)(R8*4), Z3, Z3
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	ADDQ    $256, DI
	ADDQ    $256, SI
	ADDQ    $256, R10
	ADDQ    $256, R11
	ADDQ    $256, R12
	SUBQ    $64, CX
	JMP     s8s512wide

s8s512one:
	TESTQ   CX, CX
	JZ      s8s512done
	TESTQ   R13, R13
	JNZ     s8s512onezero
	VMOVUPS (DI), Z0
	JMP     s8s512oneacc
s8s512onezero:
	VPXORQ  Z0, Z0, Z0
s8s512oneacc:
	VADDPS  (SI), Z0, Z0
	VADDPS  (R10), Z0, Z0
	VADDPS  (R11), Z0, Z0
	VADDPS  (R12), Z0, Z0
	VADDPS  (SI)(R8*4), Z0, Z0
	VADDPS  (R10)(R8*4), Z0, Z0
	VADDPS  (R11)(R8*4), Z0, Z0
	VADDPS  (R12)(R8*4), Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ    $64, DI
	ADDQ    $64, SI
	ADDQ    $64, R10
	ADDQ    $64, R11
	ADDQ    $64, R12
	SUBQ    $16, CX
	JMP     s8s512one

s8s512done:
	VZEROUPPER
	RET

// func sumRows8F32AVX2(acc, x []float32, stride int, zero bool)
// Eight rows: 32 columns at a time in four registers, then 8.
TEXT ·sumRows8F32AVX2(SB), NOSPLIT, $0-57
	SUMROWS8(2)

s8s256wide:
	CMPQ    CX, $32
	JB      s8s256one
	TESTQ   R13, R13
	JNZ     s8s256widezero
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	JMP     s8s256wideacc
s8s256widezero:
	VXORPS  Y0, Y0, Y0
	VXORPS  Y1, Y1, Y1
	VXORPS  Y2, Y2, Y2
	VXORPS  Y3, Y3, Y3
s8s256wideacc:
	VADDPS  (SI), Y0, Y0
	VADDPS  32(SI), Y1, Y1
	VADDPS  64(SI), Y2, Y2
	VADDPS  96(SI), Y3, Y3
	VADDPS  (R10), Y0, Y0
	VADDPS  32(R10), Y1, Y1
	VADDPS  64(R10), Y2, Y2
	VADDPS  96(R10), Y3, Y3
	VADDPS  (R11), Y0, Y0
	VADDPS  32(R11), Y1, Y1
	VADDPS  64(R11), Y2, Y2
	VADDPS  96(R11), Y3, Y3
	VADDPS  (R12), Y0, Y0
	VADDPS  32(R12), Y1, Y1
	VADDPS  64(R12), Y2, Y2
	VADDPS  96(R12), Y3, Y3
	VADDPS  (SI)(R8*4), Y0, Y0
	VADDPS  32(SI)(R8*4), Y1, Y1
	VADDPS  64(SI)(R8*4), Y2, Y2
	VADDPS  96(SI)(R8*4), Y3, Y3
	VADDPS  (R10)(R8*4), Y0, Y0
	VADDPS  32(R10)(R8*4), Y1, Y1
	VADDPS  64(R10)(R8*4), Y2, Y2
	VADDPS  96(R10)(R8*4), Y3, Y3
	VADDPS  (R11)(R8*4), Y0, Y0
	VADDPS  32(R11)(R8*4), Y1, Y1
	VADDPS  64(R11)(R8*4), Y2, Y2
	VADDPS  96(R11)(R8*4), Y3, Y3
	VADDPS  (R12)(R8*4), Y0, Y0
	VADDPS  32(R12)(R8*4), Y1, Y1
	VADDPS  64(R12)(R8*4), Y2, Y2
	VADDPS  96(R12)(R8*4), Y3, Y3
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	ADDQ    $128, R10
	ADDQ    $128, R11
	ADDQ    $128, R12
	SUBQ    $32, CX
	JMP     s8s256wide

s8s256one:
	TESTQ   CX, CX
	JZ      s8s256done
	TESTQ   R13, R13
	JNZ     s8s256onezero
	VMOVUPS (DI), Y0
	JMP     s8s256oneacc
s8s256onezero:
	VXORPS  Y0, Y0, Y0
s8s256oneacc:
	VADDPS  (SI), Y0, Y0
	VADDPS  (R10), Y0, Y0
	VADDPS  (R11), Y0, Y0
	VADDPS  (R12), Y0, Y0
	VADDPS  (SI)(R8*4), Y0, Y0
	VADDPS  (R10)(R8*4), Y0, Y0
	VADDPS  (R11)(R8*4), Y0, Y0
	VADDPS  (R12)(R8*4), Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, R10
	ADDQ    $32, R11
	ADDQ    $32, R12
	SUBQ    $8, CX
	JMP     s8s256one

s8s256done:
	VZEROUPPER
	RET
