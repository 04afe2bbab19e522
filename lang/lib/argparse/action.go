package argparse

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// suppress is argparse.SUPPRESS: a default, dest, help or nargs that
// stands for nothing.
const suppress = "==SUPPRESS=="

// The nargs codes, as CPython spells them.
const (
	nargsNone      = ""
	nargsOptional  = "?"
	nargsZeroMore  = "*"
	nargsOneMore   = "+"
	nargsRemainder = "..."
	nargsParser    = "A..."
)

// action is one argument of a parser, as CPython's Action: how its
// strings are found (option strings, nargs) and what it does with them
// (kind: store, store_const, store_true, store_false, append,
// append_const, count, help, version, parsers).
type action struct {
	kind          string
	optionStrings []string
	dest          string
	nargs         string // a code above, or "" with nargsN for an int
	nargsN        int    // the count, when nargsInt
	nargsInt      bool
	constVal      lang.Value // nil: None
	defaultVal    lang.Value // nil: None
	typ           lang.Value // nil: None
	choices       lang.Value // nil: None
	required      bool
	help          lang.Value // nil: None
	metavar       lang.Value // nil: None; a str or a tuple
	version       lang.Value
	sub           *subparsers // the parsers of a subparsers action
	choiceActions []*action   // the help entries of a subparsers action's parsers
	// obj is the object add_argument(action=cls) made (kind "custom"),
	// whose __call__ the action runs.
	obj lang.Value
}

var (
	_ lang.HasAttrs  = (*action)(nil)
	_ lang.Reprer    = (*action)(nil)
	_ lang.TypeNamer = (*action)(nil)
)

// actionClasses are CPython's class names of the actions, by kind.
var actionClasses = map[string]string{
	"store": "_StoreAction", "store_const": "_StoreConstAction", "store_true": "_StoreTrueAction",
	"store_false": "_StoreFalseAction", "append": "_AppendAction", "append_const": "_AppendConstAction",
	"count": "_CountAction", "help": "_HelpAction", "version": "_VersionAction", "parsers": "_SubParsersAction",
	"choice": "_ChoicesPseudoAction", "base": "Action",
}

// TypeName is the action's class name.
func (a *action) TypeName() string {
	if a.obj != nil {
		return lang.TypeName(a.obj)
	}
	return actionClasses[a.kind]
}

// takesNoArgs is nargs == 0.
func (a *action) takesNoArgs() bool { return a.nargsInt && a.nargsN == 0 }

// nargsValue is nargs as Python sees it.
func (a *action) nargsValue() lang.Value {
	switch {
	case a.nargsInt:
		return int64(a.nargsN)
	case a.nargs == nargsNone:
		return lang.None
	}
	return a.nargs
}

func orNone(v lang.Value) lang.Value {
	if v == nil {
		return lang.None
	}
	return v
}

func (a *action) optionList() *lang.List {
	l := &lang.List{}
	for _, s := range a.optionStrings {
		l.Elems = append(l.Elems, s)
	}
	return l
}

// Attr gives the action's fields.
func (a *action) Attr(name string) (lang.Value, bool) {
	switch name {
	case "option_strings":
		return a.optionList(), true
	case "dest":
		return a.dest, true
	case "nargs":
		return a.nargsValue(), true
	case "const":
		return orNone(a.constVal), true
	case "default":
		return orNone(a.defaultVal), true
	case "type":
		return orNone(a.typ), true
	case "choices":
		if a.sub != nil {
			return a.sub.choicesDict(), true
		}
		return orNone(a.choices), true
	case "required":
		return a.required, true
	case "help":
		return orNone(a.help), true
	case "metavar":
		return orNone(a.metavar), true
	}
	if name == "format_usage" {
		return &lang.BoundMethod{Recv: a, Method: actionFormatUsage}, true
	}
	if a.sub != nil && name == "add_parser" {
		return &lang.BoundMethod{Recv: a, Method: addParserMethod}, true
	}
	return nil, false
}

// AttrNames lists them.
func (a *action) AttrNames() []string {
	names := []string{"choices", "const", "default", "dest", "help", "metavar", "nargs", "option_strings", "required", "type"}
	if a.sub != nil {
		names = append(names, "add_parser")
	}
	return names
}

// PyRepr is CPython's, _StoreAction(option_strings=['--x'], dest='x', ...).
func (a *action) PyRepr() string {
	fields := []struct {
		name string
		v    lang.Value
	}{
		{"option_strings", a.optionList()}, {"dest", a.dest}, {"nargs", a.nargsValue()},
		{"const", orNone(a.constVal)}, {"default", orNone(a.defaultVal)}, {"type", orNone(a.typ)},
		{"choices", func() lang.Value { v, _ := a.Attr("choices"); return v }()}, {"required", a.required},
		{"help", orNone(a.help)}, {"metavar", orNone(a.metavar)},
	}
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.name + "=" + lang.Repr(f.v)
	}
	return a.TypeName() + "(" + strings.Join(parts, ", ") + ")"
}

// String is str(action), its repr.
func (a *action) String() string { return a.PyRepr() }

// name is CPython's _get_action_name: how errors name the argument; ""
// for none.
func (a *action) name() string {
	switch {
	case len(a.optionStrings) > 0:
		return strings.Join(a.optionStrings, "/")
	case a.metavar != nil && a.metavar != lang.Value(suppress):
		return metavarText(a.metavar)
	case a.dest != "" && a.dest != suppress:
		return a.dest
	case a.sub != nil && len(a.sub.names) > 0:
		return "{" + strings.Join(a.sub.names, ",") + "}"
	}
	return ""
}

func metavarText(v lang.Value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return lang.Str(v)
}

// argumentError is CPython's ArgumentError: a message about an argument.
type argumentError struct {
	argName string
	msg     string
}

func (e *argumentError) Error() string {
	if e.argName == "" {
		return e.msg
	}
	return fmt.Sprintf("argument %s: %s", e.argName, e.msg)
}

func argError(a *action, format string, args ...any) *argumentError {
	name := ""
	if a != nil {
		name = a.name()
	}
	return &argumentError{argName: name, msg: fmt.Sprintf(format, args...)}
}
