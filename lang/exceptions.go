package lang

import (
	"math"
	"strconv"
	"strings"
	"sync"
)

// Python's built-in exceptions. Each is a class (a *UserClass whose
// module is builtins) in CPython's hierarchy, rooted at BaseException, a
// native base that keeps an exception's args, __cause__ and __context__
// (excState). A class statement may derive from any of them.
//
// An exception travels on the error path as an *Error: raise makes one
// whose Kind is the class's name, holding the exception object (exc); an
// error kael raises itself (a TypeError of an operator, a RuntimeError of
// torch) gets its object, of the class its Kind names, only when an
// except clause looks at it (excOf). Nothing is made when nothing is
// raised.

// excState is the state of an exception object: Instance.Native. What
// every raise needs is inline; the chain (__cause__, __context__), the
// traceback and the fields of rarer kinds are out of line, made when
// first set, so that a raise caught where it was raised allocates
// little (issue 27) and its block (newExcInstance) fits Go's 384-byte
// size class.
type excState struct {
	args Tuple
	// arg1 is room for args' one argument (the common raise E(x)), used
	// once (it is nil until then): a tuple handed out stays as it is when
	// args is set again.
	arg1 [1]Value
	// from is the error kael raised that the exception was made from
	// (excOf), whose message str() is while args are as it set them; nil
	// otherwise.
	from *Error
	// err is the error of its latest raise (its span, hint and trace for
	// a re-raise), read through raised. Before the first raise of an
	// exception made by calling its class, it is the *Error allocated
	// with it (newExcInstance), whose exc is still nil: the spare that
	// raise takes.
	err *Error
	// named are the name, obj and path of a NameError, AttributeError or
	// ImportError (exceptions_named.go); nil when none was given.
	named *namedFields
	// rare are the fields most exceptions never set; nil while none is.
	rare  *excRare
	trace *excTrace // nil while the exception has no traceback to keep
}

// raised returns the error of the exception's latest raise, nil before
// its first.
func (st *excState) raised() *Error {
	if st.err == nil || st.err.exc == nil {
		return nil
	}
	return st.err
}

// takeSpare returns the *Error allocated with the exception for its first
// raise, nil when it had none or it was used.
func (st *excState) takeSpare() *Error {
	if st.err == nil || st.err.exc != nil {
		return nil
	}
	return st.err
}

// excRare are the fields of an exception that a raise caught where it
// was raised never sets: those of the rarer kinds, and the chain.
type excRare struct {
	// syntax are a SyntaxError's details (exceptions_syntax.go); nil for
	// other exceptions.
	syntax *syntaxFields
	// unicode are a Unicode error's encoding, object, start, end and
	// reason (exceptions_unicode.go); nil unless it was made with them.
	unicode *unicodeFields
	// group is an exception group's message and exceptions
	// (exceptions_group.go); nil for other exceptions.
	group *groupFields
	// os is an OSError's errno, strerror and file names
	// (exceptions_os.go); nil for other exceptions.
	os *osFields
	// links are __cause__, __context__ and __suppress_context__, zero
	// while unset.
	links excLinks
}

// syntax, unicode and group return the fields of st's excRare, nil when
// it has none.
func (st *excState) syntax() *syntaxFields {
	if st.rare == nil {
		return nil
	}
	return st.rare.syntax
}

func (st *excState) unicode() *unicodeFields {
	if st.rare == nil {
		return nil
	}
	return st.rare.unicode
}

func (st *excState) group() *groupFields {
	if st.rare == nil {
		return nil
	}
	return st.rare.group
}

// osError returns an OSError's fields, nil when it has none.
func (st *excState) osError() *osFields {
	if st.rare == nil {
		return nil
	}
	return st.rare.os
}

// setOSError sets an OSError's fields.
func (st *excState) setOSError(f *osFields) {
	if st.rare != nil || f != nil {
		st.rareFields().os = f
	}
}

// setSyntax, setUnicode and setGroup set the fields of st's excRare,
// making it when the value is not nil.
func (st *excState) setSyntax(f *syntaxFields) {
	if st.rare != nil || f != nil {
		st.rareFields().syntax = f
	}
}

func (st *excState) setUnicode(f *unicodeFields) {
	if st.rare != nil || f != nil {
		st.rareFields().unicode = f
	}
}

func (st *excState) setGroup(f *groupFields) {
	if st.rare != nil || f != nil {
		st.rareFields().group = f
	}
}

func (st *excState) rareFields() *excRare {
	if st.rare == nil {
		st.rare = &excRare{}
	}
	return st.rare
}

// excLinks are an exception's __cause__, __context__ (nil for None) and
// __suppress_context__.
type excLinks struct {
	cause, context Value
	suppress       bool
}

// excTrace is an exception's __traceback__: tb is the one made from err
// (for tbLen of its frames), or, when tbSet, the one assigned (a
// *Traceback or None); prior are the frames of the traceback it had when
// it was raised again (raise e), which its __traceback__ continues with.
type excTrace struct {
	tb    Value
	tbLen int
	tbSet bool
	// prior are the frames of the traceback the exception had when it
	// was raised again (raise e), which its __traceback__ continues with.
	prior       []TraceEntry
	priorStates []*frameState // what prior's frames held (frames.go)
	// fresh: the exception is a group an except* statement made, which
	// CPython raises with no entry for the frame it was made in: the
	// innermost entry of err is left out.
	fresh bool
}

