package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// orderSensitive returns n float64 values whose sums depend on the order
// of the additions (normal values scaled over 2^±60).
func orderSensitive(n int) []float64 {
	r := rand.New(rand.NewPCG(5, 6))
	v := make([]float64, n)
	for i := range v {
		v[i] = r.NormFloat64() * math.Pow(2, float64(r.IntN(120)-60))
	}
	return v
}

// sameBits reports whether a and b hold the same float64 bits.
func sameBits(t *testing.T, what string, a, b []float64) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%s: %d values, want %d", what, len(a), len(b))
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			t.Fatalf("%s: [%d] = %v, want %v", what, i, a[i], b[i])
		}
	}
}

// TestSumLeadingRowsInOrder checks SumLeadingRows against a running sum of
// the rows, bit for bit, for float64 and float32, contiguous and not,
// across the column blocks and the groups of rowsAtOnce rows, at widths
// around the vector kernels' (vecmath.SumRowsFloat64), with one row and
// with none, under every vecmath implementation.
func TestSumLeadingRowsInOrder(t *testing.T) {
	defer vecmath.SetImpl(vecmath.Impl())
	for _, name := range vecmath.Impls() {
		if err := vecmath.SetImpl(name); err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("%s/threads=%d", name, threads), func(t *testing.T) {
				defer SetNumThreads(NumThreads())
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				testSumLeadingRowsInOrder(t)
			})
		}
	}
}

// TestRowsColumnBlock checks how sumLeadingRows splits the columns: by
// rowsBlock when there are enough blocks or little work, else among the
// threads in whole multiples of vectorBlock.
func TestRowsColumnBlock(t *testing.T) {
	for _, tc := range []struct{ rows, width, threads, want int }{
		{1000, 1000, 1, rowsBlock},            // one thread
		{8, 1000, 2, rowsBlock},               // under two grains: one call
		{1000, 1000, 2, 512},                  // 500 a thread, rounded up to 64
		{1000, 1000, 3, 384},                  // 334 a thread
		{10000, 10, 2, vectorBlock},           // narrow: one block of 64
		{100, 3 * rowsBlock, 2, rowsBlock},    // enough blocks already
		{100, rowsBlock + 5, 2, 2112},         // two near-equal blocks
		{1000, 8 * rowsBlock, 16, 2048},       // sixteen threads, half a block each
		{1000, 20 * rowsBlock, 16, rowsBlock}, // more blocks than threads
	} {
		if got := rowsColumnBlock(tc.rows, tc.width, tc.threads); got != tc.want {
			t.Errorf("rowsColumnBlock(%d, %d, %d) = %d, want %d", tc.rows, tc.width, tc.threads, got, tc.want)
		}
	}
}

