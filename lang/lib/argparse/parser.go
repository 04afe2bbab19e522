package argparse

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// Parser is argparse.ArgumentParser.
type Parser struct {
	prog        string
	usage       lang.Value // nil: None
	description lang.Value
	epilog      lang.Value
	prefixChars string
	addHelp     bool
	allowAbbrev bool
	exitOnError bool
	argDefault  lang.Value
	formatter   string // the formatter_class's name

	actions     []*action
	optionMap   map[string]*action
	groups      []*group // the action groups, in the order help shows them
	positionals *group
	optionals   *group
	mutex       []*group
	defaults    *lang.Dict
	subparsers  *action
	// negNumberOptions is whether an option string looks like a negative
	// number (-1): then -1 on the command line is that option.
	negNumberOptions bool
	// owner is the instance whose state p is, for a class deriving from
	// ArgumentParser (bases.go); nil for a parser ArgumentParser made.
	owner *lang.Instance
}

// group is an argument group (a section of the help) or a mutually
// exclusive group (container: the group its arguments go to).
type group struct {
	parser      *Parser
	title       lang.Value
	description lang.Value
	actions     []*action
	container   *group // for a mutually exclusive group
	required    bool
}

var (
	_ lang.HasAttrs  = (*Parser)(nil)
	_ lang.Reprer    = (*Parser)(nil)
	_ lang.HasAttrs  = (*group)(nil)
	_ lang.TypeNamer = (*group)(nil)
)

// TypeName is ArgumentParser.
func (p *Parser) TypeName() string { return "ArgumentParser" }

// ClassName is argparse.ArgumentParser.
func (p *Parser) ClassName() string { return "argparse.ArgumentParser" }

// PyRepr is CPython's ArgumentParser(prog=..., ...).
func (p *Parser) PyRepr() string {
	return fmt.Sprintf("ArgumentParser(prog=%s, usage=%s, description=%s, formatter_class=<class 'argparse.%s'>, conflict_handler='error', add_help=%s)",
		lang.Repr(p.prog), lang.Repr(orNone(p.usage)), lang.Repr(orNone(p.description)), p.formatterName(), lang.Repr(p.addHelp))
}

// formatterName is the name of p's formatter_class.
func (p *Parser) formatterName() string {
	if p.formatter == "" {
		return "HelpFormatter"
	}
	return p.formatter
}

// newFormatter is the formatter of p's formatter_class.
func (p *Parser) newFormatter() *formatter {
	f := newFormatter(p.prog)
	f.class = p.formatterName()
	return f
}

// String is str(parser), its repr.
func (p *Parser) String() string { return p.PyRepr() }

