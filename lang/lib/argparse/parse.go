package argparse

import (
	"errors"
	"regexp"
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// The parsing of the command line, as CPython 3.11's
// ArgumentParser._parse_known_args: each string is an option ('O') or an
// argument ('A', '-' for "--"), options consume the arguments their nargs
// pattern matches, and positionals take as many of the runs between
// options as their patterns together match.

// exitError ends the parse: the parser printed what it had to, and the
// program exits with status (SystemExit).
type exitError struct {
	status  int
	err     error  // the exception to raise
	message string // what goes to stderr first
	// parser, when set, is the parser whose error(errMsg) this is: the
	// class's error when it has one (finish calls it), else
	// ArgumentParser's (usage and message to stderr, SystemExit(2)).
	parser *Parser
	errMsg string
}

func (e *exitError) Error() string { return e.err.Error() }

// optionTuple is what _parse_optional finds: the action (nil for an
// unknown option), the option string and an explicit argument.
type optionTuple struct {
	act         *action
	option      string
	explicitArg *string
}

// optionStrings are the parser's option strings in the order they were
// added.
func (p *Parser) optionStrings() []string {
	var out []string
	for _, a := range p.actions {
		out = append(out, a.optionStrings...)
	}
	return out
}

// parseOptional is _parse_optional: nil for a positional argument.
func (p *Parser) parseOptional(arg string) (*optionTuple, error) {
	if arg == "" || !p.isPrefix(arg[0]) {
		return nil, nil
	}
	if a, ok := p.optionMap[arg]; ok {
		return &optionTuple{act: a, option: arg}, nil
	}
	if len(arg) == 1 {
		return nil, nil
	}
	if i := strings.IndexByte(arg, '='); i >= 0 {
		opt, explicit := arg[:i], arg[i+1:]
		if a, ok := p.optionMap[opt]; ok {
			return &optionTuple{act: a, option: opt, explicitArg: &explicit}, nil
		}
	}
	tuples := p.optionTuples(arg)
	if len(tuples) > 1 {
		var names []string
		for _, t := range tuples {
			names = append(names, t.option)
		}
		return nil, p.fail("ambiguous option: " + arg + " could match " + strings.Join(names, ", "))
	}
	if len(tuples) == 1 {
		return &tuples[0], nil
	}
	if looksNegative(arg) && !p.negNumberOptions {
		return nil, nil
	}
	if strings.Contains(arg, " ") {
		return nil, nil
	}
	return &optionTuple{option: arg}, nil
}

// optionTuples is _get_option_tuples: the options arg may abbreviate.
func (p *Parser) optionTuples(arg string) []optionTuple {
	var out []optionTuple
	if p.isPrefix(arg[1]) {
		if !p.allowAbbrev {
			return nil
		}
		prefix := arg
		var explicit *string
		if i := strings.IndexByte(arg, '='); i >= 0 {
			e := arg[i+1:]
			prefix, explicit = arg[:i], &e
		}
		for _, s := range p.optionStrings() {
			if strings.HasPrefix(s, prefix) {
				out = append(out, optionTuple{act: p.optionMap[s], option: s, explicitArg: explicit})
			}
		}
		return out
	}
	short, shortExplicit := arg[:2], arg[2:]
	for _, s := range p.optionStrings() {
		if s == short {
			e := shortExplicit
			out = append(out, optionTuple{act: p.optionMap[s], option: s, explicitArg: &e})
		} else if strings.HasPrefix(s, arg) {
			out = append(out, optionTuple{act: p.optionMap[s], option: s})
		}
	}
	return out
}

// nargsPattern is _get_nargs_pattern.
func (a *action) nargsPattern() string {
	var pat string
	switch {
	case a.nargsInt:
		pat = "(-*" + strings.Repeat("A-*", a.nargsN)
		pat = strings.TrimSuffix(pat, "-*") + "-*)"
		if a.nargsN == 0 {
			pat = "(-*-*)"
		}
	case a.nargs == nargsNone:
		pat = "(-*A-*)"
	case a.nargs == nargsOptional:
		pat = "(-*A?-*)"
	case a.nargs == nargsZeroMore:
		pat = "(-*[A-]*)"
	case a.nargs == nargsOneMore:
		pat = "(-*A[A-]*)"
	case a.nargs == nargsRemainder:
		pat = "([-AO]*)"
	case a.nargs == nargsParser:
		pat = "(-*A[-AO]*)"
	case a.nargs == suppress:
		pat = "(-*-*)"
	}
	if len(a.optionStrings) > 0 {
		pat = strings.ReplaceAll(strings.ReplaceAll(pat, "-*", ""), "-", "")
	}
	return pat
}

func compileNargs(pat string) *regexp.Regexp {
	return regexp.MustCompile("^" + pat)
}

// matchArgument is _match_argument: how many strings the action takes
// from the start of pattern.
func (p *Parser) matchArgument(a *action, pattern string) (int, error) {
	m := compileNargs(a.nargsPattern()).FindStringSubmatch(pattern)
	if m == nil {
		switch {
		case a.nargs == nargsNone && !a.nargsInt:
			return 0, argError(a, "expected one argument")
		case a.nargs == nargsOptional:
			return 0, argError(a, "expected at most one argument")
		case a.nargs == nargsOneMore:
			return 0, argError(a, "expected at least one argument")
		case a.nargsInt && a.nargsN == 1:
			return 0, argError(a, "expected 1 argument")
		case a.nargsInt:
			return 0, argError(a, "expected %d arguments", a.nargsN)
		}
		return 0, argError(a, "expected %s argument(s)", a.nargs)
	}
	return len(m[1]), nil
}

// matchPartial is _match_arguments_partial: the counts of the most
// positionals whose patterns together match the start of pattern.
func matchPartial(actions []*action, pattern string) []int {
	for i := len(actions); i > 0; i-- {
		var b strings.Builder
		for _, a := range actions[:i] {
			b.WriteString(a.nargsPattern())
		}
		if m := compileNargs(b.String()).FindStringSubmatch(pattern); m != nil {
			counts := make([]int, i)
			for j := range counts {
				counts[j] = len(m[j+1])
			}
			return counts
		}
	}
	return nil
}

// parseState is one parse: the namespace it fills and what it has seen.
type parseState struct {
	p          *Parser
	call       *lang.Args
	ns         *Namespace
	seen       map[*action]bool
	seenNonDef map[*action]bool
	conflicts  map[*action][]*action
}

// parseKnownArgs is parse_known_args: the namespace and the strings no
// argument took. An exitError with a parser is that parser's error(),
// which the caller calls (afterError); the namespace comes back with it,
// filled as far as the parse went.
func (p *Parser) parseKnownArgs(call *lang.Args, args []string, ns *Namespace) (*Namespace, []string, error) {
	if ns == nil {
		ns = newNamespace()
	}
	given := ns
	for _, a := range p.actions {
		if a.dest != suppress {
			if _, has := ns.get(a.dest); !has && a.defaultVal != lang.Value(suppress) {
				ns.set(a.dest, orNone(a.defaultVal))
			}
		}
	}
	for _, k := range p.defaults.Keys() {
		name := k.(string)
		if _, has := ns.get(name); !has {
			v, _, _ := p.defaults.Get(k)
			ns.set(name, v)
		}
	}
	ns, extras, err := p.parseKnown(call, args, ns)
	if err != nil {
		var ae *argumentError
		if errors.As(err, &ae) && p.exitOnError {
			return given, nil, p.fail(ae.Error())
		}
		if errors.As(err, &ae) {
			return nil, nil, lang.Errorf(ArgumentError, "%s", ae.Error())
		}
		return given, nil, err
	}
	if v, has := ns.get(unrecognizedAttr); has {
		items, _ := lang.Collect(v)
		for _, it := range items {
			extras = append(extras, lang.Str(it))
		}
		_, _ = ns.d.Delete(unrecognizedAttr)
	}
	return ns, extras, nil
}

// unrecognizedAttr holds the strings a subparser left, as CPython's
// _UNRECOGNIZED_ARGS_ATTR.
const unrecognizedAttr = "_unrecognized_args"

func (p *Parser) parseKnown(call *lang.Args, args []string, ns *Namespace) (*Namespace, []string, error) {
	st := &parseState{p: p, call: call, ns: ns, seen: map[*action]bool{}, seenNonDef: map[*action]bool{}, conflicts: map[*action][]*action{}}
	for _, g := range p.mutex {
		for i, a := range g.actions {
			st.conflicts[a] = append(st.conflicts[a], g.actions[:i]...)
			st.conflicts[a] = append(st.conflicts[a], g.actions[i+1:]...)
		}
	}
	optionAt := map[int]*optionTuple{}
	var pattern strings.Builder
	rest := false
	for i, s := range args {
		if rest {
			pattern.WriteByte('A')
			continue
		}
		if s == "--" {
			pattern.WriteByte('-')
			rest = true
			continue
		}
		t, err := p.parseOptional(s)
		if err != nil {
			return nil, nil, err
		}
		if t == nil {
			pattern.WriteByte('A')
		} else {
			optionAt[i] = t
			pattern.WriteByte('O')
		}
	}
	pat := pattern.String()
	var indices []int
	for i := range optionAt {
		indices = append(indices, i)
	}
	slices.Sort(indices)
	positionals := []*action{}
	for _, a := range p.actions {
		if len(a.optionStrings) == 0 {
			positionals = append(positionals, a)
		}
	}
	var extras []string

	consumePositionals := func(start int) (int, error) {
		counts := matchPartial(positionals, pat[start:])
		for i, n := range counts {
			if err := st.takeAction(positionals[i], args[start:start+n], ""); err != nil {
				return 0, err
			}
			start += n
		}
		positionals = positionals[len(counts):]
		return start, nil
	}
	consumeOptional := func(start int) (int, error) {
		t := optionAt[start]
		a, option, explicit := t.act, t.option, t.explicitArg
		type pending struct {
			a      *action
			args   []string
			option string
		}
		var todo []pending
		stop := start + 1
		for {
			if a == nil {
				extras = append(extras, args[start])
				return start + 1, nil
			}
			if explicit != nil {
				n, err := p.matchArgument(a, "A")
				if err != nil {
					n = -1
				}
				switch {
				case n == 0 && len(option) < 2:
					// CPython indexes option_string[1] here and fails so.
					return 0, lang.Errorf(lang.IndexError, "string index out of range")
				case n == 0 && !p.isPrefix(option[1]) && *explicit != "":
					todo = append(todo, pending{a, nil, option})
					option = option[:1] + (*explicit)[:1]
					next := (*explicit)[1:]
					if na, ok := p.optionMap[option]; ok {
						a = na
						if next == "" {
							explicit = nil
						} else {
							explicit = &next
						}
					} else {
						return 0, argError(a, "ignored explicit argument %s", lang.Repr(*explicit))
					}
					continue
				case n == 1:
					todo = append(todo, pending{a, []string{*explicit}, option})
				default:
					return 0, argError(a, "ignored explicit argument %s", lang.Repr(*explicit))
				}
				break
			}
			n, err := p.matchArgument(a, pat[start+1:])
			if err != nil {
				return 0, err
			}
			stop = start + 1 + n
			todo = append(todo, pending{a, args[start+1 : stop], option})
			break
		}
		for _, t := range todo {
			if err := st.takeAction(t.a, t.args, t.option); err != nil {
				return 0, err
			}
		}
		return stop, nil
	}

	start := 0
	maxOption := -1
	if len(indices) > 0 {
		maxOption = indices[len(indices)-1]
	}
	for start <= maxOption {
		next := indices[slices.IndexFunc(indices, func(i int) bool { return i >= start })]
		if start != next {
			end, err := consumePositionals(start)
			if err != nil {
				return nil, nil, err
			}
			if end > start {
				start = end
				continue
			}
			start = end
		}
		if _, isOption := optionAt[start]; !isOption {
			extras = append(extras, args[start:next]...)
			start = next
		}
		var err error
		if start, err = consumeOptional(start); err != nil {
			return nil, nil, err
		}
	}
	stop, err := consumePositionals(start)
	if err != nil {
		return nil, nil, err
	}
	extras = append(extras, args[stop:]...)

	var required []string
	for _, a := range p.actions {
		if st.seen[a] {
			continue
		}
		if a.required {
			required = append(required, a.name())
			continue
		}
		if s, isStr := a.defaultVal.(string); isStr && a.dest != suppress && s != suppress {
			if cur, has := ns.get(a.dest); has && cur == a.defaultVal {
				v, err := st.value(a, s)
				if err != nil {
					return nil, nil, err
				}
				ns.set(a.dest, v)
			}
		}
	}
	if len(required) > 0 {
		return nil, nil, p.fail("the following arguments are required: " + strings.Join(required, ", "))
	}
	for _, g := range p.mutex {
		if !g.required {
			continue
		}
		found := false
		for _, a := range g.actions {
			found = found || st.seenNonDef[a]
		}
		if !found {
			var names []string
			for _, a := range g.actions {
				if a.help != lang.Value(suppress) {
					names = append(names, a.name())
				}
			}
			return nil, nil, p.fail("one of the arguments " + strings.Join(names, " ") + " is required")
		}
	}
	return ns, extras, nil
}

// takeAction is take_action: convert the strings and run the action.
func (st *parseState) takeAction(a *action, argStrings []string, option string) error {
	st.seen[a] = true
	vals, isDefault, err := st.values(a, argStrings)
	if err != nil {
		return err
	}
	if !isDefault {
		st.seenNonDef[a] = true
		for _, c := range st.conflicts[a] {
			if st.seenNonDef[c] {
				return argError(a, "not allowed with argument %s", c.name())
			}
		}
	}
	if vals == lang.Value(suppress) {
		return nil
	}
	return st.run(a, vals, option)
}

// values is _get_values; isDefault reports that the value is the
// action's default itself (CPython's "is" test).
func (st *parseState) values(a *action, argStrings []string) (lang.Value, bool, error) {
	if a.nargs != nargsParser && a.nargs != nargsRemainder {
		if i := slices.Index(argStrings, "--"); i >= 0 {
			argStrings = slices.Delete(slices.Clone(argStrings), i, i+1)
		}
	}
	convertAll := func() (*lang.List, error) {
		out := &lang.List{}
		for _, s := range argStrings {
			v, err := st.value(a, s)
			if err != nil {
				return nil, err
			}
			out.Elems = append(out.Elems, v)
		}
		return out, nil
	}
	switch {
	case len(argStrings) == 0 && a.nargs == nargsOptional:
		v := orNone(a.defaultVal)
		if len(a.optionStrings) > 0 {
			v = orNone(a.constVal)
		}
		isDefault := len(a.optionStrings) == 0 && a.defaultVal != nil
		if s, ok := v.(string); ok {
			cv, err := st.value(a, s)
			if err != nil {
				return nil, false, err
			}
			if err := st.check(a, cv); err != nil {
				return nil, false, err
			}
			return cv, false, nil
		}
		return v, isDefault, nil
	case len(argStrings) == 0 && a.nargs == nargsZeroMore && len(a.optionStrings) == 0:
		if a.defaultVal != nil {
			return a.defaultVal, true, st.check(a, a.defaultVal)
		}
		l := &lang.List{}
		return l, false, st.check(a, l)
	case len(argStrings) == 1 && (a.nargs == nargsNone && !a.nargsInt || a.nargs == nargsOptional):
		v, err := st.value(a, argStrings[0])
		if err != nil {
			return nil, false, err
		}
		return v, false, st.check(a, v)
	case a.nargs == nargsRemainder:
		l, err := convertAll()
		return l, false, err
	case a.nargs == nargsParser:
		l, err := convertAll()
		if err != nil {
			return nil, false, err
		}
		return l, false, st.check(a, l.Elems[0])
	case a.nargs == suppress:
		return suppress, false, nil
	}
	if a.takesNoArgs() {
		return &lang.List{}, false, nil
	}
	l, err := convertAll()
	if err != nil {
		return nil, false, err
	}
	for _, v := range l.Elems {
		if err := st.check(a, v); err != nil {
			return nil, false, err
		}
	}
	return l, false, nil
}

// value is _get_value: the string converted by the action's type.
func (st *parseState) value(a *action, s string) (lang.Value, error) {
	if a.typ == nil {
		return s, nil
	}
	v, err := st.call.Call(a.typ, s)
	if err == nil {
		return v, nil
	}
	le := lang.ToError(err)
	switch le.Kind {
	case "ArgumentTypeError", ArgumentTypeError:
		return nil, argError(a, "%s", le.Msg)
	case lang.TypeError, lang.ValueError, "UnicodeError", "UnicodeDecodeError", "UnicodeEncodeError":
		return nil, argError(a, "invalid %s value: %s", typeName(a.typ), lang.Repr(s))
	}
	return nil, err
}

// typeName is the type's __name__, as the invalid-value message names it.
func typeName(v lang.Value) string {
	switch f := v.(type) {
	case *lang.Builtin:
		if c := lang.ClassOf(f); c != "" {
			return c[strings.LastIndexByte(c, '.')+1:]
		}
		return f.Name
	case *lang.Function:
		return f.Name
	}
	if tn, ok := v.(lang.TypeNamer); ok {
		return tn.TypeName()
	}
	return lang.Repr(v)
}

// check is _check_value: the value must be one of the choices.
func (st *parseState) check(a *action, v lang.Value) error {
	if a.sub != nil {
		if s, ok := v.(string); ok {
			if _, known := a.sub.parsers[s]; known {
				return nil
			}
		}
		var names []string
		for _, n := range a.sub.names {
			names = append(names, lang.Repr(n))
		}
		return argError(a, "invalid choice: %s (choose from %s)", lang.Repr(v), strings.Join(names, ", "))
	}
	if a.choices == nil {
		return nil
	}
	in, err := st.call.Compare(syntax.IN, v, a.choices)
	if err != nil {
		return err
	}
	if ok, _ := lang.Truth(in); ok {
		return nil
	}
	items, err := lang.Collect(a.choices)
	if err != nil {
		return err
	}
	var reprs []string
	for _, c := range items {
		reprs = append(reprs, lang.Repr(c))
	}
	return argError(a, "invalid choice: %s (choose from %s)", lang.Repr(v), strings.Join(reprs, ", "))
}

// run is the action's __call__.
func (st *parseState) run(a *action, vals lang.Value, option string) error {
	ns := st.ns
	switch a.kind {
	case "store":
		ns.set(a.dest, vals)
	case "store_const", "store_true", "store_false":
		ns.set(a.dest, orNone(a.constVal))
	case "append", "append_const":
		items := &lang.List{}
		if cur, has := ns.get(a.dest); has && cur != lang.None {
			old, err := lang.Collect(cur)
			if err != nil {
				return err
			}
			items.Elems = append(items.Elems, old...)
		}
		if a.kind == "append" {
			items.Elems = append(items.Elems, vals)
		} else {
			items.Elems = append(items.Elems, orNone(a.constVal))
		}
		ns.set(a.dest, items)
	case "count":
		n := int64(0)
		if cur, has := ns.get(a.dest); has && cur != lang.None {
			c, ok := lang.AsInt(cur)
			if !ok {
				return lang.Errorf(lang.TypeError, "unsupported operand type(s) for +: '%s' and 'int'", lang.TypeName(cur))
			}
			n = c
		}
		ns.set(a.dest, n+1)
	case "help":
		if err := st.p.printHelp(st.call); err != nil {
			return err
		}
		return st.p.exit(st.call, 0, "", false)
	case "version":
		text := ""
		if a.version != nil {
			text = expandProg(lang.Str(a.version), st.p.prog)
		}
		st.call.Write(newFormatter(st.p.prog).fillText(text) + "\n")
		return st.p.exit(st.call, 0, "", false)
	case "custom":
		var opt lang.Value = lang.None
		if option != "" {
			opt = option
		}
		_, err := st.call.Call(a.obj, st.p.value(), ns.value(), vals, opt)
		return err
	case "base":
		return lang.Errorf(lang.ErrorKind("NotImplementedError"), ".__call__() not defined")
	case "parsers":
		l := vals.(*lang.List)
		name := lang.Str(l.Elems[0])
		if a.dest != suppress {
			ns.set(a.dest, name)
		}
		sub, ok := a.sub.parsers[name]
		if !ok {
			return argError(a, "unknown parser %s (choices: %s)", lang.Repr(name), strings.Join(a.sub.names, ", "))
		}
		var rest []string
		for _, v := range l.Elems[1:] {
			rest = append(rest, lang.Str(v))
		}
		subNS, extras, err := sub.parseKnownArgs(st.call, rest, nil)
		if err != nil {
			return err
		}
		for _, k := range subNS.d.Keys() {
			v, _, _ := subNS.d.Get(k)
			ns.set(k.(string), v)
		}
		if len(extras) > 0 {
			cur, has := ns.get(unrecognizedAttr)
			l, _ := cur.(*lang.List)
			if !has || l == nil {
				l = &lang.List{}
				ns.set(unrecognizedAttr, l)
			}
			for _, e := range extras {
				l.Elems = append(l.Elems, e)
			}
		}
	}
	return nil
}

// fail is parser.error(message): the usage and "prog: error: message" to
// stderr, and SystemExit(2).
func (p *Parser) fail(message string) error {
	return &exitError{status: 2, err: systemExit(2), parser: p, errMsg: message}
}
