package lang

import (
	"strconv"
	"strings"
)

// Exception groups (PEP 654): BaseExceptionGroup and ExceptionGroup,
// builtin classes whose instances keep a message and a tuple of
// exceptions beside their args (groupFields), with CPython 3.11's
// constructor rules and its split, subgroup and derive
// (Objects/exceptions.c). The except* statement (compile_try_star.go)
// matches and re-raises with them.

// groupFields are an exception group's message and exceptions, set by
// BaseExceptionGroup.__new__.
type groupFields struct {
	msg  Value // a str
	excs Tuple // not empty, each an exception
}

// baseExceptionGroupClass and exceptionGroupClass are the builtin
// classes BaseExceptionGroup and ExceptionGroup.
var baseExceptionGroupClass, exceptionGroupClass *UserClass

// initExceptionGroups makes the two classes, after the exception tree
// (exceptions.go's init).
func initExceptionGroups() {
	beg := &UserClass{Name: "BaseExceptionGroup", module: "builtins", attrs: map[string]Value{}}
	if err := beg.setBases([]*UserClass{baseException}); err != nil {
		panic(err)
	}
	eg := &UserClass{Name: "ExceptionGroup", module: "builtins", attrs: map[string]Value{}}
	if err := eg.setBases([]*UserClass{beg, exceptionClasses["Exception"]}); err != nil {
		panic(err)
	}
	baseExceptionGroupClass, exceptionGroupClass = beg, eg
	exceptionClasses["BaseExceptionGroup"], exceptionClasses["ExceptionGroup"] = beg, eg
	beg.attrs["__doc__"] = "A combination of multiple unrelated exceptions."
	eg.attrs["__doc__"] = None
	beg.attrs["__new__"] = &Builtin{Name: "__new__", Sig: "__new__(cls, *args, **kwargs)", names: &builtinNames{qualName: "BaseExceptionGroup.__new__"},
		Doc:    "Makes a group of the message and the exceptions (a non-empty sequence): an ExceptionGroup when BaseExceptionGroup is called with only Exceptions, as CPython's.",
		parsed: paramList(param{name: "cls"}, param{name: "args", variadic: true}), acceptsKeywords: true,
		fn: func(a *Args) (Value, error) { return groupNew(a.Value("cls"), a.Value("args").(Tuple)) }}
	beg.attrs["__init__"] = groupMethod("__init__(self, *args, **kwargs)",
		"Sets args from the arguments, as BaseException.__init__; keyword arguments are a TypeError.",
		func(a *Args, x *Instance) (Value, error) {
			if len(a.kwNames) > 0 {
				return nil, Errorf(TypeError, "%s() takes no keyword arguments", x.cls.Name)
			}
			excStateOf(x).setArgs(a.Value("args").(Tuple))
			excStateOf(x).from = nil
			return None, nil
		})
	beg.attrs["derive"] = groupMethod("derive(self, excs, /)",
		"A group of the same message holding excs: what split and subgroup make their parts with; a subclass overrides it to keep its class.",
		func(a *Args, x *Instance) (Value, error) {
			return a.Call(baseExceptionGroupClass, groupOf(x).msg, a.Value("excs"))
		})
	beg.attrs["split"] = groupMethod("split(self, matcher_value, /)",
		"(match, rest): the subgroup of the exceptions that match (a class, a tuple of classes or a predicate) and the subgroup of the others, each None when empty, with the tree's structure.",
		func(a *Args, x *Instance) (Value, error) {
			m, r, err := splitGroup(a, x, a.Value("matcher_value"), true)
			if err != nil {
				return nil, err
			}
			return Tuple{instOrNone(m), instOrNone(r)}, nil
		})
	beg.attrs["subgroup"] = groupMethod("subgroup(self, matcher_value, /)",
		"The subgroup of the exceptions that match (a class, a tuple of classes or a predicate), with the tree's structure; None when none does.",
		func(a *Args, x *Instance) (Value, error) {
			m, _, err := splitGroup(a, x, a.Value("matcher_value"), false)
			if err != nil {
				return nil, err
			}
			return instOrNone(m), nil
		})
	beg.attrs["__class_getitem__"] = &classMethod{fn: &Builtin{Name: "__class_getitem__", Sig: "__class_getitem__(cls, item, /)",
		Doc:    "cls[item]: a types.GenericAlias, as CPython's (ExceptionGroup[OSError]).",
		parsed: paramList(param{name: "cls"}, param{name: "item"}),
		fn: func(a *Args) (Value, error) {
			args, ok := a.Value("item").(Tuple)
			if !ok {
				args = Tuple{a.Value("item")}
			}
			return &GenericAlias{Origin: a.Value("cls"), Args: args}, nil
		}}}
}