// excKind is a set of the built-in exception classes whose instances
// have fields of their own, which a class derives from (UserClass.excKinds).
type excKind uint16

const (
	excAttributeError excKind = 1 << iota
	excImportError
	excNameError
	excSyntaxError
	excOSError
	excUnicodeError
	excUnicodeEncodeError
	excUnicodeDecodeError
	excUnicodeTranslateError
)

// excKindsOf computes the kinds c derives from through its MRO, for the
// built-in classes, made before the classes of the kinds are known; a
// class made later takes the union of its MRO's (setBases).
func excKindsOf(c *UserClass) excKind {
	var k excKind
	for i, kc := range []*UserClass{attributeErrorClass, importErrorClass, nameErrorClass, syntaxErrorClass, osErrorClass,
		unicodeErrorClass, unicodeEncodeErrorClass, unicodeDecodeErrorClass, unicodeTranslateErrorClass} {
		if c.derivesFrom(kc) {
			k |= 1 << i
		}
	}
	return k
}

// excBlock is an exception object and its state in one allocation;
// raisedBlock adds the *Error of its first raise, for the instances a
// call of the class makes (most are made to be raised).
type excBlock struct {
	x  Instance
	st excState
}

type raisedBlock struct {
	excBlock
	err Error
}

// newExcInstance makes an instance of the exception class c, whose
// first raise needs no allocation of its own.
func newExcInstance(c *UserClass) *Instance {
	b := &raisedBlock{}
	// The spare, whose exc is nil until it is raised (excState.err).
	b.st.err = &b.err
	b.x = Instance{cls: c, lay: c.emptyLayout(), slots: [instanceSlots]Value{nativeSlot: &b.st}} // an exception class keeps a native state
	return &b.x
}

// setArgs sets args to a copy of pos.
func (st *excState) setArgs(pos []Value) {
	switch {
	case len(pos) == 0:
		st.args = Tuple{}
	case len(pos) == 1 && st.arg1[0] == nil && pos[0] != nil:
		st.arg1[0] = pos[0]
		st.args = st.arg1[:1:1]
	default:
		st.args = append(Tuple(nil), pos...)
	}
}

// chain returns the exception's links, zero when none is set.
func (st *excState) chain() excLinks {
	if st.rare == nil {
		return excLinks{}
	}
	return st.rare.links
}

// setLinks returns the links to set, made the first time.
func (st *excState) setLinks() *excLinks {
	return &st.rareFields().links
}

// tbAssigned reports whether __traceback__ was assigned, and what.
func (st *excState) tbAssigned() (Value, bool) {
	if st.trace == nil || !st.trace.tbSet {
		return nil, false
	}
	return st.trace.tb, true
}

// exceptionTree lists each built-in exception after its base.
var exceptionTree = [][2]string{
	{"BaseException", ""},
	{"GeneratorExit", "BaseException"}, {"KeyboardInterrupt", "BaseException"}, {"SystemExit", "BaseException"},
	{"Exception", "BaseException"},
	{"ArithmeticError", "Exception"}, {"FloatingPointError", "ArithmeticError"}, {"OverflowError", "ArithmeticError"}, {"ZeroDivisionError", "ArithmeticError"},
	{"AssertionError", "Exception"}, {"AttributeError", "Exception"}, {"BufferError", "Exception"}, {"EOFError", "Exception"},
	{"ImportError", "Exception"}, {"ModuleNotFoundError", "ImportError"},
	{"LookupError", "Exception"}, {"IndexError", "LookupError"}, {"KeyError", "LookupError"},
	{"MemoryError", "Exception"},
	{"NameError", "Exception"}, {"UnboundLocalError", "NameError"},
	{"OSError", "Exception"}, {"BlockingIOError", "OSError"}, {"ChildProcessError", "OSError"}, {"ConnectionError", "OSError"},
	{"BrokenPipeError", "ConnectionError"}, {"ConnectionAbortedError", "ConnectionError"}, {"ConnectionRefusedError", "ConnectionError"},
	{"ConnectionResetError", "ConnectionError"}, {"FileExistsError", "OSError"}, {"FileNotFoundError", "OSError"},
	{"InterruptedError", "OSError"}, {"IsADirectoryError", "OSError"}, {"NotADirectoryError", "OSError"}, {"PermissionError", "OSError"},
	{"ProcessLookupError", "OSError"}, {"TimeoutError", "OSError"},
	{"ReferenceError", "Exception"},
	{"RuntimeError", "Exception"}, {"NotImplementedError", "RuntimeError"}, {"RecursionError", "RuntimeError"},
	{"StopAsyncIteration", "Exception"}, {"StopIteration", "Exception"},
	{"SyntaxError", "Exception"}, {"IndentationError", "SyntaxError"}, {"TabError", "IndentationError"},
	{"SystemError", "Exception"}, {"TypeError", "Exception"},
	{"ValueError", "Exception"}, {"UnicodeError", "ValueError"}, {"UnicodeDecodeError", "UnicodeError"},
	{"UnicodeEncodeError", "UnicodeError"}, {"UnicodeTranslateError", "UnicodeError"},
	{"Warning", "Exception"}, {"BytesWarning", "Warning"}, {"DeprecationWarning", "Warning"}, {"EncodingWarning", "Warning"},
	{"FutureWarning", "Warning"}, {"ImportWarning", "Warning"}, {"PendingDeprecationWarning", "Warning"},
	{"ResourceWarning", "Warning"}, {"RuntimeWarning", "Warning"}, {"SyntaxWarning", "Warning"},
	{"UnicodeWarning", "Warning"}, {"UserWarning", "Warning"},
}

