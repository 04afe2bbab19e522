// Package configparser is Python's configparser, Python text (module.py)
// written for kael after CPython 3.11's: INI files read from files,
// strings and dicts into sections of options, with BasicInterpolation,
// typed getters, the mapping protocol and write. ExtendedInterpolation
// and converters are not here.
package configparser

import (
	_ "embed" // module.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/functools" // module.py imports functools
	_ "github.com/kael-dev/kael/lang/lib/os"        // os
	_ "github.com/kael-dev/kael/lang/lib/re"        // re
	_ "github.com/kael-dev/kael/lang/lib/warnings"  // and warnings
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("configparser", "Python's configparser: ConfigParser and RawConfigParser read INI text (read, read_file, read_string, read_dict), get typed values with %(name)s interpolation, and write it back.", source)
}
