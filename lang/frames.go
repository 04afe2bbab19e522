package lang

import (
	"fmt"
	"strings"
)

// Frame objects, as a traceback's tb_frame gives them. kael's frames
// (interp) are recycled when their call ends, so a frame object holds
// the frame's state: the function running, its globals and its locals
// (f_locals, f_globals, f_code), and the line the traceback records
// (f_lineno). As in CPython, f_locals follows the frame while its call
// runs (a handler's later assignments show) and keeps the values it had
// when the call ended: the state refers to the frame's own slots until
// releaseFrame copies them. Nothing is made until an error or
// sys._getframe needs it, and then once per call: the first error of a
// call in a function allocates its state (with room for a few locals),
// later ones in the same call and a module's top level none.

// frameState is what a frame holds, for a traceback.
type frameState struct {
	fn    *Function    // nil at a module's (or cell's) top level
	glob  *globalTable // the frame's globals
	names []string     // the locals' names, by slot
	// vals are the locals' values, a cell variable's slot holding its
	// *varCell: the running frame's own slots, then (detach) a copy.
	vals []Value
	free []*varCell // the closure's free variables
	own  [4]Value   // room for the copy of a few locals
}

// state is what in holds, for a traceback: in a function, the state of
// its call, made on first use and kept until the call ends.
func (in *interp) state() *frameState {
	if in.code == nil {
		if in.glob == nil {
			return nil
		}
		if in.glob.top == nil {
			in.glob.top = &frameState{glob: in.glob}
		}
		return in.glob.top
	}
	if in.st == nil {
		in.st = &frameState{fn: in.fn, glob: in.glob, names: in.code.names, vals: in.locals, free: in.free}
	}
	return in.st
}

// detach keeps the values of the locals of a call that is ending, whose
// frame is about to be recycled.
func (st *frameState) detach() {
	if len(st.vals) <= len(st.own) {
		st.vals = st.own[:copy(st.own[:], st.vals)]
		return
	}
	st.vals = append([]Value(nil), st.vals...)
}

// locals is the frame's f_locals: its globals' dict at a module's top
// level, else a dict of its bound locals and free variables.
func (st *frameState) locals() *Dict {
	if st.fn == nil {
		return st.globals()
	}
	d := NewDict()
	for i, name := range st.names {
		if i >= len(st.vals) {
			break
		}
		v := st.vals[i]
		if c, isCell := v.(*varCell); isCell {
			v = c.v
		}
		if v != nil {
			_ = d.Set(name, v) // string keys always hash
		}
	}
	if st.fn.code != nil {
		for i, b := range st.fn.code.free {
			if i < len(st.free) && st.free[i].v != nil {
				_ = d.Set(b.name, st.free[i].v)
			}
		}
	}
	return d
}

// globals is the frame's f_globals.
func (st *frameState) globals() *Dict {
	if st.glob == nil {
		return NewDict()
	}
	return st.glob.dictOf()
}

// FrameObject is a frame of a traceback (tb_frame): one call that was
// running when an exception passed through it.
type FrameObject struct {
	entry TraceEntry
	state *frameState // nil when kael kept none (a frame of Go code)
	back  Value       // f_back: the frame that called this one, or None
	code  *Code
}

// TypeName is "frame".
func (*FrameObject) TypeName() string { return "frame" }

// String is <frame at 0x..., file 'x.py', line 3, code f>, as CPython's.
func (f *FrameObject) String() string {
	return fmt.Sprintf("<frame at %#x, file '%s', line %d, code %s>", ID(f), f.entry.Filename, f.entry.Line, f.entry.Name)
}

