//go:build !amd64

package gemm

// dotTiles are the dot-product tile kernels: none outside amd64.
var dotTiles []struct {
	name string
	tile dotTile
}
