package lang

import (
	"fmt"
	"slices"
)

// CPython checks the argument count of most builtins in C before it binds
// anything, each in one of five styles, and its message is the style's,
// not the generic binder's ("missing required argument"): kael's builtins
// of those names give the same text when the positional count is wrong.
// The table below is read off CPython 3.11 (bltinmodule.c: METH_O
// functions, PyArg_UnpackTuple's and Argument Clinic's checks);
// TestBuiltinArityMatchesCPython calls each with 0 to 9 arguments beside
// /usr/bin/python3.

// arityStyle is how a CPython builtin words a wrong argument count.
type arityStyle uint8

const (
	// arityOne is METH_O: "len() takes exactly one argument (2 given)".
	arityOne arityStyle = iota + 1
	// arityNone is METH_NOARGS: "globals() takes no arguments (1 given)".
	arityNone
	// arityUnpack is PyArg_UnpackTuple: "divmod expected 2 arguments, got
	// 1", "getattr expected at least 2 arguments, got 1", "iter expected at
	// most 2 arguments, got 3" (no parentheses after the name).
	arityUnpack
	// arityClinic is Argument Clinic's: "pow() missing required argument
	// 'base' (pos 1)", "round() takes at most 2 arguments (3 given)".
	arityClinic
	// arityPositional is Clinic's for positional parameters before a
	// keyword one (sum, exec): "sum() takes at least 1 positional argument
	// (0 given)", "exec() takes at most 3 positional arguments (4 given)",
	// and beyond every parameter "takes at most 4 arguments (9 given)".
	arityPositional
)

// builtinArity is a CPython builtin's count check: its style and the
// least and most arguments it takes (max -1: no limit), posMax the most
// given by position where fewer than max (arityPositional); names are the
// Clinic parameters' names, for "missing required argument".
// Clinic's and sum's functions, and sorted, max and min, take keywords
// and check the count first; the others take none, and a keyword given
// them keeps the binder's message.
type builtinArity struct {
	style    arityStyle
	min, max int
	names    []string
	posMax   int
}

// countsBeforeKeywords reports whether CPython checks the positional count
// of the builtin name even when keywords are given.
func (ar builtinArity) countsBeforeKeywords(name string) bool {
	return ar.style == arityClinic || ar.style == arityPositional || name == "sorted" || name == "max" || name == "min"
}

// cpythonArity holds the builtins whose count check kael words as
// CPython's.
var cpythonArity = map[string]builtinArity{
	"abs": oneArity, "all": oneArity, "any": oneArity, "ascii": oneArity, "bin": oneArity, "callable": oneArity,
	"chr": oneArity, "hash": oneArity, "hex": oneArity, "id": oneArity, "len": oneArity, "oct": oneArity,
	"ord": oneArity, "repr": oneArity, "aiter": oneArity,
	"globals": {style: arityNone}, "locals": {style: arityNone},
	"delattr": unpackArity(2, 2), "divmod": unpackArity(2, 2), "hasattr": unpackArity(2, 2),
	"isinstance": unpackArity(2, 2), "issubclass": unpackArity(2, 2), "setattr": unpackArity(3, 3),
	"sorted": unpackArity(1, 1), "format": unpackArity(1, 2), "getattr": unpackArity(2, 3),
	"iter": unpackArity(1, 2), "next": unpackArity(1, 2), "anext": unpackArity(1, 2),
	"max": unpackArity(1, -1), "min": unpackArity(1, -1), "dir": unpackArity(0, 1),
	"vars": unpackArity(0, 1), "input": unpackArity(0, 1), "eval": unpackArity(1, 3),
	"pow":     {style: arityClinic, min: 2, max: 3, names: []string{"base", "exp", "mod"}},
	"round":   {style: arityClinic, min: 1, max: 2, names: []string{"number", "ndigits"}},
	"compile": {style: arityClinic, min: 3, max: 7, names: []string{"source", "filename", "mode"}},
	"open":    {style: arityClinic, min: 1, max: 8, names: []string{"file"}},
	"exec":    {style: arityPositional, min: 1, max: 4, posMax: 3},
	"sum":     {style: arityPositional, min: 1, max: 2, posMax: 2},
}

// oneArity is METH_O's check; unpackArity is PyArg_UnpackTuple's.
var oneArity = builtinArity{style: arityOne, min: 1, max: 1}

func unpackArity(min, max int) builtinArity {
	return builtinArity{style: arityUnpack, min: min, max: max}
}

// noKeywordsError is CPython's TypeError for a call with keyword
// arguments of b when b is one of CPython's builtins that take none
// (METH_O's, METH_NOARGS' and PyArg_UnpackTuple's: "next() takes no
// keyword arguments"), and nil for every other builtin, as for those that
// kael overloads with PyTorch's keywords (abs, all, any).
func noKeywordsError(b *Builtin) *Error {
	if b.acceptsKeywords || builtins[b.Name] != b {
		return nil
	}
	if ar, ok := cpythonArity[b.Name]; !ok || ar.countsBeforeKeywords(b.Name) {
		return nil
	}
	return Errorf(TypeError, "%s() takes no keyword arguments", b.Name)
}

