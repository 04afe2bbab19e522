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
// argument names in calls or class patterns, nor to a dotted module path
// of an import (import __m and from __m import __x are mangled whole, as
// CPython mangles them), nor to strings (getattr(o, "__x") finds no mangled name). The
// innermost class decides the prefix. A mangled Ident keeps what was
// written in Unmangled: a def's or class's __name__ stays __m.

// manglePrivateNames mangles the private names of every class body in
// stmts, in place. Running it again changes nothing.
func manglePrivateNames(stmts []syntax.Stmt) {
	for _, st := range stmts {
		syntax.Inspect(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ClassStmt:
				mangleClassBody(n)
				return false
			case syntax.Expr: // no class statement is inside an expression
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

// inspectWithWorklist visits the nodes under roots as syntax.Inspect
// does (visit says whether to go below a node), except that each nested
// expression goes to a worklist rather than Inspect's recursion, so that a
// chain of a million operators cannot overflow Go's stack. push adds a
// node to the worklist. The order of visits is not source order.
func inspectWithWorklist(roots []syntax.Node, visit func(n syntax.Node, push func(syntax.Node)) bool) {
	stack := append([]syntax.Node(nil), roots...)
	push := func(n syntax.Node) { stack = append(stack, n) }
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		syntax.Inspect(top, func(n syntax.Node) bool {
			if e, ok := n.(syntax.Expr); ok && n != top {
				push(e)
				return false
			}
			return visit(n, push)
		})
	}
}

// mangleNode mangles the identifiers under root, in the body of the class
// named private. Expressions go through a worklist rather than recursion:
// a chain of a million operators must not overflow Go's stack (the
// compiler refuses it later, with a SyntaxError).
func mangleNode(root syntax.Node, private string) {
	inspectWithWorklist([]syntax.Node{root}, func(n syntax.Node, push func(syntax.Node)) bool {
		switch n := n.(type) {
		case *syntax.Ident:
			mangleIdent(n, private)
		case *syntax.ClassStmt:
			mangleIdent(n.Name, private)
			for _, d := range n.Decorators {
				push(d)
			}
			for _, b := range n.Bases {
				push(b)
			}
			for _, kw := range n.Keywords {
				push(kw)
			}
			mangleClassBody(n)
			return false
		case *syntax.Arg:
			push(n.Value) // f(__a=1): the keyword stays
			return false
		case *syntax.ClassPattern:
			push(n.Class)
			for _, p := range n.Args {
				push(p)
			}
			for _, p := range n.KwValues {
				push(p)
			}
			return false
		case *syntax.ImportName:
			mangleImportName(n, private)
			return false
		case *syntax.FromImportStmt:
			if n.Module != nil && len(n.Module.Parts) == 1 {
				mangleIdent(n.Module.Parts[0], private)
			}
			for _, name := range n.Names {
				mangleImportName(name, private)
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

// mangleImportName mangles an imported name as CPython's compiler does:
// the name imported (IMPORT_NAME, IMPORT_FROM) as well as the name bound,
// so that import __m in class C imports and binds _C__m, and from m import
// __x reads m._C__x. A dotted module path (import __a.b) is not mangled;
// the name it binds would be, but it is the path's own first part, which
// stays as written.
func mangleImportName(n *syntax.ImportName, private string) {
	if len(n.Name.Parts) == 1 {
		mangleIdent(n.Name.Parts[0], private)
	}
	if n.As != nil {
		mangleIdent(n.As, private)
	}
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
