package gonb

import "github.com/janpfeifer/gonb/gonbui"

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
