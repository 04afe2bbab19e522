package tensor

import (
	"math"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// powSpecialBits are float64 bits of the special inputs of pow: signed
// zeros and ones, infinities, NaNs, subnormals of both widths, values whose
// square or cube overflows or underflows float32, and plain numbers.
var powSpecialBits = []uint64{
	0, 1 << 63, math.Float64bits(1), math.Float64bits(-1),
	math.Float64bits(math.Inf(1)), math.Float64bits(math.Inf(-1)), math.Float64bits(math.NaN()),
	0x7ff8000000000000 | 1<<63, 1, 1<<63 | 1, 0x000fffffffffffff, // float64 subnormals
	math.Float64bits(float64(math.Float32frombits(1))), math.Float64bits(float64(math.Float32frombits(0x007fffff))), // float32 subnormals
	math.Float64bits(1e20), math.Float64bits(-1e20), math.Float64bits(1e-20), math.Float64bits(3e12), math.Float64bits(-3e12),
	math.Float64bits(1e-13), math.Float64bits(1e155), math.Float64bits(1e-160), math.Float64bits(math.MaxFloat32), math.Float64bits(math.MaxFloat64),
	math.Float64bits(2.5), math.Float64bits(-0.1), math.Float64bits(1.0000001), math.Float64bits(0.999999),
}

// powInputs returns the specials and n random values of dtype d (uniform
// in bits, so every exponent and both signs), as float64.
func powInputs(d DType, n int) []float64 {
	r := rand.New(rand.NewPCG(34, uint64(d)))
	var xs []float64
	for _, b := range powSpecialBits {
		v := math.Float64frombits(b)
		if d == Float32 {
			v = float64(float32(v))
		}
		xs = append(xs, v)
	}
	for range n {
		if d == Float32 {
			xs = append(xs, float64(math.Float32frombits(r.Uint32())))
		} else {
			xs = append(xs, math.Float64frombits(r.Uint64()))
		}
	}
	for range n { // ordinary magnitudes, where most programs live
		xs = append(xs, (r.Float64()*2-1)*math.Pow(10, float64(r.IntN(8)-4)))
	}
	return xs
}

// powTensorBits returns the stored bits of a float32 or float64 tensor, in
// its logical order.
func powTensorBits(t *testing.T, y *Tensor) []uint64 {
	t.Helper()
	c := mustOp(y.Contiguous())
	var bits []uint64
	if data, ok := c.storage.data.([]float32); ok {
		for _, v := range data[c.offset : c.offset+c.Numel()] {
			bits = append(bits, uint64(math.Float32bits(v)))
		}
	} else if data, ok := c.storage.data.([]float64); ok {
		for _, v := range data[c.offset : c.offset+c.Numel()] {
			bits = append(bits, math.Float64bits(v))
		}
	} else {
		t.Fatalf("dtype %s", y.DType())
	}
	return bits
}

// powScalarExponents are the exponents of PyTorch's special cases and two
// of its general one.
var powScalarExponents = []float64{2, 3, 0.5, -0.5, -1, -2, 0, 1}

// TestPowScalarMatchesPyTorch raises random and special float32 and float64
// values to the exponents PyTorch computes by expressions (x*x, x*x*x,
// sqrt, 1/sqrt, 1/x, 1/(x*x)) and compares with PyTorch bit for bit, NaNs
// included; a strided view of the same values gives the same bits.
func TestPowScalarMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	const script = `
import struct, sys, torch
for line in sys.stdin:
    name, e, hexes = line.split(" ", 2)
    bits = [int(b, 16) for b in hexes.split(",")]
    if name == "float32":
        x = torch.frombuffer(bytearray(struct.pack("<%dI" % len(bits), *bits)), dtype=torch.float32)
        y = (x ** float(e)).view(torch.int32)
        print(" ".join("%x" % (v & 0xffffffff) for v in y.tolist()))
    else:
        x = torch.frombuffer(bytearray(struct.pack("<%dQ" % len(bits), *bits)), dtype=torch.float64)
        y = (x ** float(e)).view(torch.int64)
        print(" ".join("%x" % (v & 0xffffffffffffffff) for v in y.tolist()))
`
	type job struct {
		d DType
		e float64
		x *Tensor
	}
	var jobs []job
	var input strings.Builder
	for _, d := range []DType{Float32, Float64} {
		xs := powInputs(d, 300)
		var x *Tensor
		if d == Float32 {
			f32 := make([]float32, len(xs))
			for i, v := range xs {
				f32[i] = float32(v)
			}
			x = mustTensor(t, f32)
		} else {
			x = mustTensor(t, xs)
		}
		hexes := make([]string, 0, len(xs))
		for _, b := range powTensorBits(t, x) {
			hexes = append(hexes, strconv.FormatUint(b, 16))
		}
		for _, e := range powScalarExponents {
			jobs = append(jobs, job{d, e, x})
			input.WriteString(d.String() + " " + strconv.FormatFloat(e, 'g', -1, 64) + " " + strings.Join(hexes, ",") + "\n")
		}
	}
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(input.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(jobs) {
		t.Fatalf("%d lines from PyTorch, want %d", len(lines), len(jobs))
	}
	for k, j := range jobs {
		y := mustOp(Pow(j.x, MustScalar(j.e)))
		if y.DType() != j.d {
			t.Fatalf("%s ** %g: dtype %s", j.d, j.e, y.DType())
		}
		got := powTensorBits(t, y)
		want := strings.Fields(lines[k])
		xbits := powTensorBits(t, j.x)
		bad := 0
		for i, w := range want {
			if g := strconv.FormatUint(got[i], 16); g != w && bad < 5 {
				bad++
				t.Errorf("%s ** %g at x bits %x: kael %s, PyTorch %s", j.d, j.e, xbits[i], g, w)
			}
		}
		// in place, the output the input's own storage, the same bits
		inPlace := mustOp(j.x.Clone())
		if err := PowSpec.ApplyInPlace(inPlace, MustScalar(j.e)); err != nil {
			t.Fatal(err)
		}
		for i, b := range powTensorBits(t, inPlace) {
			if b != got[i] {
				t.Errorf("%s **= %g at x bits %x: %x, out of place %x", j.d, j.e, xbits[i], b, got[i])
				break
			}
		}
		// the same values through a strided view (a transpose) and a
		// one-element tensor exponent give the same bits
		n := j.x.Numel() / 2 * 2
		xt := mustOp(mustOp(mustOp(j.x.Slice(0, 0, n, 1)).Reshape(2, n/2)).Transpose(0, 1))
		yt := powTensorBits(t, mustOp(Pow(xt, MustScalar(j.e))))
		xtb := powTensorBits(t, xt)
		idx := map[uint64]uint64{}
		for i, b := range xbits {
			idx[b] = got[i]
		}
		for i, b := range xtb {
			if yt[i] != idx[b] {
				t.Errorf("%s ** %g strided at x bits %x: %x, contiguous %x", j.d, j.e, b, yt[i], idx[b])
				break
			}
		}
	}
}

// TestPowScalarInt64MatchesPython raises int64 values, wrapping ones
// included, to small exponents; x*x and x*x*x wrap as PyTorch's.
func TestPowScalarInt64MatchesPython(t *testing.T) {
	xs := []int64{0, 1, -1, 2, -3, 7, 1000, -1000, 3037000499, 3037000500, 2097151, 2097152, -2097153, math.MaxInt64, math.MinInt64, 123456789}
	for _, e := range []int64{0, 1, 2, 3, 4, 5, 63} {
		y := mustOp(Pow(mustTensor(t, xs), MustScalar(e)))
		got := mustOp(ToList(y)).([]any)
		for i, x := range xs {
			want := int64(1) // x ** e modulo 2**64, as int64 multiplication wraps
			for range e {
				want *= x
			}
			if got[i].(int64) != want {
				t.Errorf("%d ** %d = %d, want %d", x, e, got[i], want)
			}
		}
	}
	if _, err := Pow(mustTensor(t, xs), MustScalar(int64(-1))); err == nil {
		t.Errorf("int64 ** -1: no error")
	}
}
