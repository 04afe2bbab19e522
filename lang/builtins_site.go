package lang

import "strings"

// The names CPython's site module adds to builtins, which scripts use as
// well as the interactive prompt: exit and quit, each a Quitter, whose
// repr tells how to leave and whose call raises SystemExit(code), as
// _sitebuiltins.Quitter; copyright, credits and license, each a _Printer,
// whose repr is its text (CPython's rule: the text when it has at most
// 23 lines, else how to see it) and whose call prints it. Their texts
// are kael's, not CPython's. (breakpoint(), which calls
// sys.breakpointhook, is lang/lib/sys's.)

// quitter is exit or quit.
type quitter struct {
	name string
	call *Builtin
}

func newQuitter(name string) *quitter {
	q := &quitter{name: name}
	q.call = NewBuiltin(AsValue, "__call__(code=None)", "Raises SystemExit(code): the program ends with code as its exit status.", func(a *Args) (Value, error) {
		// raise SystemExit(code): its args hold the code, None too
		// (sys.exit() raises SystemExit() without arguments)
		x, e := excOf(NewSystemExit(a.Value("code")))
		excStateOf(x).args = Tuple{a.Value("code")}
		return nil, e
	})
	return q
}

// PyRepr is Quitter's repr, which the prompt shows for a bare exit.
func (q *quitter) PyRepr() string { return "Use " + q.name + "() or Ctrl-D (i.e. EOF) to exit" }

// MemberDoc describes the value in the reference of the builtins module.
func (q *quitter) MemberDoc() string {
	return "`" + q.name + "(code=None)` raises SystemExit(code), ending the program with that status (site's Quitter; the bare name shows how to leave)"
}

// TypeName is the class's name, _sitebuiltins.Quitter.
func (q *quitter) TypeName() string { return "Quitter" }

// ClassName is the class's qualified name, as type() shows it.
func (q *quitter) ClassName() string { return "_sitebuiltins.Quitter" }

// Attr gives __call__ (so that calling the value calls it) and name.
func (q *quitter) Attr(name string) (Value, bool) {
	switch name {
	case "__call__":
		return q.call, true
	case "name":
		return q.name, true
	case "eof":
		return "Ctrl-D (i.e. EOF)", true
	}
	return nil, false
}

// AttrNames lists Attr's names.
func (q *quitter) AttrNames() []string { return []string{"__call__", "eof", "name"} }

// printer is copyright, credits or license: site's _Printer, whose repr
// is its text and whose call prints it.
type printer struct {
	name, text string
	call       *Builtin
}

// printerMaxLines is _Printer.MAXLINES: a longer text's repr tells how to
// see it, and its call shows it a page at a time.
const printerMaxLines = 23

func newPrinter(name, text string) *printer {
	p := &printer{name: name, text: text}
	p.call = NewBuiltin(AsValue, "__call__()", "Prints the "+name+" text.", func(a *Args) (Value, error) {
		_, err := a.Call(builtins["print"], p.text)
		return None, err
	})
	if strings.Count(text, "\n")+1 > printerMaxLines {
		panic("lang: the " + name + " text is longer than a page, which _Printer's call would page")
	}
	return p
}

// PyRepr is the text, which the prompt shows for the bare name.
func (p *printer) PyRepr() string { return p.text }

// MemberDoc describes the value in the reference of the builtins module.
func (p *printer) MemberDoc() string {
	return "`" + p.name + "()` prints kael's " + p.name + " text, which the bare name shows too (site's _Printer)"
}

// TypeName is the class's name, _sitebuiltins._Printer.
func (p *printer) TypeName() string { return "_Printer" }

// ClassName is the class's qualified name, as type() shows it.
func (p *printer) ClassName() string { return "_sitebuiltins._Printer" }

// Attr gives __call__ (so that calling the value calls it) and MAXLINES.
func (p *printer) Attr(name string) (Value, bool) {
	switch name {
	case "__call__":
		return p.call, true
	case "MAXLINES":
		return int64(printerMaxLines), true
	}
	return nil, false
}

// AttrNames lists Attr's names.
func (p *printer) AttrNames() []string { return []string{"MAXLINES", "__call__"} }

func init() {
	builtinConstants["exit"] = newQuitter("exit")
	builtinConstants["quit"] = newQuitter("quit")
	builtinConstants["copyright"] = newPrinter("copyright", "Copyright (c) 2026 the kael maintainers.")
	builtinConstants["credits"] = newPrinter("credits", "    Thanks to the communities of Python, PyTorch and NumPy, whose languages\n"+
		"    and libraries kael follows.  See kael's README for more information.")
	builtinConstants["license"] = newPrinter("license", "See the kael repository for the terms under which kael is distributed.")
	NewBuiltin(AsFunc, "ascii(obj, /)", "repr(obj) with every character outside ASCII escaped (\\x, \\u or \\U): ascii('café') is \"'caf\\\\xe9'\".", func(a *Args) (Value, error) {
		r, err := a.Call(builtins["repr"], a.Value("obj"))
		if err != nil {
			return nil, err
		}
		s, ok := r.(string)
		if !ok {
			return nil, Errorf(TypeError, "__repr__ returned non-string (type %s)", TypeName(r))
		}
		return asciiRepr(s), nil
	})
}
