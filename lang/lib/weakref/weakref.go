// Package weakref is Python's weakref.ref for objects of classes: a
// callable that returns the object while something else refers to it,
// and None once it is gone (after gc.collect()). It rests on Go's weak
// pointers. Callbacks, proxies and the weak dictionaries are absent.
package weakref

import (
	"weak"

	"github.com/kael-dev/kael/lang"
)

func init() {
	lang.RegisterModule("weakref", "Weak references to objects: weakref.ref(obj)() is obj while it lives, None after.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"ref": lang.NewBuiltin(lang.AsValue, "ref(object, callback=None)",
				"A weak reference to object (an instance of a class): calling it returns object, or None once nothing else refers to it and it has been collected.",
				func(a *lang.Args) (lang.Value, error) {
					if !a.IsNone("callback") {
						return nil, lang.Errorf(lang.TypeError, "kael's weak references take no callback").
							WithHint("check whether the reference returns None instead")
					}
					x, ok := a.Value("object").(*lang.Instance)
					if !ok {
						return nil, lang.Errorf(lang.TypeError, "cannot create weak reference to '%s' object", lang.TypeName(a.Value("object")))
					}
					p := weak.Make(x)
					x = nil
					return lang.NewBuiltin(lang.AsValue, "weakref()", "The referent, or None once it has been collected.",
						func(*lang.Args) (lang.Value, error) {
							if v := p.Value(); v != nil {
								return v, nil
							}
							return lang.None, nil
						}), nil
				}),
		}}
	})
}