// Attr gives f_back, f_code, f_globals, f_lineno, f_locals and
// f_lasti.
func (f *FrameObject) Attr(name string) (Value, bool) {
	switch name {
	case "f_back":
		return f.back, true
	case "f_code":
		if f.code == nil {
			f.code = &Code{name: f.entry.Name, qualname: f.entry.Name, filename: f.entry.Filename, mode: "exec"}
			if f.state != nil && f.state.fn != nil && f.state.fn.Name == f.entry.Name {
				// the function's own frame, not a generator
				// expression's that runs in a copy of it
				f.code = functionCode(f.state.fn)
			}
		}
		return f.code, true
	case "f_lineno":
		return int64(f.entry.Line), true
	case "f_lasti":
		return int64(-1), true
	case "f_globals":
		if f.state == nil {
			return NewDict(), true
		}
		return f.state.globals(), true
	case "f_locals":
		if f.state == nil {
			return NewDict(), true
		}
		return f.state.locals(), true
	}
	return nil, false
}

// AttrNames lists a frame's attributes.
func (*FrameObject) AttrNames() []string {
	return []string{"f_back", "f_code", "f_globals", "f_lasti", "f_lineno", "f_locals"}
}

// rootOf is the first traceback of tb's tb_next chain.
func (tb *Traceback) rootOf() *Traceback {
	if tb.root == nil {
		return tb
	}
	return tb.root
}

// frame is tb_frame: the frame object of tb's first entry, made with the
// others of its chain, each the f_back of the next. The first frame's
// caller is not known to kael: its f_back is None.
func (tb *Traceback) frame() *FrameObject {
	root := tb.rootOf()
	if root.frames == nil {
		var back Value = None
		for i, e := range root.entries {
			f := &FrameObject{entry: e, back: back}
			if i < len(root.states) {
				f.state = root.states[i]
			}
			root.frames = append(root.frames, f)
			back = f
		}
	}
	return root.frames[tb.off]
}

// Frame is sys._getframe(depth): the frame object of the frame depth
// calls out from the one that called the builtin a (0 for that frame),
// with what each frame from it out holds; a ValueError when fewer
// frames are running. f_locals follows a function's frame until its call
// ends, as CPython's; f_lineno is the line running when it was made.
func (a *Args) Frame(depth int) (Value, error) {
	if depth < 0 {
		depth = 0 // as CPython: a negative depth is the caller's frame
	}
	chain := a.frames()
	if depth >= len(chain) {
		return nil, Errorf(ValueError, "call stack is not deep enough")
	}
	var back Value = None
	var f *FrameObject
	for i := len(chain) - 1; i >= depth; i-- {
		fr := chain[i]
		f = &FrameObject{entry: traceEntry(fr.filename, fr.fnName, fr.src, fr.stmtSpan()), state: fr.state(), back: back}
		back = f
	}
	return f, nil
}

// frames are the running frames from the one that called the builtin a
// outwards.
func (a *Args) frames() []*interp {
	var chain []*interp
	for fr := a.in; fr != nil; fr = fr.back {
		if !fr.standIn {
			chain = append(chain, fr)
		}
	}
	return chain
}

// CallerLocation is Location of the frame depth calls out from the one
// that called the builtin a (0: Location itself), with that frame's
// module name (its globals' __name__); ok is false when fewer frames
// are running (warnings.warn's stacklevel past the stack).
func (a *Args) CallerLocation(depth int) (filename string, line int, text, module string, ok bool) {
	chain := a.frames()
	if depth < 0 || depth >= len(chain) {
		return "", 0, "", "", false
	}
	fr := chain[depth]
	module = "__main__"
	if fr.glob != nil {
		if name, found := fr.glob.get("__name__"); found {
			if s, isStr := name.(string); isStr {
				module = s
			}
		}
	}
	span := fr.stmtSpan()
	switch {
	case span.Start.IsValid():
		line = span.Start.Line
	case fr.src != "":
		line = 1 // eval's expression, which has no statement: CPython's f_lineno is 1
	default:
		return fr.filename, 0, "", module, true
	}
	lines := strings.Split(fr.src, "\n")
	if line >= 1 && line <= len(lines) {
		text = strings.TrimSpace(lines[line-1])
	}
	return fr.filename, line, text, module, true
}
