// Package argparse is Python's argparse: ArgumentParser with positional
// and optional arguments, the common actions, nargs, types, choices,
// argument groups, mutually exclusive groups and subparsers, parsing as
// CPython 3.11 parses and writing its help, usage and error messages
// byte for byte (HelpFormatter, the default formatter).
package argparse

import (
	"errors"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// The kinds of argparse's exceptions.
const (
	ArgumentError     lang.ErrorKind = "argparse.ArgumentError"
	ArgumentTypeError lang.ErrorKind = "argparse.ArgumentTypeError"
)

// keywords returns a call's **kwargs as a map.
func keywords(a *lang.Args) map[string]lang.Value {
	names, vals := a.Keywords()
	kw := make(map[string]lang.Value, len(names))
	for i, n := range names {
		kw[n] = vals[i]
	}
	return kw
}

// finish turns an exitError into what it raises, after writing its
// message to stderr.
func finish(a *lang.Args, v lang.Value, err error) (lang.Value, error) {
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.parser != nil { // parser.error(message), through the class's error
			if err := ee.parser.raiseError(a, ee.errMsg); err != nil {
				return nil, err
			}
			return orNone(v), nil
		}
		if ee.message != "" {
			writeStderr(a, ee.message)
		}
		return nil, ee.err
	}
	return v, err
}

// argList reads parse_args' args: a list of str, or None for sys.argv[1:].
func argList(a *lang.Args) ([]string, error) {
	if a.IsNone("args") {
		return programArgs(a), nil
	}
	items, err := lang.Collect(a.Value("args"))
	if err != nil {
		return nil, err
	}
	out := make([]string, len(items))
	for i, it := range items {
		s, ok := it.(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object is not subscriptable", lang.TypeName(it))
		}
		out[i] = s
	}
	return out, nil
}

func namespaceArg(a *lang.Args) (*Namespace, error) {
	if a.IsNone("namespace") {
		return nil, nil
	}
	ns, ok := namespaceOf(a.Value("namespace"))
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "kael's parse_args fills an argparse.Namespace, not a %s", lang.TypeName(a.Value("namespace")))
	}
	return ns, nil
}

// addArgumentCall is add_argument(*args, **kwargs) on a parser or group.
func addArgumentCall(a *lang.Args, p *Parser, g *group) (lang.Value, error) {
	var names []string
	for _, v := range a.Value("args").(lang.Tuple) {
		s, ok := v.(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object is not subscriptable", lang.TypeName(v))
		}
		names = append(names, s)
	}
	kw := keywords(a)
	if g.container != nil {
		positional := len(names) == 0 || len(names) == 1 && (names[0] == "" || !p.isPrefix(names[0][0]))
		if r, _ := lang.Truth(orNone(kw["required"])); positional || r {
			return nil, lang.Errorf(lang.ValueError, "mutually exclusive arguments must be optional")
		}
	}
	act, err := p.addArgument(g, names, kw, a)
	if err != nil {
		return nil, err
	}
	if act.obj != nil {
		return act.obj, nil
	}
	return act, nil
}

var parserMethods = map[string]*lang.Builtin{}

var groupAddArgument = lang.NewBuiltin(lang.AsValue, "add_argument(self, *args)", "Adds an argument to the group (and its parser), as ArgumentParser.add_argument.", func(a *lang.Args) (lang.Value, error) {
	g := a.Value("self").(*group)
	return addArgumentCall(a, g.parser, g)
}).CollectKeywords()

var groupAddMutex = lang.NewBuiltin(lang.AsValue, "add_mutually_exclusive_group(self, required=False)", "A group of options of which at most one (exactly one when required) may be given.", func(a *lang.Args) (lang.Value, error) {
	g := a.Value("self").(*group)
	req := a.Bool("required")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return g.parser.addMutex(g, req), nil
})

