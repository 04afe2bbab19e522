//go:build !amd64

package gemv

func archImpls() []*impl { return nil }
