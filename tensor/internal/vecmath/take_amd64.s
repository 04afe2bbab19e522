#include "textflag.h"

// Gathers of one element per int64 index from a contiguous source, for
// a[idx] (take.go). Each kernel wraps the negative indices by adding
// size under a mask, compares them unsigned with size and stops before
// the first vector holding one out of range, returning how many elements
// it wrote; the Go loop goes on from there, so it finds and names the
// bad index as before.

// func take64AVX512(dst, src *uint64, size int, idx *int64, n int) int
TEXT ·take64AVX512(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         size+16(FP), AX
	MOVQ         idx+24(FP), DX
	MOVQ         n+32(FP), CX
	VPBROADCASTQ AX, Z7           // size
	VPXORQ       Z6, Z6, Z6
	XORQ         R8, R8           // elements written
	SHRQ         $3, CX
	JZ           t64x512done

t64x512loop:
	VMOVDQU64  (DX)(R8*8), Z1
	VPCMPQ     $1, Z6, Z1, K2     // index < 0
	VPADDQ     Z7, Z1, K2, Z1     // + size there
	VPCMPUQ    $1, Z7, Z1, K1     // in range: below size, unsigned
	KMOVW      K1, AX
	CMPL       AX, $0xff
	JNE        t64x512done
	VPXORQ     Z0, Z0, Z0
	VGATHERQPD (SI)(Z1*8), K1, Z0
	VMOVUPD    Z0, (DI)(R8*8)
	ADDQ       $8, R8
	DECQ       CX
	JNZ        t64x512loop

t64x512done:
	MOVQ       R8, ret+40(FP)
	VZEROUPPER
	RET

// func take32AVX512(dst, src *uint32, size int, idx *int64, n int) int
TEXT ·take32AVX512(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         size+16(FP), AX
	MOVQ         idx+24(FP), DX
	MOVQ         n+32(FP), CX
	VPBROADCASTQ AX, Z7
	VPXORQ       Z6, Z6, Z6
	XORQ         R8, R8
	SHRQ         $3, CX
	JZ           t32x512done

t32x512loop:
	VMOVDQU64  (DX)(R8*8), Z1
	VPCMPQ     $1, Z6, Z1, K2
	VPADDQ     Z7, Z1, K2, Z1
	VPCMPUQ    $1, Z7, Z1, K1
	KMOVW      K1, AX
	CMPL       AX, $0xff
	JNE        t32x512done
	VPXORQ     Y0, Y0, Y0
	VGATHERQPS (SI)(Z1*4), K1, Y0
	VMOVUPS    Y0, (DI)(R8*4)
	ADDQ       $8, R8
	DECQ       CX
	JNZ        t32x512loop

t32x512done:
	MOVQ       R8, ret+40(FP)
	VZEROUPPER
	RET

// The AVX2 kernels: four indices a vector, biased by the sign bit so
// that a signed comparison with the biased size is the unsigned one.
DATA take64Sign<>+0(SB)/8, $0x8000000000000000
GLOBL take64Sign<>(SB), RODATA|NOPTR, $8

// The AVX2 kernels prefetch the source elements of the indices 64 ahead
// (512 bytes on in idx) in a first loop, which stops 17 vectors before
// the end so as not to read past idx; the last vectors run without. AMD
// Zen 3's VGATHERQPD does not train the hardware prefetcher as scalar
// loads do: a[idx] at a constant stride over a source beyond the L2 ran
// at half the Go loop's speed, and in a random order the prefetch gains
// too (docs/performance.md, "a[idx] on the AVX2 EPYC"). PREFETCHT0 is a
// hint: an index out of range, which the vector's check then stops at,
// prefetches nothing and cannot fault.

// takeAVX2Check leaves in Y1 the vector of four indices at R8, those
// below zero wrapped by size, and jumps to done unless all four are in
// range (below size, compared unsigned by biasing both by the sign bit).
#define takeAVX2Check(done) \
	VMOVDQU    (DX)(R8*8), Y1 \
	VPCMPGTQ   Y1, Y6, Y2 \
	VPAND      Y7, Y2, Y2 \
	VPADDQ     Y2, Y1, Y1 \
	VPXOR      Y5, Y1, Y3 \
	VPCMPGTQ   Y3, Y8, Y2 \
	VMOVMSKPD  Y2, AX \
	CMPL       AX, $15 \
	JNE        done

// takeAVX2Prefetch prefetches the source elements (scale bytes each) of
// the four indices 64 past R8.
#define takeAVX2Prefetch(scale) \
	MOVQ       512(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale) \
	MOVQ       520(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale) \
	MOVQ       528(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale) \
	MOVQ       536(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale)

// takeAVX2Setup loads the arguments and the constants, and leaves in R12
// the count of vectors that prefetch: (n - 68) / 4, none below 72
// elements, so that the last of them reads idx[n-5] at most.
#define takeAVX2Setup(plain) \
	MOVQ         dst+0(FP), DI \
	MOVQ         src+8(FP), SI \
	MOVQ         size+16(FP), X7 \
	MOVQ         idx+24(FP), DX \
	MOVQ         n+32(FP), CX \
	VPBROADCASTQ X7, Y7 \
	VPBROADCASTQ take64Sign<>(SB), Y5 \
	VPXOR        Y5, Y7, Y8 \
	VPXOR        Y6, Y6, Y6 \
	XORQ         R8, R8 \
	MOVQ         CX, R12 \
	SUBQ         $68, R12 \
	JLE          plain \
	SHRQ         $2, R12 \
	JZ           plain

// func take64AVX2(dst, src *uint64, size int, idx *int64, n int) int
TEXT ·take64AVX2(SB), NOSPLIT, $0-48
	takeAVX2Setup(t64x2plain)

t64x2pf:
	takeAVX2Prefetch(8)
	takeAVX2Check(t64x2done)
	VPXOR      Y0, Y0, Y0
	VGATHERQPD Y2, (SI)(Y1*8), Y0
	VMOVUPD    Y0, (DI)(R8*8)
	ADDQ       $4, R8
	DECQ       R12
	JNZ        t64x2pf

t64x2plain:
	MOVQ       CX, R12
	SUBQ       R8, R12
	SHRQ       $2, R12
	JZ         t64x2done

t64x2loop:
	takeAVX2Check(t64x2done)
	VPXOR      Y0, Y0, Y0
	VGATHERQPD Y2, (SI)(Y1*8), Y0
	VMOVUPD    Y0, (DI)(R8*8)
	ADDQ       $4, R8
	DECQ       R12
	JNZ        t64x2loop

t64x2done:
	MOVQ       R8, ret+40(FP)
	VZEROUPPER
	RET

// func take32AVX2(dst, src *uint32, size int, idx *int64, n int) int
TEXT ·take32AVX2(SB), NOSPLIT, $0-48
	takeAVX2Setup(t32x2plain)

t32x2pf:
	takeAVX2Prefetch(4)
	takeAVX2Check(t32x2done)
	VPCMPEQD   X2, X2, X2         // every lane (the dword mask of the four)
	VPXOR      X0, X0, X0
	VGATHERQPS X2, (SI)(Y1*4), X0
	VMOVUPS    X0, (DI)(R8*4)
	ADDQ       $4, R8
	DECQ       R12
	JNZ        t32x2pf

t32x2plain:
	MOVQ       CX, R12
	SUBQ       R8, R12
	SHRQ       $2, R12
	JZ         t32x2done

t32x2loop:
	takeAVX2Check(t32x2done)
	VPCMPEQD   X2, X2, X2
	VPXOR      X0, X0, X0
	VGATHERQPS X2, (SI)(Y1*4), X0
	VMOVUPS    X0, (DI)(R8*4)
	ADDQ       $4, R8
	DECQ       R12
	JNZ        t32x2loop

t32x2done:
	MOVQ       R8, ret+40(FP)
	VZEROUPPER
	RET
