package argparse

import (
	"errors"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// argparse's classes as base classes, as Python programs derive from
// them: class KV(argparse.Action) passed as add_argument(action=KV),
// class P(argparse.ArgumentParser) overriding error/exit/format_help, and
// class NS(argparse.Namespace) given to parse_args(namespace=NS()).
//
// An ArgumentParser subclass's instance keeps its *Parser as Native (made
// by super().__init__), and the parser points back at it (owner): the
// parser's own code calls error, exit, format_help, format_usage and
// print_help through the instance, so the class's overrides run where
// CPython's methods call self.error(...). A Namespace subclass's instance
// keeps a *Namespace whose dict is the instance's __dict__. An Action
// subclass's instance is an ordinary object with the attributes
// Action.__init__ sets; add_argument reads them into an action whose
// __call__ is the instance's.

// selfParser is the parser of a method's self: a parser, or an instance
// of a class deriving from ArgumentParser.
func selfParser(a *lang.Args) (*Parser, error) {
	switch x := a.Value("self").(type) {
	case *Parser:
		return x, nil
	case *lang.Instance:
		if p, ok := x.Native().(*Parser); ok {
			return p, nil
		}
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '_actions'", x.Class().Name).
			WithHint("the class's __init__ must call super().__init__(...) before the parser is used")
	}
	return nil, lang.Errorf(lang.TypeError, "descriptor '%s' requires an 'argparse.ArgumentParser' object but received a '%s'", a.Builtin().Name, lang.TypeName(a.Value("self")))
}

// value is the parser as the program sees it: its instance, for a class
// deriving from ArgumentParser.
func (p *Parser) value() lang.Value {
	if p.owner != nil {
		return p.owner
	}
	return p
}

// override returns the bound method name of p's instance when its class
// defines one in place of ArgumentParser's; nil otherwise.
func (p *Parser) override(name string) lang.Value {
	if p.owner == nil {
		return nil
	}
	v, ok := p.owner.Class().Lookup(name)
	if !ok || v == lang.Value(parserMethods[name]) {
		return nil
	}
	m, ok := p.owner.Attr(name)
	if !ok {
		return nil
	}
	return m
}

// text is the str an overridable method without arguments gives
// (format_help, format_usage): the override's, or def's.
func (p *Parser) text(a *lang.Args, name string, def func() string) (string, error) {
	m := p.override(name)
	if m == nil {
		return def(), nil
	}
	v, err := a.Call(m)
	if err != nil {
		return "", err
	}
	return lang.Str(v), nil
}

// printHelp is self.print_help(): the override's, or format_help()
// written to stdout.
func (p *Parser) printHelp(a *lang.Args) error {
	if m := p.override("print_help"); m != nil {
		_, err := a.Call(m)
		return err
	}
	text, err := p.text(a, "format_help", p.formatHelp)
	if err == nil {
		a.Write(text)
	}
	return err
}

// raiseError is self.error(message) called by the parser's own code: the
// class's error when it has one, else ArgumentParser's. It returns nil
// when an override returns instead of raising.
func (p *Parser) raiseError(a *lang.Args, message string) error {
	if m := p.override("error"); m != nil {
		_, err := a.Call(m, message)
		return err
	}
	return p.defaultError(a, message)
}

// defaultError is ArgumentParser.error: the usage to stderr, then
// self.exit(2, 'prog: error: message\n').
func (p *Parser) defaultError(a *lang.Args, message string) error {
	usage, err := p.text(a, "format_usage", p.formatUsage)
	if err != nil {
		return err
	}
	writeStderr(a, usage)
	return p.exit(a, 2, p.prog+": error: "+message+"\n", true)
}

// exit is self.exit(status, message): the class's exit when it has one
// (nil when it returns), else the message to stderr and SystemExit.
func (p *Parser) exit(a *lang.Args, status int, message string, hasMessage bool) error {
	if m := p.override("exit"); m != nil {
		var msg lang.Value = lang.None
		if hasMessage {
			msg = message
		}
		_, err := a.Call(m, int64(status), msg)
		return err
	}
	if message != "" {
		writeStderr(a, message)
	}
	return systemExit(status)
}

// afterError handles an error of parseKnownArgs: a parser's error() is
// called, and when the class's error returns instead of raising, the
// parse goes on as CPython's parse_known_args does: with the namespace
// as filled and all of args left over.
func afterError(a *lang.Args, err error, args []string) ([]string, error) {
	var ee *exitError
	if !errors.As(err, &ee) || ee.parser == nil {
		_, err = finish(a, nil, err)
		return nil, err
	}
	if err := ee.parser.raiseError(a, ee.errMsg); err != nil {
		return nil, err
	}
	return args, nil
}

// setField assigns a parser's field that a subclass's code sets
// (self.prog = ...); handled is false for the other names.
func (p *Parser) setField(name string, v lang.Value) (bool, error) {
	switch name {
	case "prog":
		p.prog = lang.Str(v)
	case "usage":
		p.usage = noneToNil(v)
	case "description":
		p.description = noneToNil(v)
	case "epilog":
		p.epilog = noneToNil(v)
	default:
		return false, nil
	}
	return true, nil
}

// parserFields are the attributes a parser reads and a subclass sees.
var parserFields = []string{"add_help", "allow_abbrev", "description", "epilog", "exit_on_error", "prefix_chars", "prog", "usage"}

func defParserBase() {
	methods := map[string]lang.Value{}
	for name, m := range parserMethods {
		methods[name] = m.BindingSelf()
	}
	lang.RegisterNativeBase("argparse.ArgumentParser", parserClass, &lang.NativeBase{
		Name: "argparse.ArgumentParser",
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			v, err := x.Session().CallHookKw(parserClass, pos, kwNames, kwVals)
			if err != nil {
				return err
			}
			p := v.(*Parser)
			p.owner = x
			x.SetNative(p)
			return nil
		},
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			p, ok := x.Native().(*Parser)
			if !ok || parserMethods[name] != nil {
				return nil, false, nil
			}
			v, ok := p.Attr(name)
			return v, ok, nil
		},
		SetAttr: func(x *lang.Instance, name string, v lang.Value) (bool, error) {
			if p, ok := x.Native().(*Parser); ok {
				return p.setField(name, v)
			}
			return false, nil
		},
		Methods: methods,
		Repr: func(x *lang.Instance) (string, bool) {
			p, ok := x.Native().(*Parser)
			if !ok {
				return "", false
			}
			return x.Class().Name + strings.TrimPrefix(p.PyRepr(), "ArgumentParser"), true
		},
		Names: func(x *lang.Instance) []string {
			if _, ok := x.Native().(*Parser); ok {
				return parserFields
			}
			return nil
		},
	})
}

