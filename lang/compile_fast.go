package lang

import (
	"math"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Fast paths for the arithmetic and comparisons of plain loops: int and
// float operands are computed here, without the general operator's type
// switches; every other operand, and every case that can fail (overflow,
// division by zero), goes to the general operator (operators.go), which
// gives the same answers and errors.

// operand is a compiled operand of an arithmetic operation, a comparison
// or a call: a variable read straight from its slot (or a builtin under
// a global's name), or a constant, with no call of a closure; anything
// else, and a variable without a value (whose error eval raises), goes
// through eval.
type operand struct {
	kind  operandKind
	slot  int // a local's slot
	konst Value
	glob  *varCell // a global's cell
	eval  evalFn
	// step is k of an operandExpr that is a local ± an int constant k
	// (n - 1 is a step of -1), for a call to compute the argument itself
	// (stepped); 0 otherwise.
	step int64
	// pair holds the two elements of an operandExpr that is a display of
	// a pair of names, (self, other), for a constructor without a frame
	// to make the tuple in the instance's own allocation
	// (class_ctor.go: instancePair); nil otherwise.
	pair *[2]operand
}

type operandKind uint8

const (
	operandExpr operandKind = iota
	operandConst
	operandLocal
	operandGlobal
)

func (c *compiler) operand(x syntax.Expr) operand { return c.operandWith(x, c.expr(x)) }

// operandWith is the operand x, with eval its compiled code.
func (c *compiler) operandWith(x syntax.Expr, eval evalFn) operand {
	o := operand{eval: eval}
	if v, ok := c.constValue(x); ok {
		o.kind, o.konst = operandConst, v
		return o
	}
	if slot, k, ok := c.localStep(x); ok {
		o.slot, o.step = slot, k
		return o
	}
	if t, ok := unparen(x).(*syntax.TupleExpr); ok && len(t.Elts) == 2 && isIdent(t.Elts[0]) && isIdent(t.Elts[1]) {
		o.pair = &[2]operand{c.operand(t.Elts[0]), c.operand(t.Elts[1])}
		return o
	}
	if id, ok := unparen(x).(*syntax.Ident); ok {
		switch b := c.res.uses[id]; b.kind {
		case scopeLocal:
			o.kind, o.slot = operandLocal, b.index
		case scopeGlobal:
			// konst is the builtin of that name, found when no global is.
			o.kind, o.glob = operandGlobal, c.glob.cell(b.index)
			o.konst, _ = definedGlobal(id.Name) // a library's name: eval finds it
		}
	}
	return o
}

// isIdent reports whether x is a name, maybe in parentheses: compiling
// it again has no effect on the compiler.
func isIdent(x syntax.Expr) bool {
	_, ok := unparen(x).(*syntax.Ident)
	return ok
}

// localStep reports whether x is a local variable plus or minus a
// nonzero int constant (n - 1, i + 2) and returns the variable's slot and
// the constant to add.
func (c *compiler) localStep(x syntax.Expr) (slot int, k int64, ok bool) {
	b, isBin := unparen(x).(*syntax.BinaryExpr)
	if !isBin || b.Op != syntax.PLUS && b.Op != syntax.MINUS {
		return 0, 0, false
	}
	id, isIdent := unparen(b.X).(*syntax.Ident)
	if !isIdent || c.res.uses[id].kind != scopeLocal {
		return 0, 0, false
	}
	kv, isConst := c.constValue(b.Y)
	k, isInt := kv.(int64)
	if !isConst || !isInt || k == 0 || k == math.MinInt64 {
		return 0, 0, false
	}
	if b.Op == syntax.MINUS {
		k = -k
	}
	return c.res.uses[id].index, k, true
}

// stepped returns the int value of an operand with a step when its
// variable holds an int and the sum does not overflow; ok is false when
// eval must compute it (and raise its errors).
func (o *operand) stepped(in *interp) (v int64, ok bool) {
	if a, isInt := in.locals[o.slot].(int64); isInt {
		return addInt(a, o.step)
	}
	return 0, false
}

// operandsWith is the operands of a call's positional arguments, with
// evals their compiled code.
func (c *compiler) operandsWith(args []*syntax.Arg, evals []evalFn) []operand {
	ops := make([]operand, len(args))
	for i, a := range args {
		ops[i] = c.operandWith(a.Value, evals[i])
	}
	return ops
}

// value evaluates the operand.
func (o *operand) value(in *interp) (Value, error) {
	if v := o.ready(in); v != nil {
		return v, nil
	}
	return o.eval(in)
}

// ready returns the operand's value when it is a constant or a variable
// with a value, and nil when eval must compute it.
func (o *operand) ready(in *interp) Value {
	switch o.kind {
	case operandLocal:
		return in.locals[o.slot]
	case operandGlobal:
		if v := o.glob.v; v != nil {
			return v
		}
		if in.s != nil && in.s.builtinsSet != nil {
			return nil // builtins.name = v was run: eval looks the name up
		}
	}
	return o.konst
}

// operands evaluates two operands, left first.
func operands(in *interp, l, r *operand) (a, b Value, err error) {
	if a = l.ready(in); a == nil {
		if a, err = l.eval(in); err != nil {
			return nil, nil, err
		}
	}
	if b = r.ready(in); b == nil {
		b, err = r.eval(in)
	}
	return a, b, err
}

func (c *compiler) binaryExpr(x *syntax.BinaryExpr) evalFn {
	if chain := c.leftChain(x); chain != nil {
		return c.chainExpr(chain)
	}
	l, r := c.operand(x.X), c.operand(x.Y)
	op := x.Op
	finish := binaryFinish(x)
	if !hasFastArith(op) {
		return func(in *interp) (Value, error) {
			a, b, err := operands(in, &l, &r)
			if err != nil {
				return nil, err
			}
			return finish(in, a, b)
		}
	}
	// general evaluates the operands, left first, each read inline when
	// it is a variable or a constant (operands, inlined).
	general := func(in *interp) (Value, error) {
		a := l.ready(in)
		if a == nil {
			var err error
			if a, err = l.eval(in); err != nil {
				return nil, err
			}
		}
		b := r.ready(in)
		if b == nil {
			var err error
			if b, err = r.eval(in); err != nil {
				return nil, err
			}
		}
		return binaryValues(in, op, a, b, finish)
	}
	k, isInt := r.konst.(int64)
	if (l.kind == operandLocal || l.kind == operandGlobal) && r.kind == operandConst && isInt && (op == syntax.PLUS || op == syntax.MINUS) {
		// n - 1, i + 1: a variable's int and a constant, computed here.
		return func(in *interp) (Value, error) {
			if a, ok := l.ready(in).(int64); ok {
				if v, ok := intArith(op, a, k); ok {
					return boxInt(in.s, v), nil
				}
			}
			return general(in)
		}
	}
	if (l.kind == operandLocal || l.kind == operandGlobal) && r.kind == operandConst && isInt && k > 0 && op == syntax.STAR {
		// x * 2: a variable's int times a positive constant, within the
		// bounds where the product fits an int64 (no division per call,
		// as mulInt's check has).
		lo, hi := math.MinInt64/k, math.MaxInt64/k
		return func(in *interp) (Value, error) {
			if a, ok := l.ready(in).(int64); ok && a >= lo && a <= hi {
				return boxInt(in.s, a*k), nil
			}
			return general(in)
		}
	}
	if l.kind == operandExpr && r.kind == operandConst && isInt && (op == syntax.PLUS || op == syntax.MINUS) {
		// d.get(k, 0) + 1: a computed int and a constant.
		le := l.eval
		return func(in *interp) (Value, error) {
			a, err := le(in)
			if err != nil {
				return nil, err
			}
			if ai, ok := a.(int64); ok {
				if v, ok := intArith(op, ai, k); ok {
					return boxInt(in.s, v), nil
				}
			}
			return binaryValues(in, op, a, r.konst, finish)
		}
	}
	if (l.kind == operandLocal || l.kind == operandGlobal) && r.kind == operandConst && isInt && k > 0 && op == syntax.PERCENT {
		// i % 50: a variable's int modulo a positive constant, which
		// Python's % leaves in [0, k).
		return func(in *interp) (Value, error) {
			if a, ok := l.ready(in).(int64); ok {
				m := a % k
				if m < 0 {
					m += k
				}
				return boxInt(in.s, m), nil
			}
			return general(in)
		}
	}
	if l.kind == operandExpr && r.kind == operandExpr {
		// Two computed operands, as in f(n - 1) + f(n - 2): no reads to
		// try first.
		le, re := l.eval, r.eval
		return func(in *interp) (Value, error) {
			a, err := le(in)
			if err != nil {
				return nil, err
			}
			b, err := re(in)
			if err != nil {
				return nil, err
			}
			if ai, ok := a.(int64); ok { // binaryValues' first case, inlined
				if bi, ok := b.(int64); ok {
					if v, ok := intArith(op, ai, bi); ok {
						return boxInt(in.s, v), nil
					}
				}
			}
			return binaryValues(in, op, a, b, finish)
		}
	}
	return general
}

// binaryFinish returns what computes the operation x on its operands'
// values when they are not two ints or two floats: a class's dunder, a
// tensor operator, or the general operator, its error at x's span.
func binaryFinish(x *syntax.BinaryExpr) func(in *interp, a, b Value) (Value, error) {
	op := x.Op
	top := binaryOperators[op]
	dunder := binaryDunders[op][0]
	var cache dunderCache
	return func(in *interp, a, b Value) (Value, error) {
		if ia, ok := a.(*Instance); ok && dunder != "" {
			if v, ok, err := in.binaryMethod(&cache, op, dunder, ia, b); ok {
				return v, in.wrapNode(err, x)
			}
		}
		if ta, ok := a.(*tensor.Tensor); ok && top != nil {
			if tb, ok := b.(*tensor.Tensor); ok { // no dialect operator takes two tensors
				v, err := in.tensorOp(top, op, ta, tb, x)
				return v, in.wrapNode(err, x)
			}
		}
		v, err := in.binary(op, a, b, x)
		return v, in.wrapNode(err, x)
	}
}

// binaryValues computes a op b from the operands' values: + and - of two
// ints inline, the rest of the number cases in arithNumbers, anything
// else in finish.
func binaryValues(in *interp, op syntax.Token, a, b Value, finish func(in *interp, a, b Value) (Value, error)) (Value, error) {
	if ai, ok := a.(int64); ok {
		if bi, ok := b.(int64); ok {
			if v, ok := intArith(op, ai, bi); ok {
				return boxInt(in.s, v), nil
			}
		}
	}
	if v, ok := arithNumbers(in.s, op, a, b); ok {
		return v, nil
	}
	return finish(in, a, b)
}

// hasFastArith reports whether arithNumbers computes op.
func hasFastArith(op syntax.Token) bool {
	switch op {
	case syntax.PLUS, syntax.MINUS, syntax.STAR, syntax.PERCENT:
		return true
	}
	return false
}

// arithNumbers computes a op b for two ints or two floats and +, - or *,
// and for two non-negative ints (the divisor positive) and %; ok is false
// for anything else, and for an int result that overflows, which the
// general operator (operators.go) computes, with the same answers and
// errors.
func arithNumbers(s *Session, op syntax.Token, a, b Value) (v Value, ok bool) {
	switch a := a.(type) {
	case int64:
		b, isInt := b.(int64)
		if !isInt {
			return nil, false
		}
		var r int64
		switch op {
		case syntax.PLUS:
			r, ok = addInt(a, b)
		case syntax.MINUS:
			r, ok = intArith(op, a, b)
		case syntax.STAR:
			r, ok = mulInt(a, b)
		case syntax.PERCENT:
			// Only the plain case: the general operator has Python's
			// signs and division by zero.
			if a >= 0 && b > 0 {
				r, ok = a%b, true
			}
		}
		if ok {
			return boxInt(s, r), true
		}
	case float64:
		b, isFloat := b.(float64)
		if !isFloat {
			return nil, false
		}
		switch op {
		case syntax.PLUS:
			return boxFloat(s, a+b), true
		case syntax.MINUS:
			return boxFloat(s, a-b), true
		case syntax.STAR:
			return boxFloat(s, a*b), true
		}
	}
	return nil, false
}

// intArith computes a + b and a - b, small enough to be inlined; ok is
// false for other operators and on overflow, when the general operator
// must decide.
func intArith(op syntax.Token, a, b int64) (v int64, ok bool) {
	if op == syntax.PLUS {
		return addInt(a, b)
	}
	s := a - b
	return s, op == syntax.MINUS && (s < a) == (b > 0)
}

// addInt returns a+b and whether it fits in an int64.
func addInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

func compareOrdered[T int64 | float64](op syntax.Token, a, b T) bool {
	switch op {
	case syntax.LT:
		return a < b
	case syntax.LE:
		return a <= b
	case syntax.GT:
		return a > b
	case syntax.GE:
		return a >= b
	case syntax.EQL:
		return a == b
	}
	return a != b
}

// fastCompare compiles a single comparison a < b (<, <=, >, >=, ==, !=);
// ok is false for anything else. Its operands are int or float, and then
// the comparison is made here, or anything else, and then slow makes it.
func (c *compiler) fastCompare(cmp *syntax.CompareExpr) (l, r operand, op syntax.Token, slow func(in *interp, a, b Value) (Value, error), ok bool) {
	if len(cmp.Ops) != 1 {
		return l, r, op, nil, false
	}
	op = cmp.Ops[0].Op
	switch op {
	case syntax.LT, syntax.LE, syntax.GT, syntax.GE, syntax.EQL, syntax.NEQ:
	default:
		return l, r, op, nil, false
	}
	l, r = c.operand(cmp.X), c.operand(cmp.Ops[0].Y)
	slow = func(in *interp, a, b Value) (Value, error) {
		at := chainLink{cmp, 0}
		v, err := in.compare(op, a, b, at)
		if err != nil {
			return nil, in.errorAt(err, at.Span())
		}
		return v, nil
	}
	return l, r, op, slow, true
}

// compareNumbers compares two ints or two floats; done is false for other
// operands.
func compareNumbers(op syntax.Token, a, b Value) (result, done bool) {
	switch a := a.(type) {
	case int64:
		if b, ok := b.(int64); ok {
			return compareOrdered(op, a, b), true
		}
	case float64:
		if b, ok := b.(float64); ok {
			return compareOrdered(op, a, b), true
		}
	}
	return false, false
}

// fastCompareValue compiles a single comparison used for its value; nil
// for anything else.
func (c *compiler) fastCompareValue(cmp *syntax.CompareExpr) evalFn {
	l, r, op, slow, ok := c.fastCompare(cmp)
	if !ok {
		return nil
	}
	return func(in *interp) (Value, error) {
		a, b, err := operands(in, &l, &r)
		if err != nil {
			return nil, err
		}
		if t, done := compareNumbers(op, a, b); done {
			return t, nil
		}
		return slow(in, a, b)
	}
}

// fastCond compiles a single comparison used for its truth (if n < 2:,
// while i < n:) to a bool, without making a Value of it; nil for anything
// else. Errors are those of cond.
func (c *compiler) fastCond(x syntax.Expr) func(in *interp) (bool, error) {
	cmp, ok := unparen(x).(*syntax.CompareExpr)
	if !ok {
		return nil
	}
	l, r, op, slow, ok := c.fastCompare(cmp)
	if !ok {
		return nil
	}
	// decide makes the comparison of the operands' values.
	decide := func(in *interp, a, b Value) (bool, error) {
		if t, done := compareNumbers(op, a, b); done {
			return t, nil
		}
		v, err := slow(in, a, b)
		if err != nil {
			return false, in.errorAt(err, x.Span())
		}
		if t, ok := v.(bool); ok {
			return t, nil
		}
		t, err := Truth(v)
		return t, in.wrapNode(err, x)
	}
	general := func(in *interp) (bool, error) {
		a, b, err := operands(in, &l, &r)
		if err != nil {
			return false, in.errorAt(err, x.Span())
		}
		return decide(in, a, b)
	}
	k, isInt := r.konst.(int64)
	if !isInt || r.kind != operandConst {
		return general
	}
	switch l.kind {
	case operandLocal, operandGlobal:
		// n < 2, i < 10: a variable's int compared with the constant.
		return func(in *interp) (bool, error) {
			if a, ok := l.ready(in).(int64); ok {
				return compareOrdered(op, a, k), nil
			}
			return general(in)
		}
	case operandExpr:
		// len(seen) > 100: a computed int compared with the constant.
		eval, kv := l.eval, r.konst
		return func(in *interp) (bool, error) {
			a, err := eval(in)
			if err != nil {
				return false, in.errorAt(err, x.Span())
			}
			if ai, ok := a.(int64); ok {
				return compareOrdered(op, ai, k), nil
			}
			return decide(in, a, kv)
		}
	}
	return general
}

// varIntCompare reports whether x is a variable compared with an int
// constant (n < 2, i != 0) and returns the variable's operand, the
// operator and the constant, for a statement to make the comparison
// itself when the variable holds an int.
func (c *compiler) varIntCompare(x syntax.Expr) (v operand, op syntax.Token, k int64, ok bool) {
	cmp, isCmp := unparen(x).(*syntax.CompareExpr)
	if !isCmp || len(cmp.Ops) != 1 {
		return v, op, 0, false
	}
	switch op = cmp.Ops[0].Op; op {
	case syntax.LT, syntax.LE, syntax.GT, syntax.GE, syntax.EQL, syntax.NEQ:
	default:
		return v, op, 0, false
	}
	kv, isConst := c.constValue(cmp.Ops[0].Y)
	if k, ok = kv.(int64); !isConst || !ok {
		return v, op, 0, false
	}
	if id, isIdent := unparen(cmp.X).(*syntax.Ident); !isIdent || c.res.uses[id].kind != scopeLocal && c.res.uses[id].kind != scopeGlobal {
		return v, op, 0, false
	}
	v = c.operand(cmp.X)
	return v, op, k, v.kind == operandLocal || v.kind == operandGlobal
}

// returnsOperand reports whether body is a single return of a variable or
// a constant (return n, return 0) and returns the operand, for an if
// statement to return it itself.
func (c *compiler) returnsOperand(body []syntax.Stmt) (operand, bool) {
	if len(body) != 1 {
		return operand{}, false
	}
	r, ok := body[0].(*syntax.ReturnStmt)
	if !ok || r.Result == nil {
		return operand{}, false
	}
	o := c.operand(r.Result)
	return o, o.kind != operandExpr
}
