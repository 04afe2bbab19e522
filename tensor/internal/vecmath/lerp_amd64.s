//go:build amd64

#include "textflag.h"

DATA lerpconst<>+0(SB)/4, $0.5
DATA lerpconst<>+4(SB)/4, $1.0
DATA lerpconst<>+8(SB)/8, $0.5
DATA lerpconst<>+16(SB)/8, $1.0
DATA lerpconst<>+24(SB)/4, $0x80000000
DATA lerpconst<>+32(SB)/8, $0x8000000000000000
GLOBL lerpconst<>(SB), RODATA|NOPTR, $40

// LerpFloat32 and LerpFloat64 (lerp.go): d = b − a; where w < 0.5 (an
// ordered compare: false for a NaN w) fma(w, d, a), elsewhere
// fma(−(1 − w), d, b) (the sign flipped by a xor: −0 for w = 1, where
// w − 1 would be +0), one VFMADD each.

// func lerpF32AVX2(dst, a, b, w *float32, n, wstep int)
TEXT ·lerpF32AVX2(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         a+8(FP), SI
	MOVQ         b+16(FP), DX
	MOVQ         w+24(FP), R8
	MOVQ         n+32(FP), CX
	MOVQ         wstep+40(FP), R9
	VBROADCASTSS lerpconst<>+0(SB), Y14 // 0.5
	VBROADCASTSS lerpconst<>+4(SB), Y15 // 1
	VBROADCASTSS lerpconst<>+24(SB), Y13 // the sign bit
	XORQ         AX, AX

lerp32loop:
	CMPQ      AX, CX
	JAE       lerp32done
	VMOVUPS   (SI)(AX*4), Y0 // a
	VMOVUPS   (DX)(AX*4), Y1 // b
	VMOVUPS   (R8), Y2 // w
	VSUBPS    Y0, Y1, Y3 // d = b − a
	VCMPPS    $0x11, Y14, Y2, Y4 // w < 0.5
	VSUBPS    Y2, Y15, Y5 // 1 − w
	VXORPS    Y13, Y5, Y5 // −(1 − w)
	VBLENDVPS Y4, Y2, Y5, Y5 // w there
	VBLENDVPS Y4, Y0, Y1, Y1 // a there, b elsewhere
	VFMADD231PS Y5, Y3, Y1 // c·d + base
	VMOVUPS   Y1, (DI)(AX*4)
	ADDQ      $8, AX
	ADDQ      R9, R8
	JMP       lerp32loop

lerp32done:
	VZEROUPPER
	RET

// func lerpF64AVX2(dst, a, b, w *float64, n, wstep int)
TEXT ·lerpF64AVX2(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         a+8(FP), SI
	MOVQ         b+16(FP), DX
	MOVQ         w+24(FP), R8
	MOVQ         n+32(FP), CX
	MOVQ         wstep+40(FP), R9
	VBROADCASTSD lerpconst<>+8(SB), Y14 // 0.5
	VBROADCASTSD lerpconst<>+16(SB), Y15 // 1
	VBROADCASTSD lerpconst<>+32(SB), Y13 // the sign bit
	XORQ         AX, AX

lerp64loop:
	CMPQ      AX, CX
	JAE       lerp64done
	VMOVUPD   (SI)(AX*8), Y0
	VMOVUPD   (DX)(AX*8), Y1
	VMOVUPD   (R8), Y2
	VSUBPD    Y0, Y1, Y3
	VCMPPD    $0x11, Y14, Y2, Y4
	VSUBPD    Y2, Y15, Y5
	VXORPD    Y13, Y5, Y5
	VBLENDVPD Y4, Y2, Y5, Y5
	VBLENDVPD Y4, Y0, Y1, Y1
	VFMADD231PD Y5, Y3, Y1
	VMOVUPD   Y1, (DI)(AX*8)
	ADDQ      $4, AX
	ADDQ      R9, R8
	JMP       lerp64loop

lerp64done:
	VZEROUPPER
	RET
