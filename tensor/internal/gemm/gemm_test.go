package gemm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

// layout builds a rows×cols view over fresh data in some memory layout.
type layout struct {
	name string
	make func(rows, cols int) (data, off, rs, cs int)
}

var layouts = []layout{
	{"row", func(r, c int) (int, int, int, int) { return r * c, 0, c, 1 }},
	{"col", func(r, c int) (int, int, int, int) { return r * c, 0, 1, r }},
	{"padded", func(r, c int) (int, int, int, int) { return 3 + r*(c+5), 3, c + 5, 1 }},
	{"padded-col", func(r, c int) (int, int, int, int) { return 2 + c*(r+3), 2, 1, r + 3 }},
	{"strided", func(r, c int) (int, int, int, int) { return 1 + r*(2*c+1), 1, 2*c + 1, 2 }},
	{"neg-rows", func(r, c int) (int, int, int, int) { return r * c, (r - 1) * c, -c, 1 }},
	{"bcast-rows", func(r, c int) (int, int, int, int) { return c, 0, 0, 1 }},
	{"bcast-cols", func(r, c int) (int, int, int, int) { return r, 0, 1, 0 }},
	{"bcast-all", func(r, c int) (int, int, int, int) { return 1, 0, 0, 0 }},
}

func layoutByName(name string) layout {
	for _, l := range layouts {
		if l.name == name {
			return l
		}
	}
	panic(name)
}

// newView returns a view in layout l with random elements; elements of
// Data outside the view are NaN.
func newView[T float32 | float64](rng *rand.Rand, l layout, rows, cols int) Matrix[T] {
	size, off, rs, cs := l.make(rows, cols)
	x := Matrix[T]{make([]T, max(size, 1)), off, rs, cs}
	for i := range x.Data {
		x.Data[i] = T(math.NaN())
	}
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			x.Data[off+i*rs+j*cs] = T(rng.Float64()*2 - 1)
		}
	}
	return x
}

func at[T float32 | float64](x Matrix[T], i, j int) T {
	return x.Data[x.Offset+i*x.RowStride+j*x.ColStride]
}

// check compares C with a float64 reference product and checks that
// elements of C.Data outside the view are still NaN.
func check[T float32 | float64](t *testing.T, m, n, k int, a, b, c Matrix[T]) {
	t.Helper()
	eps := 0x1p-52
	if _, ok := any(T(0)).(float32); ok {
		eps = 0x1p-23
	}
	inView := make([]bool, len(c.Data))
	bad := 0
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var want, mag float64
			for p := 0; p < k; p++ {
				x, y := float64(at(a, i, p)), float64(at(b, p, j))
				want += x * y
				mag += math.Abs(x * y)
			}
			got := float64(at(c, i, j))
			inView[c.Offset+i*c.RowStride+j*c.ColStride] = true
			if !(math.Abs(got-want) <= 2*float64(k)*eps*mag) {
				if bad++; bad <= 5 {
					t.Errorf("C[%d,%d] = %v, want %v", i, j, got, want)
				}
			}
		}
	}
	for i, v := range c.Data {
		if !inView[i] && !math.IsNaN(float64(v)) {
			t.Fatalf("C.Data[%d] outside the view was overwritten with %v", i, v)
		}
	}
}

type mulCase struct {
	m, n, k    int
	la, lb, lc string
	threads    int
}

