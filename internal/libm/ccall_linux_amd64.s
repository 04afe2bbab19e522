#include "textflag.h"

// ccallTramp calls a C function of two doubles on the system stack, with
// the C calling convention: runtime.cgocall passes it, in DI, a pointer
// to a ccallFrame {fn, x, y, r}; it stores the result in r.
GLOBL ·ccallTrampABI0(SB), NOPTR|RODATA, $8
DATA ·ccallTrampABI0(SB)/8, $ccallTramp<>(SB)
TEXT ccallTramp<>(SB), NOSPLIT|NOFRAME, $0
	PUSHQ BP
	MOVQ  SP, BP
	SUBQ  $16, SP
	MOVQ  DI, 0(SP)
	MOVSD 8(DI), X0
	MOVSD 16(DI), X1
	MOVQ  0(DI), R10
	CALL  R10
	MOVQ  0(SP), DI
	MOVSD X0, 24(DI)
	MOVQ  BP, SP
	POPQ  BP
	RET
