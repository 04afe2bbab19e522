#include "textflag.h"

// func roundF32AVX(dst, src []float32, mode int)
// dst[i] = src[i] rounded as VROUNDPS's mode (0 to nearest even, 1 down,
// 2 up, 3 toward zero), for len(src) a multiple of 32.
TEXT ·roundF32AVX(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ mode+48(FP), AX
	SHRQ $5, CX
	JZ   rounddone
	CMPQ AX, $1
	JEQ  roundfloor
	CMPQ AX, $2
	JEQ  roundceil
	CMPQ AX, $3
	JEQ  roundtrunc

roundeven:
	VMOVUPS  (SI), Y0
	VMOVUPS  32(SI), Y1
	VMOVUPS  64(SI), Y2
	VMOVUPS  96(SI), Y3
	VROUNDPS $0, Y0, Y0
	VROUNDPS $0, Y1, Y1
	VROUNDPS $0, Y2, Y2
	VROUNDPS $0, Y3, Y3
	VMOVUPS  Y0, (DI)
	VMOVUPS  Y1, 32(DI)
	VMOVUPS  Y2, 64(DI)
	VMOVUPS  Y3, 96(DI)
	ADDQ     $128, SI
	ADDQ     $128, DI
	DECQ     CX
	JNZ      roundeven
	JMP      rounddone

roundfloor:
	VMOVUPS  (SI), Y0
	VMOVUPS  32(SI), Y1
	VMOVUPS  64(SI), Y2
	VMOVUPS  96(SI), Y3
	VROUNDPS $1, Y0, Y0
	VROUNDPS $1, Y1, Y1
	VROUNDPS $1, Y2, Y2
	VROUNDPS $1, Y3, Y3
	VMOVUPS  Y0, (DI)
	VMOVUPS  Y1, 32(DI)
	VMOVUPS  Y2, 64(DI)
	VMOVUPS  Y3, 96(DI)
	ADDQ     $128, SI
	ADDQ     $128, DI
	DECQ     CX
	JNZ      roundfloor
	JMP      rounddone

roundceil:
	VMOVUPS  (SI), Y0
	VMOVUPS  32(SI), Y1
	VMOVUPS  64(SI), Y2
	VMOVUPS  96(SI), Y3
	VROUNDPS $2, Y0, Y0
	VROUNDPS $2, Y1, Y1
	VROUNDPS $2, Y2, Y2
	VROUNDPS $2, Y3, Y3
	VMOVUPS  Y0, (DI)
	VMOVUPS  Y1, 32(DI)
	VMOVUPS  Y2, 64(DI)
	VMOVUPS  Y3, 96(DI)
	ADDQ     $128, SI
	ADDQ     $128, DI
	DECQ     CX
	JNZ      roundceil
	JMP      rounddone

roundtrunc:
	VMOVUPS  (SI), Y0
	VMOVUPS  32(SI), Y1
	VMOVUPS  64(SI), Y2
	VMOVUPS  96(SI), Y3
	VROUNDPS $3, Y0, Y0
	VROUNDPS $3, Y1, Y1
	VROUNDPS $3, Y2, Y2
	VROUNDPS $3, Y3, Y3
	VMOVUPS  Y0, (DI)
	VMOVUPS  Y1, 32(DI)
	VMOVUPS  Y2, 64(DI)
	VMOVUPS  Y3, 96(DI)
	ADDQ     $128, SI
	ADDQ     $128, DI
	DECQ     CX
	JNZ      roundtrunc
	JMP      rounddone

rounddone:
	VZEROUPPER
	RET
