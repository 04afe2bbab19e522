package vecmath

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestAdamFloat32MatchesGeneric checks the vector Adam step bit for bit
// against the Go loop, at every length up to 40 (whole vectors and
// tails) and with extreme gradients and moments: zeros, subnormals,
// values whose square overflows, infinities and NaN (a NaN's payload is
// the operands' order's, which the two need not share).
func TestAdamFloat32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	special := []float32{0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 1e-30, -3e30, 3e38,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	a := AdamParams{Beta1: 0.9, OneMinusBeta1: float32(1 - 0.9), Beta2: 0.95, OneMinusBeta2: float32(1 - 0.95),
		BiasCorrection2Sqrt: 0.31622776, Eps: 1e-8, NegStepSize: -6e-4}
	draw := func(n int, pos bool) []float32 {
		s := make([]float32, n)
		for i := range s {
			s[i] = float32(r.NormFloat64()) * float32(math.Pow(10, float64(r.Intn(9)-4)))
			if r.Intn(5) == 0 {
				s[i] = special[r.Intn(len(special))]
			}
			if pos {
				s[i] = float32(math.Abs(float64(s[i])))
			}
		}
		return s
	}
	for n := 0; n <= 40; n++ {
		for round := 0; round < 20; round++ {
			p, g, m, v := draw(n, false), draw(n, false), draw(n, false), draw(n, true)
			p2, m2, v2 := append([]float32(nil), p...), append([]float32(nil), m...), append([]float32(nil), v...)
			AdamFloat32(p, g, m, v, a)
			adamGeneric(p2, g, m2, v2, a)
			for i := range p {
				for _, pair := range [][2]float32{{p[i], p2[i]}, {m[i], m2[i]}, {v[i], v2[i]}} {
					nan := pair[0] != pair[0] && pair[1] != pair[1] // NaN either way; payloads may differ
					if !nan && math.Float32bits(pair[0]) != math.Float32bits(pair[1]) {
						t.Fatalf("n %d, element %d: %v, the Go loop %v (g %v)", n, i, pair[0], pair[1], g[i])
					}
				}
			}
		}
	}
}

func BenchmarkAdamFloat32(b *testing.B) {
	const n = 1 << 16
	p, g, m, v := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range p {
		p[i], g[i] = float32(i%97)/97, float32(i%31)/31-0.5
	}
	a := AdamParams{Beta1: 0.9, OneMinusBeta1: 0.1, Beta2: 0.95, OneMinusBeta2: 0.05, BiasCorrection2Sqrt: 0.5, Eps: 1e-8, NegStepSize: -6e-4}
	for _, impl := range []string{"vector", "generic"} {
		b.Run(impl, func(b *testing.B) {
			b.SetBytes(n * 4)
			for i := 0; i < b.N; i++ {
				if impl == "vector" {
					AdamFloat32(p, g, m, v, a)
				} else {
					adamGeneric(p, g, m, v, a)
				}
			}
		})
	}
}

