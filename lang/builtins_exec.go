package lang

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// eval, exec, compile and globals(), as CPython 3.11 has them, and the
// code objects compile() and f.__code__ give.
//
// Source runs as a cell does: parsed, resolved and compiled against the
// global table it runs in (a module's own, or the table of the dict
// passed as globals, namespace.go), then run in a frame of its own from
// the caller's session, one call deeper. With a separate locals mapping
// (given, or a function's locals() when exec is called in a function
// without globals) the code runs in a table of its own holding the
// globals overlaid with the locals; the names it binds, rebinds or
// deletes go to the locals mapping afterwards, as CPython's STORE_NAME
// does. Functions defined there keep that table as their globals.

// Code is a code object: compile()'s result, or a function's __code__.
type Code struct {
	name     string // co_name: "<module>" for compile()'s
	qualname string
	filename string
	mode     string // "exec", "eval" or "single"; "" for a function's
	src      string // the source compile() was given
	fn       *Function
}

// TypeName is "code".
func (*Code) TypeName() string { return "code" }

// String is <code object f at 0x..., file "x.py", line 1>, as CPython's.
func (c *Code) String() string {
	return fmt.Sprintf("<code object %s at %#x, file %q, line %d>", c.name, ID(c), c.file(), c.firstLine())
}

// firstLine is co_firstlineno: 1 for compile()'s code, the line of a
// function's def or lambda.
func (c *Code) firstLine() int {
	if c.fn != nil && c.fn.code != nil && c.fn.code.line > 0 {
		return c.fn.code.line
	}
	return 1
}

// params returns the counts of a function's positional, positional-only
// and keyword-only parameters and its parameter names in CPython's order
// (positional, keyword-only, *args, **kwargs).
func (c *Code) params() (argc, posonly, kwonly int, names []string) {
	if c.fn == nil {
		return 0, 0, 0, nil
	}
	var kw, stars []string
	for _, p := range c.fn.Params {
		switch {
		case p.Star != syntax.ILLEGAL:
			stars = append(stars, p.Name.Name)
		case p.KwOnly:
			kw = append(kw, p.Name.Name)
		default:
			names = append(names, p.Name.Name)
			if p.PosOnly {
				posonly++
			}
		}
	}
	argc, kwonly = len(names), len(kw)
	return argc, posonly, kwonly, append(append(names, kw...), stars...)
}

// varnames is co_varnames: the parameters, then the other locals.
func (c *Code) varnames() Tuple {
	_, _, _, params := c.params()
	out := Tuple{}
	seen := map[string]bool{}
	for _, n := range params {
		out, seen[n] = append(out, n), true
	}
	if c.fn != nil && c.fn.code != nil {
		for _, n := range c.fn.code.names {
			if !seen[n] && n != "" {
				out, seen[n] = append(out, n), true
			}
		}
	}
	return out
}

// file is co_filename: the name the code was compiled under, "<stdin>"
// for a cell that has none (the REPL's, as CPython's interactive
// interpreter names its input; the kernel's cells are In[n]).
func (c *Code) file() string {
	if c.filename == "" {
		return "<stdin>"
	}
	return c.filename
}

// Attr gives the co_ attributes kael can say.
func (c *Code) Attr(name string) (Value, bool) {
	argc, posonly, kwonly, _ := c.params()
	switch name {
	case "co_name":
		return c.name, true
	case "co_qualname":
		return c.qualname, true
	case "co_filename":
		return c.file(), true
	case "co_argcount":
		return int64(argc), true
	case "co_posonlyargcount":
		return int64(posonly), true
	case "co_kwonlyargcount":
		return int64(kwonly), true
	case "co_varnames":
		return c.varnames(), true
	case "co_nlocals":
		return int64(len(c.varnames())), true
	case "co_firstlineno":
		return int64(c.firstLine()), true
	case "co_flags":
		return c.flags(), true
	case "co_freevars":
		out := Tuple{}
		if c.fn != nil && c.fn.code != nil {
			for _, b := range c.fn.code.free {
				out = append(out, b.name)
			}
		}
		return out, true
	}
	return nil, false
}

// flags is co_flags, CPython 3.11's for the code: 0 for a module's (or
// compile()'s), else CO_OPTIMIZED|CO_NEWLOCALS, with CO_VARARGS and
// CO_VARKEYWORDS for *args and **kwargs, CO_NESTED for a function
// defined in another, CO_GENERATOR for a generator function,
// CO_COROUTINE and CO_ASYNC_GENERATOR for an async def's.
func (c *Code) flags() int64 {
	if c.fn == nil {
		return 0
	}
	f := int64(1 | 2)
	for _, p := range c.fn.Params {
		switch p.Star {
		case syntax.STAR:
			f |= 4
		case syntax.STARSTAR:
			f |= 8
		}
	}
	if strings.Contains(c.qualname, "<locals>") {
		f |= 16
	}
	switch {
	case IsGeneratorFunction(c.fn):
		f |= 32
	case IsCoroutineFunction(c.fn):
		f |= 128 // CO_COROUTINE
	case IsAsyncGenFunction(c.fn):
		f |= 512 // CO_ASYNC_GENERATOR
	}
	return f
}

