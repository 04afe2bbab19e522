package lang

// The names CPython's site module adds to builtins, which scripts use as
// well as the interactive prompt: exit and quit. Each is a Quitter, whose
// repr tells how to leave and whose call raises SystemExit(code), as
// _sitebuiltins.Quitter.

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

func init() {
	builtinConstants["exit"] = newQuitter("exit")
	builtinConstants["quit"] = newQuitter("quit")
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
