//go:build amd64

#include "textflag.h"

// layer_norm's rows (layernorm.go): float32 elements widened to float64
// four to a register (VCVTPS2PD), each operation of the Go loops one
// rounded instruction (no FMA), in their order. Every kernel takes a
// multiple of 8 elements; the sums keep element i in lane i mod 8, lanes
// 0–3 in one register and 4–7 in another.

// func lnSumAVX(x []float32, s *[8]float64)
TEXT ·lnSumAVX(SB), NOSPLIT, $0-32
	MOVQ    x_base+0(FP), SI
	MOVQ    x_len+8(FP), CX
	MOVQ    s+24(FP), AX
	VMOVUPD (AX), Y0
	VMOVUPD 32(AX), Y1

sumloop:
	CMPQ      CX, $8
	JB        sumdone
	VCVTPS2PD (SI), Y2
	VCVTPS2PD 16(SI), Y3
	VADDPD    Y2, Y0, Y0
	VADDPD    Y3, Y1, Y1
	ADDQ      $32, SI
	SUBQ      $8, CX
	JMP       sumloop

sumdone:
	VMOVUPD Y0, (AX)
	VMOVUPD Y1, 32(AX)
	VZEROUPPER
	RET

// func lnSqDevAVX(x []float32, mean float64, s *[8]float64)
TEXT ·lnSqDevAVX(SB), NOSPLIT, $0-40
	MOVQ         x_base+0(FP), SI
	MOVQ         x_len+8(FP), CX
	VBROADCASTSD mean+24(FP), Y8
	MOVQ         s+32(FP), AX
	VMOVUPD      (AX), Y0
	VMOVUPD      32(AX), Y1

sqloop:
	CMPQ      CX, $8
	JB        sqdone
	VCVTPS2PD (SI), Y2
	VCVTPS2PD 16(SI), Y3
	VSUBPD    Y8, Y2, Y2 // x − mean
	VSUBPD    Y8, Y3, Y3
	VMULPD    Y2, Y2, Y2
	VMULPD    Y3, Y3, Y3
	VADDPD    Y2, Y0, Y0
	VADDPD    Y3, Y1, Y1
	ADDQ      $32, SI
	SUBQ      $8, CX
	JMP       sqloop

sqdone:
	VMOVUPD Y0, (AX)
	VMOVUPD Y1, 32(AX)
	VZEROUPPER
	RET

// func lnAffineAVX(dst, x, w, b []float32, mean, rstd float64)
TEXT ·lnAffineAVX(SB), NOSPLIT, $0-112
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), CX
	MOVQ         x_base+24(FP), SI
	MOVQ         w_base+48(FP), R8
	MOVQ         b_base+72(FP), R9
	VBROADCASTSD mean+96(FP), Y8
	VBROADCASTSD rstd+104(FP), Y9

affloop:
	CMPQ       CX, $8
	JB         affdone
	VCVTPS2PD  (SI), Y0
	VCVTPS2PD  16(SI), Y2
	VSUBPD     Y8, Y0, Y0 // x − mean
	VSUBPD     Y8, Y2, Y2
	VMULPD     Y9, Y0, Y0 // ·rstd
	VMULPD     Y9, Y2, Y2
	VCVTPS2PD  (R8), Y1
	VCVTPS2PD  16(R8), Y3
	VMULPD     Y1, Y0, Y0 // ·w
	VMULPD     Y3, Y2, Y2
	VCVTPS2PD  (R9), Y1
	VCVTPS2PD  16(R9), Y3
	VADDPD     Y1, Y0, Y0 // + b
	VADDPD     Y3, Y2, Y2
	VCVTPD2PSY Y0, X0
	VCVTPD2PSY Y2, X2
	VMOVUPS    X0, (DI)
	VMOVUPS    X2, 16(DI)
	ADDQ       $32, SI
	ADDQ       $32, R8
	ADDQ       $32, R9
	ADDQ       $32, DI
	SUBQ       $8, CX
	JMP        affloop

affdone:
	VZEROUPPER
	RET

// func lnGradSumsAVX(g, x, w []float32, mean, rstd float64, sg, sgx *[8]float64)
//
// sg += g·w and sgx += (g·w)·((x − mean)·rstd).
TEXT ·lnGradSumsAVX(SB), NOSPLIT, $0-104
	MOVQ         g_base+0(FP), SI
	MOVQ         g_len+8(FP), CX
	MOVQ         x_base+24(FP), DI
	MOVQ         w_base+48(FP), R8
	VBROADCASTSD mean+72(FP), Y8
	VBROADCASTSD rstd+80(FP), Y9
	MOVQ         sg+88(FP), AX
	MOVQ         sgx+96(FP), BX
	VMOVUPD      (AX), Y0
	VMOVUPD      32(AX), Y1
	VMOVUPD      (BX), Y2
	VMOVUPD      32(BX), Y3

