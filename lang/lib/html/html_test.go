package html_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/html"
)

const prelude = `import html
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes; TestHTMLAgainstCPython checks them there.
var cases = []langtest.Case{
	{`html.escape('<a href="x">Tom & \'Jerry\'</a>'), html.escape('<"\'&>', quote=False), html.escape(''), html.escape('plain é')`, `('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#x27;Jerry&#x27;&lt;/a&gt;', '&lt;"\'&amp;&gt;', '', 'plain é')`},
	{`html.unescape('&lt;p&gt; &amp;amp; &quot;q&quot; &#39;s&#39; &apos;'), html.unescape('&notin; &notit; &amp &ampx &copy2024 &frac34; &NotNestedGreaterGreater;'), html.unescape('no refs'), html.unescape('&; & &# &#x; &unknown; &a')`, `('<p> &amp; "q" \'s\' \'', '∉ ¬it; & &x ©2024 ¾ ⪢̸', 'no refs', '&; & &# &#x; &unknown; &a')`},
	{`[html.unescape(s) for s in ['&#65;&#x42;&#X43', '&#0;', '&#x80;&#150;', '&#xd800;', '&#1114112;', '&#99999999999999999999;', '&#1;&#x7f;&#xfffe;&#xb;', '&#x1F600;', '&#13;']]`, `['ABC', '�', '€–', '�', '�', '�', '', '😀', '\r']`},
	{`html.unescape('&amp-x &lt.b &Eacute;cole &eacute &eacutex &gt;&gt &am'), err(html.escape, 3), err(html.unescape, None), err(html.escape, b'x')`, `('&-x <.b École é éx >> &am', "AttributeError: 'int' object has no attribute 'replace'", "TypeError: argument of type 'NoneType' is not iterable", "TypeError: a bytes-like object is required, not 'str'")`},
}

func TestHTML(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestHTMLAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