func mulCases() []mulCase {
	var cases []mulCase
	for _, s := range [][3]int{
		{1, 1, 1}, {2, 2, 2}, {7, 7, 7}, {33, 33, 33}, {129, 129, 129},
		{5, 300, 17}, {129, 1, 64}, {1, 1000, 3}, {64, 48, 300}, {3, 5, 0},
	} {
		for _, l := range layouts {
			cases = append(cases, mulCase{s[0], s[1], s[2], l.name, "row", "row", 0})
			cases = append(cases, mulCase{s[0], s[1], s[2], "row", l.name, "row", 0})
			if !strings.HasPrefix(l.name, "bcast") {
				cases = append(cases, mulCase{s[0], s[1], s[2], "row", "row", l.name, 0})
			}
		}
		cases = append(cases, mulCase{s[0], s[1], s[2], "col", "col", "col", 0})
		cases = append(cases, mulCase{s[0], s[1], s[2], "strided", "padded-col", "strided", 0})
	}
	// Several cache blocks along every dimension, and thread counts.
	for _, th := range []int{1, 2, 3, 4} {
		cases = append(cases,
			mulCase{1300, 70, 530, "row", "row", "row", th},
			mulCase{13, 4200, 20, "row", "col", "padded", th},
			mulCase{250, 260, 270, "padded-col", "strided", "neg-rows", th},
			mulCase{40, 1100, 300, "col", "col", "row", th})
	}
	return cases
}

func testMul[T float32 | float64](t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range mulCases() {
		name := fmt.Sprintf("%dx%dx%d/A=%s/B=%s/C=%s/threads=%d", tc.m, tc.n, tc.k, tc.la, tc.lb, tc.lc, tc.threads)
		t.Run(name, func(t *testing.T) {
			if testing.Short() && tc.m*tc.n*tc.k > 1e6 {
				t.Skip("large")
			}
			a := newView[T](rng, layoutByName(tc.la), tc.m, tc.k)
			b := newView[T](rng, layoutByName(tc.lb), tc.k, tc.n)
			c := newView[T](rng, layoutByName(tc.lc), tc.m, tc.n)
			Mul(tc.m, tc.n, tc.k, a, b, c, Options{Threads: tc.threads})
			check(t, tc.m, tc.n, tc.k, a, b, c)
		})
	}
}

// forEachImpl runs f with every implementation this CPU supports.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	defer SetImpl(Impl())
	for _, name := range Impls() {
		if err := SetImpl(name); err != nil {
			t.Fatal(err)
		}
		t.Run(name, f)
	}
}

func TestMul(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("f32", testMul[float32])
		t.Run("f64", testMul[float64])
	})
}

// TestMulConcurrent runs products on several goroutines at once, so that
// they share the worker pool and the buffer cache.
func TestMulConcurrent(t *testing.T) {
	const size, calls = 200, 6
	row := layoutByName("row")
	type product struct{ a, b, c Matrix[float32] }
	ps := make([]product, calls)
	for i := range ps {
		rng := rand.New(rand.NewPCG(7, uint64(i)))
		ps[i] = product{newView[float32](rng, row, size, size), newView[float32](rng, row, size, size), newView[float32](rng, row, size, size)}
	}
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Go(func() {
			for range 3 {
				Mul(size, size, size, p.a, p.b, p.c, Options{Threads: 2})
			}
		})
	}
	wg.Wait()
	for _, p := range ps {
		check(t, size, size, size, p.a, p.b, p.c)
	}
}

func TestSetImpl(t *testing.T) {
	defer SetImpl(Impl())
	if got := Impls()[len(Impls())-1]; got != "generic" {
		t.Errorf("last implementation is %q, want generic", got)
	}
	for _, name := range Impls() {
		if err := SetImpl(name); err != nil || Impl() != name {
			t.Errorf("SetImpl(%q) = %v, Impl() = %q", name, err, Impl())
		}
	}
	if err := SetImpl("sse1"); err == nil {
		t.Error("SetImpl(sse1) succeeded")
	}
}