gsloop:
	CMPQ      CX, $8
	JB        gsdone
	VCVTPS2PD (SI), Y4
	VCVTPS2PD (R8), Y5
	VMULPD    Y5, Y4, Y4 // a = g·w
	VCVTPS2PD (DI), Y6
	VSUBPD    Y8, Y6, Y6
	VMULPD    Y9, Y6, Y6 // x̂
	VMULPD    Y6, Y4, Y6 // a·x̂
	VADDPD    Y4, Y0, Y0
	VADDPD    Y6, Y2, Y2
	VCVTPS2PD 16(SI), Y4
	VCVTPS2PD 16(R8), Y5
	VMULPD    Y5, Y4, Y4
	VCVTPS2PD 16(DI), Y6
	VSUBPD    Y8, Y6, Y6
	VMULPD    Y9, Y6, Y6
	VMULPD    Y6, Y4, Y6
	VADDPD    Y4, Y1, Y1
	VADDPD    Y6, Y3, Y3
	ADDQ      $32, SI
	ADDQ      $32, DI
	ADDQ      $32, R8
	SUBQ      $8, CX
	JMP       gsloop

gsdone:
	VMOVUPD Y0, (AX)
	VMOVUPD Y1, 32(AX)
	VMOVUPD Y2, (BX)
	VMOVUPD Y3, 32(BX)
	VZEROUPPER
	RET

// func lnGradInputAVX(dx, g, x, w []float32, mean, rstd, mg, mgx float64)
//
// dx = rstd·((g·w − mg) − ((x − mean)·rstd)·mgx).
TEXT ·lnGradInputAVX(SB), NOSPLIT, $0-128
	MOVQ         dx_base+0(FP), DI
	MOVQ         dx_len+8(FP), CX
	MOVQ         g_base+24(FP), SI
	MOVQ         x_base+48(FP), R9
	MOVQ         w_base+72(FP), R8
	VBROADCASTSD mean+96(FP), Y8
	VBROADCASTSD rstd+104(FP), Y9
	VBROADCASTSD mg+112(FP), Y10
	VBROADCASTSD mgx+120(FP), Y11

giloop:
	CMPQ       CX, $4
	JB         gidone
	VCVTPS2PD  (SI), Y0
	VCVTPS2PD  (R8), Y1
	VMULPD     Y1, Y0, Y0   // ĝ = g·w
	VSUBPD     Y10, Y0, Y0  // ĝ − mg
	VCVTPS2PD  (R9), Y2
	VSUBPD     Y8, Y2, Y2
	VMULPD     Y9, Y2, Y2   // x̂
	VMULPD     Y11, Y2, Y2  // x̂·mgx
	VSUBPD     Y2, Y0, Y0
	VMULPD     Y9, Y0, Y0   // ·rstd
	VCVTPD2PSY Y0, X0
	VMOVUPS    X0, (DI)
	ADDQ       $16, SI
	ADDQ       $16, R8
	ADDQ       $16, R9
	ADDQ       $16, DI
	SUBQ       $4, CX
	JMP        giloop

gidone:
	VZEROUPPER
	RET

// func lnGradWBAVX(sw, sb []float64, g, x []float32, mean, rstd float64)
//
// sw += g·((x − mean)·rstd) and sb += g, element by element.
TEXT ·lnGradWBAVX(SB), NOSPLIT, $0-112
	MOVQ         sw_base+0(FP), DI
	MOVQ         sw_len+8(FP), CX
	MOVQ         sb_base+24(FP), R8
	MOVQ         g_base+48(FP), SI
	MOVQ         x_base+72(FP), R9
	VBROADCASTSD mean+96(FP), Y8
	VBROADCASTSD rstd+104(FP), Y9

wbloop:
	CMPQ      CX, $4
	JB        wbdone
	VCVTPS2PD (SI), Y0
	VCVTPS2PD (R9), Y1
	VSUBPD    Y8, Y1, Y1
	VMULPD    Y9, Y1, Y1 // x̂
	VMULPD    Y1, Y0, Y1 // g·x̂
	VADDPD    (DI), Y1, Y1
	VMOVUPD   Y1, (DI)
	VADDPD    (R8), Y0, Y0
	VMOVUPD   Y0, (R8)
	ADDQ      $16, SI
	ADDQ      $16, R9
	ADDQ      $32, DI
	ADDQ      $32, R8
	SUBQ      $4, CX
	JMP       wbloop

wbdone:
	VZEROUPPER
	RET
