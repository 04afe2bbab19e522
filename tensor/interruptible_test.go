package tensor

import (
	"context"
	"testing"
)

// TestInterruptibleDoesNotLeakIntoNext checks that a context cancelled
// just before its Interruptible returns does not interrupt the next one:
// the cancellation callback may run after the first has ended.
func TestInterruptibleDoesNotLeakIntoNext(t *testing.T) {
	for i := range 200 {
		ctx, cancel := context.WithCancel(context.Background())
		_ = Interruptible(ctx, func() error { cancel(); return nil })
		err := Interruptible(context.Background(), func() error {
			return ParallelFor(1, 1, func(begin, end int) {})
		})
		if err != nil {
			t.Fatalf("run %d after a cancelled one: %v", i, err)
		}
	}
}