// AttrNames lists a code object's attributes.
func (*Code) AttrNames() []string {
	return []string{"co_argcount", "co_filename", "co_firstlineno", "co_flags", "co_freevars", "co_kwonlyargcount",
		"co_name", "co_nlocals", "co_posonlyargcount", "co_qualname", "co_varnames"}
}

// functionCode is f.__code__.
func functionCode(f *Function) *Code {
	return &Code{name: f.Name, qualname: f.qualifiedName(), filename: f.filename, fn: f}
}

// sourceText reads the source argument of compile, exec or eval: a str,
// or bytes decoded as UTF-8; ok is false for anything else.
func sourceText(v Value) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case Bytes:
		return string(x.b), true
	case *ByteArray:
		return string(x.b), true
	}
	return "", false
}

// parseSource parses src as compile's mode does: statements for "exec"
// and "single" (one statement), an expression for "eval".
func parseSource(filename, src, mode string) ([]syntax.Stmt, syntax.Expr, []syntaxWarning, *Error) {
	fail := func(err error) *Error {
		e := ToError(err)
		e.Src, e.Filename = src, filename
		return e
	}
	if mode == "eval" {
		x, ws, err := syntax.ParseExprWarnings(src)
		if err != nil {
			return nil, nil, nil, fail(err)
		}
		return nil, x, scannerWarnings(ws), nil
	}
	file, err := syntax.Parse(filename, src)
	if err != nil {
		return nil, nil, nil, fail(err)
	}
	if mode == "single" && len(file.Stmts) > 1 {
		e := Errorf(SyntaxError, "multiple statements found while compiling a single statement")
		e.Span = file.Stmts[0].Span()
		return nil, nil, nil, fail(e)
	}
	return file.Stmts, nil, scannerWarnings(file.Warnings), nil
}

// compileSource is compile(): src parsed and compiled in mode, against a
// table of its own, so that every SyntaxError the compiler finds
// (return outside a function, ...) is raised here, as in CPython.
func compileSource(filename, src, mode string) (*Code, []syntaxWarning, error) {
	stmts, x, warnings, err := parseSource(filename, src, mode)
	if err != nil {
		return nil, nil, err
	}
	var cerr *Error
	if x != nil {
		var code *exprCode
		if code, cerr = compileExpr(newGlobalTable(), x); code != nil {
			warnings = append(warnings, code.warnings...)
		}
	} else {
		var code *cellCode
		if code, cerr = compileCell(newGlobalTable(), stmts); code != nil {
			warnings = append(warnings, code.warnings...)
		}
	}
	if cerr != nil {
		cerr.Src, cerr.Filename = src, filename
		return nil, nil, cerr
	}
	return &Code{name: "<module>", qualname: "<module>", filename: filename, mode: mode, src: src}, warnings, nil
}

// namespaces reads the globals and locals arguments of exec or eval
// (fn): the table to run in and, when the code gets a local namespace
// of its own, that mapping.
func (in *interp) namespaces(fn string, gv, lv Value) (*globalTable, *Dict, error) {
	var g *globalTable
	var locals *Dict
	switch d := gv.(type) {
	case nil, NoneType:
		g = in.glob
		if g == nil {
			g = in.s.globals
		}
		if lv == nil || lv == None {
			if in.code != nil { // in a function: its locals() dict
				l, err := in.localsDict()
				if err != nil {
					return nil, nil, err
				}
				locals, _ = l.(*Dict)
			}
			return g, locals, nil
		}
	case *Dict:
		t, ok := tableOf(d)
		if !ok {
			return nil, nil, Errorf(TypeError, "kael runs %s() only in a plain dict of globals, not a %s", fn, TypeName(gv))
		}
		g = t
		// CPython adds __builtins__ to a dict of globals that lacks it; a
		// module's own globals (globals()) are left as they are.
		if _, found, _ := d.Get("__builtins__"); !found && g.adopted {
			_ = d.Set("__builtins__", builtinsDict()) // a string key always hashes
		}
	default:
		if fn == "eval" {
			return nil, nil, Errorf(TypeError, "globals must be a dict")
		}
		return nil, nil, Errorf(TypeError, "%s() globals must be a dict, not %s", fn, TypeName(gv))
	}
	switch l := lv.(type) {
	case nil, NoneType:
	case *Dict:
		if l.ns != g {
			locals = l
		}
	default:
		if _, isMapping := lv.(*Instance); isMapping {
			return nil, nil, Errorf(TypeError, "kael's %s() takes a dict as locals, not a %s", fn, TypeName(lv))
		}
		if fn == "exec" {
			return nil, nil, Errorf(TypeError, "locals must be a mapping or None, not %s", TypeName(lv))
		}
		return nil, nil, Errorf(TypeError, "locals must be a mapping")
	}
	return g, locals, nil
}

