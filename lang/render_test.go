package lang

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kael-dev/kael/tensor"
)

// slowRepr is a value whose repr counts itself; the first one made (gate
// set) waits for the interrupt flag, so that an interrupt surely comes
// while the repr of a list of them is being made.
type slowRepr struct {
	made *atomic.Int64
	gate chan struct{}
}

func (s slowRepr) PyRepr() string {
	if s.made.Add(1) == 1 {
		close(s.gate)
		for deadline := time.Now().Add(time.Minute); !tensor.Interrupted() && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
	}
	return "s"
}

// TestRenderStopsOnInterrupt interrupts the repr of a cell's value, made
// after Exec returned, as a front end makes it: Render is KeyboardInterrupt
// and the repr stopped within one poll interval of the interrupt, far
// short of the list's end.
func TestRenderStopsOnInterrupt(t *testing.T) {
	s := NewSession(IO{})
	var made atomic.Int64
	gate := make(chan struct{})
	elems := make([]Value, 100*pollEvery)
	for i := range elems {
		elems[i] = slowRepr{&made, gate}
	}
	s.Set("big", &List{Elems: elems})
	res := s.Exec(context.Background(), "", "big")
	if res.Err != nil || res.Value == nil {
		t.Fatalf("big: %+v", res)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-gate; cancel() }()
	var text string
	var formatErr error
	err := s.Render(ctx, func() error {
		text, formatErr = ReprText(res.Value)
		return formatErr
	})
	if err == nil || err.Kind != KeyboardInterrupt || text != "" {
		t.Fatalf("Render = %v with text %.40q, want KeyboardInterrupt", err, text)
	}
	if n := made.Load(); n > 2*pollEvery {
		t.Errorf("the repr went on for %d of %d elements after the interrupt", n, len(elems))
	}
	// The flag is down again: the session goes on.
	if got := outcome(s.Exec(context.Background(), "", "len(big), repr([1, 2])")); got != "(409600, '[1, 2]')" {
		t.Errorf("after the interrupt: %s", got)
	}
}

// TestRenderOutcomes: a value shown in full, a context cancelled before
// rendering, the size guard and a panicking formatter.
func TestRenderOutcomes(t *testing.T) {
	s := NewSession(IO{})
	var text string
	if err := s.Render(context.Background(), func() (err error) { text, err = ReprText(&List{Elems: []Value{int64(1), "a"}}); return err }); err != nil || text != "[1, 'a']" {
		t.Errorf("Render = %v, %q", err, text)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Render(cancelled, func() error { return nil }); err == nil || err.Kind != KeyboardInterrupt {
		t.Errorf("Render with a cancelled context = %v, want KeyboardInterrupt", err)
	}
	err := s.Render(context.Background(), func() error { panic("boom") })
	if err == nil || err.Kind != InternalError || !strings.Contains(err.Msg, "boom") {
		t.Errorf("Render of a panicking formatter = %v", err)
	}
	if err := s.Render(context.Background(), func() error { return errors.New("plain") }); err == nil || !strings.Contains(err.Msg, "plain") {
		t.Errorf("Render of a failing formatter = %v", err)
	}
}

// TestReprSizeGuard: a text longer than maxReprBytes is a MemoryError from
// ReprText, Render and the builtins that make text, and variables keep
// their values.
func TestReprSizeGuard(t *testing.T) {
	defer func(saved int) { maxReprBytes = saved }(maxReprBytes)
	maxReprBytes = 1000
	s := NewSession(IO{Stdout: new(strings.Builder)})
	if r := s.Exec(context.Background(), "", "row = list(range(100))\nrows = [row] * 100\nd = {i: row for i in range(100)}"); r.Err != nil {
		t.Fatal(r.Err)
	}
	for _, src := range []string{"repr(rows)", "str(rows)", "print(rows)", "repr(d)", "str((rows, 1))"} {
		got := outcome(s.Exec(context.Background(), "", src))
		if !strings.HasPrefix(got, "MemoryError: the text of this ") {
			t.Errorf("%s: %.80s, want MemoryError", src, got)
		}
	}
	rows, _ := s.Get("rows")
	err := s.Render(context.Background(), func() error { _, err := ReprText(rows); return err })
	if err == nil || err.Kind != MemoryError || !strings.Contains(err.Hint, "len(x)") {
		t.Errorf("Render of rows = %v", err)
	}
	if got := outcome(s.Exec(context.Background(), "", "len(rows), repr(row[:3])")); got != "(100, '[0, 1, 2]')" {
		t.Errorf("after the guard: %s", got)
	}
}
