// Package isa chooses among implementations of the same kernels written for
// different instruction sets (AVX-512, AVX2, portable Go). The fastest one
// the CPU supports is used; tests and benchmarks can force another.
package isa

import (
	"fmt"
	"strings"
	"sync/atomic"
)

// Named is an implementation with a name such as "avx512".
type Named interface{ Name() string }

// Selector holds the implementations a package has for this CPU, fastest
// first, and the one in use.
type Selector[I Named] struct {
	pkg     string
	impls   []I
	current atomic.Pointer[I]
}

// NewSelector returns a selector using the first of impls; pkg names the
// package in errors.
func NewSelector[I Named](pkg string, impls ...I) *Selector[I] {
	s := &Selector[I]{pkg: pkg, impls: impls}
	s.current.Store(&s.impls[0])
	return s
}

// Current returns the implementation in use.
func (s *Selector[I]) Current() I { return *s.current.Load() }

// Names lists the implementations this CPU supports, fastest first.
func (s *Selector[I]) Names() []string {
	names := make([]string, len(s.impls))
	for i, im := range s.impls {
		names[i] = im.Name()
	}
	return names
}

// Set selects an implementation by name. It fails if the CPU does not
// support it.
func (s *Selector[I]) Set(name string) error {
	for i := range s.impls {
		if s.impls[i].Name() == name {
			s.current.Store(&s.impls[i])
			return nil
		}
	}
	return fmt.Errorf("%s: implementation %q not available (have %s)", s.pkg, name, strings.Join(s.Names(), ", "))
}