var addParserMethod = lang.NewBuiltin(lang.AsValue, "add_parser(self, name)", "Adds a subcommand: its own ArgumentParser (keywords as ArgumentParser's, with help= and aliases=).", func(a *lang.Args) (lang.Value, error) {
	act := a.Value("self").(*action)
	name := a.Str("name")
	if err := a.Err(); err != nil {
		return nil, err
	}
	kw := keywords(a)
	var aliases []string
	if v, ok := kw["aliases"]; ok {
		items, err := lang.Collect(v)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			aliases = append(aliases, lang.Str(it))
		}
		delete(kw, "aliases")
	}
	for _, n := range append([]string{name}, aliases...) {
		if _, dup := act.sub.parsers[n]; dup {
			return nil, lang.Errorf(ArgumentError, "argument %s: conflicting subparser: %s", act.name(), n)
		}
	}
	if help, ok := kw["help"]; ok {
		label := name
		if len(aliases) > 0 {
			label += " (" + strings.Join(aliases, ", ") + ")"
		}
		act.choiceActions = append(act.choiceActions, &action{kind: "choice", dest: label, metavar: label, help: noneToNil(help)})
		delete(kw, "help")
	}
	prog := act.sub.progPrefix + " " + name
	if v, ok := kw["prog"]; ok && v != lang.None {
		prog = lang.Str(v)
	}
	delete(kw, "prog")
	sub, err := act.sub.newParser(a, prog, kw)
	if err != nil {
		return nil, err
	}
	for _, n := range append([]string{name}, aliases...) {
		act.sub.parsers[n] = sub
		act.sub.names = append(act.sub.names, n)
	}
	return sub.value(), nil
}).CollectKeywords()

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "add_argument(self, *args)", "Adds an argument: a positional one by name (add_argument('file')) or an option by its strings (add_argument('-n', '--num', type=int, default=1)), with action, nargs, const, default, type, choices, required, help, metavar and dest.", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			var g *group
			names, _ := a.Value("args").(lang.Tuple)
			if len(names) == 0 || len(names) == 1 && isPositionalName(p, names[0]) {
				g = p.positionals
			} else {
				g = p.optionals
			}
			return addArgumentCall(a, p, g)
		}).CollectKeywords(),
		lang.NewBuiltin(lang.AsValue, "add_argument_group(self, title=None, description=None)", "A section of the help with arguments of its own: add_argument on it adds to the parser.", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			g := &group{parser: p, title: noneToNil(a.Value("title")), description: noneToNil(a.Value("description"))}
			p.groups = append(p.groups, g)
			return g, nil
		}),
		lang.NewBuiltin(lang.AsValue, "add_mutually_exclusive_group(self, required=False)", "A group of options of which at most one (exactly one when required) may be given.", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			req := a.Bool("required")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return p.addMutex(p.optionals, req), nil
		}),
		lang.NewBuiltin(lang.AsValue, "add_subparsers(self)", "The subcommands' action: add_parser(name, help=...) on it adds one; title, description, dest, required, help and metavar as in CPython.", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			return p.addSubparsers(keywords(a))
		}).CollectKeywords(),
		lang.NewBuiltin(lang.AsValue, "parse_args(self, args=None, namespace=None)", "Parses the list of strings args (the program's arguments when None) into a Namespace; an error prints the usage and the message to stderr and raises SystemExit(2).", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			args, err := argList(a)
			if err != nil {
				return nil, err
			}
			ns, err := namespaceArg(a)
			if err != nil {
				return nil, err
			}
			ns, extras, err := p.parseKnownArgs(a, args, ns)
			if err != nil {
				if extras, err = afterError(a, err, args); err != nil {
					return nil, err
				}
			}
			if len(extras) > 0 {
				if err := p.raiseError(a, "unrecognized arguments: "+strings.Join(extras, " ")); err != nil {
					return nil, err
				}
			}
			return ns.value(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "parse_known_args(self, args=None, namespace=None)", "parse_args that keeps the strings no argument takes: a tuple (Namespace, list of the rest).", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			args, err := argList(a)
			if err != nil {
				return nil, err
			}
			ns, err := namespaceArg(a)
			if err != nil {
				return nil, err
			}
			ns, extras, err := p.parseKnownArgs(a, args, ns)
			if err != nil {
				if extras, err = afterError(a, err, args); err != nil {
					return nil, err
				}
			}
			rest := &lang.List{}
			for _, e := range extras {
				rest.Elems = append(rest.Elems, e)
			}
			return lang.Tuple{ns.value(), rest}, nil
		}),
		lang.NewBuiltin(lang.AsValue, "format_help(self)", "The help text --help prints.", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			return p.formatHelp(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "format_usage(self)", "The usage line(s).", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			return p.formatUsage(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "print_help(self, file=None)", "Prints the help text (to stdout, or to file).", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			text, err := p.text(a, "format_help", p.formatHelp)
			if err != nil {
				return nil, err
			}
			return printTo(a, text)
		}),
		lang.NewBuiltin(lang.AsValue, "print_usage(self, file=None)", "Prints the usage (to stdout, or to file).", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			text, err := p.text(a, "format_usage", p.formatUsage)
			if err != nil {
				return nil, err
			}
			return printTo(a, text)
		}),
		lang.NewBuiltin(lang.AsValue, "set_defaults(self)", "Sets the defaults of attributes by keyword, also of ones no argument sets.", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			names, vals := a.Keywords()
			for i, n := range names {
				_ = p.defaults.Set(n, vals[i])
				for _, act := range p.actions {
					if act.dest == n {
						act.defaultVal = noneToNil(vals[i])
					}
				}
			}
			return lang.None, nil
		}).CollectKeywords(),
		lang.NewBuiltin(lang.AsValue, "get_default(self, dest)", "The default of the attribute dest.", func(a *lang.Args) (lang.Value, error) {
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			dest := a.Str("dest")
			if err := a.Err(); err != nil {
				return nil, err
			}
			for _, act := range p.actions {
				if act.dest == dest && act.defaultVal != nil {
					return act.defaultVal, nil
				}
			}
			v, _, _ := p.defaults.Get(dest)
			return orNone(v), nil
		}),
		lang.NewBuiltin(lang.AsValue, "error(self, message)", "Prints the usage and 'prog: error: message' to stderr and raises SystemExit(2).", func(a *lang.Args) (lang.Value, error) {
			msg := a.Str("message")
			if err := a.Err(); err != nil {
				return nil, err
			}
			p, err := selfParser(a)
			if err != nil {
				return nil, err
			}
			if err := p.defaultError(a, msg); err != nil {
				return nil, err
			}
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "exit(self, status=0, message=None)", "Prints message to stderr, when given, and raises SystemExit(status).", func(a *lang.Args) (lang.Value, error) {
			status := a.Int("status")
			if err := a.Err(); err != nil {
				return nil, err
			}
			msg := ""
			if !a.IsNone("message") {
				msg = lang.Str(a.Value("message"))
			}
			return finish(a, nil, &exitError{status: status, err: systemExit(status), message: msg})
		}),
	} {
		parserMethods[b.Name] = b
	}
	lang.RegisterMethodTable("ArgumentParser", parserMethods)
	defBases()
	lang.RegisterClass(parserClass, "argparse.ArgumentParser")
	lang.RegisterClass(namespaceClass, "argparse.Namespace")
	lang.RegisterModule("argparse", "Python's argparse: ArgumentParser, its arguments, groups and subcommands, with CPython's help and error messages.",
		func() *lang.Module { return argparseModule })
}

