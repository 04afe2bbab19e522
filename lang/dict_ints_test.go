package lang

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestIntIndexMatchesMap runs random sets, removals and lookups on a
// dict's int index and on a Go map side by side: keys small and dense,
// differing only in their high bits, and at int64's ends, with enough
// removals that the table rehashes over deleted slots at the same size.
func TestIntIndexMatchesMap(t *testing.T) {
	keySets := []struct {
		name string
		key  func(r *rand.Rand) int64
	}{
		{"dense", func(r *rand.Rand) int64 { return r.Int64N(300) - 100 }},
		{"high bits", func(r *rand.Rand) int64 { return (r.Int64N(500) - 250) << 40 }},
		{"extremes", func(r *rand.Rand) int64 {
			return []int64{math.MinInt64, math.MaxInt64, 0, -1, 1, math.MinInt64 + 1, math.MaxInt64 - 1}[r.IntN(7)]
		}},
		{"wide", func(r *rand.Rand) int64 { return int64(r.Uint64()) }},
	}
	for _, ks := range keySets {
		r := rand.New(rand.NewPCG(1, 2))
		var ix intIndex
		model := map[int64]int{}
		for step := range 200_000 {
			k := ks.key(r)
			switch op := r.IntN(10); {
			case op < 5:
				ix.set(k, step)
				model[k] = step
			case op < 8:
				ix.remove(k)
				delete(model, k)
			default:
				got, ok := ix.get(k)
				want, wantOK := model[k]
				if got != want || ok != wantOK {
					t.Fatalf("%s, step %d: get(%d) = %d, %v; want %d, %v", ks.name, step, k, got, ok, want, wantOK)
				}
			}
			if ix.live != len(model) {
				t.Fatalf("%s, step %d: %d live keys, want %d", ks.name, step, ix.live, len(model))
			}
			if 2*ix.used > len(ix.slots) {
				t.Fatalf("%s, step %d: %d of %d slots used", ks.name, step, ix.used, len(ix.slots))
			}
		}
		for k, want := range model {
			if got, ok := ix.get(k); !ok || got != want {
				t.Fatalf("%s, at the end: get(%d) = %d, %v; want %d", ks.name, k, got, ok, want)
			}
		}
	}
}
