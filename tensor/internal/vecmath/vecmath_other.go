//go:build !amd64

package vecmath

// archImpls returns no assembly implementations: only amd64 has them.
func archImpls() []*impl { return nil }
