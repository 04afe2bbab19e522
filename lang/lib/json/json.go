// Package json is Python's json module for kael: dumps, dump, loads,
// load, JSONEncoder, JSONDecoder and JSONDecodeError, as CPython's
// (module.py, kael's own Python, with CPython's classes and signatures)
// over a scanner and an encoder in Go (_json, as CPython's C
// accelerator): the same text, the same hooks (default, object_hook,
// object_pairs_hook, parse_float, parse_int, parse_constant) and the same
// errors at the same positions.
package json

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
)

// utf16Units is r as JSON's \u escapes spell it: a surrogate pair beyond
// the Basic Multilingual Plane.
func utf16Units(r rune) []rune {
	if r > 0xffff && r <= 0x10ffff {
		r -= 0x10000
		return []rune{0xd800 + r>>10, 0xdc00 + r&0x3ff}
	}
	return []rune{r}
}

// jsonCore is _json, the part of json written in Go.
var jsonCore = &lang.Module{Name: "_json", Attrs: map[string]lang.Value{
	"scan":                    scanBuiltin,
	"encode":                  encodeBuiltin,
	"encode_basestring":       encodeBasestring(false),
	"encode_basestring_ascii": encodeBasestring(true),
}}

//go:embed module.py
var source string

func init() {
	lang.RegisterModule("_json", "The part of json written in Go: the scanner and the encoder.", func() *lang.Module { return jsonCore })
	lang.RegisterSourceModule("json", "Python's json: dumps, dump, loads, load, JSONEncoder, JSONDecoder and JSONDecodeError, as CPython's.", source)
}
