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
