package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// Private name mangling, as CPython's compiler does it (_Py_Mangle): inside
// a class body, and in every function, lambda and comprehension nested in
// it, an identifier __x (two leading underscores, not two trailing ones)
// becomes _C__x, where C is the class's name without its leading
// underscores. It applies to names read, assigned, deleted or declared
// global, to attribute names (self.__x), to parameters, to the names that
// def, class and import-as bind, and to annotated names; not to keyword
// argument names in calls or class patterns, nor to the module names of
// an import, nor to strings (getattr(o, "__x") finds no mangled name). The
// innermost class decides the prefix. A mangled Ident keeps what was
// written in Unmangled: a def's or class's __name__ stays __m.

// manglePrivateNames mangles the private names of every class body in
// stmts, in place. Running it again changes nothing.
func manglePrivateNames(stmts []syntax.Stmt) {
	for _, st := range stmts {
		syntax.Inspect(st, func(n syntax.Node) bool {
			if cs, ok := n.(*syntax.ClassStmt); ok {
				mangleClassBody(cs)
				return false
			}
			return true
		})
	}
}

// mangleClassBody mangles the names of class cs's body with cs's name. The
// class's own name, decorators, bases and keywords belong to the enclosing
// scope, mangled (or not) there.
func mangleClassBody(cs *syntax.ClassStmt) {
	for _, st := range cs.Body {
		mangleNode(st, cs.Name.Written())
	}
}

// mangleNode mangles the identifiers under n, in the body of the class
// named private.
func mangleNode(n syntax.Node, private string) {
	syntax.Inspect(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Ident:
			mangleIdent(n, private)
		case *syntax.ClassStmt:
			mangleIdent(n.Name, private)
			for _, d := range n.Decorators {
				mangleNode(d, private)
			}
			for _, b := range n.Bases {
				mangleNode(b, private)
			}
			for _, kw := range n.Keywords {
				mangleNode(kw, private)
			}
			mangleClassBody(n)
			return false
		case *syntax.Arg:
			mangleNode(n.Value, private) // f(__a=1): the keyword stays
			return false
		case *syntax.ClassPattern:
			mangleNode(n.Class, private)
			for _, p := range n.Args {
				mangleNode(p, private)
			}
			for _, p := range n.KwValues {
				mangleNode(p, private)
			}
			return false
		case *syntax.ImportName:
			if n.As != nil {
				mangleIdent(n.As, private)
			}
			return false
		case *syntax.FromImportStmt:
			for _, name := range n.Names {
				mangleNode(name, private)
			}
			return false
		case *syntax.GlobalStmt:
			for _, id := range n.Names {
				mangleIdent(id, private)
			}
		}
		return true
	})
}

// mangleIdent mangles id in the body of the class named private.
func mangleIdent(id *syntax.Ident, private string) {
	if m := mangledName(private, id.Name); m != id.Name {
		id.Unmangled = id.Name
		id.Name = m
	}
}

// mangledName is name mangled in the body of class cls (_cls__name
// without cls's leading underscores): name itself unless it is a private
// name, or when cls is only underscores.
func mangledName(cls, name string) string {
	private := strings.TrimLeft(cls, "_")
	if private == "" || !strings.HasPrefix(name, "__") || strings.HasSuffix(name, "__") || strings.Contains(name, ".") {
		return name
	}
	return "_" + private + name
}
