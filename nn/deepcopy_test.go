package nn

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestDeepCopy checks DeepCopy's contract: new storage for every
// parameter and buffer with the same values, parameters still parameters,
// a tensor shared by two modules (tied weights) copied once, the training
// flag and settings kept.
func TestDeepCopy(t *testing.T) {
	a, err := NewLinear(3, 3, true, tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewLinear(3, 3, false, tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	b.base.SetParameter("weight", a.base.Parameter("weight")) // tied
	d, err := NewDropout(0.25, false)
	if err != nil {
		t.Fatal(err)
	}
	seq := NewSequential(a, b, d)
	Train(seq, false)
	got, err := DeepCopy(seq)
	if err != nil {
		t.Fatal(err)
	}
	c := got.(*Container)
	ca, cb := c.Items()[0].(*Linear), c.Items()[1].(*Linear)
	w, cw := a.base.Parameter("weight"), ca.base.Parameter("weight")
	if cw == w || cw.DataPtr() == w.DataPtr() {
		t.Error("the copy shares the weight's storage")
	}
	if !IsParameter(cw) || !cw.RequiresGrad() {
		t.Error("the copied weight is no longer a parameter that requires grad")
	}
	if cb.base.Parameter("weight") != cw {
		t.Error("tied weights were copied twice")
	}
	if !tensor.Equal(w, cw) {
		t.Error("the copy's values differ")
	}
	if cd := c.Items()[2].(*Dropout); cd.P != 0.25 || cd.base.Training || c.base.Training {
		t.Errorf("settings or training flag lost: p=%v training=%v", cd.P, cd.base.Training)
	}
	if cb.base.Parameter("bias") != nil || cb.base.KindOf("bias") != ParameterKind {
		t.Error("a parameter slot holding None was not kept")
	}
}