// Attr gives the parser's fields and methods.
func (p *Parser) Attr(name string) (lang.Value, bool) {
	switch name {
	case "prog":
		return p.prog, true
	case "usage":
		return orNone(p.usage), true
	case "description":
		return orNone(p.description), true
	case "epilog":
		return orNone(p.epilog), true
	case "prefix_chars":
		return p.prefixChars, true
	case "add_help":
		return p.addHelp, true
	case "allow_abbrev":
		return p.allowAbbrev, true
	case "exit_on_error":
		return p.exitOnError, true
	}
	if m, ok := parserMethods[name]; ok {
		return &lang.BoundMethod{Recv: p, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (p *Parser) AttrNames() []string {
	names := []string{"add_help", "allow_abbrev", "description", "epilog", "exit_on_error", "prefix_chars", "prog", "usage"}
	for n := range parserMethods {
		names = append(names, n)
	}
	return names
}

// TypeName is _ArgumentGroup or _MutuallyExclusiveGroup.
func (g *group) TypeName() string {
	if g.container != nil {
		return "_MutuallyExclusiveGroup"
	}
	return "_ArgumentGroup"
}

// Attr gives the group's methods and fields.
func (g *group) Attr(name string) (lang.Value, bool) {
	switch name {
	case "title":
		return orNone(g.title), true
	case "description":
		return orNone(g.description), true
	case "required":
		if g.container != nil {
			return g.required, true
		}
	case "add_argument":
		return &lang.BoundMethod{Recv: g, Method: groupAddArgument}, true
	case "add_mutually_exclusive_group":
		if g.container == nil {
			return &lang.BoundMethod{Recv: g, Method: groupAddMutex}, true
		}
	}
	return nil, false
}

// AttrNames lists them.
func (g *group) AttrNames() []string {
	if g.container != nil {
		return []string{"add_argument", "description", "required", "title"}
	}
	return []string{"add_argument", "add_mutually_exclusive_group", "description", "title"}
}

// newParser is ArgumentParser(...) with its keyword arguments read.
func newParser(prog string, kw map[string]lang.Value) (*Parser, error) {
	p := &Parser{prog: prog, prefixChars: "-", addHelp: true, allowAbbrev: true, exitOnError: true,
		optionMap: map[string]*action{}, defaults: lang.NewDict()}
	for name, v := range kw {
		var err error
		switch name {
		case "prog":
			if v != lang.None {
				p.prog = lang.Str(v)
			}
		case "usage":
			p.usage = noneToNil(v)
		case "description":
			p.description = noneToNil(v)
		case "epilog":
			p.epilog = noneToNil(v)
		case "prefix_chars":
			p.prefixChars, err = strArg(name, v)
		case "argument_default":
			p.argDefault = noneToNil(v)
		case "add_help":
			p.addHelp, err = lang.Truth(v)
		case "allow_abbrev":
			p.allowAbbrev, err = lang.Truth(v)
		case "exit_on_error":
			p.exitOnError, err = lang.Truth(v)
		case "formatter_class":
			b, ok := v.(*lang.Builtin)
			if !ok || formatterClasses[b.Name] != b {
				return nil, lang.Errorf(lang.TypeError, "kael's argparse takes argparse's own formatter classes as formatter_class (HelpFormatter, RawDescriptionHelpFormatter, RawTextHelpFormatter, ArgumentDefaultsHelpFormatter), not %s", lang.Repr(v)).
					WithHint("leave formatter_class out, or pass one of argparse's")
			}
			p.formatter = b.Name
		case "conflict_handler":
			if v != lang.Value("error") {
				return nil, lang.Errorf(lang.ValueError, "kael's argparse has only conflict_handler='error'")
			}
		case "parents", "fromfile_prefix_chars":
			if items, _ := lang.Collect(v); v != lang.None && len(items) > 0 {
				return nil, lang.Errorf(lang.TypeError, "kael's argparse has no %s", name)
			}
		default:
			return nil, lang.Errorf(lang.TypeError, "ArgumentParser.__init__() got an unexpected keyword argument '%s'", name)
		}
		if err != nil {
			return nil, err
		}
	}
	p.positionals = &group{parser: p, title: "positional arguments"}
	p.optionals = &group{parser: p, title: "options"}
	p.groups = []*group{p.positionals, p.optionals}
	if p.addHelp {
		c := "-"
		if !strings.Contains(p.prefixChars, "-") {
			c = p.prefixChars[:1]
		}
		if _, err := p.addArgument(p.optionals, []string{c + "h", c + c + "help"}, map[string]lang.Value{
			"action": "help", "default": suppress, "help": "show this help message and exit"}, nil); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func noneToNil(v lang.Value) lang.Value {
	if v == lang.None {
		return nil
	}
	return v
}

func strArg(name string, v lang.Value) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "%s must be a str, not %s", name, lang.TypeName(v))
	}
	return s, nil
}

// isPrefix reports whether c is one of the prefix characters.
func (p *Parser) isPrefix(c byte) bool { return strings.IndexByte(p.prefixChars, c) >= 0 }

// addArgument is add_argument(*names, **kw) into group g.
func (p *Parser) addArgument(g *group, names []string, kw map[string]lang.Value, call *lang.Args) (*action, error) {
	a := &action{}
	positional := len(names) == 0 || len(names) == 1 && (names[0] == "" || !p.isPrefix(names[0][0]))
	if positional {
		if _, ok := kw["dest"]; ok && len(names) > 0 {
			return nil, lang.Errorf(lang.ValueError, "dest supplied twice for positional argument")
		}
		if len(names) == 0 {
			return nil, lang.Errorf(lang.TypeError, "_get_positional_kwargs() missing 1 required positional argument: 'dest'")
		}
		if _, ok := kw["required"]; ok {
			return nil, lang.Errorf(lang.TypeError, "'required' is an invalid argument for positionals")
		}
		a.dest = names[0]
	} else {
		var long []string
		for _, s := range names {
			if s == "" || !p.isPrefix(s[0]) {
				return nil, lang.Errorf(lang.ValueError, "invalid option string %s: must start with a character %s", lang.Repr(s), lang.Repr(p.prefixChars))
			}
			if len(s) > 1 && p.isPrefix(s[1]) {
				long = append(long, s)
			}
		}
		a.optionStrings = names
		if d, ok := kw["dest"]; ok && d != lang.None {
			a.dest = lang.Str(d)
		} else {
			first := names[0]
			if len(long) > 0 {
				first = long[0]
			}
			dest := strings.TrimLeft(first, p.prefixChars)
			if dest == "" {
				return nil, lang.Errorf(lang.ValueError, "dest= is required for options like %s", lang.Repr(first))
			}
			a.dest = strings.ReplaceAll(dest, "-", "_")
		}
	}
	if _, ok := kw["default"]; !ok {
		if v, found, _ := p.defaults.Get(a.dest); found {
			kw["default"] = v
		} else if p.argDefault != nil {
			kw["default"] = p.argDefault
		}
	}
	kind := "store"
	if v, ok := kw["action"]; ok && v != lang.None {
		s, isStr := v.(string)
		if !isStr && lang.Callable(v) {
			return p.addCustomAction(call, g, a, v, positional, kw)
		}
		if !isStr || actionClasses[s] == "" || s == "parsers" || s == "choice" || s == "base" {
			return nil, lang.Errorf(lang.ValueError, "unknown action \"%s\"", lang.Str(v)).
				WithHint("kael's argparse has the actions store, store_const, store_true, store_false, append, append_const, count, help and version")
		}
		kind = s
	}
	a.kind = kind
	if err := a.configure(kw, positional); err != nil {
		return nil, err
	}
	if err := p.checkAction(a); err != nil {
		return nil, err
	}
	p.attach(g, a)
	return a, nil
}

// configure reads add_argument's keywords for the action's kind.
func (a *action) configure(kw map[string]lang.Value, positional bool) error {
	allowed := map[string]bool{"action": true, "dest": true, "default": true, "required": true, "help": true}
	switch a.kind {
	case "store", "append":
		for _, k := range []string{"nargs", "const", "type", "choices", "metavar"} {
			allowed[k] = true
		}
	case "store_const", "append_const":
		allowed["const"], allowed["metavar"] = true, true
	case "store_true", "store_false", "count", "help":
	case "version":
		allowed["version"] = true
	}
	for k := range kw {
		if !allowed[k] {
			return lang.Errorf(lang.TypeError, "%s.__init__() got an unexpected keyword argument '%s'", actionClasses[a.kind], k)
		}
	}
	a.defaultVal = noneToNil(kw["default"])
	a.constVal = noneToNil(kw["const"])
	a.typ = noneToNil(kw["type"])
	a.choices = noneToNil(kw["choices"])
	a.help = noneToNil(kw["help"])
	a.metavar = noneToNil(kw["metavar"])
	if v, ok := kw["required"]; ok {
		b, err := lang.Truth(v)
		if err != nil {
			return err
		}
		a.required = b
	}
	switch a.kind {
	case "store_true", "store_false", "store_const", "append_const", "count", "help", "version":
		a.nargsInt, a.nargsN = true, 0
	}
	switch a.kind {
	case "store_true":
		a.constVal = true
		if _, ok := kw["default"]; !ok {
			a.defaultVal = false
		}
	case "store_false":
		a.constVal = false
		if _, ok := kw["default"]; !ok {
			a.defaultVal = true
		}
	case "help":
		a.dest = suppress
		if _, ok := kw["default"]; !ok {
			a.defaultVal = suppress
		}
	case "version":
		a.dest = suppress
		if _, ok := kw["default"]; !ok {
			a.defaultVal = suppress
		}
		if _, ok := kw["help"]; !ok {
			a.help = "show program's version number and exit"
		}
		a.version = noneToNil(kw["version"])
	}
	if v, ok := kw["nargs"]; ok && v != lang.None {
		switch n := v.(type) {
		case int64:
			a.nargsInt, a.nargsN = true, int(n)
		case string:
			switch n {
			case nargsOptional, nargsZeroMore, nargsOneMore, nargsRemainder, nargsParser, suppress:
				a.nargs = n
			default:
				return lang.Errorf(lang.ValueError, "invalid nargs value")
			}
		default:
			return lang.Errorf(lang.ValueError, "invalid nargs value")
		}
	}
	if a.kind == "store" || a.kind == "append" {
		if a.takesNoArgs() {
			what := "store"
			if a.kind == "append" {
				what = "append"
			}
			return lang.Errorf(lang.ValueError, "nargs for %s actions must be != 0; if you have nothing to %s, actions such as %s true or %s const may be more appropriate", what, what, what, what)
		}
		if a.constVal != nil && a.nargs != nargsOptional {
			return lang.Errorf(lang.ValueError, "nargs must be '?' to supply const")
		}
	}
	if a.nargsInt && a.nargsN < 0 {
		return lang.Errorf(lang.ValueError, "invalid nargs value")
	}
	if positional {
		if a.nargs != nargsOptional && a.nargs != nargsZeroMore {
			a.required = true
		}
		if _, ok := kw["default"]; a.nargs == nargsZeroMore && !ok {
			a.required = true
		}
	}
	if a.typ != nil && !lang.Callable(a.typ) {
		return lang.Errorf(lang.ValueError, "%s is not callable", lang.Repr(a.typ))
	}
	return nil
}

// checkAction refuses an option string that another action has.
func (p *Parser) checkAction(a *action) error {
	var conflicts []string
	for _, s := range a.optionStrings {
		if _, dup := p.optionMap[s]; dup {
			conflicts = append(conflicts, s)
		}
	}
	switch len(conflicts) {
	case 0:
		return nil
	case 1:
		return lang.Errorf(ArgumentError, "argument %s: conflicting option string: %s", a.name(), conflicts[0])
	}
	return lang.Errorf(ArgumentError, "argument %s: conflicting option strings: %s", a.name(), strings.Join(conflicts, ", "))
}

// attach adds a to the parser and to g (and to g's container).
func (p *Parser) attach(g *group, a *action) {
	p.actions = append(p.actions, a)
	for _, s := range a.optionStrings {
		p.optionMap[s] = a
		if looksNegative(s) {
			p.negNumberOptions = true
		}
	}
	if g.container != nil {
		g.actions = append(g.actions, a)
		g = g.container
	}
	g.actions = append(g.actions, a)
}

// looksNegative is CPython's _negative_number_matcher: -1, -1.5.
func looksNegative(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	dot := false
	digits := false
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits = true
		case c == '.' && !dot && digits:
			dot = true
		default:
			return false
		}
	}
	return digits && s[len(s)-1] != '.'
}