// TestAdamFloat32AgainstTorch compares AdamFloat32 with the operations of
// PyTorch 1.13's single-tensor Adam (torch.optim.Adam and AdamW without
// foreach on the CPU) on float32 tensors, bit for bit, over three steps
// and lengths with vector tails: the first moment's add_ with alpha and
// the second moment's addcmul_ each round once there (a fused
// multiply-add), and the step's own operations each once.
func TestAdamFloat32AgainstTorch(t *testing.T) {
	cases := []struct {
		name                 string
		n                    int
		lr, b1, b2, eps      float64
		scale, momentumScale float64
	}{
		{"makemore", 1003, 5e-4, 0.9, 0.99, 1e-8, 1, 1},
		{"nanoGPT", 517, 6e-4, 0.9, 0.95, 1e-8, 1e-3, 1e-2},
		{"dcgan", 64, 2e-4, 0.5, 0.999, 1e-8, 30, 10},
		{"large eps", 13, 0.1, 0.8, 0.9, 1e-3, 1e-6, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(int64(c.n)))
			const steps = 3
			draw := func(n int, s float64) []float32 {
				out := make([]float32, n)
				for i := range out {
					out[i] = float32(r.NormFloat64() * s)
				}
				return out
			}
			p := draw(c.n, 1)
			gs := draw(steps*c.n, c.scale)
			gs[0], gs[1] = 0, math.SmallestNonzeroFloat32
			m := draw(c.n, c.scale*c.momentumScale*0.1)
			v := draw(c.n, c.scale*c.momentumScale)
			for i := range v {
				v[i] *= v[i]
			}
			want := torchAdamSteps(t, p, gs, m, v, c.lr, c.b1, c.b2, c.eps, steps)
			for step := 1; step <= steps; step++ {
				a := AdamParams{Beta1: float32(c.b1), OneMinusBeta1: float32(1 - c.b1),
					Beta2: float32(c.b2), OneMinusBeta2: float32(1 - c.b2),
					BiasCorrection2Sqrt: float32(math.Sqrt(1 - math.Pow(c.b2, float64(step)))),
					Eps:                 float32(c.eps), NegStepSize: float32(-c.lr / (1 - math.Pow(c.b1, float64(step))))}
				AdamFloat32(p, gs[(step-1)*c.n:step*c.n], m, v, a)
			}
			for k, got := range [][]float32{p, m, v} {
				for i := range got {
					if w := want[k*c.n+i]; math.Float32bits(got[i]) != math.Float32bits(w) {
						t.Fatalf("%s[%d] after %d steps: %v, PyTorch %v", []string{"p", "exp_avg", "exp_avg_sq"}[k], i, steps, got[i], w)
					}
				}
			}
		})
	}
}

// torchAdamSteps runs steps of _single_tensor_adam's operations in
// PyTorch (its vectorized AVX2 kernels) from p, m and v with the
// gradients gs, steps of len(p) each, and returns p, m and v after them,
// one after another.
func torchAdamSteps(t *testing.T, p, gs, m, v []float32, lr, b1, b2, eps float64, steps int) []float32 {
	py := reftest.TorchPython(t)
	var in bytes.Buffer
	for _, s := range [][]float32{p, m, v, gs} {
		binary.Write(&in, binary.LittleEndian, s)
	}
	cmd := exec.Command(py, "-c", fmt.Sprintf(`
import math, sys, numpy, torch
n, steps, lr, b1, b2, eps = %d, %d, %v, %v, %v, %v
d = numpy.frombuffer(sys.stdin.buffer.read(), dtype='<f4')
p, m, v = (torch.from_numpy(d[i*n:(i+1)*n].copy()) for i in range(3))
for step in range(1, steps + 1):
    g = torch.from_numpy(d[(2+step)*n:(3+step)*n].copy())
    # torch/optim/adam.py, _single_tensor_adam (1.13), in its order
    m.mul_(b1).add_(g, alpha=1 - b1)
    v.mul_(b2).addcmul_(g, g.conj(), value=1 - b2)
    step_size = lr / (1 - b1 ** step)
    bias_correction2_sqrt = math.sqrt(1 - b2 ** step)
    denom = (v.sqrt() / bias_correction2_sqrt).add_(eps)
    p.addcdiv_(m, denom, value=-step_size)
sys.stdout.buffer.write(torch.cat([p, m, v]).numpy().astype('<f4').tobytes())
`, len(p), steps, lr, b1, b2, eps))
	cmd.Stdin = &in
	cmd.Env = append(os.Environ(), "ATEN_CPU_CAPABILITY=avx2")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", py, err)
	}
	want := make([]float32, 3*len(p))
	if err := binary.Read(bytes.NewReader(out), binary.LittleEndian, want); err != nil {
		t.Fatal(err)
	}
	return want
}