// localsTable makes the table code with a separate locals mapping runs
// in: g's globals overlaid with the mapping's; before holds each cell's
// value, to find what the code changed.
func localsTable(g *globalTable, locals *Dict) (t *globalTable, before []Value) {
	t = newGlobalTable()
	for i, c := range g.cells {
		if c.v != nil {
			t.set(g.names[i], c.v)
		}
	}
	locals.Len() // brings a dict of globals up to date (namespace.go)
	for i, k := range locals.keys {
		if s, ok := k.(string); ok {
			t.set(s, locals.vals[i])
		}
	}
	for _, c := range t.cells {
		before = append(before, c.v)
	}
	return t, before
}

// writeBack stores in locals the names the code that ran in t bound,
// rebound or deleted.
func writeBack(t *globalTable, before []Value, locals *Dict) error {
	for i, c := range t.cells {
		var old Value
		if i < len(before) {
			old = before[i]
		}
		if old == nil && c.v == nil || old != nil && c.v != nil && identical(old, c.v) {
			continue
		}
		name := t.names[i]
		if c.v == nil {
			if _, err := locals.Delete(name); err != nil {
				return err
			}
		} else if err := locals.Set(name, c.v); err != nil {
			return err
		}
	}
	return nil
}

// runSource runs src (named filename) in mode against the globals g
// and, when not nil, the separate local namespace locals: what exec and
// eval do with source or a code object from compile(). It returns the
// expression's value in mode "eval". With warn, the compiler's
// SyntaxWarnings are issued first (source; compile() issued a code
// object's).
func (in *interp) runSource(filename, src, mode string, g *globalTable, locals *Dict, warn bool) (Value, error) {
	stmts, x, scanned, perr := parseSource(filename, src, mode)
	if perr != nil {
		return nil, perr
	}
	target := g
	var before []Value
	if locals != nil {
		target, before = localsTable(g, locals)
	}
	cin := newInterp(in.ctx, in.s, src, filename, nil)
	cin.glob = target
	cin.depth, cin.weight, cin.back = in.depth+1, in.weight, in
	if cin.depth >= MaxDepth {
		return nil, Errorf(RecursionError, "maximum recursion depth exceeded")
	}
	var v Value
	var err error
	if x != nil {
		code, cerr := compileExpr(target, x)
		if cerr != nil {
			cerr.Src, cerr.Filename = src, filename
			return nil, cerr
		}
		if warn {
			if err := in.issueSyntaxWarnings(append(scanned, code.warnings...), filename, src); err != nil {
				return nil, err
			}
		}
		cin.locals = make([]Value, code.nlocals)
		if v, err = code.eval(cin); err != nil {
			err = cin.errorAt(err, x.Span())
		}
	} else {
		code, cerr := compileCell(target, stmts)
		if cerr != nil {
			cerr.Src, cerr.Filename = src, filename
			return nil, cerr
		}
		if warn {
			if err := in.issueSyntaxWarnings(append(scanned, code.warnings...), filename, src); err != nil {
				return nil, err
			}
		}
		cin.locals, cin.info = make([]Value, code.nlocals), code.info
		if v, err = cin.execCell(code); err != nil {
			err = cin.errorAt(err, cin.stmtSpan())
		} else if _, isNone := v.(NoneType); mode == "single" && v != nil && !isNone {
			text, rerr := ReprText(v)
			if rerr != nil {
				err = rerr
			} else {
				cin.write(text + "\n")
			}
		}
		if mode != "eval" {
			v = None
		}
	}
	in.mergeNotes(cin.notes)
	if locals != nil {
		if werr := writeBack(target, before, locals); werr != nil && err == nil {
			err = werr
		}
	}
	if err != nil {
		return nil, in.traced(err, in.stmtNode())
	}
	if v == nil {
		v = None
	}
	return v, nil
}

// runCode runs a code object: compile()'s source, or a function's body
// when the function has no free variables and runs in its own globals.
func (in *interp) runCode(fn string, c *Code, g *globalTable, locals *Dict) (Value, error) {
	if c.fn == nil {
		v, err := in.runSource(c.filename, c.src, c.mode, g, locals, false)
		if err != nil || fn == "exec" {
			return None, err
		}
		return v, nil
	}
	if len(c.fn.free) > 0 {
		return nil, Errorf(TypeError, "code object requires a closure of exactly length %d", len(c.fn.free))
	}
	if g != c.fn.glob || locals != nil {
		// the body was compiled against its module's globals
		return nil, Errorf(TypeError, "kael runs a function's code object only in the globals it was defined in, without other locals")
	}
	v, err := in.callFunction(c.fn, nil, nil, nil, in.stmtNode())
	if fn == "exec" {
		v = None
	}
	return v, err
}

