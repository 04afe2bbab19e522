package numpy

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

var (
	_ lang.Helper       = (*Ufunc)(nil)
	_ lang.Helper       = (*sourceClass)(nil)
	_ lang.ClassStandIn = (*sourceClass)(nil)
)

// HelpText is help(np.add) as pydoc prints a ufunc: the object, then its
// docstring (signature and documentation) indented under it.
func (u *Ufunc) HelpText() string {
	doc, _ := u.Attr("__doc__")
	return "Help on ufunc:\n\n" + u.info.pyName + " = " + u.PyRepr() + "\n" + indentDoc(doc.(string))
}

// HelpText is help(np.nditer): the class's signature and documentation.
func (c *sourceClass) HelpText() string {
	return "class " + c.call.Sig + "\n" + indentDoc(c.call.Doc)
}

// indentDoc indents each line of doc by four spaces, as pydoc does.
func indentDoc(doc string) string {
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n")
}