// namespaceOf is the namespace of v: a Namespace, or an instance of a
// class deriving from it.
func namespaceOf(v lang.Value) (*Namespace, bool) {
	if x, ok := v.(*lang.Instance); ok {
		v = x.Native()
	}
	n, ok := v.(*Namespace)
	return n, ok
}

// value is the namespace as the program sees it: its instance, for a
// class deriving from Namespace.
func (n *Namespace) value() lang.Value {
	if n.owner != nil {
		return n.owner
	}
	return n
}

var namespaceEq = lang.NewBuiltin(lang.AsValue, "__eq__(self, value)", "vars(self) == vars(value) for two namespaces.", func(a *lang.Args) (lang.Value, error) {
	n, ok := namespaceOf(a.Value("self"))
	o, isNS := namespaceOf(a.Value("value"))
	if !ok || !isNS {
		return lang.NotImplemented, nil
	}
	return n.Equal(o), nil
}).BindingSelf()

var namespaceContains = lang.NewBuiltin(lang.AsValue, "__contains__(self, key)", "key in vars(self).", func(a *lang.Args) (lang.Value, error) {
	n, ok := namespaceOf(a.Value("self"))
	if !ok {
		return false, nil
	}
	_, found, err := n.d.Get(a.Value("key"))
	return found, err
}).BindingSelf()

