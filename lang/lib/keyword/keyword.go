// Package keyword is Python's keyword module (kwlist, softkwlist,
// iskeyword and issoftkeyword), written in Python (module.py).
package keyword

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("keyword", "Python's keyword: kwlist, softkwlist, iskeyword and issoftkeyword.", source)
}
