package tensor

import (
	"math"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// powF32Case is one float32 pow: base and exponent tensors (either may
// be a wrapped number, given as a one-element slice with scalar set).
type powF32Case struct {
	name         string
	x, y         []float32
	xScal, yScal bool
}

// powF32Cases are general float32 powers: tensor ** tensor over random
// and special pairs, tensor ** number for exponents outside PyTorch's
// special list, number ** tensor.
func powF32Cases() []powF32Case {
	r := rand.New(rand.NewPCG(34, 69))
	var bx, by []float32
	spec := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 2, -2, 0.5, -0.5, 2.5, -2.5, 3, -3,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-3, 1e3, 4097, math.SmallestNonzeroFloat32, math.MaxFloat32}
	for _, a := range spec {
		for _, b := range spec {
			bx, by = append(bx, a), append(by, b)
		}
	}
	for range 3000 {
		bx, by = append(bx, float32(r.Float64()+0.5)), append(by, float32(r.Float64()+0.5))
		bx, by = append(bx, float32(r.NormFloat64()*4)), append(by, float32(math.Round(r.NormFloat64()*6)))
		bx, by = append(bx, float32(math.Exp(r.NormFloat64()*10))), append(by, float32(r.NormFloat64()*6))
		bx, by = append(bx, math.Float32frombits(r.Uint32())), append(by, math.Float32frombits(r.Uint32()))
	}
	cases := []powF32Case{{name: "t**u", x: bx, y: by}}
	for _, e := range []float32{2.5, -1.3, 1.7, 0.25, 4, 7, -3, 1.5, -2.5, 10} {
		cases = append(cases, powF32Case{name: "t**" + strconv.FormatFloat(float64(e), 'g', -1, 32), x: bx, y: []float32{e}, yScal: true})
	}
	for _, b := range []float32{2.5, 0.3, 10, -2} {
		cases = append(cases, powF32Case{name: strconv.FormatFloat(float64(b), 'g', -1, 32) + "**t", x: []float32{b}, y: by, xScal: true})
	}
	return cases
}

// f32Ulps is how many float32s lie between a and b (0 for two NaNs,
// MaxInt for a NaN and a number).
func f32Ulps(a, b float32) int64 {
	if a != a || b != b {
		if a != a && b != b {
			return 0
		}
		return math.MaxInt64
	}
	key := func(v float32) int64 {
		u := int64(math.Float32bits(v))
		if u >= 1<<31 {
			return -(u - 1<<31)
		}
		return u
	}
	d := key(a) - key(b)
	if d < 0 {
		d = -d
	}
	return d
}

// TestPowFloat32GeneralMatchesMathAndTorch raises float32 tensors to
// general exponents (a tensor, a number outside PyTorch's special list,
// a number base) and holds kael to float32(math.Pow) bit for bit (NaN as
// NaN) on contiguous and strided operands alike, and to PyTorch 1.13
// (SLEEF's powf, within 1 ulp) within 1 ulp.
func TestPowFloat32GeneralMatchesMathAndTorch(t *testing.T) {
	python := debianTorch(t)
	const script = `
import struct, sys, torch
def ten(h):
    b = [int(v, 16) for v in h.split(",")]
    return torch.frombuffer(bytearray(struct.pack("<%dI" % len(b), *b)), dtype=torch.float32)
for line in sys.stdin:
    xs, ys, xh, yh = line.split()
    x, y = ten(xh), ten(yh)
    if xs == "1": x = x[0].item()
    if ys == "1": y = y[0].item()
    r = (torch.pow(x, y)).view(torch.int32)
    print(" ".join("%x" % (v & 0xffffffff) for v in r.tolist()))
`
	hex := func(v []float32) string {
		s := make([]string, len(v))
		for i, f := range v {
			s[i] = strconv.FormatUint(uint64(math.Float32bits(f)), 16)
		}
		return strings.Join(s, ",")
	}
	flag := map[bool]string{false: "0", true: "1"}
	cases := powF32Cases()
	var input strings.Builder
	for _, c := range cases {
		input.WriteString(flag[c.xScal] + " " + flag[c.yScal] + " " + hex(c.x) + " " + hex(c.y) + "\n")
	}
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(input.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("%d lines from PyTorch, want %d", len(lines), len(cases))
	}
	operand := func(v []float32, scalar bool) *Tensor {
		if scalar {
			return MustScalar(float64(v[0]))
		}
		return mustTensor(t, v)
	}
	for k, c := range cases {
		x, y := operand(c.x, c.xScal), operand(c.y, c.yScal)
		got := mustOp(Pow(x, y))
		if got.DType() != Float32 {
			t.Fatalf("%s: dtype %s", c.name, got.DType())
		}
		vals := got.storage.data.([]float32)[got.offset : got.offset+got.Numel()]
		// the same pairs through strided operands: a transposed view of
		// each tensor operand
		n := got.Numel() / 2 * 2
		view := func(v *Tensor, scalar bool) *Tensor {
			if scalar {
				return v
			}
			return mustOp(mustOp(mustOp(v.Slice(0, 0, n, 1)).Reshape(2, n/2)).Transpose(0, 1))
		}
		strided := powTensorBits(t, mustOp(Pow(view(x, c.xScal), view(y, c.yScal))))
		want := strings.Fields(lines[k])
		worst, over := int64(0), 0
		for i, v := range vals {
			xi, yi := c.x[min(i, len(c.x)-1)], c.y[min(i, len(c.y)-1)]
			if m := float32(math.Pow(float64(xi), float64(yi))); f32Ulps(v, m) != 0 || (v == 0 && math.Signbit(float64(v)) != math.Signbit(float64(m))) {
				t.Fatalf("%s: pow(%g, %g) = %g (%#x), float32(math.Pow) %g (%#x)", c.name, xi, yi, v, math.Float32bits(v), m, math.Float32bits(m))
			}
			tb, err := strconv.ParseUint(want[i], 16, 32)
			if err != nil {
				t.Fatal(err)
			}
			tv := math.Float32frombits(uint32(tb))
			if d := f32Ulps(v, tv); d > 1 {
				if over++; over <= 5 {
					t.Errorf("%s: pow(%g, %g) = %g (%#x), PyTorch %g (%#x)", c.name, xi, yi, v, math.Float32bits(v), tv, uint32(tb))
				}
			} else {
				worst = max(worst, d)
			}
		}
		// strided: element j of the view is element (j%2)*n/2 + j/2
		for j, b := range strided {
			i := (j%2)*(n/2) + j/2
			if v := vals[i]; uint64(math.Float32bits(v)) != b && !(v != v && math.Float32frombits(uint32(b)) != math.Float32frombits(uint32(b))) {
				t.Fatalf("%s strided: element %d %#x, contiguous %#x", c.name, i, b, math.Float32bits(v))
			}
		}
		t.Logf("%s: %d elements, at most %d ulp from PyTorch", c.name, len(vals), worst)
	}
}
