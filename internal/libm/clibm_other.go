//go:build !linux

package libm

// loadCLibm returns nil: off Linux the correctly rounded values are used.
func loadCLibm() *cFuncs { return nil }
