package gonb

import (
	"fmt"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

// Must returns v when err is nil. Otherwise it shows err as an error box
// (kind, message, hint) and panics with err, which ends the cell's
// program: gonb marks the cell failed. Every kael operation returns
// (T, error), so notebook code reads
//
//	y := gonb.Must(tensor.Matmul(x, w))
//
// Outside a notebook it only panics, as template.Must does.
func Must[T any](v T, err error) T {
	if err != nil {
		fail(err)
	}
	return v
}

// Check is Must for operations that return only an error, such as
// autograd.Backward and an optimizer's Step.
func Check(err error) {
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	if gonbui.IsNotebook {
		Display(err)
	}
	panic(err)
}

// Float is the value of a one-element tensor as a float64, as PyTorch's
// loss.item(): an integer or bool element converts. Any other tensor fails
// as Must does.
func Float(t *tensor.Tensor) float64 {
	v := Must(t.Item())
	switch v := v.(type) {
	case float64:
		return v
	case int64:
		return float64(v)
	case bool:
		if v {
			return 1
		}
		return 0
	}
	fail(fmt.Errorf("Float: %s has elements of Go type %T", render.Badge(t), v))
	return 0
}
