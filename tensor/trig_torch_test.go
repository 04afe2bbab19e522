package tensor

import (
	"math"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// trigTorchInputs are float32 inputs for sin, cos, tan and atan against PyTorch:
// signed zeros, infinities, NaN, subnormals, runs of float32s about
// multiples of π/2 and π/4, values past the vector kernels' bound (2**20),
// n random bit patterns (every exponent, both signs) and n values of
// ordinary size.
func trigTorchInputs(n int) []float32 {
	inf := float32(math.Inf(1))
	xs := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), math.Float32frombits(1),
		-math.Float32frombits(0x007fffff), 1 << 20, -(1 << 20), 1<<20 + 0.0625, 3e7, -1e10, math.MaxFloat32}
	for k := 1; k < 40; k++ {
		for _, c := range []float64{float64(k) * math.Pi / 2, float64(k)*math.Pi/2 + math.Pi/4, 1e4 * float64(k) * math.Pi / 2} {
			v := float32(c)
			for range 5 {
				v = math.Nextafter32(v, -inf)
			}
			for range 10 {
				xs = append(xs, v, -v)
				v = math.Nextafter32(v, inf)
			}
		}
	}
	r := rand.New(rand.NewPCG(34, 69))
	for range n {
		xs = append(xs, math.Float32frombits(r.Uint32()), float32((r.Float64()*2-1)*math.Pow(10, float64(r.IntN(10)-4))))
	}
	return xs
}

// ulpsApart is how many float32s lie from a to b (0 for equal bits, or
// for two NaNs); a NaN beside a number is "infinitely" apart.
func ulpsApart(a, b float32) int64 {
	if a != a || b != b {
		if a != a && b != b {
			return 0
		}
		return math.MaxInt64
	}
	key := func(v float32) int64 {
		u := int64(math.Float32bits(v))
		if u&(1<<31) != 0 {
			return -(u &^ (1 << 31))
		}
		return u
	}
	d := key(a) - key(b)
	return max(d, -d)
}

// TestTrigFloat32MatchesPyTorch computes float32 sin, cos, tan and atan of
// trigTorchInputs (a contiguous tensor, so the vector kernels and the
// tail take them) and compares with PyTorch's (SLEEF's u10 kernels, under
// 1 ulp) within 1 ulp, NaN where it has NaN.
func TestTrigFloat32MatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	const script = `
import struct, sys, torch
torch.set_num_threads(1)
for line in sys.stdin:
    name, hexes = line.split(" ", 1)
    bits = [int(b, 16) for b in hexes.split(",")]
    x = torch.frombuffer(bytearray(struct.pack("<%dI" % len(bits), *bits)), dtype=torch.float32)
    y = getattr(torch, name)(x).view(torch.int32)
    print(" ".join("%x" % (v & 0xffffffff) for v in y.tolist()))
`
	xs := trigTorchInputs(4000)
	hexes := make([]string, len(xs))
	for i, v := range xs {
		hexes[i] = strconv.FormatUint(uint64(math.Float32bits(v)), 16)
	}
	names := []string{"sin", "cos", "tan", "atan"}
	var input strings.Builder
	for _, name := range names {
		input.WriteString(name + " " + strings.Join(hexes, ",") + "\n")
	}
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(input.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(names) {
		t.Fatalf("python gave %d lines, want %d", len(lines), len(names))
	}
	x := mustTensor(t, xs)
	for j, name := range names {
		y := mustOp(UnaryByName(name).Apply(x))
		got := y.storage.data.([]float32)[y.offset : y.offset+y.Numel()]
		fields := strings.Fields(lines[j])
		if len(fields) != len(xs) {
			t.Fatalf("%s: python gave %d values, want %d", name, len(fields), len(xs))
		}
		exact := 0
		for i, f := range fields {
			b, err := strconv.ParseUint(f, 16, 32)
			if err != nil {
				t.Fatal(err)
			}
			want := math.Float32frombits(uint32(b))
			d := ulpsApart(got[i], want)
			if d > 1 {
				t.Errorf("%s(%g) = %g, PyTorch %g: %d ulps apart", name, xs[i], got[i], want, d)
			}
			if d == 0 {
				exact++
			}
		}
		t.Logf("%s: %d inputs, %d the same bits as PyTorch, the rest 1 ulp apart", name, len(xs), exact)
	}
}
