package textwrap

import "github.com/kael-dev/kael/lang"

// TextWrapper, as CPython's class: __init__ keeps the options as instance
// attributes, which a program may change between calls, and wrap and fill
// read them each time, with the module functions' algorithm (wrapper).

// textWrapperOptions are TextWrapper's options in __init__'s order.
var textWrapperOptions = []string{"width", "initial_indent", "subsequent_indent", "expand_tabs", "replace_whitespace",
	"fix_sentence_endings", "break_long_words", "drop_whitespace", "break_on_hyphens", "tabsize", "max_lines", "placeholder"}

// fromAttrs reads the options of the TextWrapper self.
func fromAttrs(self lang.Value) (*wrapper, error) {
	vals := map[string]lang.Value{}
	for _, name := range textWrapperOptions {
		v, err := lang.GetAttr(self, name)
		if err != nil {
			return nil, err
		}
		vals[name] = v
	}
	w := &wrapper{}
	var err error
	intOf := func(name string) int {
		n, ok := vals[name].(int64)
		if b, isBool := vals[name].(bool); isBool {
			n, ok = 0, true
			if b {
				n = 1
			}
		}
		if !ok && err == nil {
			err = lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(vals[name]))
		}
		return int(n)
	}
	strOf := func(name string) string {
		s, ok := vals[name].(string)
		if !ok && err == nil {
			err = lang.Errorf(lang.TypeError, "%s must be a str, not %s", name, lang.TypeName(vals[name]))
		}
		return s
	}
	boolOf := func(name string) bool {
		b, terr := lang.Truth(vals[name])
		if terr != nil && err == nil {
			err = terr
		}
		return b
	}
	w.width, w.tabsize = intOf("width"), intOf("tabsize")
	w.initialIndent, w.subsequentIndent, w.placeholder = strOf("initial_indent"), strOf("subsequent_indent"), strOf("placeholder")
	w.expandTabs, w.replaceWhitespace, w.fixSentenceEndings = boolOf("expand_tabs"), boolOf("replace_whitespace"), boolOf("fix_sentence_endings")
	w.breakLongWords, w.dropWhitespace, w.breakOnHyphens = boolOf("break_long_words"), boolOf("drop_whitespace"), boolOf("break_on_hyphens")
	if vals["max_lines"] != lang.None {
		w.maxLines = intOf("max_lines")
	}
	if err != nil {
		return nil, err
	}
	return w, w.check()
}

// wrapperLines is self.wrap(text) as Go strings.
func wrapperLines(a *lang.Args) ([]string, error) {
	text, ok := a.Value("text").(string)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'expandtabs'", lang.TypeName(a.Value("text")))
	}
	w, err := fromAttrs(a.Value("self"))
	if err != nil {
		return nil, err
	}
	return w.wrap(text), nil
}

var textWrapperClass = lang.MustNewClass("TextWrapper", "textwrap", nil,
	lang.NewBuiltin(lang.AsValue, "__init__(self, width=70, initial_indent='', subsequent_indent='', expand_tabs=True, replace_whitespace=True, fix_sentence_endings=False, break_long_words=True, drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None, placeholder=' [...]')",
		"Keeps the options as attributes of the same names, which wrap and fill read.",
		func(a *lang.Args) (lang.Value, error) {
			for _, name := range textWrapperOptions {
				if err := lang.SetAttr(a.Value("self"), name, a.Value(name)); err != nil {
					return nil, err
				}
			}
			return lang.None, nil
		}),
	lang.NewBuiltin(lang.AsValue, "wrap(self, text)", "The lines of text wrapped to self.width columns, with the options of self's attributes.",
		func(a *lang.Args) (lang.Value, error) {
			lines, err := wrapperLines(a)
			if err != nil {
				return nil, err
			}
			out := make([]lang.Value, len(lines))
			for i, l := range lines {
				out[i] = l
			}
			return &lang.List{Elems: out}, nil
		}),
	lang.NewBuiltin(lang.AsValue, "fill(self, text)", "self.wrap(text)'s lines joined by newlines.",
		func(a *lang.Args) (lang.Value, error) {
			// "\n".join(self.wrap(text)), so that a subclass's wrap counts
			wrap, err := lang.GetAttr(a.Value("self"), "wrap")
			if err != nil {
				return nil, err
			}
			lines, err := a.Call(wrap, a.Value("text"))
			if err != nil {
				return nil, err
			}
			join, err := lang.GetAttr("\n", "join")
			if err != nil {
				return nil, err
			}
			return a.Call(join, lines)
		}),
)

func init() {
	_ = textWrapperClass.SetAttr("__doc__", "TextWrapper(width=70, **options): an object that wraps and fills text with the options it keeps as attributes (width, initial_indent, subsequent_indent, expand_tabs, replace_whitespace, fix_sentence_endings, break_long_words, drop_whitespace, break_on_hyphens, tabsize, max_lines, placeholder).")
	textwrapModule.Attrs["TextWrapper"] = textWrapperClass
}
