// Package contextvars is Python's contextvars module: ContextVar, Token,
// Context and copy_context, written in Python (module.py). kael runs
// one context at a time; Context.run makes another current for a call.
package contextvars

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("contextvars", "Python's contextvars: ContextVar (get, set, reset), Token, Context (run, copy, the mapping methods) and copy_context.", source)
}