// exceptionClasses are the built-in exception classes by name, with
// CPython's aliases (IOError, EnvironmentError).
var exceptionClasses = map[string]*UserClass{}

// moduleExceptionClasses are the exception classes of kael's errors that
// are no builtin names (io.UnsupportedOperation), by kind.
var moduleExceptionClasses = map[string]*UserClass{}

// baseException is the root of the exception classes.
var baseException *UserClass

// Builtin exception classes that Go code asks about on every raise,
// looked up once (exceptionClasses is a map).
var keyErrorClass, attributeErrorClass, importErrorClass, nameErrorClass, osErrorClass, stopIterationClass, syntaxErrorClass *UserClass

// The classes of the other kinds the engine raises most (excClassOf).
var indexErrorClass, valueErrorClass, typeErrorClass *UserClass

// The Unicode errors, whose fields excInit reads (exceptions_unicode.go).
var unicodeErrorClass, unicodeEncodeErrorClass, unicodeDecodeErrorClass, unicodeTranslateErrorClass *UserClass

func init() {
	for _, e := range exceptionTree {
		c := &UserClass{Name: e[0], module: "builtins", attrs: map[string]Value{}}
		if e[1] == "" {
			// BaseException is its native base's own class, standing in
			// every exception's MRO where another native base stands as
			// a marker class (nativeNode).
			c.native, c.nativeBase, c.keepsNative = true, "BaseException", true
			c.bases = []*UserClass{objectClass}
			c.mroFull = []*UserClass{c, objectClass}
			baseException = c
		} else if err := c.setBases([]*UserClass{exceptionClasses[e[1]]}); err != nil {
			panic(err) // the tree above is consistent
		}
		exceptionClasses[e[0]] = c
	}
	nativeNodesMu.Lock()
	nativeNodes["BaseException"] = baseException
	nativeNodesMu.Unlock()
	keyErrorClass, attributeErrorClass = exceptionClasses["KeyError"], exceptionClasses["AttributeError"]
	stopIterationClass = exceptionClasses["StopIteration"]
	indexErrorClass, valueErrorClass, typeErrorClass = exceptionClasses["IndexError"], exceptionClasses["ValueError"], exceptionClasses["TypeError"]
	importErrorClass, nameErrorClass = exceptionClasses["ImportError"], exceptionClasses["NameError"]
	osErrorClass, syntaxErrorClass = exceptionClasses["OSError"], exceptionClasses["SyntaxError"]
	unicodeErrorClass, unicodeEncodeErrorClass = exceptionClasses["UnicodeError"], exceptionClasses["UnicodeEncodeError"]
	unicodeDecodeErrorClass, unicodeTranslateErrorClass = exceptionClasses["UnicodeDecodeError"], exceptionClasses["UnicodeTranslateError"]
	for _, c := range exceptionClasses {
		c.excKinds = excKindsOf(c)
	}
	exceptionClasses["IOError"] = exceptionClasses["OSError"]
	exceptionClasses["EnvironmentError"] = exceptionClasses["OSError"]
	// io.UnsupportedOperation (a file read in "w" mode): an OSError and a
	// ValueError, as in CPython, but not a builtin name.
	unsupported := &UserClass{Name: "UnsupportedOperation", module: "io", attrs: map[string]Value{}}
	if err := unsupported.setBases([]*UserClass{exceptionClasses["OSError"], exceptionClasses["ValueError"]}); err != nil {
		panic(err)
	}
	moduleExceptionClasses[string(UnsupportedOperation)] = unsupported
	initExceptionGroups()
	RegisterNativeBase("BaseException", baseException, &NativeBase{
		Name:  "BaseException",
		New:   func(x *Instance) error { x.SetNative(&excState{}); return nil },
		alloc: newExcInstance,
		// OSError.__new__ reads the arguments; BaseException.__new__'s
		// args are initInstance's (keepArgs).
		NewArgs: func(x *Instance, pos []Value) error {
			if isOSError(x) {
				osNew(x, excStateOf(x), pos)
			}
			return nil
		},
		Init: excInit,
		// BaseException.__init__(self, ...) and exc.__init__(...) run
		// it again, as CPython's: the attributes not given are reset
		// (an OSError's, set by __new__, stay: osInitParses).
		Methods: map[string]Value{"__init__": &Builtin{Name: "__init__", Sig: "__init__(self, *args, **kwargs)", names: &builtinNames{qualName: "BaseException.__init__", descr: "slot wrapper"},
			Doc:   "Sets the exception's args (and a NameError's, AttributeError's, ImportError's, OSError's or SyntaxError's attributes) from the arguments, as constructing it does.",
			binds: true, acceptsKeywords: true, parsed: paramList(param{name: "self"}, param{name: "args", variadic: true}),
			fn: func(a *Args) (Value, error) {
				x, ok := isException(a.Value("self"))
				if !ok {
					return nil, Errorf(TypeError, "descriptor '__init__' requires a 'BaseException' object but received a '%s'", TypeName(a.Value("self")))
				}
				if isOSError(x) && !osInitParses(x.cls) { // OSError.__init__ leaves what __new__ set, keywords and all
					return None, nil
				}
				return None, excInit(x, a.Value("args").(Tuple), a.kwNames, a.kwVals)
			}},
			"__reduce__": &Builtin{Name: "__reduce__", Sig: "__reduce__(self)", names: &builtinNames{qualName: "BaseException.__reduce__", descr: "method"},
				Doc:   "(cls, args) or (cls, args, state): how pickle and copy make the exception again, an OSError's file names in args, an ImportError's name and path in the state.",
				binds: true, parsed: paramList(param{name: "self"}),
				fn: func(a *Args) (Value, error) {
					x, ok := isException(a.Value("self"))
					if !ok {
						return nil, Errorf(TypeError, "descriptor '__reduce__' requires a 'BaseException' object but received a '%s'", TypeName(a.Value("self")))
					}
					return exceptionReduce(x)
				}},
			"__setstate__": &Builtin{Name: "__setstate__", Sig: "__setstate__(self, state)", names: &builtinNames{qualName: "BaseException.__setstate__", descr: "method"},
				Doc:   "Sets each item of the dict state as an attribute (an ImportError's name and path, an OSError's filename among them), as unpickling and copying do.",
				binds: true, parsed: paramList(param{name: "self"}, param{name: "state"}),
				fn: func(a *Args) (Value, error) { return None, excSetState(a.Value("self"), a.Value("state")) }},
		},
		// __str__ and __repr__ are attributes only: the Str and Repr
		// hooks below are what str() and repr() run
		special: map[string]Value{
			"__str__": &Builtin{Name: "__str__", Sig: "__str__(self)", names: &builtinNames{qualName: "BaseException.__str__", descr: "slot wrapper"},
				Doc:   "str(self): the one argument's str, '' for none, the args tuple's for several (a KeyError's key as its repr).",
				binds: true, parsed: paramList(param{name: "self"}),
				fn: func(a *Args) (Value, error) {
					x, ok := isException(a.Value("self"))
					if !ok {
						return nil, Errorf(TypeError, "descriptor '__str__' requires a 'BaseException' object but received a '%s'", TypeName(a.Value("self")))
					}
					return excStr(x), nil
				}},
			"__repr__": &Builtin{Name: "__repr__", Sig: "__repr__(self)", names: &builtinNames{qualName: "BaseException.__repr__", descr: "slot wrapper"},
				Doc:   "repr(self): the class's name and the args, as ValueError('x') or KeyError(1, 2).",
				binds: true, parsed: paramList(param{name: "self"}),
				fn: func(a *Args) (Value, error) {
					x, ok := isException(a.Value("self"))
					if !ok {
						return nil, Errorf(TypeError, "descriptor '__repr__' requires a 'BaseException' object but received a '%s'", TypeName(a.Value("self")))
					}
					return excRepr(x), nil
				}},
		},
		Attr:    excAttr,
		SetAttr: excSetAttr,
		Repr:    func(x *Instance) (string, bool) { return excRepr(x), true },
		Str:     func(x *Instance) (string, bool) { return excStr(x), true },
		Names: func(x *Instance) []string {
			names := []string{"args", "__cause__", "__context__", "__suppress_context__", "__traceback__", "add_note", "with_traceback"}
			names = append(names, namedAttrNames(x)...)
			switch {
			case isSyntaxError(x):
				names = append(names, syntaxAttrNames...)
			case isOSError(x):
				names = append(names, osAttrNames...)
			case x.cls.derivesFrom(exceptionClasses["SystemExit"]):
				names = append(names, "code")
			case x.cls.derivesFrom(exceptionClasses["StopIteration"]):
				names = append(names, "value")
			case isGroup(x):
				names = append(names, "message", "exceptions", "derive", "split", "subgroup")
			}
			return names
		},
	})
}

