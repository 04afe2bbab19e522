//go:build !amd64

package gemv

func archImpls() []*impl { return nil }

// prefetchRows does nothing where the kernels are Go's.
func prefetchRows[E float32 | uint16](w []E, lo, hi, n, ldw int) {}