func testSumLeadingRowsInOrder(t *testing.T) {
	for _, tc := range []struct {
		shape []int
		k     int
	}{{[]int{7, 5}, 1}, {[]int{300, 9}, 1}, {[]int{3, 4, 10}, 2}, {[]int{5, 2 * rowsBlock}, 1}, {[]int{2, rowsBlock + 3}, 1}, {[]int{1, 6}, 1}, {[]int{0, 6}, 1},
		{[]int{19, 1003}, 1}, {[]int{17, 40}, 1}, {[]int{2, 9, 67}, 2}, {[]int{8, 64}, 1}, {[]int{16, 3, 33}, 1}, {[]int{11, rowsBlock + 77}, 1},
		// Columns shared among the threads (rowsColumnBlock): two and
		// three blocks, a short last one.
		{[]int{70, 1003}, 1}, {[]int{5, 7, 1000}, 2}, {[]int{300, 250}, 1}} {
		vals := orderSensitive(numel(tc.shape))
		x, err := FromSlice(vals, tc.shape...)
		if err != nil {
			t.Fatal(err)
		}
		width := numel(tc.shape[tc.k:])
		want := make([]float64, width)
		want32 := make([]float32, width)
		for r := 0; r < numel(tc.shape[:tc.k]); r++ {
			for j := range want {
				v := vals[r*width+j]
				if r == 0 {
					want[j], want32[j] = v, float32(v)
				} else {
					want[j] += v
					want32[j] += float32(v)
				}
			}
		}
		got, err := SumLeadingRows(x, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := got.Float64s()
		sameBits(t, "float64", g, want)
		x32, _ := x.To(Float32)
		got32, err := SumLeadingRows(x32, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		g32, _ := Data[float32](got32)
		for j := range want32 {
			if math.Float32bits(g32[j]) != math.Float32bits(want32[j]) {
				t.Fatalf("float32 %v: [%d] = %v, want %v", tc.shape, j, g32[j], want32[j])
			}
		}
		if len(tc.shape) == 2 && tc.shape[0] > 1 {
			// A non-contiguous view: the same rows, one column apart.
			wide, _ := FromSlice(orderSensitive(tc.shape[0]*(width+1)), tc.shape[0], width+1)
			view, _ := wide.Narrow(1, 1, width)
			got, err := SumLeadingRows(view, 1)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := view.Contiguous()
			want, _ := SumLeadingRows(c, 1)
			g, _ := got.Float64s()
			w, _ := want.Float64s()
			sameBits(t, "view", g, w)
		}
	}
	x, _ := FromSlice([]float64{1, 2}, 2)
	if _, err := SumLeadingRows(x, 1); err == nil {
		t.Error("SumLeadingRows of a 1-d tensor over 1 dimension: no error")
	}
	i, _ := FromSlice([]int64{1, 2, 3, 4}, 2, 2)
	if _, err := SumLeadingRows(i, 1); err == nil {
		t.Error("SumLeadingRows of int64: no error")
	}
}

// TestSumDim0Float64SameUnderEveryImpl checks that Sum over dim 0 of
// float64 and float32 (the pairwise tree of eight-row blocks, PyTorch's
// order) gives the same bits with the vector kernels as with the Go loops.
func TestSumDim0Float64SameUnderEveryImpl(t *testing.T) {
	defer vecmath.SetImpl(vecmath.Impl())
	for _, c := range []struct {
		dt    DType
		shape []int
	}{
		{Float64, []int{1000, 37}}, {Float64, []int{203, 16}}, {Float64, []int{9, 5}}, {Float64, []int{130, 3, 11}},
		{Float32, []int{700, 800}}, {Float32, []int{20, 800}}, {Float32, []int{203, 37}}, {Float32, []int{130, 3, 11}},
	} {
		shape := c.shape
		x, _ := FromSlice(orderSensitive(numel(shape)), shape...)
		x, err := x.To(c.dt)
		if err != nil {
			t.Fatal(err)
		}
		var ref []float64
		for _, name := range vecmath.Impls() {
			if err := vecmath.SetImpl(name); err != nil {
				t.Fatal(err)
			}
			s, err := Sum(x, []int{0}, false)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := s.Float64s()
			if ref == nil {
				ref = got
				continue
			}
			sameBits(t, name, got, ref)
		}
	}
}

// TestSumMiddleRowsNegativeZero checks that rows of -0.0 sum to +0.0 in
// every float dtype SumMiddleRows serves, NumPy's identity +0.0 added
// first (np.zeros((3, 20)) * -1 summed over axis 0 is +0.0), with one
// row, fewer than eight and more, under every vecmath implementation.
func TestSumMiddleRowsNegativeZero(t *testing.T) {
	defer vecmath.SetImpl(vecmath.Impl())
	for _, name := range vecmath.Impls() {
		if err := vecmath.SetImpl(name); err != nil {
			t.Fatal(err)
		}
		for _, dt := range []DType{Float64, Float32, Float16} {
			for _, shape := range [][]int{{1, 20}, {3, 20}, {9, 37}, {2, 17, 40}} {
				neg := make([]float64, numel(shape))
				for i := range neg {
					neg[i] = math.Copysign(0, -1)
				}
				x, err := FromSlice(neg, shape...)
				if err != nil {
					t.Fatal(err)
				}
				if x, err = x.To(dt); err != nil {
					t.Fatal(err)
				}
				got, err := SumMiddleRows(x, 0, 1)
				if err != nil {
					t.Fatal(err)
				}
				g, _ := got.Float64s()
				for j, v := range g {
					if v != 0 || math.Signbit(v) {
						t.Fatalf("%s %s %v: [%d] = %v, want +0", name, dt, shape, j, v)
					}
				}
			}
		}
	}
}

// TestSumSqContigFloat32Lanes checks float32 sumSqContig, whose eight
// accumulators are a vector register's lanes, against the Go loop of
// eight accumulators bit for bit under every vecmath implementation, at
// lengths around the vector width and the pairwise block.
func TestSumSqContigFloat32Lanes(t *testing.T) {
	defer vecmath.SetImpl(vecmath.Impl())
	loop := func(s []float32) float32 {
		var a [8]float32
		for ; len(s) >= 8; s = s[8:] {
			for k := range a {
				sq := s[k] * s[k]
				a[k] += sq
			}
		}
		for _, v := range s {
			sq := v * v
			a[0] += sq
		}
		return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))
	}
	var ref func(s []float32) float32
	ref = func(s []float32) float32 {
		if len(s) > pairwiseBlock {
			h := len(s) / 2 &^ 7
			return ref(s[:h]) + ref(s[h:])
		}
		return loop(s)
	}
	r := rand.New(rand.NewPCG(9, 10))
	s := make([]float32, 3*pairwiseBlock+13)
	for i := range s {
		s[i] = float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(40)-20)))
	}
	for _, name := range vecmath.Impls() {
		if err := vecmath.SetImpl(name); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 1, 7, 8, 9, 33, pairwiseBlock, pairwiseBlock + 1, len(s)} {
			if got, want := sumSqContig(s[:n]), ref(s[:n]); math.Float32bits(got) != math.Float32bits(want) {
				t.Errorf("%s, n=%d: %v, want %v", name, n, got, want)
			}
		}
	}
}