// groupMethod is a method of BaseExceptionGroup, given its instance: a
// builtin that binds as a function does, its signature sig.
func groupMethod(sig, doc string, fn func(a *Args, x *Instance) (Value, error)) *Builtin {
	name, _, err := parseSignature(sig)
	if err != nil {
		panic(err)
	}
	b := &Builtin{Name: name, Sig: sig, sig: sig, Doc: doc, binds: true, names: &builtinNames{qualName: "BaseExceptionGroup." + name}}
	b.acceptsKeywords = name == "__init__"
	b.fn = func(a *Args) (Value, error) {
		x, ok := a.Value("self").(*Instance)
		if !ok || !x.cls.derivesFrom(baseExceptionGroupClass) {
			return nil, Errorf(TypeError, "descriptor '%s' requires a 'BaseExceptionGroup' object but received a '%s'", name, TypeName(a.Value("self")))
		}
		return fn(a, x)
	}
	return b
}

// isGroup reports whether x is an exception group.
func isGroup(x *Instance) bool { return x.cls.derivesFrom(baseExceptionGroupClass) }

// groupOf returns the message and exceptions of the group x; a group
// whose __new__ did not run BaseExceptionGroup's has none (message None,
// no exceptions).
func groupOf(x *Instance) *groupFields {
	if g := excStateOf(x).group(); g != nil {
		return g
	}
	return &groupFields{msg: None}
}

// groupNew is BaseExceptionGroup.__new__(cls, *args): CPython's
// BaseExceptionGroup_new.
func groupNew(cls Value, args Tuple) (Value, error) {
	c, ok := cls.(*UserClass)
	if !ok {
		return nil, Errorf(TypeError, "BaseExceptionGroup.__new__(X): X is not a type object (%s)", TypeName(cls))
	}
	if !c.derivesFrom(baseExceptionGroupClass) {
		return nil, Errorf(TypeError, "BaseExceptionGroup.__new__(%s): %s is not a subtype of BaseExceptionGroup", c.Name, c.Name)
	}
	if len(args) != 2 {
		return nil, Errorf(TypeError, "BaseExceptionGroup.__new__() takes exactly 2 arguments (%d given)", len(args))
	}
	msg := args[0]
	if !isStrValue(msg) {
		return nil, Errorf(TypeError, "BaseExceptionGroup.__new__() argument 1 must be str, not %s", TypeName(msg))
	}
	if !isSequenceValue(args[1]) {
		return nil, Errorf(TypeError, "second argument (exceptions) must be a sequence")
	}
	items, err := Collect(args[1])
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, Errorf(ValueError, "second argument (exceptions) must be a non-empty sequence")
	}
	nestedBase := false
	for i, e := range items {
		x, ok := isException(e)
		if !ok {
			return nil, Errorf(ValueError, "Item %d of second argument (exceptions) is not an exception", i)
		}
		if !x.cls.derivesFrom(exceptionClasses["Exception"]) {
			nestedBase = true
		}
	}
	switch {
	case c == exceptionGroupClass:
		if nestedBase {
			return nil, Errorf(TypeError, "Cannot nest BaseExceptions in an ExceptionGroup")
		}
	case c == baseExceptionGroupClass:
		if !nestedBase {
			c = exceptionGroupClass
		}
	default:
		if nestedBase && c.derivesFrom(exceptionClasses["Exception"]) {
			return nil, Errorf(TypeError, "Cannot nest BaseExceptions in '%s'", c.Name)
		}
	}
	x, err := c.allocate(nil)
	if err != nil {
		return nil, err
	}
	st := excStateOf(x)
	st.setArgs(args)
	st.setGroup(&groupFields{msg: msg, excs: Tuple(items)})
	return x, nil
}

