// Package urllib is Python's urllib package as kael has it: urllib.parse
// (module.py, Python text written for kael after CPython 3.11's rules),
// which splits, joins, quotes and encodes URLs. urllib.request, which
// needs the network, is absent (lang/lib/absent says why).
package urllib

import (
	_ "embed" // parse.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/unicodedata" // parse.py imports unicodedata
)

//go:embed parse.py
var parseSource string

func init() {
	lang.RegisterModule("urllib", "Python's urllib package: urllib.parse (urllib.request needs the network kael programs lack).", func() *lang.Module {
		return &lang.Module{Name: "urllib", Attrs: map[string]lang.Value{}}
	})
	lang.RegisterSourceModule("urllib.parse", "Python's urllib.parse: urlparse, urlsplit, urlunparse, urlunsplit, urljoin, urldefrag, quote, quote_plus, unquote, unquote_plus, urlencode, parse_qs, parse_qsl, with CPython 3.11's results and errors.", parseSource)
}
