#include "textflag.h"

// Gathers of one element per int64 index from a contiguous source, for
// a[idx] (take.go). Each kernel wraps the negative indices by adding
// size, compares them unsigned with size and stops before the first
// vector (or group of four) holding one out of range, returning how many
// elements it wrote; the Go loop goes on from there, so it finds and
// names the bad index as before.

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

// The AVX2 CPUs' kernels are scalar: four indices a group, each loaded,
// wrapped by adding size where negative (without a branch) and compared
// unsigned with size before any of the group's elements is stored, so
// that the kernel stops before the group holding the first bad index as
// the AVX-512 kernels do; then four independent loads and four stores.
// On AMD's Zen 3, VGATHERQPD is microcoded: in the row's shape (an 8 MB
// source at a stride of 56 bytes) both run at the memory's speed, but
// from a source in the L2 the gather took a fifth to two fifths longer,
// and in a random order over a large source the prefetching scalar loop
// was 5-10 % faster (docs/performance.md, "a[idx] on the AVX2 EPYC:
// scalar loads for the gather"). Zen 4's VGATHERQPD lost to take64Scalar
// in the same way, so AMD's AVX-512 CPUs run it for Take64 too
// (takeScalarOnAVX512, take_amd64.go). (Intel's CPUs with the 2023 Gather
// Data Sampling microcode run their gathers slower too: not measured.)
//
// Where the source is larger than an L2 (takePrefetchMinBytes), a first
// loop prefetches the source elements of the indices 64 ahead (512 bytes
// on in idx) and stops 17 groups before the end, so as not to read past
// idx; the last groups run without. The hardware prefetcher follows
// loads at a constant stride, but not a random order, where the prefetch
// took a third to two fifths off the loop's time; from a source in the L2 the prefetches only
// cost. PREFETCHT0 is a hint: an index out of range, which the group's
// check then stops at, prefetches nothing and cannot fault.

// takePrefetchMinBytes is the smallest source the scalar kernels
// prefetch from: the L2 of one Zen 3 core.
#define takePrefetchMinBytes 524288

// takePrefetch prefetches the source elements (scale bytes each) of the
// four indices 64 past R8.
#define takePrefetch(scale) \
	MOVQ       512(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale) \
	MOVQ       520(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale) \
	MOVQ       528(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale) \
	MOVQ       536(DX)(R8*8), R9 \
	PREFETCHT0 (SI)(R9*scale)

// takeScalarGroup loads, wraps and checks the four indices at R8 into
// AX, R9, R10 and R11 (R13 a scratch, BX the size), jumping to done if
// one is out of range, then copies their elements with the move of the
// given width and scale.
#define takeScalarGroup(mov, scale, done) takeScalarGroupStore(mov, mov, scale, done)

// takeScalarGroupStore is takeScalarGroup with the elements loaded by ld
// and stored by st (MOVNTIQ for the streaming kernel).
#define takeScalarGroupStore(ld, st, scale, done) \
	MOVQ 0(DX)(R8*8), AX \
	MOVQ 8(DX)(R8*8), R9 \
	MOVQ 16(DX)(R8*8), R10 \
	MOVQ 24(DX)(R8*8), R11 \
	MOVQ AX, R13 \
	SARQ $63, R13 \
	ANDQ BX, R13 \
	ADDQ R13, AX \
	MOVQ R9, R13 \
	SARQ $63, R13 \
	ANDQ BX, R13 \
	ADDQ R13, R9 \
	MOVQ R10, R13 \
	SARQ $63, R13 \
	ANDQ BX, R13 \
	ADDQ R13, R10 \
	MOVQ R11, R13 \
	SARQ $63, R13 \
	ANDQ BX, R13 \
	ADDQ R13, R11 \
	CMPQ AX, BX \
	JCC  done \
	CMPQ R9, BX \
	JCC  done \
	CMPQ R10, BX \
	JCC  done \
	CMPQ R11, BX \
	JCC  done \
	ld   (SI)(AX*scale), AX \
	ld   (SI)(R9*scale), R9 \
	ld   (SI)(R10*scale), R10 \
	ld   (SI)(R11*scale), R11 \
	st   AX, 0(DI)(R8*scale) \
	st   R9, (1*scale)(DI)(R8*scale) \
	st   R10, (2*scale)(DI)(R8*scale) \
	st   R11, (3*scale)(DI)(R8*scale)

