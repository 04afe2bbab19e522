package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// simpleUnaryInputs are float64 values for TestSimpleUnaryFastPaths: the
// pow specials, halves (ties of round), values at and beyond 2**23 and
// 2**52 where every float is whole, and random bit patterns.
func simpleUnaryInputs(d DType) []float64 {
	xs := powInputs(d, 2000)
	for _, v := range []float64{0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, 0.5000001, -0.49999997,
		1 << 23, 1<<23 + 1, 1<<23 - 0.5, -(1<<23 - 0.5), 1 << 52, 1<<52 + 1, 1<<52 - 0.5, -(1<<52 - 0.5), 1 << 53, 1e300, -1e-300} {
		if d == Float32 {
			v = float64(float32(v))
		}
		xs = append(xs, v)
	}
	return xs
}

// TestSimpleUnaryFastPaths checks each typed loop of unary_simple.go (and
// the vecmath kernels they call) against the element-wise function that
// mapLoop computed before, bit for bit (NaN payloads and signed zeros
// included), in float32 and float64, contiguous and strided.
func TestSimpleUnaryFastPaths(t *testing.T) {
	cases := []struct {
		spec *UnarySpec
		f    func(float64) float64 // the reference, as float32(f(float64(x))) in float32
	}{
		{NegSpec, func(x float64) float64 { return -x }},
		{AbsSpec, math.Abs},
		{SignSpec, sign[float64]},
		{ReciprocalSpec, func(x float64) float64 { return 1 / x }},
		{FloorSpec, math.Floor},
		{CeilSpec, math.Ceil},
		{RoundSpec, math.RoundToEven},
		{TruncSpec, math.Trunc},
		{FracSpec, nil}, // x - trunc(x) in the dtype
	}
	r := rand.New(rand.NewPCG(34, 2))
	for _, d := range []DType{Float32, Float64} {
		xs := simpleUnaryInputs(d)
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		xs = xs[:len(xs)/2*2]
		var x *Tensor
		if d == Float32 {
			f32 := make([]float32, len(xs))
			for i, v := range xs {
				f32[i] = float32(v)
				xs[i] = float64(f32[i])
			}
			x = mustTensor(t, f32)
		} else {
			x = mustTensor(t, xs)
		}
		xt := mustOp(mustOp(x.Reshape(2, len(xs)/2)).Transpose(0, 1)) // strided runs
		xtBits := powTensorBits(t, xt)
		for _, c := range cases {
			want := make([]uint64, len(xs))
			for i, v := range xs {
				switch {
				case c.f == nil && d == Float32:
					want[i] = uint64(math.Float32bits(float32(v) - float32(math.Trunc(v))))
				case c.f == nil:
					want[i] = math.Float64bits(v - math.Trunc(v))
				case d == Float32:
					want[i] = uint64(math.Float32bits(float32(c.f(v))))
				default:
					want[i] = math.Float64bits(c.f(v))
				}
			}
			got := powTensorBits(t, mustOp(c.spec.Apply(x)))
			byInput := map[uint64]uint64{}
			xBits := powTensorBits(t, x)
			bad := 0
			for i := range want {
				byInput[xBits[i]] = want[i]
				if got[i] != want[i] && bad < 5 {
					bad++
					t.Errorf("%s(%s bits %x) = %x, want %x", c.spec.Name, d, xBits[i], got[i], want[i])
				}
			}
			gotT := powTensorBits(t, mustOp(c.spec.Apply(xt)))
			for i, b := range xtBits {
				if gotT[i] != byInput[b] {
					t.Errorf("%s(%s bits %x) strided = %x, want %x", c.spec.Name, d, b, gotT[i], byInput[b])
					break
				}
			}
		}
	}
}
