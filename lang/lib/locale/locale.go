// Package locale is Python's locale module as kael has it: the C locale,
// with LC_CTYPE in UTF-8 (C.UTF-8), as CPython starts under C.UTF-8;
// setlocale switches between C, POSIX and C.UTF-8 only, since kael
// formats numbers, dates and text one way. It is Python text (module.py).
package locale

import (
	_ "embed" // module.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/os" // module.py imports os
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("locale", "Python's locale for the C locale (UTF-8 text): setlocale, getlocale, getpreferredencoding, getencoding, localeconv, str, format_string, atof, atoi, strcoll, strxfrm.", source)
}