// takeScalarSetup loads the arguments and leaves in R12 the count of
// groups that prefetch: none for a source of under takePrefetchMinBytes
// (size elements of scale bytes) or under 72 elements, else (n - 68) / 4,
// so that the last of them reads idx[n-5] at most.
#define takeScalarSetup(scale, plain) \
	MOVQ dst+0(FP), DI \
	MOVQ src+8(FP), SI \
	MOVQ size+16(FP), BX \
	MOVQ idx+24(FP), DX \
	MOVQ n+32(FP), CX \
	XORQ R8, R8 \
	CMPQ BX, $(takePrefetchMinBytes/scale) \
	JLT  plain \
	MOVQ CX, R12 \
	SUBQ $68, R12 \
	JLE  plain \
	SHRQ $2, R12 \
	JZ   plain

// func take64Scalar(dst, src *uint64, size int, idx *int64, n int) int
TEXT ·take64Scalar(SB), NOSPLIT, $0-48
	takeScalarSetup(8, t64x2plain)

t64x2pf:
	takePrefetch(8)
	takeScalarGroup(MOVQ, 8, t64x2done)
	ADDQ $4, R8
	DECQ R12
	JNZ  t64x2pf

t64x2plain:
	MOVQ CX, R12
	SUBQ R8, R12
	SHRQ $2, R12
	JZ   t64x2done

t64x2loop:
	takeScalarGroup(MOVQ, 8, t64x2done)
	ADDQ $4, R8
	DECQ R12
	JNZ  t64x2loop

t64x2done:
	MOVQ R8, ret+40(FP)
	RET

// func take64ScalarStream(dst, src *uint64, size int, idx *int64, n int) int
// take64Scalar with non-temporal stores, as take64ScalarPlainStream is
// take64ScalarPlain's (take64Arch).
TEXT ·take64ScalarStream(SB), NOSPLIT, $0-48
	takeScalarSetup(8, t64sxplain)

t64sxpf:
	takePrefetch(8)
	takeScalarGroupStore(MOVQ, MOVNTIQ, 8, t64sxdone)
	ADDQ $4, R8
	DECQ R12
	JNZ  t64sxpf

t64sxplain:
	MOVQ CX, R12
	SUBQ R8, R12
	SHRQ $2, R12
	JZ   t64sxdone

t64sxloop:
	takeScalarGroupStore(MOVQ, MOVNTIQ, 8, t64sxdone)
	ADDQ $4, R8
	DECQ R12
	JNZ  t64sxloop

t64sxdone:
	SFENCE
	MOVQ R8, ret+40(FP)
	RET

// func take32Scalar(dst, src *uint32, size int, idx *int64, n int) int
TEXT ·take32Scalar(SB), NOSPLIT, $0-48
	takeScalarSetup(4, t32x2plain)

t32x2pf:
	takePrefetch(4)
	takeScalarGroup(MOVL, 4, t32x2done)
	ADDQ $4, R8
	DECQ R12
	JNZ  t32x2pf

t32x2plain:
	MOVQ CX, R12
	SUBQ R8, R12
	SHRQ $2, R12
	JZ   t32x2done

t32x2loop:
	takeScalarGroup(MOVL, 4, t32x2done)
	ADDQ $4, R8
	DECQ R12
	JNZ  t32x2loop

t32x2done:
	MOVQ R8, ret+40(FP)
	RET

// func take64ScalarPlain(dst, src *uint64, size int, idx *int64, n int) int
// take64Scalar without the prefetch, for indices at a constant stride
// (take64Arch), which the hardware prefetcher follows.
TEXT ·take64ScalarPlain(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ size+16(FP), BX
	MOVQ idx+24(FP), DX
	MOVQ n+32(FP), CX
	XORQ R8, R8
	MOVQ CX, R12
	SHRQ $2, R12
	JZ   t64pldone

t64plloop:
	takeScalarGroup(MOVQ, 8, t64pldone)
	ADDQ $4, R8
	DECQ R12
	JNZ  t64plloop

t64pldone:
	MOVQ R8, ret+40(FP)
	RET

// func take64ScalarPlainStream(dst, src *uint64, size int, idx *int64, n int) int
// take64ScalarPlain with non-temporal stores (MOVNTI), for outputs too
// large to stay in the caches (take64Arch): the lines are written without
// being read first and do not evict the source. The SFENCE orders the
// streamed stores before the return, on every path.
TEXT ·take64ScalarPlainStream(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ size+16(FP), BX
	MOVQ idx+24(FP), DX
	MOVQ n+32(FP), CX
	XORQ R8, R8
	MOVQ CX, R12
	SHRQ $2, R12
	JZ   t64nsdone

t64nsloop:
	takeScalarGroupStore(MOVQ, MOVNTIQ, 8, t64nsdone)
	ADDQ $4, R8
	DECQ R12
	JNZ  t64nsloop

t64nsdone:
	SFENCE
	MOVQ R8, ret+40(FP)
	RET
