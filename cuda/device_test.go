//go:build linux

package cuda

import (
	"math"
	"os"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// openTestDevice opens device 0, or skips: without a GPU these tests have
// nothing to run on, unless KAEL_REQUIRE_CUDA=1 says one must be there
// (devicecheck.sh sets it).
func openTestDevice(tb testing.TB) *Device {
	tb.Helper()
	if ok, err := Available(); !ok {
		if os.Getenv("KAEL_REQUIRE_CUDA") == "1" {
			tb.Fatalf("KAEL_REQUIRE_CUDA=1 but CUDA is not available: %v", err)
		}
		tb.Skipf("no GPU: %v", err)
	}
	dev, err := Open(0)
	if err != nil {
		tb.Fatal(err)
	}
	return dev
}

// TestDeviceElementwiseMatchesCPU runs every element-wise kernel on the
// GPU over contiguous, broadcast, transposed and offset operands of every
// dtype, and compares with the CPU backend bit for bit (these ops round
// once, as IEEE says, on both).
func TestDeviceElementwiseMatchesCPU(t *testing.T) {
	dev := openTestDevice(t)
	type operands func(d tensor.DType) []*tensor.Tensor
	must := func(x *tensor.Tensor, err error) *tensor.Tensor {
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	layouts := map[string]operands{
		"contiguous": func(d tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{testInput(t, d, 0, 3, 5), testInput(t, d, 1, 3, 5)}
		},
		"broadcast": func(d tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{testInput(t, d, 0, 4, 1, 6), testInput(t, d, 2, 3, 1)}
		},
		"transposed": func(d tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{must(testInput(t, d, 0, 5, 4).Transpose(0, 1)), testInput(t, d, 3, 4, 5)}
		},
		"offset": func(d tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{must(testInput(t, d, 0, 3, 7).Select(0, 1)), testInput(t, d, 4, 7)}
		},
		"large": func(d tensor.DType) []*tensor.Tensor { // more elements than one grid-stride pass
			return []*tensor.Tensor{testInput(t, d, 0, 1<<20+3), testInput(t, d, 5, 1)}
		},
	}
	for op := Add; op <= Abs; op++ {
		for _, d := range []tensor.DType{tensor.Bool, tensor.Int64, tensor.Float32, tensor.Float64} {
			if _, err := ElementwisePTX(op, d, 1); err != nil {
				continue // refused for this dtype, as the CPU does
			}
			for name, layout := range layouts {
				in := layout(d)[:op.Arity()]
				want, err := cpuOps[op](in...)
				if err != nil {
					t.Errorf("%s %s %s on CPU: %v", op, d, name, err)
					continue
				}
				got, err := dev.Elementwise(op, in...)
				if err != nil {
					t.Errorf("%s %s %s on GPU: %v", op, d, name, err)
					continue
				}
				compareTensors(t, op.String()+" "+d.String()+" "+name, got, want)
			}
		}
	}
	t.Logf("allocator after the run: %+v", dev.MemoryStats())
}

// compareTensors fails unless got and want have one shape and dtype and
// equal elements (NaN equal to NaN).
func compareTensors(t *testing.T, name string, got, want *tensor.Tensor) {
	t.Helper()
	if got.DType() != want.DType() || !equalInts(got.Shape(), want.Shape()) {
		t.Errorf("%s: got %s %v, want %s %v", name, got.DType(), got.Shape(), want.DType(), want.Shape())
		return
	}
	g, err1 := got.Float64s()
	w, err2 := want.Float64s()
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for i := range w {
		if g[i] != w[i] && !(math.IsNaN(g[i]) && math.IsNaN(w[i])) {
			t.Errorf("%s: element %d is %v on the GPU, %v on the CPU", name, i, g[i], w[i])
			return
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDeviceAllocatorRoundTrip checks that memory from the caching
// allocator holds what is copied into it, and that EmptyCache returns it.
func TestDeviceAllocatorRoundTrip(t *testing.T) {
	dev := openTestDevice(t)
	src := make([]byte, 3000)
	for i := range src {
		src[i] = byte(i * 31)
	}
	p, err := dev.Alloc(uint64(len(src)))
	if err != nil {
		t.Fatal(err)
	}
	if err := dev.CopyToDevice(p, src); err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, len(src))
	if err := dev.CopyToHost(dst, p); err != nil {
		t.Fatal(err)
	}
	for i := range src {
		if src[i] != dst[i] {
			t.Fatalf("byte %d: %d, want %d", i, dst[i], src[i])
		}
	}
	if err := dev.Free(p); err != nil {
		t.Fatal(err)
	}
	if err := dev.EmptyCache(); err != nil {
		t.Fatal(err)
	}
	if s := dev.MemoryStats(); s.Allocated != 0 || s.Reserved != 0 {
		t.Fatalf("after EmptyCache: %+v", s)
	}
}

// BenchmarkDeviceAddFloat32 times the add kernel alone on 16M float32
// elements already on the device (no copies), as bytes moved per second.
func BenchmarkDeviceAddFloat32(b *testing.B) {
	dev := openTestDevice(b)
	const n = 1 << 24
	k, err := ElementwisePTX(Add, tensor.Float32, 1)
	if err != nil {
		b.Fatal(err)
	}
	bases := make([]uint64, 3)
	for i := range bases {
		if bases[i], err = dev.Alloc(4 * n); err != nil {
			b.Fatal(err)
		}
		defer dev.Free(bases[i])
	}
	plan := IterPlan{Numel: n, Shape: []int{n}, Strides: [][]int{{1}, {1}, {1}}, Offsets: []int{0, 0, 0}}
	params, err := plan.Params(bases, []int{4, 4, 4})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(3 * 4 * n)
	for b.Loop() {
		if err := dev.Launch(k, params, n); err != nil {
			b.Fatal(err)
		}
	}
}