// isStrValue reports whether v is a str, or an instance of a subclass
// of str.
func isStrValue(v Value) bool {
	_, ok := valueOf(v).(string)
	return ok
}

// isSequenceValue is PySequence_Check: a list, tuple, str, bytes,
// range or an object whose class has __getitem__, a dict's aside.
func isSequenceValue(v Value) bool {
	switch x := valueOf(v).(type) {
	case *List, Tuple, string, *Range, *bigRange:
		return true
	case *Dict, NoneType:
		return false
	case *Instance:
		if _, isDict := x.Native().(*Dict); isDict {
			return false
		}
		_, _, ok := x.cls.lookup("__getitem__")
		return ok
	}
	switch TypeName(v) {
	case "bytes", "bytearray", "memoryview":
		return true
	}
	return false
}

// groupStr is str() of a group: 'msg (n sub-exceptions)'.
func groupStr(g *groupFields) string {
	n := len(g.excs)
	plural := "s"
	if n == 1 {
		plural = ""
	}
	return Str(g.msg) + " (" + strconv.Itoa(n) + " sub-exception" + plural + ")"
}

// groupMatcher is how split and subgroup (and except*) decide whether an
// exception matches: by class (a class or a tuple of them), by a
// predicate, or (re-raising after except*) by being one of the leaves.
type groupMatcher struct {
	types  Value // a class or tuple of classes; nil otherwise
	pred   Value // the predicate; nil otherwise
	leaves map[*Instance]bool
	depth  int // of the group being split, for the recursion limit
}

// matcherOf is CPython's get_matcher_type.
func matcherOf(v Value) (groupMatcher, error) {
	if _, isClass := v.(*UserClass); !isClass && Callable(v) {
		return groupMatcher{pred: v}, nil
	}
	if isExceptionClass(v) {
		return groupMatcher{types: v}, nil
	}
	if t, ok := v.(Tuple); ok {
		for _, e := range t {
			if !isExceptionClass(e) {
				return groupMatcher{}, errMatcher()
			}
		}
		return groupMatcher{types: v}, nil
	}
	return groupMatcher{}, errMatcher()
}

func errMatcher() error {
	return Errorf(TypeError, "expected a function, exception type or tuple of exception types")
}

func isExceptionClass(v Value) bool {
	c, ok := v.(*UserClass)
	return ok && c.derivesFrom(baseException)
}

// matches reports whether the exception x matches m.
func (m *groupMatcher) matches(a *Args, x *Instance) (bool, error) {
	switch {
	case m.types != nil:
		return excMatches(x, m.types)
	case m.pred != nil:
		r, err := a.Call(m.pred, x)
		if err != nil {
			return false, err
		}
		return Truth(r)
	}
	return !isGroup(x) && m.leaves[x], nil
}

// splitGroup is CPython's exceptiongroup_split_recursive: the part of
// the exception x that matches and, with rest, the part that does not,
// each nil when empty; a group partly matching is split into groups its
// derive makes.
func splitGroup(a *Args, x *Instance, matcher Value, rest bool) (match, others *Instance, err error) {
	m, err := matcherOf(matcher)
	if err != nil {
		return nil, nil, err
	}
	return m.split(a, x, rest)
}

func (m *groupMatcher) split(a *Args, x *Instance, rest bool) (match, others *Instance, err error) {
	ok, err := m.matches(a, x)
	if err != nil {
		return nil, nil, err
	}
	if ok {
		return x, nil, nil
	}
	if !isGroup(x) {
		if rest {
			return nil, x, nil
		}
		return nil, nil, nil
	}
	if a.in != nil && a.in.depth+m.depth >= a.in.s.RecursionLimit() {
		return nil, nil, Errorf(RecursionError, "maximum recursion depth exceeded in exceptiongroup_split_recursive")
	}
	m.depth++
	defer func() { m.depth-- }()
	var matched, unmatched []Value
	for _, e := range groupOf(x).excs {
		ex, _ := isException(e)
		mm, rr, err := m.split(a, ex, rest)
		if err != nil {
			return nil, nil, err
		}
		if mm != nil {
			matched = append(matched, mm)
		}
		if rr != nil {
			unmatched = append(unmatched, rr)
		}
	}
	if match, err = groupSubset(a, x, matched); err != nil {
		return nil, nil, err
	}
	if rest {
		if others, err = groupSubset(a, x, unmatched); err != nil {
			return nil, nil, err
		}
	}
	return match, others, nil
}

