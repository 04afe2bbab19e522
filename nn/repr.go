package nn

import "strings"

// Repr returns m's repr in PyTorch's layout: the type name, then in
// parentheses the extra repr and one "(name): repr" line per submodule
// slot, indented by two spaces per level; a module with a one-line extra
// repr and no submodules fits on one line:
//
//	Sequential(
//	  (0): Linear(in_features=2, out_features=3, bias=True)
//	  (1): ReLU()
//	)
//
// A submodule slot holding None shows as "(name): None". A module that
// implements CustomRepr shows as it says. A module nested more than
// maxReprDepth deep shows as "TypeName(...)", as one that contains itself
// does: PyTorch's recursive repr stops there with a RecursionError, and
// the text of each level is indented again by every level above it, so a
// chain 100,000 deep would take hours and gigabytes.
func Repr(m Module) string { return repr(m, map[Module]bool{}) }

// maxReprDepth is how deep Repr shows nested modules.
const maxReprDepth = 500

func repr(m Module, onPath map[Module]bool) string {
	if c, ok := m.(CustomRepr); ok {
		if s, ok := c.ReprOverride(); ok {
			return s
		}
	}
	if onPath[m] || len(onPath) >= maxReprDepth { // m contains itself, or is too deep; PyTorch would exceed its recursion limit
		return m.TypeName() + "(...)"
	}
	onPath[m] = true
	defer delete(onPath, m)
	var extra []string
	if e := m.ExtraRepr(); e != "" {
		extra = strings.Split(e, "\n")
	}
	var children []string
	b := m.Base()
	for _, name := range b.modules.keys {
		s := "None"
		if sub := b.modules.vals[name]; sub != nil {
			s = repr(sub, onPath)
		}
		children = append(children, "("+name+"): "+addIndent(s, 2))
	}
	return Layout(b.ClassPrefix+m.TypeName(), extra, children)
}

// Layout assembles a repr from its parts as PyTorch's Module.__repr__
// does; containers with their own child lines (ModuleList's grouping of
// repeated modules) use it too.
func Layout(typeName string, extra, children []string) string {
	lines := append(append([]string(nil), extra...), children...)
	s := typeName + "("
	switch {
	case len(extra) == 1 && len(children) == 0:
		s += extra[0]
	case len(lines) > 0:
		s += "\n  " + strings.Join(lines, "\n  ") + "\n"
	}
	return s + ")"
}

// addIndent indents every line of s but the first by n spaces.
func addIndent(s string, n int) string {
	first, rest, ok := strings.Cut(s, "\n")
	if !ok {
		return s
	}
	pad := strings.Repeat(" ", n)
	return first + "\n" + pad + strings.ReplaceAll(rest, "\n", "\n"+pad)
}
