package inspect

import (
	"sort"

	"github.com/kael-dev/kael/lang"
)

// The result classes (FullArgSpec, ArgInfo, Arguments, Attribute,
// FrameInfo, Traceback) as module attributes; the locals and states of
// generators and coroutines; getclasstree and walktree.

// frameLocals is obj's frame's f_locals (frameAttr: gi_frame,
// cr_frame), or a new empty dict when it has no frame (it ended).
func frameLocals(obj lang.Value, frameAttr string) (lang.Value, error) {
	frame, err := lang.GetAttr(obj, frameAttr)
	if err != nil || frame == lang.None {
		return lang.NewDict(), nil
	}
	return lang.GetAttr(frame, "f_locals")
}

// attrTruth is the truth of obj's attribute name.
func attrTruth(obj lang.Value, name string) (bool, error) {
	v, err := lang.GetAttr(obj, name)
	if err != nil {
		return false, err
	}
	return lang.Truth(v)
}

// basesOf is c.__bases__; () for object, whose class kael keeps as a
// builtin without the attribute.
func basesOf(c lang.Value) (lang.Value, error) {
	b, err := lang.GetAttr(c, "__bases__")
	if err != nil {
		if obj, ok := lang.LookupBuiltin("object"); ok && lang.Identical(obj, c) {
			return lang.Tuple{}, nil
		}
	}
	return b, err
}

// walktree is inspect.walktree: classes (a list, sorted in place by
// module and name) with their bases, each followed by the nested list of
// its children when children (a dict) has it.
func walktree(classes, children lang.Value) (lang.Value, error) {
	list, ok := classes.(*lang.List)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'sort'", lang.TypeName(classes))
	}
	kids, ok := children.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "argument of type '%s' is not iterable", lang.TypeName(children))
	}
	type keyed struct {
		c            lang.Value
		module, name string
	}
	items := make([]keyed, len(list.Elems))
	for i, c := range list.Elems {
		m, err := lang.GetAttr(c, "__module__")
		if err != nil {
			return nil, err
		}
		n, err := lang.GetAttr(c, "__name__")
		if err != nil {
			return nil, err
		}
		items[i] = keyed{c, lang.Str(m), lang.Str(n)}
	}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].module != items[j].module {
			return items[i].module < items[j].module
		}
		return items[i].name < items[j].name
	})
	for i := range items {
		list.Elems[i] = items[i].c
	}
	var out []lang.Value
	for _, it := range items {
		bases, err := basesOf(it.c)
		if err != nil {
			return nil, err
		}
		out = append(out, lang.Tuple{it.c, bases})
		sub, found, err := kids.Get(it.c)
		if err != nil {
			return nil, err
		}
		if found {
			w, err := walktree(sub, children)
			if err != nil {
				return nil, err
			}
			out = append(out, w)
		}
	}
	return &lang.List{Elems: out}, nil
}

// containsClass reports whether list holds c (by ==, as Python's in).
func containsClass(list []lang.Value, c lang.Value) bool {
	for _, x := range list {
		if lang.Identical(x, c) || lang.Equal(x, c) {
			return true
		}
	}
	return false
}

// getclasstree is inspect.getclasstree: the classes arranged by
// inheritance into nested lists, as CPython's.
func getclasstree(classes lang.Value, unique bool) (lang.Value, error) {
	given, err := lang.Collect(classes)
	if err != nil {
		return nil, err
	}
	children := lang.NewDict()
	var roots, parents []lang.Value
	for _, c := range given {
		bv, err := basesOf(c)
		if err != nil {
			return nil, err
		}
		bases, err := lang.Collect(bv)
		if err != nil {
			return nil, err
		}
		if len(bases) == 0 {
			if !containsClass(roots, c) {
				roots = append(roots, c)
			}
			continue
		}
		for _, p := range bases {
			sub, found, err := children.Get(p)
			if err != nil {
				return nil, err
			}
			if !found {
				sub = &lang.List{}
				if err := children.Set(p, sub); err != nil {
					return nil, err
				}
				parents = append(parents, p)
			}
			l := sub.(*lang.List)
			if !containsClass(l.Elems, c) {
				l.Elems = append(l.Elems, c)
			}
			if unique && containsClass(given, p) {
				break
			}
		}
	}
	for _, p := range parents {
		if !containsClass(given, p) {
			roots = append(roots, p)
		}
	}
	return walktree(&lang.List{Elems: roots}, children)
}

