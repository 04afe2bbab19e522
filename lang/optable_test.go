package lang

import (
	"testing"

	"github.com/kael-dev/kael/autograd"
)

// TestOpTableBuiltins: every descriptor of autograd's op table is a builtin
// or method, as its Expose says, with the descriptor's help, so that adding
// a descriptor is all the language needs.
func TestOpTableBuiltins(t *testing.T) {
	check := func(name, doc string, expose autograd.Exposure) {
		t.Helper()
		fn, isFunc := builtins[name]
		m, isMethod := methods[name]
		if expose == autograd.Custom {
			if !isFunc && !isMethod {
				t.Errorf("%s: Custom, but the language defines no builtin or method of that name", name)
			}
			return
		}
		// A name the op is not exposed as may still be taken by a Python
		// builtin (abs and pow of numbers), so only the exposures are checked.
		for _, e := range []struct {
			want    autograd.Exposure
			b       *Builtin
			present bool
			what    string
		}{{autograd.Function, fn, isFunc, "builtin function"}, {autograd.Method, m, isMethod, "tensor method"}} {
			switch {
			case expose&e.want == 0:
			case !e.present:
				t.Errorf("%s: no %s", name, e.what)
			case e.b.Doc != doc:
				t.Errorf("%s: the %s's help is %q, want the descriptor's %q", name, e.what, e.b.Doc, doc)
			}
		}
	}
	for _, op := range autograd.BinaryOps() {
		check(op.Name, op.Doc, op.Expose)
		if op.InPlaceDoc != "" {
			check(op.Name+"_", op.InPlaceDoc, autograd.Method)
		}
	}
	for _, op := range autograd.UnaryOps() {
		check(op.Name, op.Doc, op.Expose)
	}
}
