package tensor

import (
	"cmp"
	"context"
	"math/rand"
	"runtime"
	"slices"
	"testing"
)

// TestSortLongLines sorts lines longer than sortPiece, which sortStoppable
// partitions itself, and checks them against slices.SortStableFunc: many
// equal values (whose positions must stay in order), NaNs, both
// directions, inputs already sorted and reversed.
func TestSortLongLines(t *testing.T) {
	const n = sortApart + 12345 // the top level splits in parallel
	rng := rand.New(rand.NewSource(1))
	inputs := map[string][]float64{"few values": {}, "nan": {}, "sorted": {}, "reversed": {}}
	for i := range n {
		inputs["few values"] = append(inputs["few values"], float64(rng.Intn(100)))
		v := rng.NormFloat64()
		if rng.Intn(50) == 0 {
			v = nanValue()
		}
		inputs["nan"] = append(inputs["nan"], v)
		inputs["sorted"] = append(inputs["sorted"], float64(i/3))
		inputs["reversed"] = append(inputs["reversed"], float64(n-i))
	}
	for _, c := range []struct {
		name       string
		descending bool
	}{{"few values", false}, {"few values", true}, {"nan", true}, {"sorted", false}, {"reversed", false}} {
		name, data, descending := c.name, inputs[c.name], c.descending
		{
			x, err := FromSlice(data, n)
			if err != nil {
				t.Fatal(err)
			}
			_, idx, err := Sort(x, 0, descending)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := Data[int64](idx)
			want := make([]int64, n)
			for i := range want {
				want[i] = int64(i)
			}
			slices.SortStableFunc(want, func(a, b int64) int {
				c := sortCompare(data[a], data[b])
				if descending {
					return -c
				}
				return c
			})
			if !slices.Equal(got, want) {
				t.Errorf("%s, descending=%v: the order differs from a stable sort", name, descending)
			}
		}
	}
}

func nanValue() float64 { z := 0.0; return z / z }

// TestSortStopsMidway interrupts sortStoppable from inside its comparison
// function, after a number of comparisons, and checks that it stops
// within one piece's worth of comparisons rather than finishing the
// sort (about n log n, 25 million here).
func TestSortStopsMidway(t *testing.T) {
	const n = 1 << 20
	rng := rand.New(rand.NewSource(2))
	s := make([]int, n)
	for i := range s {
		s[i] = rng.Int()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls, atCancel int
	var stopped bool
	Interruptible(ctx, func() error {
		stopped = sortStoppable(s, func(a, b int) int {
			calls++
			if calls == 2*n {
				atCancel = calls
				cancel()
				for !Interrupted() {
					runtime.Gosched()
				}
			}
			return cmp.Compare(a, b)
		}, 0)
		return nil
	})
	if !stopped {
		t.Fatalf("sortStoppable finished (%d comparisons) although interrupted at %d", calls, atCancel)
	}
	// At most the rest of one piece left to slices.SortFunc (about
	// sortPiece·15 comparisons), the whole sort about n·20 more.
	if after := calls - atCancel; after > 40*sortPiece {
		t.Errorf("%d comparisons after the interrupt, want at most a piece's worth", after)
	}
}