func TestCancelled(t *testing.T) {
	const size = 600
	rng := rand.New(rand.NewPCG(3, 4))
	row := layoutByName("row")
	a := newView[float32](rng, row, size, size)
	b := newView[float32](rng, row, size, size)
	for _, tc := range []struct {
		name    string
		after   int // polls answered false before the first true
		threads int
		// untouched is whether all, some or any elements of C stay
		// unwritten.
		untouched string
	}{
		{"at once", 0, 1, "all"},
		{"at once, threaded", 0, 2, "all"},
		{"after one poll", 1, 1, "some"},
		{"after two polls, threaded", 2, 2, "any"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Matrix[float32]{make([]float32, size*size), 0, size, 1}
			for i := range c.Data {
				c.Data[i] = float32(math.NaN())
			}
			polls := 0
			Mul(size, size, size, a, b, c, Options{Threads: tc.threads, Cancelled: func() bool {
				polls++
				return polls > tc.after
			}})
			untouched := 0
			for _, v := range c.Data {
				if math.IsNaN(float64(v)) {
					untouched++
				}
			}
			// Goroutine 0 polls between its own units of work: with
			// threads, the others may take every unit of the last blocks
			// (on a loaded machine), so that the product is done before
			// the poll that would cancel it. Then it must be whole.
			finished := tc.threads > 1 && polls < tc.after+1 && untouched == 0
			if polls != tc.after+1 && !finished {
				t.Errorf("Cancelled polled %d times, want %d (%d of %d elements of C untouched)", polls, tc.after+1, untouched, len(c.Data))
			}
			if tc.untouched == "all" && untouched != len(c.Data) || tc.untouched == "some" && untouched == 0 {
				t.Errorf("%d of %d elements of C untouched, want %s", untouched, len(c.Data), tc.untouched)
			}
		})
	}
}

func TestMulPanics(t *testing.T) {
	x := Matrix[float64]{make([]float64, 12), 0, 4, 1}
	for _, tc := range []struct {
		name    string
		m, n, k int
		a, b, c Matrix[float64]
	}{
		{"A too small", 3, 3, 5, x, x, x},
		{"B too small", 3, 5, 3, x, x, x},
		{"C too small", 4, 3, 3, x, x, x},
		{"negative offset", 3, 3, 3, x, x, Matrix[float64]{x.Data, -1, 4, 1}},
		{"negative size", -1, 3, 3, x, x, x},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			Mul(tc.m, tc.n, tc.k, tc.a, tc.b, tc.c, Options{})
		})
	}
}

func BenchmarkMul(b *testing.B) {
	defer SetImpl(Impl())
	for _, name := range Impls() {
		b.Run(name, func(b *testing.B) {
			if err := SetImpl(name); err != nil {
				b.Fatal(err)
			}
			b.Run("f32", benchMul[float32])
			b.Run("f64", benchMul[float64])
		})
	}
}

func benchMul[T float32 | float64](b *testing.B) {
	for _, size := range []int{1024, 256, 64} {
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(5, 6))
			row := layoutByName("row")
			x := newView[T](rng, row, size, size)
			y := newView[T](rng, row, size, size)
			z := newView[T](rng, row, size, size)
			b.ResetTimer()
			cpu0, haveCPU := processCPU()
			for b.Loop() {
				Mul(size, size, size, x, y, z, Options{})
			}
			b.ReportMetric(2*float64(size*size*size)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			if cpu1, ok := processCPU(); haveCPU && ok {
				// CPU time of all threads: on a shared machine it moves
				// less than the wall time.
				b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			}
		})
	}
}

// TestCancelledHugeProduct multiplies broadcast views whose m·n·k
// overflows an int: the product must still take the blocked path, which
// polls Cancelled, rather than a naive loop that never ends.
func TestCancelledHugeProduct(t *testing.T) {
	one := Matrix[float32]{Data: []float32{1}} // every element at index 0
	done := make(chan int)
	go func() {
		polls := 0
		Mul(1<<12, 1<<12, 1<<51, one, one, one, Options{Threads: 1, Cancelled: func() bool {
			polls++
			return true
		}})
		done <- polls
	}()
	select {
	case polls := <-done:
		if polls == 0 {
			t.Error("Cancelled never polled")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Mul of 2^12×2^51 by 2^51×2^12 broadcast views did not stop when cancelled")
	}
}
