//go:build amd64

#include "textflag.h"

// The float64 addition kernels of add64.go, dst[i] = a[i] + b[i], for
// AVX-512 and AVX2. Each lane rounds its sum once, as a scalar addition
// does, so the results are those of the Go loop bit for bit (a NaN's
// payload aside). dst may be a
// or b itself: every block is loaded before it is stored.

// func addF64AVX512(dst, a, b []float64)
TEXT ·addF64AVX512(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX

add512loop32:
	CMPQ CX, $32
	JB   add512loop8
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z1
	VMOVUPD 128(SI), Z2
	VMOVUPD 192(SI), Z3
	VADDPD  (DX), Z0, Z0
	VADDPD  64(DX), Z1, Z1
	VADDPD  128(DX), Z2, Z2
	VADDPD  192(DX), Z3, Z3
	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	VMOVUPD Z2, 128(DI)
	VMOVUPD Z3, 192(DI)
	ADDQ    $256, SI
	ADDQ    $256, DX
	ADDQ    $256, DI
	SUBQ    $32, CX
	JMP     add512loop32

add512loop8:
	CMPQ CX, $8
	JB   add512last
	VMOVUPD (SI), Z0
	VADDPD  (DX), Z0, Z0
	VMOVUPD Z0, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DX
	ADDQ    $64, DI
	SUBQ    $8, CX
	JMP     add512loop8

add512last:
	TESTQ CX, CX
	JZ    add512done
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1
	VMOVUPD.Z (SI), K1, Z0
	VMOVUPD.Z (DX), K1, Z1
	VADDPD    Z1, Z0, Z0
	VMOVUPD   Z0, K1, (DI)

add512done:
	VZEROUPPER
	RET

// func addF64AVX2(dst, a, b []float64)
TEXT ·addF64AVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX

add256loop16:
	CMPQ CX, $16
	JB   add256loop4
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVUPD 64(SI), Y2
	VMOVUPD 96(SI), Y3
	VADDPD  (DX), Y0, Y0
	VADDPD  32(DX), Y1, Y1
	VADDPD  64(DX), Y2, Y2
	VADDPD  96(DX), Y3, Y3
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ    $128, SI
	ADDQ    $128, DX
	ADDQ    $128, DI
	SUBQ    $16, CX
	JMP     add256loop16

add256loop4:
	CMPQ CX, $4
	JB   add256last
	VMOVUPD (SI), Y0
	VADDPD  (DX), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, DI
	SUBQ    $4, CX
	JMP     add256loop4

add256last:
	TESTQ CX, CX
	JZ    add256done
	VMOVSD (SI), X0
	VADDSD (DX), X0, X0
	VMOVSD X0, (DI)
	ADDQ   $8, SI
	ADDQ   $8, DX
	ADDQ   $8, DI
	DECQ   CX
	JMP    add256last

add256done:
	VZEROUPPER
	RET


// The streaming variants write dst with non-temporal stores (VMOVNTPD),
// for outputs larger than the cache: the processor then neither reads
// dst's lines for ownership nor evicts a and b from the cache to hold
// them. The arithmetic is the same instruction, so the results are the
// plain kernels' bit for bit. A head of less than a vector is added with
// ordinary stores until dst is aligned to the vector (VMOVNTPD needs
// it), the tail too; SFENCE orders the streamed stores before any later
// store, so the result is seen whole by whoever reads it next. dst must
// be aligned to 8 bytes (the caller checks) and may be a or b itself:
// every block is loaded before it is stored.

// func addF64AVX512NT(dst, a, b []float64)
TEXT ·addF64AVX512NT(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R10
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX

	// The head: (-DI mod 64)/8 elements, at most the length, under a mask.
	MOVQ DI, CX
	NEGQ CX
	ANDQ $63, CX
	SHRQ $3, CX
	CMPQ CX, R10
	JBE  nt512head
	MOVQ R10, CX

nt512head:
	TESTQ CX, CX
	JZ    nt512loop32
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1
	VMOVUPD.Z (SI), K1, Z0
	VMOVUPD.Z (DX), K1, Z1
	VADDPD    Z1, Z0, Z0
	VMOVUPD   Z0, K1, (DI)
	SUBQ      CX, R10
	SHLQ      $3, CX
	ADDQ      CX, SI
	ADDQ      CX, DX
	ADDQ      CX, DI

nt512loop32:
	CMPQ     R10, $32
	JB       nt512loop8
	VMOVUPD  (SI), Z0
	VMOVUPD  64(SI), Z1
	VMOVUPD  128(SI), Z2
	VMOVUPD  192(SI), Z3
	VADDPD   (DX), Z0, Z0
	VADDPD   64(DX), Z1, Z1
	VADDPD   128(DX), Z2, Z2
	VADDPD   192(DX), Z3, Z3
	VMOVNTPD Z0, (DI)
	VMOVNTPD Z1, 64(DI)
	VMOVNTPD Z2, 128(DI)
	VMOVNTPD Z3, 192(DI)
	ADDQ     $256, SI
	ADDQ     $256, DX
	ADDQ     $256, DI
	SUBQ     $32, R10
	JMP      nt512loop32

nt512loop8:
	CMPQ     R10, $8
	JB       nt512last
	VMOVUPD  (SI), Z0
	VADDPD   (DX), Z0, Z0
	VMOVNTPD Z0, (DI)
	ADDQ     $64, SI
	ADDQ     $64, DX
	ADDQ     $64, DI
	SUBQ     $8, R10
	JMP      nt512loop8

nt512last:
	TESTQ R10, R10
	JZ    nt512done
	MOVQ  R10, CX
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1
	VMOVUPD.Z (SI), K1, Z0
	VMOVUPD.Z (DX), K1, Z1
	VADDPD    Z1, Z0, Z0
	VMOVUPD   Z0, K1, (DI)

nt512done:
	SFENCE
	VZEROUPPER
	RET

// func addF64AVX2NT(dst, a, b []float64)
TEXT ·addF64AVX2NT(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX

	// The head, one element at a time until DI is aligned to 32 bytes.
nt256head:
	TESTQ CX, CX
	JZ    nt256done
	TESTQ $31, DI
	JZ    nt256loop16
	VMOVSD (SI), X0
	VADDSD (DX), X0, X0
	VMOVSD X0, (DI)
	ADDQ   $8, SI
	ADDQ   $8, DX
	ADDQ   $8, DI
	DECQ   CX
	JMP    nt256head

nt256loop16:
	CMPQ     CX, $16
	JB       nt256loop4
	VMOVUPD  (SI), Y0
	VMOVUPD  32(SI), Y1
	VMOVUPD  64(SI), Y2
	VMOVUPD  96(SI), Y3
	VADDPD   (DX), Y0, Y0
	VADDPD   32(DX), Y1, Y1
	VADDPD   64(DX), Y2, Y2
	VADDPD   96(DX), Y3, Y3
	VMOVNTPD Y0, (DI)
	VMOVNTPD Y1, 32(DI)
	VMOVNTPD Y2, 64(DI)
	VMOVNTPD Y3, 96(DI)
	ADDQ     $128, SI
	ADDQ     $128, DX
	ADDQ     $128, DI
	SUBQ     $16, CX
	JMP      nt256loop16

nt256loop4:
	CMPQ     CX, $4
	JB       nt256last
	VMOVUPD  (SI), Y0
	VADDPD   (DX), Y0, Y0
	VMOVNTPD Y0, (DI)
	ADDQ     $32, SI
	ADDQ     $32, DX
	ADDQ     $32, DI
	SUBQ     $4, CX
	JMP      nt256loop4

nt256last:
	TESTQ CX, CX
	JZ    nt256done
	VMOVSD (SI), X0
	VADDSD (DX), X0, X0
	VMOVSD X0, (DI)
	ADDQ   $8, SI
	ADDQ   $8, DX
	ADDQ   $8, DI
	DECQ   CX
	JMP    nt256last

nt256done:
	SFENCE
	VZEROUPPER
	RET
