package rawmem

import (
	"math"
	"runtime"
	"testing"
)

func TestSliceLengthsAndAlignment(t *testing.T) {
	for _, n := range []int{0, 1, 7, 4096, 1 << 20} {
		f := Slice[float64](n)
		if len(f) != n || cap(f) != n {
			t.Fatalf("Slice[float64](%d): len %d cap %d", n, len(f), cap(f))
		}
		for i := range f {
			f[i] = float64(i)
		}
		for i, v := range f {
			if v != float64(i) {
				t.Fatalf("element %d = %v after writing %d", i, v, i)
			}
		}
	}
}

// TestSliceSurvivesCollection checks that the memory is owned by the
// garbage collector: a live slice keeps its contents across collections,
// and dropped ones are reclaimed (the heap does not grow without bound).
func TestSliceSurvivesCollection(t *testing.T) {
	keep := Slice[int64](1 << 16)
	for i := range keep {
		keep[i] = int64(i)
	}
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 200 {
		s := Slice[float32](1 << 20) // 4 MiB each, 800 MiB in all
		s[len(s)-1] = 1
		runtime.GC()
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapInuse) - int64(before.HeapInuse); grown > 64<<20 {
		t.Errorf("heap grew by %d MiB: unreferenced slices are not collected", grown>>20)
	}
	for i, v := range keep {
		if v != int64(i) {
			t.Fatalf("live slice changed at %d: %d", i, v)
		}
	}
}

func TestPoison(t *testing.T) {
	Poison = true
	defer func() { Poison = false }()
	f := Slice[float32](100)
	i := Slice[int64](3)
	b := Slice[uint8](5)
	if !math.IsNaN(float64(f[99])) || i[2] != -1 || b[4] != 255 {
		t.Fatalf("poisoned values: %v %v %v", f[99], i[2], b[4])
	}
}

func TestSafeAllocClears(t *testing.T) {
	if !Cleared {
		t.Skip("built without kael_safealloc")
	}
	defer func(p bool) { Poison = p }(Poison)
	Poison = false
	for range 20 { // reuse memory that earlier slices dirtied
		s := Slice[int64](1 << 16)
		for i, v := range s {
			if v != 0 {
				t.Fatalf("element %d = %d: kael_safealloc must clear", i, v)
			}
			s[i] = -1
		}
		runtime.GC()
	}
}