// groupSubset is CPython's exceptiongroup_subset: the group x's derive
// of excs (a list), with x's traceback, cause, context and a copy of
// its notes; nil for no excs.
func groupSubset(a *Args, x *Instance, excs []Value) (*Instance, error) {
	if len(excs) == 0 {
		return nil, nil
	}
	derive, err := a.in.getAttr(x, "derive")
	if err != nil {
		return nil, err
	}
	r, err := a.Call(derive, &List{Elems: excs})
	if err != nil {
		return nil, err
	}
	eg, ok := r.(*Instance)
	if !ok || !isGroup(eg) {
		return nil, Errorf(TypeError, "derive must return an instance of BaseExceptionGroup")
	}
	src, dst := excStateOf(x), excStateOf(eg)
	if tb := src.traceback(); tb != None {
		if err := dst.setTraceback(tb); err != nil {
			return nil, err
		}
	}
	l := src.chain()
	dl := dst.setLinks()
	dl.context, dl.cause, dl.suppress = l.context, l.cause, true
	notes, err := a.in.getAttr(x, "__notes__")
	if err == nil && isSequenceValue(notes) {
		items, err := Collect(notes)
		if err != nil {
			return nil, err
		}
		if err := SetAttr(eg, "__notes__", &List{Elems: items}); err != nil {
			return nil, err
		}
	} else if err != nil && ToError(err).Kind != AttributeError {
		return nil, err
	}
	return eg, nil
}

// instOrNone is x, or None for nil.
func instOrNone(x *Instance) Value {
	if x == nil {
		return None
	}
	return x
}

// renderGroupTree is the exceptions of the group x as kael shows an
// uncaught group below its own error: each in CPython's numbered box,
// rendered as an uncaught error is (its chain, where it was raised), a
// group's own exceptions in boxes inside.
func renderGroupTree(x *Instance, st ErrorStyle, depth int) string {
	excs := groupOf(x).excs
	if depth >= maxChain {
		return "  ... (exceptions nested too deeply to show)"
	}
	n := min(len(excs), maxGroupShown+1)
	var b strings.Builder
	for i := 0; i < n; i++ {
		corner := "  "
		if i == 0 {
			corner = "+-"
		}
		title := strconv.Itoa(i + 1)
		if i == maxGroupShown {
			title = "..."
		}
		b.WriteString("  " + corner + "+---------------- " + title + " ----------------\n")
		var text string
		if i == maxGroupShown {
			text = "and " + strconv.Itoa(len(excs)-maxGroupShown) + " more exceptions"
		} else if sub, ok := isException(excs[i]); ok {
			text = renderSub(sub, st, depth+1)
		}
		for _, line := range strings.Split(text, "\n") {
			b.WriteString("    | " + line + "\n")
		}
	}
	b.WriteString("    +------------------------------------")
	return b.String()
}

// maxGroupShown is how many of a group's exceptions a display shows,
// CPython's max_group_width.
const maxGroupShown = 15

// renderSub renders an exception of a group: as the error of its latest
// raise, or, never raised, its class and message (and its own
// exceptions).
func renderSub(x *Instance, st ErrorStyle, depth int) string {
	if s := excStateOf(x); s.err != nil && s.err.exc == x {
		return s.err.render(st, depth)
	}
	text := apply(st.Kind, x.cls.Name)
	if m := x.String(); m != "" {
		text += ": " + m
	}
	if isGroup(x) {
		text += "\n" + renderGroupTree(x, st, depth)
	}
	return text
}
