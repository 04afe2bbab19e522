//go:build !amd64

package gemm

// dotKernel is the dot-product tile kernel: none outside amd64.
var dotKernel func(steps int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, acc bool)
