package tensor

import (
	"context"
	"testing"
	"time"
)

// TestStoppableReturnsWhileRoutineRuns checks stoppable with a routine
// that never ends by itself: interrupted, the caller gets KeyboardInterrupt
// at once while the routine is still running; a panic of the routine is
// raised in the caller, as if it had run there.
func TestStoppableReturnsWhileRoutineRuns(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	err := Interruptible(ctx, func() error {
		return stoppable(stoppableWork, func() { cancel(); <-release })
	})
	if KindOf(err) != KeyboardInterrupt {
		t.Errorf("an interrupted routine: %v, want KeyboardInterrupt", err)
	}
	for _, work := range []int{1, stoppableWork} {
		func() {
			defer func() {
				if p := recover(); p != "bad work size" {
					t.Errorf("work %d: recovered %v, want the routine's panic", work, p)
				}
			}()
			stoppable(work, func() { panic("bad work size") })
		}()
	}
	ran := false
	if err := stoppable(stoppableWork, func() { ran = true }); err != nil || !ran {
		t.Errorf("a routine run apart: err %v, ran %v", err, ran)
	}
}

// TestDecompositionsInterruptedMidway cancels an SVD and an eigh that take
// about a second: they end in KeyboardInterrupt (before, they ran to the
// end and returned their result), within a generous bound.
func TestDecompositionsInterruptedMidway(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of LAPACK per decomposition")
	}
	x, err := Randn(NewGenerator(1), Float64, 700, 700)
	if err != nil {
		t.Fatal(err)
	}
	sym, _ := Add(x, mustT(x.Transpose(0, 1)))
	for _, tt := range []struct {
		name string
		op   func() error
	}{
		{"svd", func() error { _, _, _, err := SVD(x, false, true); return err }},
		{"eigh", func() error { _, _, err := Eigh(sym, "L", true); return err }},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancelledAt := make(chan time.Time, 1)
		timer := time.AfterFunc(20*time.Millisecond, func() { cancelledAt <- time.Now(); cancel() })
		err := Interruptible(ctx, tt.op)
		timer.Stop()
		if KindOf(err) != KeyboardInterrupt {
			t.Errorf("%s cancelled after 20 ms: %v, want KeyboardInterrupt", tt.name, err)
			continue
		}
		if late := time.Since(<-cancelledAt); late > 2*time.Second {
			t.Errorf("%s stopped %v after the cancel", tt.name, late)
		}
	}
}

func mustT(t *Tensor, err error) *Tensor {
	if err != nil {
		panic(err)
	}
	return t
}