// arityError is CPython's error for a call of the builtin name with npos
// positional arguments and the keywords kwNames, or nil when the count
// passes CPython's check (or name is not in the table). A Clinic
// parameter given by keyword counts as given.
func arityError(name string, npos int, kwNames []string) *Error {
	ar, ok := cpythonArity[name]
	if !ok || len(kwNames) > 0 && !ar.countsBeforeKeywords(name) {
		return nil
	}
	return ar.check(name, npos, kwNames)
}

// check is arityError for the builtin name whose entry ar is. Clinic's
// functions count the keywords too: round(1.5, ndigits=1, x=2) "takes at
// most 2 arguments (3 given)", and with none by position "at most 2
// keyword arguments" (getargs.c's _PyArg_UnpackKeywords).
func (ar builtinArity) check(name string, npos int, kwNames []string) *Error {
	tooMany := ar.max >= 0 && npos > ar.max
	if clinic := ar.style == arityClinic || ar.style == arityPositional; clinic && ar.max >= 0 && npos+len(kwNames) > ar.max {
		keyword := ""
		if npos == 0 {
			keyword = "keyword "
		}
		return Errorf(TypeError, "%s() takes at most %d %s%s (%d given)", name, ar.max, keyword, plural(ar.max, "argument"), npos+len(kwNames))
	}
	switch ar.style {
	case arityOne:
		if npos != 1 {
			return Errorf(TypeError, "%s() takes exactly one argument (%d given)", name, npos)
		}
	case arityNone:
		if npos != 0 {
			return Errorf(TypeError, "%s() takes no arguments (%d given)", name, npos)
		}
	case arityUnpack:
		if npos >= ar.min && !tooMany {
			return nil
		}
		switch {
		case ar.min == ar.max:
			return Errorf(TypeError, "%s expected %s, got %d", name, arguments(ar.min), npos)
		case tooMany:
			return Errorf(TypeError, "%s expected at most %s, got %d", name, arguments(ar.max), npos)
		default:
			return Errorf(TypeError, "%s expected at least %s, got %d", name, arguments(ar.min), npos)
		}
	case arityPositional:
		switch {
		case npos > ar.posMax:
			return Errorf(TypeError, "%s() takes at most %d positional arguments (%d given)", name, ar.posMax, npos)
		case npos < ar.min:
			return Errorf(TypeError, "%s() takes at least %d positional argument (%d given)", name, ar.min, npos)
		}
	case arityClinic:
		for i := npos; i < ar.min; i++ {
			if !slices.Contains(kwNames, ar.names[i]) {
				return Errorf(TypeError, "%s() missing required argument '%s' (pos %d)", name, ar.names[i], i+1)
			}
		}
	}
	return nil
}

// isCPythonBuiltin reports whether b is one of CPython's builtins (kael's
// builtins hold PyTorch's functions too): a function of the count table
// or a class of pythonClasses.
func isCPythonBuiltin(b *Builtin) bool {
	if builtins[b.Name] != b {
		return false
	}
	_, counted := cpythonArity[b.Name]
	return counted || slices.Contains(pythonClasses, b.Name)
}

// cpythonWrongType is CPython's TypeError for the argument got of the
// builtin b's parameter name, which is not a want: an int parameter's is
// operator.index's ("'str' object cannot be interpreted as an integer"),
// a path's os.fspath's; any other names the parameter as Argument Clinic
// and PyArg_Parse do, by its position when CPython takes it by position
// only ("format() argument 2 must be str, not int"), else by its name
// ("str() argument 'encoding' must be str, not int"). The builtins whose
// count check is METH_O's or PyArg_UnpackTuple's take no keywords at all;
// Clinic's four take them for every parameter.
func cpythonWrongType(b *Builtin, name, want string, got Value) *Error {
	switch want {
	case "int":
		return notAnInteger(got)
	case "str or os.PathLike":
		return Errorf(TypeError, "expected str, bytes or os.PathLike object, not %s", TypeName(got))
	}
	i := b.paramIndex(name)
	byPosition := i >= 0 && b.params()[i].posOnly
	if ar, ok := cpythonArity[b.Name]; ok {
		switch ar.style {
		case arityOne, arityNone, arityUnpack:
			byPosition = true
		case arityClinic: // pow, round, compile, open: every parameter by name too
			byPosition = false
		}
	}
	if byPosition {
		return Errorf(TypeError, "%s() argument %d must be %s, not %s", b.Name, i+1, want, TypeName(got))
	}
	return Errorf(TypeError, "%s() argument '%s' must be %s, not %s", b.Name, name, want, TypeName(got))
}

// arguments is "1 argument" or "n arguments".
func arguments(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "argument")) }

// plural is word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// firstByKeyword moves a Clinic builtin's first parameter, given by its
// Python name (round(number=2.5), pow(base=2, exp=3)), to the positional
// arguments, for kael's signature that names it otherwise; ok is false
// when the call does not give it so.
func firstByKeyword(name string, pos []Value, kwNames []string, kwVals []Value) (_ []Value, _ []string, _ []Value, ok bool) {
	ar, found := cpythonArity[name]
	if !found || ar.style != arityClinic || len(pos) > 0 {
		return nil, nil, nil, false
	}
	i := slices.Index(kwNames, ar.names[0])
	if i < 0 {
		return nil, nil, nil, false
	}
	names := slices.Delete(slices.Clone(kwNames), i, i+1)
	vals := slices.Delete(slices.Clone(kwVals), i, i+1)
	return []Value{kwVals[i]}, names, vals, true
}
