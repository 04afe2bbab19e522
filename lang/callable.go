package lang

// Callable and indexable objects: a Go-backed value with attributes (HasAttrs) is
// callable when it has a __call__ attribute, as in Python, so that a model
// object runs as model(input_ids) and a class object as Class(...).

// callTarget returns what calling v calls: its __call__ attribute.
func callTarget(v Value) (Value, bool) {
	h, ok := v.(HasAttrs)
	if !ok {
		return nil, false
	}
	return h.Attr("__call__")
}

// callWrapper is fn.__call__ for a function or builtin fn, CPython's
// method-wrapper: calling it calls fn.
func callWrapper(fn Value) *Builtin {
	return &Builtin{Name: "__call__", Sig: "__call__(*args, **kwargs)", acceptsKeywords: true,
		Doc:    "Calls the function it was read from with the arguments.",
		parsed: paramList(param{name: "args", variadic: true}),
		fn: func(a *Args) (Value, error) {
			return a.CallKw(fn, a.Value("args").(Tuple), a.kwNames, a.kwVals)
		}}
}

// Callable reports whether v can be called.
func Callable(v Value) bool {
	switch x := v.(type) {
	case *Function, *Builtin, *BoundMethod, *UserClass, *userMethod:
		return true
	case *Instance:
		return x.HasOwn("__call__") || x.cls.base().Call != nil // an nn.Module runs forward
	}
	_, ok := callTarget(v)
	return ok
}
