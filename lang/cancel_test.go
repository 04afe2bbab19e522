package lang

import (
	"context"
	"testing"
	"time"
)

// TestCancellationStopsKernels interrupts cells whose time goes into one
// long kernel rather than a loop of statements: the kernels check for the
// interrupt between chunks, so the cell stops well before it would finish,
// and the variables assigned before it keep their values. The setup runs as
// a cell of its own: creating a tensor is interruptible too, and on a
// loaded machine ones(5000, 5000) can still be running when the interrupt
// comes.
func TestCancellationStopsKernels(t *testing.T) {
	cells := []struct{ name, setup, src string }{
		{"matmul", "a = ones(5000, 5000)", "b = a @ a"},
		{"element-wise", "a = ones(4000, 4000)", "for i in range(1000):\n    a = a * 1.0001 + 0.5"},
		{"reduction", "a = ones(4000, 4000)", "for i in range(1000):\n    s = a.sum(dim=0)"},
		{"randn", "a = ones(3)", "for i in range(1000):\n    b = randn(1000, 1000)"},
		{"randperm", "a = ones(3)", "for i in range(1000):\n    b = randperm(1000000)"},
	}
	for _, c := range cells {
		t.Run(c.name, func(t *testing.T) {
			s := NewSession(IO{})
			if r := s.Exec(context.Background(), "", c.setup); r.Err != nil {
				t.Fatalf("%s: %v", c.setup, r.Err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan Result, 1)
			go func() { done <- s.Exec(ctx, "", c.src) }()
			time.Sleep(300 * time.Millisecond)
			start := time.Now()
			cancel()
			select {
			case r := <-done:
				if r.Err == nil || r.Err.Kind != KeyboardInterrupt {
					t.Fatalf("got %v, want KeyboardInterrupt", r.Err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the cell did not stop")
			}
			// The goal is 100 ms; a shared CI machine gets a generous bound.
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("stopping took %v", d)
			}
			if got := outcome(s.Exec(context.Background(), "", "a.shape[0] > 0")); got != "True" {
				t.Errorf("a after the interrupt: %s", got)
			}
		})
	}
}
