//go:build amd64

#include "textflag.h"

// func addRowsAtF32AVX512(dst []float32, dim, cols int, src []float32, idx []int64, offs []int)
//
// addRowsAtF32AVX2's sums (each element one VADDPS lane, the rows in
// the order of idx) sixteen lanes at a time, with the rows of src
// prefetched pfRows rows ahead: makemore's embedding rows are 256 bytes
// 4 KiB apart in cat's gradient, more than L2 holds, where the hardware
// prefetcher does not follow them.
#define pfRows 16

TEXT ·addRowsAtF32AVX512(SB), NOSPLIT, $0-112
	MOVQ dst_base+0(FP), DI
	MOVQ dim+24(FP), R10
	SHLQ $2, R10               // a row of dst in bytes
	MOVQ cols+32(FP), BX
	SHLQ $2, BX                // the bytes added a row, a multiple of 32
	MOVQ src_base+40(FP), SI
	MOVQ idx_base+64(FP), R8
	MOVQ idx_len+72(FP), CX
	MOVQ offs_base+88(FP), R9

rowloop:
	TESTQ CX, CX
	JZ    done
	CMPQ  CX, $pfRows
	JBE   noprefetch
	MOVQ  (pfRows*8)(R9), DX
	LEAQ  (SI)(DX*4), R12      // the row of src pfRows rows ahead
	LEAQ  -1(R12)(BX*1), R13   // its last byte
	PREFETCHT0 (R13)

pfloop:
	PREFETCHT0 (R12)
	ADDQ  $64, R12
	CMPQ  R12, R13
	JBE   pfloop

noprefetch:
	MOVQ  (R8), AX
	IMULQ R10, AX
	LEAQ  (DI)(AX*1), R11      // the row of dst
	MOVQ  (R9), DX
	LEAQ  (SI)(DX*4), R12      // the row of src
	MOVQ  BX, R14

cols64:
	CMPQ    R14, $64
	JB      cols32
	VMOVUPS (R11), Z0
	VADDPS  (R12), Z0, Z0
	VMOVUPS Z0, (R11)
	ADDQ    $64, R11
	ADDQ    $64, R12
	SUBQ    $64, R14
	JMP     cols64

cols32:
	TESTQ   R14, R14
	JZ      nextrow
	VMOVUPS (R11), Y0
	VADDPS  (R12), Y0, Y0
	VMOVUPS Y0, (R11)

nextrow:
	ADDQ $8, R8
	ADDQ $8, R9
	DECQ CX
	JMP  rowloop

done:
	VZEROUPPER
	RET
