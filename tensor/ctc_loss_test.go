package tensor

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestCTCRefusesAndEmptyInputs checks what kael decides where PyTorch
// 1.13's kernel reads outside its buffers: negative lengths and labels
// outside [0, C) are errors, and an input length of 0 gives the loss of
// no step (0 for an empty target, +inf otherwise) with a zero gradient.
func TestCTCRefusesAndEmptyInputs(t *testing.T) {
	lp, err := Full(math.Log(0.25), Float64, 3, 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	targets, _ := FromSlice([]int64{1, 2, 3, 3}, 2, 2)
	for _, c := range []struct {
		in, target []int
		want       string // an error's text, or the losses
	}{
		{[]int{3, -1}, []int{2, 2}, "Expected input_lengths to have value at least 0, but got value -1"},
		{[]int{3, 3}, []int{2, -2}, "Expected target_lengths to have value at least 0, but got value -2"},
		{[]int{0, 0}, []int{0, 1}, "[0 +Inf]"},
	} {
		ctc, err := NewCTC(lp, targets, c.in, c.target, 0)
		if err != nil {
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v %v: %v, want %q", c.in, c.target, err, c.want)
			}
			continue
		}
		nll, alpha, err := ctc.Forward(lp)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := nll.Float64s()
		if s := fmt.Sprint(got); s != c.want {
			t.Errorf("%v %v: losses %s, want %s", c.in, c.target, s, c.want)
		}
		ones, _ := FromSlice([]float64{1, 1})
		g, err := ctc.Backward(ones, lp, nll, alpha, true)
		if err != nil {
			t.Fatal(err)
		}
		gs, _ := g.Float64s()
		for _, v := range gs {
			if v != 0 {
				t.Errorf("%v %v: gradient %v, want zeros", c.in, c.target, gs)
				break
			}
		}
	}
	bad, _ := FromSlice([]int64{1, 4, 3, 3}, 2, 2)
	if _, err := NewCTC(lp, bad, []int{3, 3}, []int{2, 2}, 0); err == nil || !strings.Contains(err.Error(), "Expected targets to have values in [0, 4), but got value 4") {
		t.Errorf("label 4 of 4 classes: %v", err)
	}
}