// builtinsDict is the dict __builtins__ names in the globals exec and
// eval run in, as CPython's builtins module's __dict__: the names of
// Python's builtins module (BuiltinNames, with None, True and False), made
// once, on first use. kael's own predefined names (zeros, float32) are not
// in it, as they are not attributes of the builtins module; code run by
// exec still finds them bare. Changing it changes no builtin.
func builtinsDict() *Dict {
	builtinsOnce.Do(func() {
		builtinsNS = NewDict()
		names := append(BuiltinNames(), "None", "True", "False")
		sort.Strings(names)
		for _, name := range names {
			if v, ok := builtinsAttr(name); ok {
				_ = builtinsNS.Set(name, v) // string keys always hash
			}
		}
	})
	return builtinsNS
}

// builtinsAttr is BuiltinName's value of name, None, True and False
// included.
func builtinsAttr(name string) (Value, bool) {
	if v, ok := keywordConstant(name); ok {
		return v, true
	}
	return BuiltinName(name)
}

var (
	builtinsOnce sync.Once
	builtinsNS   *Dict
)

// runExecOrEval is exec(source, globals, locals) (fn "exec") or
// eval(...).
func runExecOrEval(a *Args, fn string) (Value, error) {
	g, locals, err := a.in.namespaces(fn, a.Value("globals"), a.Value("locals"))
	if err != nil {
		return nil, err
	}
	switch src := a.Value("source").(type) {
	case *Code:
		return a.in.runCode(fn, src, g, locals)
	default:
		text, ok := sourceText(src)
		if !ok {
			return nil, Errorf(TypeError, "%s() arg 1 must be a string, bytes or code object", fn)
		}
		mode := fn
		if fn == "eval" {
			text = strings.TrimLeft(text, " \t")
		}
		v, err := a.in.runSource("<string>", text, mode, g, locals, true)
		if err != nil || fn == "exec" {
			return None, err
		}
		return v, nil
	}
}

func init() {
	NewBuiltin(AsFunc, "globals()", "The dict of the current module's globals: the module's own namespace, so that globals()['x'] = 1 binds the global x and a variable the module binds later shows in the dict.", func(a *Args) (Value, error) {
		g := a.in.glob
		if g == nil {
			g = a.in.s.globals
		}
		return g.dictOf(), nil
	})
	NewBuiltin(AsFunc, "exec(source, globals=None, locals=None, /)", "Runs source (a str, bytes or a code object from compile()) as statements, in the current globals and locals, or in the dict globals (where __builtins__ is added) and the dict locals; returns None. Names it binds go to the locals: a module's globals at its top level, the dict locals() gives in a function.", func(a *Args) (Value, error) {
		return runExecOrEval(a, "exec")
	})
	NewBuiltin(AsFunc, "eval(source, globals=None, locals=None, /)", "The value of the expression source (a str, with leading spaces and tabs ignored, bytes or a code object from compile()), evaluated in the current globals and locals or in the dicts given, as exec runs statements.", func(a *Args) (Value, error) {
		return runExecOrEval(a, "eval")
	})
	NewBuiltin(AsFunc, "compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1)", "A code object of source (a str or bytes) for exec or eval: mode 'exec' for statements, 'eval' for an expression, 'single' for one statement whose value is printed. A SyntaxError is raised here, naming filename. flags, dont_inherit and optimize are accepted and ignored, but kael makes no AST (ast.PyCF_ONLY_AST).", func(a *Args) (Value, error) {
		text, ok := sourceText(a.Value("source"))
		if !ok {
			return nil, Errorf(TypeError, "compile() arg 1 must be a string, bytes or AST object")
		}
		filename := a.Path("filename")
		mode := a.Str("mode")
		flags := a.Int("flags")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if flags&0x400 != 0 {
			return nil, Errorf(tensor.NotImplementedError, "kael's compile() makes no AST (flags=ast.PyCF_ONLY_AST)")
		}
		switch mode {
		case "exec", "eval", "single":
		default:
			return nil, Errorf(ValueError, "compile() mode must be 'exec', 'eval' or 'single'")
		}
		code, warnings, err := compileSource(filename, text, mode)
		if err != nil {
			return nil, err
		}
		if err := a.in.issueSyntaxWarnings(warnings, filename, text); err != nil {
			return nil, err
		}
		return code, nil
	})
}
