// Package isa chooses among implementations of the same kernels written for
// different instruction sets (AVX-512, AVX2, portable Go). The fastest one
// the CPU supports is used, unless the environment variable KAEL_ISA caps
// it (as ATEN_CPU_CAPABILITY caps PyTorch's kernels): KAEL_ISA=avx2 runs
// the AVX2 kernels on an AVX-512 machine, KAEL_ISA=generic the portable Go
// ones, so that a machine can test the paths another machine would take.
// Tests and benchmarks can also force an implementation with Set.
package isa

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync/atomic"
)

// EnvVar is the environment variable that caps the instruction set.
const EnvVar = "KAEL_ISA"

// Levels lists the instruction sets kael's kernels are written for, most
// capable first; every selector ends with "generic".
var Levels = []string{"avx512", "avx2", "generic"}

// Named is an implementation with a name from Levels.
type Named interface{ Name() string }

// Selector holds the implementations a package has for this CPU, fastest
// first, and the one in use.
type Selector[I Named] struct {
	pkg     string
	impls   []I
	current atomic.Pointer[I]
}

// NewSelector returns a selector using the first of impls that KAEL_ISA
// allows (the first of all when it is unset); pkg names the package in
// errors. The last of impls must be the portable one, "generic".
func NewSelector[I Named](pkg string, impls ...I) *Selector[I] {
	s := &Selector[I]{pkg: pkg, impls: impls}
	s.current.Store(&s.impls[Capped(s.Names(), os.Getenv(EnvVar))])
	return s
}

// NewStreamSelector is NewSelector for kernels bound by memory bandwidth:
// where KAEL_ISA is unset and the CPU streams better with its AVX2 kernels
// (CPU.StreamsAVX2: AMD's AVX-512 processors), it starts with "avx2"
// rather than the first of impls. KAEL_ISA, when set, chooses as it does
// for NewSelector, so KAEL_ISA=avx512 still runs the AVX-512 kernels there.
func NewStreamSelector[I Named](pkg string, impls ...I) *Selector[I] {
	s := &Selector[I]{pkg: pkg, impls: impls}
	s.current.Store(&s.impls[StreamDefault(s.Names(), os.Getenv(EnvVar), Host())])
	return s
}

// StreamDefault returns the index in names (fastest first) of the
// implementation NewStreamSelector starts with on c: Capped's, unless
// capName is empty and c streams better with AVX2 than AVX-512 (then
// "avx2", where names has it).
func StreamDefault(names []string, capName string, c CPU) int {
	if capName == "" && c.StreamsAVX2() {
		if i := slices.Index(names, "avx2"); i >= 0 {
			return i
		}
	}
	return Capped(names, capName)
}

// Capped returns the index in names (fastest first) of the first
// implementation at or below the level capName, or 0 when capName is
// empty. An unknown capName is reported on standard error once and
// ignored, so that a typing slip never stops a program.
func Capped(names []string, capName string) int {
	if capName == "" {
		return 0
	}
	limit := slices.Index(Levels, strings.ToLower(strings.TrimSpace(capName)))
	if limit < 0 {
		warnUnknown(capName)
		return 0
	}
	for i, name := range names {
		if slices.Index(Levels, name) >= limit {
			return i
		}
	}
	return len(names) - 1
}

var warned atomic.Bool

func warnUnknown(capName string) {
	if warned.CompareAndSwap(false, true) {
		fmt.Fprintf(os.Stderr, "kael: ignoring %s=%q: it is none of %s\n", EnvVar, capName, strings.Join(Levels, ", "))
	}
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