func isPositionalName(p *Parser, v lang.Value) bool {
	s, ok := v.(string)
	return !ok || s == "" || !p.isPrefix(s[0])
}

// printTo writes text to file (anything with write) or to stdout.
func printTo(a *lang.Args, text string) (lang.Value, error) {
	if a.IsNone("file") {
		a.Write(text)
		return lang.None, nil
	}
	f := a.Value("file")
	h, ok := f.(lang.HasAttrs)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'write'", lang.TypeName(f))
	}
	w, ok := h.Attr("write")
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'write'", lang.TypeName(f))
	}
	_, err := a.Call(w, text)
	return lang.None, err
}

// addSubparsers is add_subparsers(**kwargs).
func (p *Parser) addSubparsers(kw map[string]lang.Value) (lang.Value, error) {
	if p.subparsers != nil {
		return nil, p.fail("cannot have multiple subparser arguments")
	}
	g := p.positionals
	title, hasTitle := kw["title"]
	desc, hasDesc := kw["description"]
	if hasTitle || hasDesc {
		if !hasTitle {
			title = "subcommands"
		}
		g = &group{parser: p, title: noneToNil(title), description: noneToNil(desc)}
		p.groups = append(p.groups, g)
	}
	delete(kw, "title")
	delete(kw, "description")
	var class lang.Value
	if p.owner != nil {
		class = p.owner.Class()
	}
	if v, ok := kw["parser_class"]; ok {
		class = v
		delete(kw, "parser_class")
	}
	prog := ""
	if v, ok := kw["prog"]; ok && v != lang.None {
		prog = lang.Str(v)
	} else {
		var positionals []*action
		for _, a := range p.actions {
			if len(a.optionStrings) == 0 {
				positionals = append(positionals, a)
			}
		}
		f := p.newFormatter()
		empty := ""
		f.addUsage(p.usage, positionals, p.mutex, &empty)
		prog = strings.TrimSpace(f.formatHelp())
	}
	delete(kw, "prog")
	act := &action{kind: "parsers", dest: suppress, nargs: nargsParser,
		sub: &subparsers{parent: p, progPrefix: prog, parsers: map[string]*Parser{}, class: class}}
	for k, v := range kw {
		switch k {
		case "dest":
			act.dest = lang.Str(v)
		case "required":
			b, err := lang.Truth(v)
			if err != nil {
				return nil, err
			}
			act.required = b
		case "help":
			act.help = noneToNil(v)
		case "metavar":
			act.metavar = noneToNil(v)
		default:
			return nil, lang.Errorf(lang.TypeError, "_SubParsersAction.__init__() got an unexpected keyword argument '%s'", k)
		}
	}
	p.subparsers = act
	p.attach(g, act)
	return act, nil
}

