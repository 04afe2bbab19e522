// Package linecache is Python's linecache module: the lines of text
// files read once and cached (getline, getlines, clearcache, checkcache,
// updatecache, lazycache), written in Python (module.py). Files are read
// as UTF-8.
package linecache

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/os"  // module.py imports os
	_ "github.com/kael-dev/kael/lang/lib/sys" // module.py imports sys
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("linecache", "Python's linecache: getline, getlines, clearcache, checkcache, updatecache and lazycache over text files read once.", source)
}
