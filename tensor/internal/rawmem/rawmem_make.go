//go:build kael_safealloc

package rawmem

// Cleared reports whether Slice clears memory (built with kael_safealloc).
const Cleared = true

// uncleared allocates with make: no runtime internals, at the cost of the
// clear (see the package comment).
func uncleared[T Number](n int) []T { return make([]T, n) }
