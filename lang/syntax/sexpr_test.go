package syntax

import (
	"fmt"
	"strings"
)

// sexpr renders a syntax tree as a compact, fully parenthesised
// S-expression, so that tests can state the expected structure in one line.
func sexpr(n Node) string {
	switch n := n.(type) {
	case *File:
		return list("", n.Stmts)
	case *Ident:
		return n.Name
	case *IntLit:
		return n.Raw
	case *FloatLit:
		return n.Raw
	case *StringLit:
		return fmt.Sprintf("%q", n.Value)
	case *BoolLit:
		if n.Value {
			return "True"
		}
		return "False"
	case *NoneLit:
		return "None"
	case *EllipsisLit:
		return "..."
	case *ParenExpr:
		return "(paren " + sexpr(n.X) + ")"
	case *UnaryExpr:
		return "(" + n.Op.String() + " " + sexpr(n.X) + ")"
	case *BinaryExpr:
		return "(" + n.Op.String() + " " + sexpr(n.X) + " " + sexpr(n.Y) + ")"
	case *BoolOpExpr:
		return "(" + n.Op.String() + " " + sexpr(n.X) + " " + sexpr(n.Y) + ")"
	case *CompareExpr:
		s := "(cmp " + sexpr(n.X)
		for _, c := range n.Ops {
			s += " " + c.Op.String() + " " + sexpr(c.Y)
		}
		return s + ")"
	case *CondExpr:
		return "(if " + sexpr(n.Cond) + " " + sexpr(n.Then) + " " + sexpr(n.Else) + ")"
	case *CallExpr:
		return "(call " + sexpr(n.Fn) + list(" ", n.Args) + ")"
	case *Arg:
		s := sexpr(n.Value)
		if n.Name != nil {
			s = n.Name.Name + "=" + s
		}
		if n.Star != ILLEGAL {
			s = n.Star.String() + s
		}
		return s
	case *AttrExpr:
		return "(. " + sexpr(n.X) + " " + n.Name.Name + ")"
	case *IndexExpr:
		return "(index " + sexpr(n.X) + list(" ", n.Subs) + ")"
	case *SliceExpr:
		return "(slice " + opt(n.Lo) + " " + opt(n.Hi) + " " + opt(n.Step) + ")"
	case *TupleExpr:
		return "(tuple" + list(" ", n.Elts) + ")"
	case *ListExpr:
		return "[" + strings.TrimPrefix(list(" ", n.Elts), " ") + "]"
	case *StarredExpr:
		return "*" + sexpr(n.X)
	case *NamedExpr:
		return "(:= " + n.Target.Name + " " + sexpr(n.Value) + ")"
	case *ListComp:
		return "(listcomp " + sexpr(n.Elt) + list(" ", n.Fors) + ")"
	case *CompFor:
		return "(for " + sexpr(n.Target) + " " + sexpr(n.Iter) + list(" if ", n.Ifs) + ")"
	case *DictExpr:
		return "{" + strings.TrimPrefix(list(" ", n.Entries), " ") + "}"
	case *DictEntry:
		return sexpr(n.Key) + ":" + sexpr(n.Value)
	case *LambdaExpr:
		return "(lambda (" + strings.TrimPrefix(list(" ", n.Params), " ") + ") " + sexpr(n.Body) + ")"
	case *Param:
		s := n.Name.Name
		switch {
		case n.PosOnly:
			s += "/"
		case n.KwOnly:
			s = "kw:" + s
		}
		if n.Star != ILLEGAL {
			s = n.Star.String() + s
		}
		if n.Annotation != nil {
			s += ":" + sexpr(n.Annotation)
		}
		if n.Default != nil {
			s += "=" + sexpr(n.Default)
		}
		return s
	case *ExprStmt:
		return sexpr(n.X)
	case *AssignStmt:
		op := "="
		if n.Op != ASSIGN {
			op = n.Op.String() + "="
		}
		return "(" + op + list(" ", n.Targets) + " " + sexpr(n.Value) + ")"
	case *AnnAssignStmt:
		if n.Value == nil {
			return "(: " + sexpr(n.Target) + " " + sexpr(n.Annotation) + ")"
		}
		return "(: " + sexpr(n.Target) + " " + sexpr(n.Annotation) + " " + sexpr(n.Value) + ")"
	case *ClassStmt:
		return decorators(n.Decorators) + "(class " + n.Name.Name + " (" + strings.TrimPrefix(list(" ", n.Bases)+list(" ", n.Keywords), " ") + ")" + list(" ", n.Body) + ")"
	case *Decorator:
		return "@" + sexpr(n.X) + " "
	case *DefStmt:
		result := ""
		if n.Result != nil {
			result = " ->" + sexpr(n.Result)
		}
		return decorators(n.Decorators) + "(def " + n.Name.Name + " (" + strings.TrimPrefix(list(" ", n.Params), " ") + ")" + result + list(" ", n.Body) + ")"
	case *AssertStmt:
		if n.Msg == nil {
			return "(assert " + sexpr(n.Cond) + ")"
		}
		return "(assert " + sexpr(n.Cond) + " " + sexpr(n.Msg) + ")"
	case *ReturnStmt:
		if n.Result == nil {
			return "(return)"
		}
		return "(return " + sexpr(n.Result) + ")"
	case *IfStmt:
		s := "(if " + sexpr(n.Cond) + " (" + strings.TrimPrefix(list(" ", n.Body), " ") + ")"
		if n.Else != nil {
			s += " (" + strings.TrimPrefix(list(" ", n.Else), " ") + ")"
		}
		return s + ")"
	case *ForStmt:
		return "(for " + sexpr(n.Target) + " " + sexpr(n.Iter) + list(" ", n.Body) + loopElse(n.Else) + ")"
	case *WhileStmt:
		return "(while " + sexpr(n.Cond) + list(" ", n.Body) + loopElse(n.Else) + ")"
	case *WithStmt:
		return "(with" + list(" ", n.Items) + list(" ", n.Body) + ")"
	case *WithItem:
		if n.Target == nil {
			return sexpr(n.X)
		}
		return "(as " + sexpr(n.X) + " " + sexpr(n.Target) + ")"
	case *BreakStmt:
		return "break"
	case *ContinueStmt:
		return "continue"
	case *PassStmt:
		return "pass"
	case *DelStmt:
		return "(del" + list(" ", n.Targets) + ")"
	case *DictComp:
		return "(dictcomp " + sexpr(n.Key) + ":" + sexpr(n.Value) + list(" ", n.Fors) + ")"
	case *SetComp:
		return "(setcomp " + sexpr(n.Elt) + list(" ", n.Fors) + ")"
	case *SetExpr:
		return "(set" + list(" ", n.Elts) + ")"
	case *FStringExpr:
		return "(f" + list(" ", n.Parts) + ")"
	case *FStringField:
		s := "{" + n.Debug + sexpr(n.X)
		if n.Conv != "" {
			s += "!" + n.Conv
		}
		if n.Spec != nil {
			s += ":" + strings.TrimPrefix(list(" ", n.Spec), " ")
		}
		return s + "}"
	case *ImportStmt:
		return "(import" + list(" ", n.Names) + ")"
	case *FromImportStmt:
		if n.Star.IsValid() {
			return "(from " + n.Module.String() + " *)"
		}
		return "(from " + n.Module.String() + list(" ", n.Names) + ")"
	case *ImportName:
		if n.As == nil {
			return n.Name.String()
		}
		return "(as " + n.Name.String() + " " + n.As.Name + ")"
	}
	panic(fmt.Sprintf("sexpr: unexpected %T", n))
}

// list renders each node of ns preceded by sep; a File's statements are
// separated by "; " instead.
// loopElse renders the else block of a loop, if any, as (else ...).
func loopElse(els []Stmt) string {
	if els == nil {
		return ""
	}
	return " (else" + list(" ", els) + ")"
}

func list[N Node](sep string, ns []N) string {
	var b strings.Builder
	for i, n := range ns {
		if sep == "" {
			if i > 0 {
				b.WriteString("; ")
			}
		} else {
			b.WriteString(sep)
		}
		b.WriteString(sexpr(n))
	}
	return b.String()
}

// decorators renders @ lines as "@d @e ", before their statement.
func decorators(ds []*Decorator) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(sexpr(d))
	}
	return b.String()
}

func opt(x Expr) string {
	if x == nil {
		return "_"
	}
	return sexpr(x)
}
