#include "textflag.h"

// The twister's two loops over whole vectors of eight words (AVX2). Every
// lane computes the Go loop's integer operations, so the words are the
// loop's bit for bit.

// func twistAVX2(dst, c []uint32, n int)
//
// dst[k] = c[k] ^ mix(dst[k], dst[k+1]) for k in [0, n), n a multiple of
// 8, in order of k: a vector reads dst[k+8] before the next one writes it,
// and c may lie behind dst in the same array (the twist's second loop
// reads the words its first loop wrote, 227 back).
TEXT ·twistAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ c_base+24(FP), SI
	MOVQ n+48(FP), CX
	MOVL $0x80000000, AX
	MOVQ AX, X5
	VPBROADCASTD X5, Y5 // upper
	MOVL $0x7fffffff, AX
	MOVQ AX, X6
	VPBROADCASTD X6, Y6 // lower
	MOVL $0x9908b0df, AX
	MOVQ AX, X7
	VPBROADCASTD X7, Y7 // matrixA
	XORQ AX, AX

twistLoop:
	CMPQ AX, CX
	JGE  twistDone
	VMOVDQU (DI)(AX*4), Y0  // u
	VMOVDQU 4(DI)(AX*4), Y1 // v
	VPAND   Y5, Y0, Y0
	VPAND   Y6, Y1, Y2
	VPOR    Y2, Y0, Y0
	VPSRLD  $1, Y0, Y0      // (u&upper | v&lower) >> 1
	VPSLLD  $31, Y1, Y3
	VPSRAD  $31, Y3, Y3     // -(v&1)
	VPAND   Y7, Y3, Y3
	VPXOR   Y3, Y0, Y0
	VPXOR   (SI)(AX*4), Y0, Y0
	VMOVDQU Y0, (DI)(AX*4)
	ADDQ    $8, AX
	JMP     twistLoop

twistDone:
	VZEROUPPER
	RET

// func temperAVX2(dst, src []uint32, n int)
//
// dst[k] = temper(src[k]) for k in [0, n), n a multiple of 8.
TEXT ·temperAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ n+48(FP), CX
	MOVL $0x9d2c5680, AX
	MOVQ AX, X6
	VPBROADCASTD X6, Y6
	MOVL $0xefc60000, AX
	MOVQ AX, X7
	VPBROADCASTD X7, Y7
	XORQ AX, AX

temperLoop:
	CMPQ AX, CX
	JGE  temperDone
	VMOVDQU (SI)(AX*4), Y0
	VPSRLD  $11, Y0, Y1
	VPXOR   Y1, Y0, Y0
	VPSLLD  $7, Y0, Y1
	VPAND   Y6, Y1, Y1
	VPXOR   Y1, Y0, Y0
	VPSLLD  $15, Y0, Y1
	VPAND   Y7, Y1, Y1
	VPXOR   Y1, Y0, Y0
	VPSRLD  $18, Y0, Y1
	VPXOR   Y1, Y0, Y0
	VMOVDQU Y0, (DI)(AX*4)
	ADDQ    $8, AX
	JMP     temperLoop

temperDone:
	VZEROUPPER
	RET