// addMutex is add_mutually_exclusive_group(required=) in container g.
func (p *Parser) addMutex(container *group, required bool) *group {
	m := &group{parser: p, container: container, required: required}
	p.mutex = append(p.mutex, m)
	return m
}

// subparsers is a subparsers action's parsers, by name in the order
// they were added.
type subparsers struct {
	parent     *Parser
	progPrefix string
	names      []string
	parsers    map[string]*Parser
	// class makes the parsers when set: the parser_class of
	// add_subparsers, by default the class of a parser deriving from
	// ArgumentParser.
	class lang.Value
}

// newParser is add_parser's parser: class(prog=prog, **kw), or
// ArgumentParser's.
func (s *subparsers) newParser(a *lang.Args, prog string, kw map[string]lang.Value) (*Parser, error) {
	if s.class == nil || s.class == lang.Value(parserClass) {
		return newParser(prog, kw)
	}
	names := []string{"prog"}
	vals := []lang.Value{prog}
	for k, v := range kw {
		names = append(names, k)
		vals = append(vals, v)
	}
	v, err := a.CallKw(s.class, nil, names, vals)
	if err != nil {
		return nil, err
	}
	x, _ := v.(*lang.Instance)
	if x == nil {
		if p, ok := v.(*Parser); ok {
			return p, nil
		}
		return nil, lang.Errorf(lang.TypeError, "kael's add_parser needs an ArgumentParser from parser_class, not %s", lang.TypeName(v))
	}
	p, ok := x.Native().(*Parser)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '_actions'", x.Class().Name)
	}
	return p, nil
}

func (s *subparsers) choicesDict() *lang.Dict {
	d := lang.NewDict()
	for _, n := range s.names {
		_ = d.Set(n, s.parsers[n])
	}
	return d
}
