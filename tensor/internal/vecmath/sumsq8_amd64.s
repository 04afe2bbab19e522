//go:build amd64

#include "textflag.h"

// func sumSqLanesF32AVX2(acc *[8]float32, s []float32)
//
// acc[k] += s[8i+k]·s[8i+k] for every whole vector i of s in order (len(s)
// a multiple of 8): the square rounded, then the sum, as the Go loop's
// eight accumulators (no fused multiply-add), so the lanes are its bits.
TEXT ·sumSqLanesF32AVX2(SB), NOSPLIT, $0-32
	MOVQ    acc+0(FP), DX
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), CX
	SHLQ    $2, CX
	VMOVUPS (DX), Y0
	XORQ    AX, AX

sumsqloop:
	CMPQ    AX, CX
	JAE     sumsqdone
	VMOVUPS (SI)(AX*1), Y1
	VMULPS  Y1, Y1, Y1
	VADDPS  Y1, Y0, Y0
	ADDQ    $32, AX
	JMP     sumsqloop

sumsqdone:
	VMOVUPS Y0, (DX)
	VZEROUPPER
	RET
