package functools

import (
	_ "embed"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// singledispatch, singledispatchmethod and partialmethod are Python
// (dispatch.py), a module of their own that functools' names call into:
// their behaviour is Python's control flow over classes and descriptors.

//go:embed dispatch.py
var dispatchSource string

const dispatchModule = "_functools_dispatch"

// fromDispatch is functools' name that calls dispatch.py's.
func fromDispatch(sig, doc string) *lang.Builtin {
	name, _, _ := strings.Cut(sig, "(")
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		m, err := a.Import(dispatchModule)
		if err != nil {
			return nil, err
		}
		fn, err := lang.GetAttr(m, name)
		if err != nil {
			return nil, err
		}
		kwNames, kwVals := a.Keywords()
		return a.CallKw(fn, a.Value("args").(lang.Tuple), kwNames, kwVals)
	}).CollectKeywords()
}

func init() {
	lang.RegisterSourceModule(dispatchModule, "The part of functools written in Python: singledispatch, singledispatchmethod and partialmethod.", dispatchSource)
	for _, b := range []*lang.Builtin{
		fromDispatch("singledispatch(*args)", "Single-dispatch generic function decorator: @singledispatch def f(x) makes f call the implementation registered (f.register(cls) or @f.register on a function whose first parameter is annotated) for the most derived class of its first argument's class, f itself for others."),
		fromDispatch("singledispatchmethod(*args)", "Single-dispatch generic method descriptor: as singledispatch, dispatching on the first argument after self (or cls)."),
		fromDispatch("partialmethod(*args)", "partialmethod(func, /, *args, **keywords): a method descriptor that calls func with those arguments first, after self."),
	} {
		module.Attrs[b.Name] = b
	}
}
