// Package gonb shows kael values in Go notebooks run by the gonb kernel
// (github.com/janpfeifer/gonb). A gonb cell is a Go program, so nothing is
// shown unless the cell asks: Display shows tensors as the same HTML tables
// the kael Jupyter kernel shows (package render), errors as error boxes and
// anything else as markdown or text; Update replaces one output in place,
// for progress and loss-per-step lines; Run evaluates kael-language code and
// shows its result. Every kael operation returns (T, error), and Must turns
// that into T for notebook code.
//
//	import (
//		"github.com/kael-dev/kael/gonb"
//		"github.com/kael-dev/kael/tensor"
//	)
//
//	%%
//	x := gonb.Must(tensor.FromSlice([]float32{1, 2, 3, 4}, 2, 2))
//	gonb.Display(x)
//
// Display and Update wait (gonbui.Sync) until gonb has taken their output,
// so nothing is lost when the cell's program exits. Outside a notebook they
// print the text form to standard output, so the same code runs with go run.
//
// The package is its own module inside the kael repository, so that kael's
// main module does not depend on gonb. docs/jupyter.md tells how to set a
// notebook up.
package gonb
