package lang

import (
	"errors"
	"fmt"
	"testing"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// TestToErrorKeepsContext: converting an error for a cell keeps the kind,
// the context wrapped around it and the error itself, so that errors.As
// finds the original through the cell's error.
func TestToErrorKeepsContext(t *testing.T) {
	te := tensor.Errorf(tensor.TypeError, "bad dtype").WithHint("convert it")
	se := &syntax.Error{Filename: "f.kael", Span: syntax.Span{Start: syntax.Pos{Line: 2, Col: 3}}, Msg: "unexpected ')'"}
	le := &Error{Kind: NameError, Msg: "name 'x' is not defined", Span: syntax.Span{Start: syntax.Pos{Line: 1, Col: 1}}}
	plain := errors.New("disk on fire")
	cases := []struct {
		name     string
		err      error
		kind     ErrorKind
		msg      string
		hint     string
		original error
	}{
		{"tensor", te, TypeError, "bad dtype", "convert it", te},
		{"wrapped tensor", fmt.Errorf("MulBackward0: %w", te), TypeError, "MulBackward0: bad dtype", "convert it", te},
		{"twice wrapped tensor", fmt.Errorf("outer: %w", fmt.Errorf("inner: %w", te)), TypeError, "outer: inner: bad dtype", "convert it", te},
		{"syntax", se, SyntaxError, "unexpected ')'", "", se},
		{"wrapped syntax", fmt.Errorf("reading f.kael: %w", se), SyntaxError, "reading f.kael: unexpected ')'", "", se},
		{"wrapped lang", fmt.Errorf("in module: %w", le), NameError, "in module: name 'x' is not defined", "", le},
		{"other", plain, RuntimeError, "disk on fire", "", plain},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ToError(c.err)
			if e.Kind != c.kind || e.Msg != c.msg || e.Hint != c.hint {
				t.Errorf("got %s %q hint %q, want %s %q hint %q", e.Kind, e.Msg, e.Hint, c.kind, c.msg, c.hint)
			}
			if !errors.Is(e, c.original) {
				t.Errorf("errors.Is(toError(err), original) is false")
			}
		})
	}
	if e := ToError(le); e != le {
		t.Errorf("toError of a *Error made a new one")
	}
	var got *tensor.Error
	if !errors.As(ToError(fmt.Errorf("ctx: %w", te)), &got) || got != te {
		t.Errorf("errors.As does not find the tensor error through the cell's error")
	}
}
