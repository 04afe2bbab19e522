package functools

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
)

// singledispatch, singledispatchmethod and partialmethod are Python
// (dispatch.py), a module of their own that functools imports them from:
// their behaviour is Python's control flow over classes and descriptors.

//go:embed dispatch.py
var dispatchSource string

func init() {
	lang.RegisterSourceModule("_functools_dispatch", "The part of functools written in Python: singledispatch, singledispatchmethod and partialmethod.", dispatchSource)
}