func defNamespaceBase() {
	lang.RegisterNativeBase("argparse.Namespace", namespaceClass, &lang.NativeBase{
		Name: "argparse.Namespace",
		New: func(x *lang.Instance) error {
			x.SetNative(&Namespace{d: x.Dict(), owner: x})
			return nil
		},
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			if len(pos) > 0 {
				return lang.Errorf(lang.TypeError, "Namespace.__init__() takes 1 positional argument but %d were given", len(pos)+1)
			}
			for i, n := range kwNames {
				if err := x.SetAttr(n, kwVals[i]); err != nil {
					return err
				}
			}
			return nil
		},
		Methods: map[string]lang.Value{"__eq__": namespaceEq, "__contains__": namespaceContains, "__hash__": lang.None},
		Repr: func(x *lang.Instance) (string, bool) {
			n := x.Native().(*Namespace)
			return x.Class().Name + strings.TrimPrefix(n.PyRepr(), "Namespace"), true
		},
	})
}

// actionFields are the attributes Action.__init__ sets, in its order.
var actionFields = []string{"option_strings", "dest", "nargs", "const", "default", "type", "choices", "required", "help", "metavar"}

const actionSig = "(option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None, required=False, help=None, metavar=None)"

// actionClass is argparse.Action: called itself it makes an action whose
// __call__ is not defined; a class deriving from it defines __call__.
var actionClass = lang.NewBuiltin(lang.AsValue, "Action"+actionSig, "The base class of the actions add_argument(action=...) takes: a subclass defines __call__(self, parser, namespace, values, option_string=None).", func(a *lang.Args) (lang.Value, error) {
	act := &action{kind: "base"}
	if err := act.readFields(func(name string) (lang.Value, error) { return a.Value(name), nil }); err != nil {
		return nil, err
	}
	return act, nil
})

// actionInit is Action.__init__ for an instance of a subclass: it sets
// the attributes.
var actionInit = lang.NewBuiltin(lang.AsValue, "__init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None, required=False, help=None, metavar=None)", "Action.__init__: sets the action's attributes.", func(a *lang.Args) (lang.Value, error) {
	x := a.Value("self").(*lang.Instance)
	for _, f := range actionFields {
		if err := x.SetAttr(f, a.Value(f)); err != nil {
			return nil, err
		}
	}
	return lang.None, nil
})

var actionCall = lang.NewBuiltin(lang.AsValue, "__call__(self, parser, namespace, values, option_string=None)", "What the action does with its values; a subclass defines it.", func(a *lang.Args) (lang.Value, error) {
	return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), ".__call__() not defined")
}).BindingSelf()

var actionFormatUsage = lang.NewBuiltin(lang.AsValue, "format_usage(self)", "The action's first option string.", func(a *lang.Args) (lang.Value, error) {
	opts, err := attrOf(a.Value("self"), "option_strings")
	if err != nil {
		return nil, err
	}
	items, err := lang.Collect(opts)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, lang.Errorf(lang.IndexError, "list index out of range")
	}
	return items[0], nil
}).BindingSelf()

// attrOf is getattr(v, name), an AttributeError when v has none.
func attrOf(v lang.Value, name string) (lang.Value, error) {
	if h, ok := v.(lang.HasAttrs); ok {
		if r, ok := h.Attr(name); ok {
			return r, nil
		}
	}
	return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", lang.TypeName(v), name)
}

// readFields sets a's fields from get(name) of each of actionFields.
func (a *action) readFields(get func(name string) (lang.Value, error)) error {
	vals := make(map[string]lang.Value, len(actionFields))
	for _, f := range actionFields {
		v, err := get(f)
		if err != nil {
			return err
		}
		vals[f] = v
	}
	opts, err := lang.Collect(vals["option_strings"])
	if err != nil {
		return err
	}
	a.optionStrings = nil
	for _, o := range opts {
		a.optionStrings = append(a.optionStrings, lang.Str(o))
	}
	a.dest = lang.Str(vals["dest"])
	switch n := vals["nargs"].(type) {
	case int64:
		a.nargsInt, a.nargsN = true, int(n)
	case string:
		a.nargs = n
	}
	a.constVal = noneToNil(vals["const"])
	a.defaultVal = noneToNil(vals["default"])
	a.typ = noneToNil(vals["type"])
	a.choices = noneToNil(vals["choices"])
	a.help = noneToNil(vals["help"])
	a.metavar = noneToNil(vals["metavar"])
	a.required, err = lang.Truth(vals["required"])
	return err
}