// excRepr is BaseException.__repr__: the class's name and the args.
func excRepr(x *Instance) string {
	st := excStateOf(x)
	if len(st.args) == 1 {
		return x.cls.Name + "(" + Repr(st.args[0]) + ")"
	}
	return x.cls.Name + Repr(st.args)
}

// excSetState is BaseException.__setstate__: each item of the dict
// state set as an attribute, through the exception's own attributes
// (CPython's BaseException_setstate).
func excSetState(self, state Value) error {
	if state == None {
		return nil
	}
	d, ok := state.(*Dict)
	if !ok {
		return Errorf(TypeError, "state is not a dictionary")
	}
	vals := d.Values()
	for i, k := range d.Keys() {
		name, isStr := k.(string)
		if !isStr {
			return Errorf(TypeError, "attribute name must be string, not '%s'", TypeName(k))
		}
		if err := SetAttr(self, name, vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// traceback is the exception's __traceback__: the one assigned, else its
// frames as it travelled (the same object while they are the same), else
// None for an exception never raised.
func (st *excState) traceback() Value {
	if tb, ok := st.tbAssigned(); ok {
		return tb
	}
	err := st.raised()
	if err == nil {
		return None
	}
	if st.trace == nil {
		st.trace = &excTrace{}
	}
	t := st.trace
	if tb, ok := t.tb.(*Traceback); !ok || t.tbLen != len(err.Trace) {
		if tb = traceOf(err); tb == nil {
			return None
		}
		if t.fresh {
			n := len(tb.entries) - 1
			tb.entries, tb.states = tb.entries[:n], tb.states[:n]
			if n == 0 && len(t.prior) == 0 {
				return None
			}
		}
		tb.entries = append(tb.entries, t.prior...)
		tb.states = append(tb.states, t.priorStates...)
		t.tb, t.tbLen = tb, len(err.Trace)
	}
	return t.tb
}

// reraised notes that the exception is raised again, as e, whose
// traceback goes on with the one it had.
func (st *excState) reraised(e *Error) {
	// (A first raise finds e, the spare it took, as st.err already.)
	if prev := st.raised(); (prev != nil && prev != e) || st.trace != nil {
		var prior []TraceEntry
		var states []*frameState
		if tb, ok := st.traceback().(*Traceback); ok {
			prior, states = tb.entries, tb.states
		}
		st.trace = nil
		if prior != nil {
			st.trace = &excTrace{prior: prior, priorStates: states}
		}
	}
	st.err = e
}

// setTraceback assigns __traceback__ (e.__traceback__ = tb,
// e.with_traceback(tb)): a traceback or None.
func (st *excState) setTraceback(v Value) error {
	switch v.(type) {
	case *Traceback, NoneType:
		if st.trace == nil {
			st.trace = &excTrace{}
		}
		st.trace.tb, st.trace.tbSet = v, true
		return nil
	}
	return Errorf(TypeError, "__traceback__ must be a traceback or None")
}

// addNote is x.add_note(note) (PEP 678): note, a str, appended to the
// list __notes__, an ordinary attribute of x made by the first note.
func addNote(x *Instance, note Value) error {
	if _, ok := note.(string); !ok {
		return Errorf(TypeError, "note must be a str, not '%s'", TypeName(note))
	}
	notes, err := getAttr(x, "__notes__")
	if err != nil {
		if ToError(err).Kind != AttributeError {
			return err
		}
		return setAttr(x, "__notes__", &List{Elems: []Value{note}})
	}
	l, ok := notes.(*List)
	if !ok {
		return Errorf(TypeError, "Cannot add note: __notes__ is not a list")
	}
	l.Elems = append(l.Elems, note)
	return nil
}

// excStateOf returns the state of the exception x.
func excStateOf(x *Instance) *excState {
	st, ok := x.Native().(*excState)
	if !ok { // an instance made without its base's New
		st = &excState{}
		x.SetNative(st)
	}
	return st
}

// excStr is str() of an exception without its own __str__.
func excStr(x *Instance) string {
	st := excStateOf(x)
	if st.syntax() != nil {
		return syntaxStr(st.syntax())
	}
	if st.from != nil {
		return st.from.Msg
	}
	if s, ok := osStr(st.osError()); ok {
		return s
	}
	if st.unicode() != nil {
		return st.unicode().str()
	}
	if st.group() != nil {
		return groupStr(st.group())
	}
	switch len(st.args) {
	case 0:
		return ""
	case 1:
		if x.cls.derivesFrom(keyErrorClass) {
			return Repr(st.args[0])
		}
		return Str(st.args[0])
	}
	return Repr(st.args)
}

func excAttr(x *Instance, name string) (Value, bool, error) {
	st := excStateOf(x)
	if isSyntaxError(x) {
		if st.syntax() == nil {
			st.setSyntax(&syntaxFields{})
		}
		if p := st.syntax().field(name); p != nil {
			return orNone(*p), true, nil
		}
	}
	if st.unicode() != nil {
		if v, ok := st.unicode().field(name); ok {
			return v, true, nil
		}
	}
	switch name {
	case "args":
		return st.args, true, nil
	case "__cause__":
		return orNone(st.chain().cause), true, nil
	case "__context__":
		return orNone(st.chain().context), true, nil
	case "__suppress_context__":
		return st.chain().suppress, true, nil
	case "__traceback__":
		return st.traceback(), true, nil
	case "__str__", "__repr__": // what super().__str__() reaches
		text := excStr(x)
		if name == "__repr__" {
			text, _ = nativeBases["BaseException"].Repr(x)
		}
		return &Builtin{Name: name, Sig: name + "()", fn: func(*Args) (Value, error) { return text, nil }}, true, nil
	case "code":
		if x.cls.derivesFrom(exceptionClasses["SystemExit"]) {
			return exitCode(st.args), true, nil
		}
	case "value":
		if x.cls.derivesFrom(exceptionClasses["StopIteration"]) {
			if len(st.args) == 0 {
				return None, true, nil
			}
			return st.args[0], true, nil
		}
	case "errno", "strerror", "filename", "filename2":
		if isOSError(x) {
			v, _ := osAttr(st.osError(), name)
			return v, true, nil
		}
	case "name", "obj", "path", "msg":
		if v, ok := namedAttr(x, st, name); ok {
			return v, true, nil
		}
	case "message", "exceptions":
		if isGroup(x) {
			if name == "message" {
				return orNone(groupOf(x).msg), true, nil
			}
			if st.group() == nil {
				return None, true, nil
			}
			return st.group().excs, true, nil
		}
	case "add_note":
		return &Builtin{Name: "add_note", Sig: "add_note(note)", parsed: paramList(param{name: "note"}),
			fn: func(a *Args) (Value, error) { return None, addNote(x, a.Value("note")) }}, true, nil
	case "with_traceback":
		return &Builtin{Name: "with_traceback", Sig: "with_traceback(tb)", parsed: paramList(param{name: "tb"}),
			fn: func(a *Args) (Value, error) { return x, st.setTraceback(a.Value("tb")) }}, true, nil
	}
	return nil, false, nil
}

func excSetAttr(x *Instance, name string, v Value) (bool, error) {
	st := excStateOf(x)
	if isSyntaxError(x) {
		if st.syntax() == nil {
			st.setSyntax(&syntaxFields{})
		}
		if p := st.syntax().field(name); p != nil {
			*p = noneToNil(v)
			return true, nil
		}
	}
	if st.unicode() != nil {
		if ok, err := st.unicode().setField(name, v); ok {
			return true, err
		}
	}
	if isOSError(x) && osSetAttr(st, name, v) {
		return true, nil
	}
	switch name {
	case "args":
		items, err := Collect(v)
		if err != nil {
			return true, err
		}
		st.args, st.from = Tuple(items), nil
	case "__cause__", "__context__":
		var e Value
		if v != None {
			ex, ok := v.(*Instance)
			if !ok || !ex.cls.derivesFrom(baseException) {
				return true, Errorf(TypeError, "exception %s must be None or derive from BaseException", strings.Trim(name, "_"))
			}
			e = ex
		}
		if l := st.setLinks(); name == "__cause__" {
			l.cause, l.suppress = e, true
		} else {
			l.context = e
		}
	case "__suppress_context__":
		b, err := Truth(v)
		st.setLinks().suppress = b
		return true, err
	case "__traceback__":
		return true, st.setTraceback(v)
	case "message", "exceptions":
		if isGroup(x) {
			return true, Errorf(AttributeError, "readonly attribute")
		}
		return namedSetAttr(x, st, name, v), nil
	default:
		return namedSetAttr(x, st, name, v), nil
	}
	return true, nil
}

// isException reports whether v is an exception object.
func isException(v Value) (*Instance, bool) {
	x, ok := v.(*Instance)
	if !ok || !x.cls.derivesFrom(baseException) {
		return nil, false
	}
	return x, true
}

// excOf returns the exception object that err is, making it the first
// time (of the class err's Kind names); nil for a kael crash
// (InternalError), which no handler catches. e is err as an *Error, which
// keeps the object.
func excOf(err error) (x *Instance, e *Error) {
	e = asError(err)
	if e.exc != nil {
		return e.exc, e
	}
	cls := excClassOf(e)
	if cls == nil {
		return nil, e
	}
	arg := Value(e.Msg)
	if e.Kind == KeyError {
		arg = keyErrorArg(e.Msg)
		if e.named != nil && e.named.obj != nil { // the key keyError kept
			arg = e.named.obj
		}
	}
	b := &excBlock{}
	x, st := &b.x, &b.st
	*st = excState{from: e, err: e, named: e.named}
	if e.Msg == "" && e.Kind != KeyError { // raised from Go as raise NotImplementedError: no args
		st.setArgs(nil)
	} else {
		st.setArgs([]Value{arg})
	}
	if e.os != nil {
		st.args, st.from = Tuple{orNone(e.os.errno), orNone(e.os.strerror)}, nil
		st.setOSError(e.os)
	}
	*x = Instance{cls: cls, slots: [instanceSlots]Value{nativeSlot: st}} // an exception class keeps a native state
	if isSyntaxError(x) {
		st.setSyntax(syntaxFieldsOf(e))
	}
	e.exc = x
	return x, e
}

// excClassOf returns the class of the exception that e is: its object's,
// or, for an error kael raised whose object is not made yet, the class
// its Kind names (RuntimeError for a kind no class has); nil for a kael
// crash (InternalError), which no handler catches. An except clause
// matches an error by this class without making its object.
func excClassOf(e *Error) *UserClass {
	if e.exc != nil {
		return e.exc.cls
	}
	// The kinds the engine raises most, without the map's hashing.
	switch e.Kind {
	case KeyError:
		return keyErrorClass
	case StopIteration:
		return stopIterationClass
	case IndexError:
		return indexErrorClass
	case AttributeError:
		return attributeErrorClass
	case ValueError:
		return valueErrorClass
	case TypeError:
		return typeErrorClass
	case InternalError:
		return nil
	}
	cls := exceptionClasses[string(e.Kind)]
	if cls == nil {
		cls = moduleExceptionClasses[string(e.Kind)]
	}
	if cls == nil {
		cls = exceptionClasses["RuntimeError"]
	}
	return cls
}

// isStopIteration reports whether err ends an iterator: a StopIteration,
// or an instance of a class derived from it (CPython's
// PyErr_ExceptionMatches(PyExc_StopIteration), with which a for loop,
// list(), next(it, default) and yield from end on class Done(StopIteration)
// as on StopIteration itself).
func isStopIteration(err error) bool {
	e := asError(err)
	if e.Kind == StopIteration {
		return true
	}
	return e.exc != nil && e.exc.cls.derivesFrom(stopIterationClass)
}

// keyError is the KeyError of a mapping that lacks key: its message is
// the key's repr, as CPython's str(KeyError(key)) is. It is made without
// fmt's formatting (the lookups of real programs miss often, inside a
// try) and its exception object only if a handler looks at it (excOf).
// A key keyErrorArg cannot read back from the repr (a tuple, a float, a
// str with quotes) is kept beside it, for the object's args: KeyError((1,
// 2)), not KeyError('(1, 2)').
func keyError(key Value) *Error {
	e := engineError(KeyError)
	e.Msg = Repr(key)
	if !keyReadBack(key, e.Msg) {
		e.named = &namedFields{obj: key}
	}
	return e
}

// keyReadBack reports whether keyErrorArg gives key back from msg, its
// repr: an int's digits, or a str's text between single quotes with
// nothing escaped (a ' or \ in the str, or a character repr escapes, makes
// the repr differ from it), without allocating.
func keyReadBack(key Value, msg string) bool {
	switch k := key.(type) {
	case int64:
		return true
	case string:
		return len(msg) == len(k)+2 && msg[0] == '\'' && msg[len(msg)-1] == '\'' && msg[1:len(msg)-1] == k
	}
	return false
}

// exhausted is the StopIteration of an iterator that has no more
// elements (next(it), a Nexter's end): no message, and its object made
// only if a handler looks at it (excOf).
func exhausted() *Error { return engineError(StopIteration) }

// engineErrors holds the *Error of engine exceptions (engineError) that
// except clauses handled without making their objects, for the next one.
var engineErrors = sync.Pool{New: func() any { return new(Error) }}

// engineError is a new error of the given kind, raised by the engine
// itself (keyError, exhausted), taken from engineErrors. Its exception
// object is made only if something looks at it (excOf); when an except
// clause has handled it and nothing did (the clause binds no name,
// nothing read sys.exc_info(), nothing raised in the handler took it as
// its context), no Python code can reach it and no Go code keeps it, so
// the clause gives it back (leaveHandler): a lookup that misses or an
// iterator that ends inside a try allocates nothing, as CPython's free
// lists do.
func engineError(kind ErrorKind) *Error {
	e := engineErrors.Get().(*Error)
	*e = Error{Kind: kind, pooled: true}
	return e
}

// enterHandler counts an except clause that starts to handle e.
func (e *Error) enterHandler() {
	if e.handlers == math.MaxUint8 {
		e.pooled = false // too deep to count: never given back
		return
	}
	e.handlers++
}

// leaveHandler counts the end of an except clause that handled e; done
// says that the clause ended without an error, so that e goes no further.
// The last clause to end gives e back to engineErrors when it is the
// pool's and its object was never made (engineError).
func (e *Error) leaveHandler(done bool) {
	if e.handlers > 0 {
		e.handlers--
	}
	if done && e.pooled && e.handlers == 0 && e.exc == nil {
		*e = Error{}
		engineErrors.Put(e)
	}
}

// keyErrorArg recovers the key of a KeyError whose message is the key's
// repr (a string or an integer), which args holds in Python.
func keyErrorArg(msg string) Value {
	if n, err := strconv.ParseInt(msg, 10, 64); err == nil {
		return n
	}
	if len(msg) >= 2 && msg[0] == '\'' && msg[len(msg)-1] == '\'' && !strings.ContainsAny(msg[1:len(msg)-1], "'\\") {
		return msg[1 : len(msg)-1]
	}
	return msg
}

// excMatches reports whether the exception x is of the class c of an
// except clause, or of one in the tuple c (of classes: no tuple inside,
// as CPython's except).
func excMatches(x *Instance, c Value) (bool, error) { return classMatches(x.cls, c) }

// classMatches is excMatches for an exception of the class cls, which
// need not be made yet (excClassOf).
func classMatches(cls *UserClass, c Value) (bool, error) {
	switch c := c.(type) {
	case *UserClass:
		if c.derivesFrom(baseException) {
			return cls.derivesFrom(c), nil
		}
	case Tuple:
		// Every class is checked before any matches, as CPython's
		// check_except_type_valid: except (ValueError, 42) is an error.
		for _, e := range c {
			if !isExceptionClass(e) {
				return false, Errorf(TypeError, "catching classes that do not inherit from BaseException is not allowed")
			}
		}
		for _, e := range c {
			if cls.derivesFrom(e.(*UserClass)) {
				return true, nil
			}
		}
		return false, nil
	}
	return false, Errorf(TypeError, "catching classes that do not inherit from BaseException is not allowed")
}

// newException makes the exception object raise v raises: v itself, or
// an instance of the exception class v.
func (in *interp) newException(v Value, what string) (*Instance, error) {
	if x, ok := isException(v); ok {
		return x, nil
	}
	if c, ok := v.(*UserClass); ok && c.derivesFrom(baseException) {
		r, err := in.instantiate(c, nil, nil, nil, in.stmtNode())
		if err != nil {
			return nil, err
		}
		if x, ok := isException(r); ok {
			return x, nil
		}
		return nil, Errorf(TypeError, "calling %s should have returned an instance of BaseException, not %s", Repr(v), TypeName(r))
	}
	return nil, Errorf(TypeError, "%s must derive from BaseException", what)
}

// excError is the error that raising x is, with x's class and message.
// Its message is computed when asked for (Error.lazy) unless a class
// statement gives x a __str__, which runs now, as the exception is
// raised (its session is then running). The first raise of an exception
// made by calling its class takes the *Error allocated with it.
func excError(x *Instance) *Error {
	st := excStateOf(x)
	prev := st.raised()
	e := st.takeSpare()
	if e != nil {
		// Zero until now (newExcInstance): two stores, not a copy of a
		// whole Error with the collector's barrier over its pointers.
		e.Kind, e.exc = ErrorKind(x.cls.Name), x
	} else {
		e = &Error{Kind: ErrorKind(x.cls.Name), exc: x}
	}
	if x.cls.strDefined() {
		e.Msg = excMessage(x)
	} else {
		e.lazy = true
	}
	if prev != nil {
		e.Hint = prev.Hint
	}
	return e
}

// excMessage is str(x) for the message of the error raising x is; where
// x's __str__ fails, CPython's "<exception str() failed>", since raising
// x must not fail with the error of a __str__ nobody has asked for yet.
func excMessage(x *Instance) string {
	r, ok, err := x.hook("__str__")
	if !ok {
		return excStr(x)
	}
	if s, isStr := r.(string); isStr && err == nil {
		return s
	}
	return "<exception str() failed>"
}

// maxChain bounds the chain of causes and contexts an error shows.
const maxChain = 8

// renderChain renders what led to the exception x, as CPython shows it
// above x's own traceback: its __cause__ (or, unless suppressed, its
// __context__) rendered in full, then the sentence that links them.
func renderChain(x *Instance, st ErrorStyle, depth int) string {
	s := excStateOf(x).chain()
	prev, link := s.cause, "The above exception was the direct cause of the following exception:"
	if prev == nil && !s.suppress {
		prev, link = s.context, "During handling of the above exception, another exception occurred:"
	}
	px, ok := prev.(*Instance)
	if !ok || depth >= maxChain {
		return ""
	}
	ps := excStateOf(px)
	var text string
	if ps.err != nil && ps.err.exc == px {
		text = ps.err.render(st, depth+1)
	} else { // never raised: its class and message
		text = apply(st.Kind, px.cls.Name)
		if m := px.String(); m != "" {
			text += ": " + m
		}
	}
	return text + "\n\n" + link + "\n\n"
}

// excDelAttr is the error of del x.name for the attributes every
// exception has, which CPython refuses to delete; nil for another
// object or name.
func excDelAttr(x *Instance, name string) error {
	if _, ok := isException(x); !ok {
		return nil
	}
	switch name {
	case "args", "__cause__", "__context__", "__traceback__":
		return Errorf(TypeError, "%s may not be deleted", name)
	case "__suppress_context__":
		return Errorf(TypeError, "can't delete numeric/char attribute")
	}
	return nil
}

// excInit is BaseException.__init__: the arguments become args, and the
// attributes of the exceptions that have more (exceptions_named.go,
// exceptions_os.go, exceptions_syntax.go) are set from them.
func excInit(x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
	st := excStateOf(x)
	if isOSError(x) && !osInitParses(x.cls) { // OSError.__new__ read them (osNew)
		if len(kwNames) > 0 {
			return Errorf(TypeError, "%s() takes no keyword arguments", x.cls.Name)
		}
		return nil
	}
	if err := namedInit(x, st, kwNames, kwVals); err != nil {
		return err
	}
	st.setArgs(pos)
	st.from = nil
	if isSyntaxError(x) {
		f, err := syntaxInit(st.syntax(), st.args)
		if err != nil {
			return err
		}
		st.setSyntax(f)
	}
	if isOSError(x) { // a class whose __init__ reads them (osInitParses)
		f, args := osFieldsOf(st.args)
		st.setOSError(f.over(st.osError()))
		st.args = args
	}
	if kind := unicodeKind(x); kind != "" {
		st.setUnicode(unicodeFieldsOf(kind, st.args))
	}
	return nil
}
