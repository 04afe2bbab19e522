package lang

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kael-dev/kael/tensor"
)

// TestCancellationStopsKernels interrupts cells whose time goes into one
// long kernel rather than a loop of statements: the kernels check for the
// interrupt between chunks, so the cell stops before it would finish, and
// the variables assigned before it keep their values. The setup runs as a
// cell of its own: creating a tensor is interruptible too, and on a loaded
// machine ones(5000, 5000) can still be running when the interrupt comes.
//
// Nothing is timed against a bound that load can break: the interrupt
// comes once the cell has printed that its work starts, and what shows
// that the work stopped early is its state (the result of the statement
// that was running is never assigned, the loop did not reach its end),
// with a deadline that only a cell that never stops misses.
func TestCancellationStopsKernels(t *testing.T) {
	cells := []struct{ name, setup, src, unfinished string }{
		{"matmul", "a = ones(5000, 5000)", "print('go')\nb = a @ a", "b"},
		{"element-wise", "a = ones(4000, 4000)\ni = -1", "print('go')\nfor i in range(1000):\n    a = a * 1.0001 + 0.5", "i < 999"},
		{"reduction", "a = ones(4000, 4000)\ni = -1", "print('go')\nfor i in range(1000):\n    s = a.sum(dim=0)", "i < 999"},
		{"randn", "a = ones(3)\ni = -1", "print('go')\nfor i in range(1000):\n    b = randn(1000, 1000)", "i < 999"},
		{"randperm", "a = ones(3)\ni = -1", "print('go')\nfor i in range(1000):\n    b = randperm(1000000)", "i < 999"},
		// sum's unboxed loops over a range's ints (iterateInts)
		{"sum of a range", "a = ones(3)", "print('go')\ns = sum(range(10**15))", "s"},
		{"sum of a generator expression", "a = ones(3)", "print('go')\ns = sum(x for x in range(10**15))", "s"},
	}
	for _, c := range cells {
		t.Run(c.name, func(t *testing.T) {
			started := make(chan struct{})
			var once sync.Once
			s := NewSession(IO{Stdout: writerFunc(func(p []byte) (int, error) { once.Do(func() { close(started) }); return len(p), nil })})
			if r := s.Exec(context.Background(), "", c.setup); r.Err != nil {
				t.Fatalf("%s: %v", c.setup, r.Err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan Result, 1)
			go func() { done <- s.Exec(ctx, "", c.src) }()
			<-started
			time.Sleep(50 * time.Millisecond) // into the kernel, most likely; the checks hold either way
			cancel()
			select {
			case r := <-done:
				if r.Err == nil || r.Err.Kind != KeyboardInterrupt {
					t.Fatalf("got %v, want KeyboardInterrupt", r.Err)
				}
			case <-time.After(time.Minute):
				t.Fatal("the cell did not stop")
			}
			// b was never assigned, or the loop stopped short of 999.
			if got := outcome(s.Exec(context.Background(), "", c.unfinished)); got != "True" && !strings.HasPrefix(got, "NameError") {
				t.Errorf("the cell ran to its end: %s is %s", c.unfinished, got)
			}
			if got := outcome(s.Exec(context.Background(), "", "a.shape[0] > 0")); got != "True" {
				t.Errorf("a after the interrupt: %s", got)
			}
		})
	}
}

// TestChainStopsBetweenTerms interrupts a long chain [1] + [1] + ... whose
// work is quadratic in its terms: it runs in a loop that looks at the
// interrupt between two terms, so the terms after the interrupt are not
// evaluated, and the variable it assigns keeps its old value. The writer
// that sees the cell's print cancels the cell and waits until the flag is
// raised, so what the test checks does not depend on timing.
func TestChainStopsBetweenTerms(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := NewSession(IO{Stdout: writerFunc(func(p []byte) (int, error) {
		cancel()
		for deadline := time.Now().Add(time.Minute); !tensor.Interrupted() && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		return len(p), nil
	})})
	setup := "x = 'old'\nreached = False\ndef mark():\n    global reached\n    reached = True\n    return [2]"
	if r := s.Exec(context.Background(), "", setup); r.Err != nil {
		t.Fatal(r.Err)
	}
	terms := func(n int) string { return strings.Repeat("[1] + ", n) }
	src := "x = " + terms(1000) + "[print('go')] + [1] + mark() + " + terms(148_000) + "[1]"
	r := s.Exec(ctx, "", src)
	if r.Err == nil || r.Err.Kind != KeyboardInterrupt {
		t.Fatalf("got %v, want KeyboardInterrupt", r.Err)
	}
	if got := outcome(s.Exec(context.Background(), "", "x, reached")); got != "('old', False)" {
		t.Errorf("after the interrupt x, reached = %s, want ('old', False)", got)
	}
}