var parserClass = lang.NewBuiltin(lang.AsValue, "ArgumentParser(prog=None, usage=None, description=None, epilog=None, parents=(), formatter_class=None, prefix_chars='-', fromfile_prefix_chars=None, argument_default=None, conflict_handler='error', add_help=True, allow_abbrev=True, exit_on_error=True)",
	"A parser of command-line arguments; prog defaults to the script's name.", func(a *lang.Args) (lang.Value, error) {
		kw := map[string]lang.Value{}
		for _, n := range a.Builtin().ParamNames() {
			v := a.Value(n)
			if n == "formatter_class" && v == lang.None {
				continue
			}
			kw[n] = v
		}
		return newParser(defaultProg(a), kw)
	})

var namespaceClass = lang.NewBuiltin(lang.AsValue, "Namespace()", "A plain object whose attributes are the keyword arguments; parse_args returns one.", func(a *lang.Args) (lang.Value, error) {
	ns := newNamespace()
	names, vals := a.Keywords()
	for i, n := range names {
		ns.set(n, vals[i])
	}
	return ns, nil
}).CollectKeywords()

// formatterClasses are argparse's formatter classes, by name: values to
// pass as formatter_class (kael's parser formats help itself, as the
// class's methods would).
var formatterClasses = map[string]*lang.Builtin{}

func formatterClass(name, doc string) *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue, name+"(prog, indent_increment=2, max_help_position=24, width=None)", doc+" Pass it as formatter_class; kael does not make one otherwise.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.TypeError, "kael's argparse formats help itself; %s is only a formatter_class", name)
	})
	formatterClasses[name] = b
	return b
}

// helpFormatterClass is argparse.HelpFormatter, the default formatter_class.
var helpFormatterClass = formatterClass("HelpFormatter", "The default help formatter: text filled to the width.")

func init() {
	formatterClass("RawDescriptionHelpFormatter", "A help formatter that keeps the description's and epilog's line breaks.")
	formatterClass("RawTextHelpFormatter", "A help formatter that keeps the line breaks of all text, the arguments' help included.")
	formatterClass("ArgumentDefaultsHelpFormatter", "A help formatter that adds ' (default: %(default)s)' to the help of options (and of positionals with nargs '?' or '*') that have help and do not name their default.")
	for name, b := range formatterClasses {
		argparseModule.Attrs[name] = b
	}
}

var argparseModule = &lang.Module{Name: "argparse", Attrs: map[string]lang.Value{
	"ArgumentParser":    parserClass,
	"Namespace":         namespaceClass,
	"SUPPRESS":          suppress,
	"OPTIONAL":          nargsOptional,
	"ZERO_OR_MORE":      nargsZeroMore,
	"ONE_OR_MORE":       nargsOneMore,
	"REMAINDER":         nargsRemainder,
	"PARSER":            nargsParser,
	"ArgumentError":     lang.RegisterExceptionClass("argparse.ArgumentError", "argparse", "ArgumentError", "Exception"),
	"ArgumentTypeError": lang.RegisterExceptionClass("argparse.ArgumentTypeError", "argparse", "ArgumentTypeError", "Exception"),
}}
