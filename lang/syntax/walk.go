package syntax

// Inspect traverses the tree rooted at n in depth-first order, calling f for
// each node; if f returns false, Inspect skips that node's children. Nodes
// that are not expressions or statements (Arg, Comparison, CompFor,
// DictEntry, Param, WithItem) are visited too. Nil children are skipped.
func Inspect(n Node, f func(Node) bool) {
	if !f(n) {
		return
	}
	switch n := n.(type) {
	case *File:
		inspectList(n.Stmts, f)
	case *ParenExpr:
		Inspect(n.X, f)
	case *UnaryExpr:
		Inspect(n.X, f)
	case *BinaryExpr:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *BoolOpExpr:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *CompareExpr:
		Inspect(n.X, f)
		inspectList(n.Ops, f)
	case *Comparison:
		Inspect(n.Y, f)
	case *CondExpr:
		Inspect(n.Then, f)
		Inspect(n.Cond, f)
		Inspect(n.Else, f)
	case *CallExpr:
		Inspect(n.Fn, f)
		inspectList(n.Args, f)
	case *Arg:
		if n.Name != nil {
			Inspect(n.Name, f)
		}
		Inspect(n.Value, f)
	case *AttrExpr:
		Inspect(n.X, f)
		Inspect(n.Name, f)
	case *IndexExpr:
		Inspect(n.X, f)
		inspectList(n.Subs, f)
	case *SliceExpr:
		inspectOpt(n.Lo, f)
		inspectOpt(n.Hi, f)
		inspectOpt(n.Step, f)
	case *TupleExpr:
		inspectList(n.Elts, f)
	case *ListExpr:
		inspectList(n.Elts, f)
	case *StarredExpr:
		Inspect(n.X, f)
	case *NamedExpr:
		Inspect(n.Target, f)
		Inspect(n.Value, f)
	case *MatchStmt:
		Inspect(n.Subject, f)
		inspectList(n.Cases, f)
	case *MatchCase:
		Inspect(n.Pattern, f)
		inspectOpt(n.Guard, f)
		inspectList(n.Body, f)
	case *ValuePattern:
		Inspect(n.Value, f)
	case *CapturePattern:
		if n.Name != nil {
			Inspect(n.Name, f)
		}
	case *StarPattern:
		if n.Name != nil {
			Inspect(n.Name, f)
		}
	case *SequencePattern:
		inspectList(n.Elts, f)
	case *MappingPattern:
		inspectList(n.Keys, f)
		inspectList(n.Values, f)
		if n.Rest != nil {
			Inspect(n.Rest, f)
		}
	case *ClassPattern:
		Inspect(n.Class, f)
		inspectList(n.Args, f)
		inspectList(n.KwNames, f)
		inspectList(n.KwValues, f)
	case *AsPattern:
		Inspect(n.Pattern, f)
		Inspect(n.Name, f)
	case *OrPattern:
		inspectList(n.Alts, f)
	case *ListComp:
		Inspect(n.Elt, f)
		inspectList(n.Fors, f)
	case *CompFor:
		Inspect(n.Target, f)
		Inspect(n.Iter, f)
		inspectList(n.Ifs, f)
	case *DictExpr:
		inspectList(n.Entries, f)
	case *DictEntry:
		Inspect(n.Key, f)
		Inspect(n.Value, f)
	case *YieldExpr:
		inspectOpt(n.Value, f)
	case *AwaitExpr:
		Inspect(n.X, f)
	case *LambdaExpr:
		inspectList(n.Params, f)
		Inspect(n.Body, f)
	case *ExprStmt:
		Inspect(n.X, f)
	case *AssignStmt:
		inspectList(n.Targets, f)
		Inspect(n.Value, f)
	case *AnnAssignStmt:
		Inspect(n.Target, f)
		Inspect(n.Annotation, f)
		inspectOpt(n.Value, f)
	case *DefStmt:
		inspectList(n.Decorators, f)
		Inspect(n.Name, f)
		inspectList(n.Params, f)
		inspectOpt(n.Result, f)
		inspectList(n.Body, f)
	case *Param:
		Inspect(n.Name, f)
		inspectOpt(n.Annotation, f)
		inspectOpt(n.Default, f)
	case *ReturnStmt:
		inspectOpt(n.Result, f)
	case *AssertStmt:
		Inspect(n.Cond, f)
		inspectOpt(n.Msg, f)
	case *IfStmt:
		Inspect(n.Cond, f)
		inspectList(n.Body, f)
		inspectList(n.Else, f)
	case *ForStmt:
		Inspect(n.Target, f)
		Inspect(n.Iter, f)
		inspectList(n.Body, f)
		inspectList(n.Else, f)
	case *WhileStmt:
		Inspect(n.Cond, f)
		inspectList(n.Body, f)
		inspectList(n.Else, f)
	case *WithStmt:
		inspectList(n.Items, f)
		inspectList(n.Body, f)
	case *WithItem:
		Inspect(n.X, f)
		inspectOpt(n.Target, f)
	case *DelStmt:
		inspectList(n.Targets, f)
	case *TryStmt:
		inspectList(n.Body, f)
		inspectList(n.Handlers, f)
		inspectList(n.Else, f)
		inspectList(n.Finally, f)
	case *ExceptClause:
		inspectOpt(n.Type, f)
		if n.Name != nil {
			Inspect(n.Name, f)
		}
		inspectList(n.Body, f)
	case *RaiseStmt:
		inspectOpt(n.Exc, f)
		inspectOpt(n.Cause, f)
	case *ClassStmt:
		inspectList(n.Decorators, f)
		Inspect(n.Name, f)
		inspectList(n.Bases, f)
		inspectList(n.Keywords, f)
		inspectList(n.Body, f)
	case *Decorator:
		Inspect(n.X, f)
	case *ImportStmt:
		inspectList(n.Names, f)
	case *FromImportStmt:
		if n.Module != nil {
			Inspect(n.Module, f)
		}
		inspectList(n.Names, f)
	case *ImportName:
		Inspect(n.Name, f)
		if n.As != nil {
			Inspect(n.As, f)
		}
	case *DottedName:
		inspectList(n.Parts, f)
	case *SetExpr:
		inspectList(n.Elts, f)
	case *DictComp:
		Inspect(n.Key, f)
		Inspect(n.Value, f)
		inspectList(n.Fors, f)
	case *SetComp:
		Inspect(n.Elt, f)
		inspectList(n.Fors, f)
	case *FStringExpr:
		inspectList(n.Parts, f)
	case *FStringField:
		Inspect(n.X, f)
		inspectList(n.Spec, f)
	}
}

func inspectList[N Node](list []N, f func(Node) bool) {
	for _, n := range list {
		Inspect(n, f)
	}
}

// inspectOpt inspects an optional child expression.
func inspectOpt(x Expr, f func(Node) bool) {
	if x != nil {
		Inspect(x, f)
	}
}
