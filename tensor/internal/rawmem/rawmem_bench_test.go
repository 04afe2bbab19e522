package rawmem

import (
	"runtime"
	"testing"
)

// benchBytes is the size of one allocation: a 16 MiB output, as in the
// softmax benchmark of docs/performance.md.
const benchBytes = 16 << 20

var sink []float32

// allocators are the two ways to get an output: make clears it unless the
// runtime knows it is fresh; Slice never does (unless built with
// kael_safealloc).
var allocators = []struct {
	name  string
	alloc func(n int) []float32
}{
	{"make", func(n int) []float32 { return make([]float32, n) }},
	{"rawmem", Slice[float32]},
}

// BenchmarkRecycled allocates and writes a 16 MiB output whose memory the
// garbage collector recycles from earlier ones: the case of a loop of
// operations, where make pays a clear.
func BenchmarkRecycled(b *testing.B) {
	for _, a := range allocators {
		b.Run(a.name, func(b *testing.B) {
			n := benchBytes / 4
			b.SetBytes(benchBytes)
			for b.Loop() {
				s := a.alloc(n)
				for i := range s {
					s[i] = 1
				}
				sink = s
			}
		})
	}
}

// BenchmarkFresh allocates and writes 16 MiB outputs that all stay alive,
// so every one is new address space from the OS: make needs no clear there
// (the pages are known to be zero), and both pay the first-touch page
// faults. Run it with a fixed count (-benchtime 32x: 512 MiB).
func BenchmarkFresh(b *testing.B) {
	for _, a := range allocators {
		b.Run(a.name, func(b *testing.B) {
			n := benchBytes / 4
			b.SetBytes(benchBytes)
			var keep [][]float32
			for b.Loop() {
				s := a.alloc(n)
				for i := range s {
					s[i] = 1
				}
				keep = append(keep, s)
			}
			b.StopTimer()
			keep = nil
			runtime.GC()
		})
	}
}
