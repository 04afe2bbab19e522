#include "textflag.h"

// Maximum and minimum of two vectors as torch.maximum and torch.minimum:
// a where a is NaN or a > b (a < b), b elsewhere. VMAXPS alone would
// return a for a NaN b and for max(+0, -0); the compare and the blend
// keep the Go loop's bits. The length is a multiple of two vectors.

// func maxF32AVX2(dst, a, b []float32)
TEXT ·maxF32AVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
	SHRQ $4, CX
	JZ   maxF32AVX2done

maxF32AVX2loop:
	VMOVUPS   (SI), Y0
	VMOVUPS   32(SI), Y4
	VMOVUPS   (DX), Y1
	VMOVUPS   32(DX), Y5
	VCMPPS    $0x1e, Y1, Y0, Y2
	VCMPPS    $0x1e, Y5, Y4, Y6
	VCMPPS    $0x03, Y0, Y0, Y3
	VCMPPS    $0x03, Y4, Y4, Y7
	VORPS     Y3, Y2, Y2
	VORPS     Y7, Y6, Y6
	VBLENDVPS Y2, Y0, Y1, Y0
	VBLENDVPS Y6, Y4, Y5, Y4
	VMOVUPS   Y0, (DI)
	VMOVUPS   Y4, 32(DI)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $64, DI
	DECQ      CX
	JNZ       maxF32AVX2loop

maxF32AVX2done:
	VZEROUPPER
	RET

// func minF32AVX2(dst, a, b []float32)
TEXT ·minF32AVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
	SHRQ $4, CX
	JZ   minF32AVX2done

minF32AVX2loop:
	VMOVUPS   (SI), Y0
	VMOVUPS   32(SI), Y4
	VMOVUPS   (DX), Y1
	VMOVUPS   32(DX), Y5
	VCMPPS    $0x11, Y1, Y0, Y2
	VCMPPS    $0x11, Y5, Y4, Y6
	VCMPPS    $0x03, Y0, Y0, Y3
	VCMPPS    $0x03, Y4, Y4, Y7
	VORPS     Y3, Y2, Y2
	VORPS     Y7, Y6, Y6
	VBLENDVPS Y2, Y0, Y1, Y0
	VBLENDVPS Y6, Y4, Y5, Y4
	VMOVUPS   Y0, (DI)
	VMOVUPS   Y4, 32(DI)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $64, DI
	DECQ      CX
	JNZ       minF32AVX2loop

minF32AVX2done:
	VZEROUPPER
	RET

// func maxF64AVX2(dst, a, b []float64)
TEXT ·maxF64AVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
	SHRQ $3, CX
	JZ   maxF64AVX2done

maxF64AVX2loop:
	VMOVUPD   (SI), Y0
	VMOVUPD   32(SI), Y4
	VMOVUPD   (DX), Y1
	VMOVUPD   32(DX), Y5
	VCMPPD    $0x1e, Y1, Y0, Y2
	VCMPPD    $0x1e, Y5, Y4, Y6
	VCMPPD    $0x03, Y0, Y0, Y3
	VCMPPD    $0x03, Y4, Y4, Y7
	VORPD     Y3, Y2, Y2
	VORPD     Y7, Y6, Y6
	VBLENDVPD Y2, Y0, Y1, Y0
	VBLENDVPD Y6, Y4, Y5, Y4
	VMOVUPD   Y0, (DI)
	VMOVUPD   Y4, 32(DI)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $64, DI
	DECQ      CX
	JNZ       maxF64AVX2loop

maxF64AVX2done:
	VZEROUPPER
	RET

// func minF64AVX2(dst, a, b []float64)
TEXT ·minF64AVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
	SHRQ $3, CX
	JZ   minF64AVX2done

minF64AVX2loop:
	VMOVUPD   (SI), Y0
	VMOVUPD   32(SI), Y4
	VMOVUPD   (DX), Y1
	VMOVUPD   32(DX), Y5
	VCMPPD    $0x11, Y1, Y0, Y2
	VCMPPD    $0x11, Y5, Y4, Y6
	VCMPPD    $0x03, Y0, Y0, Y3
	VCMPPD    $0x03, Y4, Y4, Y7
	VORPD     Y3, Y2, Y2
	VORPD     Y7, Y6, Y6
	VBLENDVPD Y2, Y0, Y1, Y0
	VBLENDVPD Y6, Y4, Y5, Y4
	VMOVUPD   Y0, (DI)
	VMOVUPD   Y4, 32(DI)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $64, DI
	DECQ      CX
	JNZ       minF64AVX2loop

minF64AVX2done:
	VZEROUPPER
	RET