func init() {
	attrs := inspectModule.Attrs
	for _, t := range []*lang.ReturnType{fullArgSpec, argInfoType, argumentsType, attributeType, frameInfo, traceback} {
		attrs[t.Name] = t.Class
	}
	isgenerator := attrs["isgenerator"]
	attrs["getgeneratorlocals"] = lang.NewBuiltin(lang.AsValue, "getgeneratorlocals(generator)", "The generator's local variables and their values now, as a dict ({} once it has ended).", func(a *lang.Args) (lang.Value, error) {
		gen := a.Value("generator")
		is, err := a.Call(isgenerator, gen)
		if err != nil {
			return nil, err
		}
		if ok, _ := lang.Truth(is); !ok {
			return nil, lang.Errorf(lang.TypeError, "%s is not a Python generator", lang.Repr(gen))
		}
		return frameLocals(gen, "gi_frame")
	})
	attrs["getcoroutinelocals"] = lang.NewBuiltin(lang.AsValue, "getcoroutinelocals(coroutine)", "The coroutine's local variables and their values now, as a dict ({} once it has ended).", func(a *lang.Args) (lang.Value, error) {
		return frameLocals(a.Value("coroutine"), "cr_frame")
	})
	attrs["getcoroutinestate"] = lang.NewBuiltin(lang.AsValue, "getcoroutinestate(coroutine)", "Where the coroutine is: CORO_CREATED (not started), CORO_RUNNING (its body runs), CORO_SUSPENDED (at an await) or CORO_CLOSED (ended or closed).", func(a *lang.Args) (lang.Value, error) {
		co := a.Value("coroutine")
		for _, s := range [][2]string{{"cr_running", "CORO_RUNNING"}, {"cr_suspended", "CORO_SUSPENDED"}} {
			on, err := attrTruth(co, s[0])
			if err != nil {
				return nil, err
			}
			if on {
				return s[1], nil
			}
		}
		frame, err := lang.GetAttr(co, "cr_frame")
		if err != nil {
			return nil, err
		}
		if frame == lang.None {
			return "CORO_CLOSED", nil
		}
		return "CORO_CREATED", nil
	})
	attrs["formatannotationrelativeto"] = lang.NewBuiltin(lang.AsValue, "formatannotationrelativeto(object)", "A function that formats an annotation as formatannotation does, leaving out the module of object (its __module__).", func(a *lang.Args) (lang.Value, error) {
		module, err := lang.GetAttr(a.Value("object"), "__module__")
		if err != nil {
			module = lang.None
		}
		return lang.NewBuiltin(lang.AsValue, "_formatannotation(annotation)", "The annotation as formatannotation writes it, relative to the module.", func(a *lang.Args) (lang.Value, error) {
			return formatAnnotation(a.Value("annotation"), module)
		}), nil
	})
	attrs["walktree"] = lang.NewBuiltin(lang.AsValue, "walktree(classes, children, parent)", "getclasstree's step: the list classes, sorted in place by module and name, as (class, bases) pairs, each followed by the nested list of its children in the dict children.", func(a *lang.Args) (lang.Value, error) {
		return walktree(a.Value("classes"), a.Value("children"))
	})
	attrs["getclasstree"] = lang.NewBuiltin(lang.AsValue, "getclasstree(classes, unique=False)", "The classes arranged by inheritance into nested lists: each (class, bases) pair followed by the list of the classes deriving from it; with unique, a class of several given bases appears once.", func(a *lang.Args) (lang.Value, error) {
		unique := a.Bool("unique")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return getclasstree(a.Value("classes"), unique)
	})
}
