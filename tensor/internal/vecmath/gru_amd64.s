#include "textflag.h"

// The fused GRU cell's backward over eight elements of a row at a time
// (GRUBackwardRowFloat32 gives the formulas). Every product, sum and
// difference is one float32 vector operation, in the Go loop's order;
// 1 − y² is computed on the widened values as one float64 fused
// multiply-add and rounded once to float32 (ONE_MINUS_SQ, lstm_amd64.s's
// macro written again: a macro does not cross files).

// ONE_MINUS_SQ(addr0, addr1, lo, hi, xlo, xhi) sets lo to 1 − y² of the
// eight float32 at addr0 (addr1 is addr0 + 16), using hi; Y14 holds
// float64 ones.
#define ONE_MINUS_SQ(addr0, addr1, lo, hi, xlo, xhi) \
	VCVTPS2PD    addr0, lo; \
	VCVTPS2PD    addr1, hi; \
	VFNMADD213PD Y14, lo, lo; \
	VFNMADD213PD Y14, hi, hi; \
	VCVTPD2PSY   lo, xlo; \
	VCVTPD2PSY   hi, xhi; \
	VINSERTF128  $1, xhi, lo, lo

// func gruBackwardF32AVX2(dgi, dgh, dh, ghy, act, hx []float32, h int)
TEXT ·gruBackwardF32AVX2(SB), NOSPLIT, $0-152
	MOVQ dgi_base+0(FP), DI
	MOVQ dgh_base+24(FP), SI
	MOVQ dh_base+48(FP), R8
	MOVQ dh_len+56(FP), CX
	MOVQ ghy_base+72(FP), R9
	MOVQ act_base+96(FP), R10
	MOVQ hx_base+120(FP), R11
	MOVQ h+144(FP), DX
	SHLQ $2, DX              // a gate block, in bytes
	LEAQ (DX)(DX*1), BX      // two blocks
	LEAQ (BX)(DX*1), AX      // three blocks

	MOVL         $0x3f800000, R13
	VMOVD        R13, X15
	VBROADCASTSS X15, Y15    // float32 ones
	MOVQ         $0x3ff0000000000000, R13
	VMOVQ        R13, X14
	VBROADCASTSD X14, Y14    // float64 ones

loop:
	CMPQ CX, $8
	JB   done

	// dh = g·z; the update gate's ((g·(hx − nn))·(1 − z))·z.
	VMOVUPS (R9), Y0         // g
	VMOVUPS (R10)(DX*1), Y1  // z
	VMOVUPS (R10)(BX*1), Y2  // nn
	VMULPS  Y1, Y0, Y3       // g·z
	VMOVUPS Y3, (R8)
	VMOVUPS (R11), Y4        // hx
	VSUBPS  Y2, Y4, Y4       // hx − nn
	VMULPS  Y4, Y0, Y4       // g·(hx − nn)
	VSUBPS  Y1, Y15, Y5      // 1 − z
	VMULPS  Y5, Y4, Y4
	VMULPS  Y1, Y4, Y4       // dz
	VMOVUPS Y4, (DI)(DX*1)
	VMOVUPS Y4, (SI)(DX*1)

	// The new gate's (g − g·z)·(1 − nn²), and dn·r for gh's block.
	VSUBPS  Y3, Y0, Y3       // g − g·z
	ONE_MINUS_SQ((R10)(BX*1), 16(R10)(BX*1), Y5, Y6, X5, X6)
	VMULPS  Y5, Y3, Y3       // dn
	VMOVUPS Y3, (DI)(BX*1)
	VMOVUPS (R10), Y0        // r
	VMULPS  Y0, Y3, Y6       // dn·r
	VMOVUPS Y6, (SI)(BX*1)

	// The reset gate's ((dn·hn)·(1 − r))·r.
	VMOVUPS (R10)(AX*1), Y1  // hn
	VMULPS  Y1, Y3, Y3       // dn·hn
	VSUBPS  Y0, Y15, Y5      // 1 − r
	VMULPS  Y5, Y3, Y3
	VMULPS  Y0, Y3, Y3       // dr
	VMOVUPS Y3, (DI)
	VMOVUPS Y3, (SI)

	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	SUBQ $8, CX
	JMP  loop

done:
	VZEROUPPER
	RET
