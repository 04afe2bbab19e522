//go:build !linux

package gemv

func threadCPU() (int64, bool) { return 0, false }
