// Package copyreg is Python's copyreg module for kael: the registry of
// reduction functions that pickle and copy consult (dispatch_table, filled
// by copyreg.pickle), the reconstructors reductions name (__newobj__,
// __newobj_ex__, _reconstructor) and the extension registry of pickle's
// EXT opcodes, as CPython 3.11's copyreg. module.py, kael's own Python,
// holds the module; the dispatch table lives here (_copyreg) so that the
// pickle and copy packages read it.
package copyreg

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
)

// DispatchTable is copyreg.dispatch_table: a type to the function that
// reduces its objects, which pickle and copy call before the objects' own
// __reduce_ex__.
var DispatchTable = lang.NewDict()

// Reducer is the reduction function copyreg registers for v's type, if
// any.
func Reducer(v lang.Value) (lang.Value, bool) {
	if DispatchTable.Len() == 0 {
		return nil, false
	}
	r, found, err := DispatchTable.Get(lang.TypeOf(v))
	if err != nil || !found {
		return nil, false
	}
	return r, true
}

// core is _copyreg, the part of copyreg written in Go.
var core = &lang.Module{Name: "_copyreg", Attrs: map[string]lang.Value{
	"dispatch_table": DispatchTable,
	"__newobj__":     lang.CopyregNewObj,
	"_reconstructor": lang.CopyregReconstructor,
}}

//go:embed module.py
var source string

func init() {
	lang.RegisterModule("_copyreg", "The part of copyreg written in Go: the dispatch table pickle and copy read.", func() *lang.Module { return core })
	lang.RegisterSourceModule("copyreg", "Python's copyreg: pickle() registers a reduction function for a type (dispatch_table), the reconstructors __newobj__, __newobj_ex__ and _reconstructor, and the extension registry.", source)
}