// customAction is the action add_argument(action=cls) made by calling
// cls: an Action subclass's instance (or Action's own).
func customAction(obj lang.Value) (*action, error) {
	if a, ok := obj.(*action); ok {
		return a, nil
	}
	a := &action{kind: "custom", obj: obj}
	err := a.readFields(func(name string) (lang.Value, error) { return attrOf(obj, name) })
	return a, err
}

func defActionBase() {
	lang.RegisterNativeBase("argparse.Action", actionClass, &lang.NativeBase{
		Name: "argparse.Action",
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			_, err := x.Session().CallHookKw(actionInit, append([]lang.Value{x}, pos...), kwNames, kwVals)
			return err
		},
		Methods: map[string]lang.Value{"__call__": actionCall, "format_usage": actionFormatUsage},
		Repr: func(x *lang.Instance) (string, bool) {
			parts := make([]string, 0, len(actionFields))
			for _, f := range actionFields {
				v, ok := x.Attr(f)
				if !ok {
					return "", false
				}
				parts = append(parts, f+"="+lang.Repr(v))
			}
			return x.Class().Name + "(" + strings.Join(parts, ", ") + ")", true
		},
	})
}

// defBases makes argparse's classes bases; argparse's init calls it
// once parserMethods are made.
func defBases() {
	defParserBase()
	defNamespaceBase()
	defActionBase()
	argparseModule.Attrs["Action"] = actionClass
}

// addCustomAction is add_argument(..., action=cls) with cls a class (an
// Action subclass): cls(**kwargs) with the keywords the call gave, the
// default, and what CPython adds (required for a positional, dest and
// option_strings), in that order; the object it makes is the argument's.
func (p *Parser) addCustomAction(call *lang.Args, g *group, a *action, cls lang.Value, positional bool, kw map[string]lang.Value) (*action, error) {
	var kwNames []string
	var kwVals []lang.Value
	add := func(name string, v lang.Value) {
		kwNames = append(kwNames, name)
		kwVals = append(kwVals, v)
	}
	given, _ := call.Keywords()
	seen := map[string]bool{"action": true, "dest": true}
	for _, n := range given {
		if !seen[n] {
			seen[n] = true
			add(n, kw[n])
		}
	}
	if v, ok := kw["default"]; ok && !seen["default"] {
		add("default", v)
	}
	opts := &lang.List{}
	if positional {
		nargs := kw["nargs"]
		_, hasDefault := kw["default"]
		if nargs != lang.Value(nargsOptional) && nargs != lang.Value(nargsZeroMore) || nargs == lang.Value(nargsZeroMore) && !hasDefault {
			add("required", true)
		}
	} else {
		opts = a.optionList()
	}
	add("dest", a.dest)
	add("option_strings", opts)
	obj, err := call.CallKw(cls, nil, kwNames, kwVals)
	if err != nil {
		return nil, err
	}
	act, err := customAction(obj)
	if err != nil {
		return nil, err
	}
	if act.typ != nil && !lang.Callable(act.typ) {
		return nil, lang.Errorf(lang.ValueError, "%s is not callable", lang.Repr(act.typ))
	}
	if err := p.checkAction(act); err != nil {
		return nil, err
	}
	if x, ok := obj.(*lang.Instance); ok { // _add_action's action.container = self
		container := g
		if container.container != nil {
			container = container.container
		}
		if err := x.SetAttr("container", container); err != nil {
			return nil, err
		}
	}
	p.attach(g, act)
	return act, nil
}
