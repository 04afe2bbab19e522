package langeval

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/kernel/kerneltest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// gatedRepr is an element of a list whose first element's repr (gate set)
// says it started and waits for the interrupt; the others count
// themselves.
type gatedRepr struct {
	made    *atomic.Int64
	started chan struct{}
}

func (g gatedRepr) PyRepr() string {
	if g.made.Add(1) == 1 {
		close(g.started)
		for deadline := time.Now().Add(time.Minute); !tensor.Interrupted() && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
	}
	return "g"
}

// TestLangInterruptRendering interrupts, with interrupt_request, the repr
// of a cell's bare result, made after the cell's code ran: the reply is a
// KeyboardInterrupt with no execute_result, the repr stopped soon after,
// and the kernel goes on.
func TestLangInterruptRendering(t *testing.T) {
	var made atomic.Int64
	started := make(chan struct{})
	elems := make([]lang.Value, 1<<20)
	for i := range elems {
		elems[i] = gatedRepr{&made, started}
	}
	newEngine := func() kernel.Engine {
		e := New().(*Engine)
		e.s.Set("big", &lang.List{Elems: elems})
		return e
	}
	c := kerneltest.Connect(t, kerneltest.Start(t, kernel.Config{NewEngine: newEngine, Version: "test"}))
	id := c.Send("execute_request", map[string]any{"code": "big", "silent": false})
	select {
	case <-started:
	case <-time.After(kerneltest.Timeout):
		t.Fatal("the repr of big did not start")
	}
	if r := c.Interrupt(); r["status"] != "ok" {
		t.Errorf("interrupt_reply %v", r)
	}
	reply, msgs := c.Reply(id)
	if reply["status"] != "error" || reply["ename"] != "KeyboardInterrupt" {
		t.Errorf("the interrupted cell replied %v", reply)
	}
	if res := kerneltest.OfType(msgs, "execute_result"); len(res) != 0 {
		t.Errorf("an execute_result for the interrupted repr: %.200v", res)
	}
	if n := made.Load(); n > 2*4096 {
		t.Errorf("the repr went on for %d of %d elements after the interrupt", n, len(elems))
	}
	if _, msgs := c.Execute("len(big) + 1"); resultText(t, msgs) != "1048577" {
		t.Errorf("after the interrupt: %s", resultText(t, msgs))
	}
}
