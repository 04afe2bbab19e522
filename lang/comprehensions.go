package lang

import "github.com/kael-dev/kael/lang/syntax"

// Dict and set comprehensions run the loops of the list comprehension of
// their pairs or elements (syntax's AsListComp, compiler.compLoop) and
// insert each into the dict or the set as it comes, as CPython's do: a
// key that cannot be hashed stops the loop there. Generator expressions
// are list comprehensions whose loops a generator runs.
//
// List, set and dict comprehensions run in the enclosing frame, without
// a frame of their own; CPython 3.11 runs each as a function of its own,
// <listcomp>, <setcomp> or <dictcomp>, called with the iterator of its
// first iterable (evaluated, and iter() called on it, in the enclosing
// frame). An error leaving one is given that frame in its traceback by
// comprehensionError, at the comprehension's exit, so that the loop
// itself pays nothing for it.

// comprehensionError returns err, an error that left the loops of the
// comprehension x (named name: "<listcomp>", "<setcomp>" or
// "<dictcomp>") run in frame in, with first its first iterable's value,
// as CPython 3.11's traceback has it: the entry of this frame, the
// error's innermost or the first of its Trace, becomes the
// comprehension's, and this frame's own, at the whole comprehension,
// goes above it. An error of iter(first) stays this frame's, as
// CPython's GET_ITER runs before the comprehension's call. A
// KeyboardInterrupt keeps no frames (traced).
func (in *interp) comprehensionError(err error, x syntax.Node, name string, first Value) error {
	e := asError(err)
	if e.Kind == KeyboardInterrupt {
		return e
	}
	if e.Kind == TypeError && len(e.Trace) == 0 && !e.resumed && !IsIterable(first) {
		return e // iter(first) refused it, before the comprehension's call
	}
	span := x.Span()
	if e.resumed || !e.Span.Start.IsValid() {
		e = in.errorAt(e, span) // this frame's entry, which becomes the comprehension's
	}
	trace := make([]Frame, 0, len(e.Trace)+1)
	trace = append(trace, Frame{Function: in.fnName, Span: span, Src: in.src, Filename: in.filename, state: in.state()})
	if len(e.Trace) == 0 {
		e.Function = name
	} else {
		trace = append(trace, e.Trace...)
		trace[1].Function = name
	}
	e.Trace = trace
	return e
}
