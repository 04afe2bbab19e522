package gemm

import (
	"fmt"
	"testing"
)

// A trainCall is one product of a training step as the step calls the
// driver, logged from it (cmd/kaelbench train_bench.py, mlp, lstm and
// cnn): the entry point (Mul, MulAdd, MulPacked, MulPackedAdd), the
// dimensions, and whether A and B are transposed views (A stored k×m, B
// stored n×k, as torch's t() of a weight or of an activation).
type trainCall struct {
	name    string
	entry   string
	m, n, k int
	aT, bT  bool
}

// trainCalls are the float32 products of makemore's MLP step (batch 32,
// block 16: 512 rows; Linear(1024→64) and Linear(64→27)), the word
// language model's LSTM step (35 steps × batch 20, 200 wide, 1000
// words) and dcgan's, with the layout the autograd passes.
var trainCalls = []trainCall{
	{"mlp-l1-fwd", "Mul", 512, 64, 1024, false, true},
	{"mlp-l1-dx", "Mul", 512, 1024, 64, false, false},
	{"mlp-l1-dw", "Mul", 64, 1024, 512, true, false},
	{"mlp-l2-fwd", "MulAdd", 512, 27, 64, false, true},
	{"mlp-l2-dx", "Mul", 512, 64, 27, false, false},
	{"mlp-l2-dw", "Mul", 27, 64, 512, true, false},
	{"lstm-gates-step", "MulPackedAdd", 20, 800, 200, false, false},
	{"lstm-dh-step", "MulPacked", 20, 200, 800, false, false},
	{"lstm-dwhh-step", "MulAdd", 800, 200, 20, true, false},
	{"lstm-gates-in", "MulAdd", 700, 800, 200, false, true},
	{"lstm-dwih", "Mul", 800, 200, 700, true, false},
	{"lstm-dx", "Mul", 700, 200, 800, false, false},
	{"lstm-dec-fwd", "MulAdd", 700, 1000, 200, false, true},
	{"lstm-dec-dx", "Mul", 700, 200, 1000, false, false},
	{"lstm-dec-dw", "Mul", 1000, 200, 700, true, false},
	{"dcgan-dgrad-image", "Mul", 256, 256, 32, true, false},
	{"dcgan-l4-fwd", "Mul", 128, 256, 1024, false, false},
	{"dcgan-l4-wgrad", "Mul", 128, 1024, 256, false, true},
	{"dcgan-l4-dgrad", "Mul", 1024, 256, 128, true, false},
	{"dcgan-l3-dgrad", "Mul", 512, 1024, 64, true, false},
	{"square-1024", "Mul", 1024, 1024, 1024, false, false},
}

// trainCallRun returns a function that computes the call's product once
// on one thread, on fresh operands (B packed once, ahead, for MulPacked
// and MulPackedAdd, as the LSTM packs its weights).
func trainCallRun(tc trainCall) func() {
	a, b, c := operands[float32](shape{m: tc.m, n: tc.n, k: tc.k, aT: tc.aT, bT: tc.bT}, 7)
	for i := range c.Data {
		c.Data[i] = 0
	}
	opt := Options{Threads: 1}
	switch tc.entry {
	case "Mul":
		return func() { Mul(tc.m, tc.n, tc.k, a, b, c, opt) }
	case "MulAdd":
		return func() { MulAdd(tc.m, tc.n, tc.k, a, b, c, opt) }
	case "MulPacked":
		p := Pack(tc.k, tc.n, b)
		return func() { MulPacked(tc.m, tc.n, tc.k, a, p, 0, c, opt) }
	case "MulPackedAdd":
		p := Pack(tc.k, tc.n, b)
		return func() { MulPackedAdd(tc.m, tc.n, tc.k, a, p, 0, c, opt) }
	}
	panic(tc.entry)
}

// BenchmarkTrainCalls times each product of trainCalls on one thread,
// reporting GFLOP/s (2mnk flops a call) of the process's CPU time, which
// on a shared machine varies less than the wall time (a pinned process
// waiting for its CPU is not charged); compare with
// cmd/kaelbench/gemm_shapes.py, PyTorch's on the same shapes and views.
func BenchmarkTrainCalls(b *testing.B) {
	for _, tc := range trainCalls {
		b.Run(fmt.Sprintf("%s/%dx%dx%d", tc.name, tc.m, tc.n, tc.k), func(b *testing.B) {
			run := trainCallRun(tc)
			run()
			cpu0, haveCPU := processCPU()
			for b.Loop() {
				run()
			}
			if cpu1, ok := processCPU(); haveCPU && ok {
				b.ReportMetric(float64(cpu1-cpu0)/1e3/float64(b.N), "cpu-us/op")
				b.ReportMetric(2*float64(tc.m*tc.n*tc.k)*float64(b.N)/(cpu1-cpu0).Seconds()/1e9, "GFLOP/s-cpu")
			}
		})
	}
}
