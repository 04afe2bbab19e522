// Package ast is Python's ast module in small: literal_eval, which reads
// Python literals from text (minGPT's configuration overrides use it).
// kael has no ast node classes; parse, dump and NodeVisitor are absent.
package ast

import "github.com/kael-dev/kael/lang"

var astModule = &lang.Module{Name: "ast", Attrs: map[string]lang.Value{
	"literal_eval": lang.NewBuiltin(lang.AsValue, "literal_eval(node_or_string)", "The value of a Python literal written as text: strings, bytes, numbers, tuples, lists, dicts, sets, booleans, None; anything else (names, calls, operators) is a ValueError.", func(a *lang.Args) (lang.Value, error) {
		src, ok := a.Value("node_or_string").(string)
		if !ok {
			return nil, lang.Errorf(lang.ValueError, "malformed node or string: %s", lang.Repr(a.Value("node_or_string")))
		}
		return lang.LiteralEval(src)
	}),
}, Doc: "Python's ast module in small: literal_eval."}

func init() {
	lang.RegisterModule("ast", astModule.Doc, func() *lang.Module { return astModule })
}
