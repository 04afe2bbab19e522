package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Left-grouping operator chains, a + b + c + ..., are what a program
// (or a generated one) makes very long: the parser builds them in a loop,
// and here they are folded, compiled and run in a loop too, so that a
// chain of any length takes time and Go stack linear in its terms, and an
// interrupt stops it between two terms. A short chain keeps the nested
// code of binaryExpr and its fast paths.

// minChain is the shortest chain compiled as a loop.
const minChain = 16

// leftChain returns x and the binary operations down its left operands,
// top first, when there are at least minChain that are not constants;
// nil otherwise.
func (c *compiler) leftChain(x *syntax.BinaryExpr) []*syntax.BinaryExpr {
	n := 1
	for b := x; n < minChain; n++ {
		next, ok := b.X.(*syntax.BinaryExpr)
		if !ok {
			return nil
		}
		if _, isConst := c.constValue(next); isConst {
			return nil
		}
		b = next
	}
	var chain []*syntax.BinaryExpr
	for b := x; ; {
		chain = append(chain, b)
		next, ok := b.X.(*syntax.BinaryExpr)
		if !ok {
			return chain
		}
		if _, isConst := c.constValue(next); isConst {
			return chain
		}
		b = next
	}
}

// chainStep is one operation of a chain after its first: the operator,
// its right operand and what computes it on values that are not numbers.
type chainStep struct {
	x      *syntax.BinaryExpr
	r      operand
	fast   bool
	finish func(in *interp, a, b Value) (Value, error)
}

// chainExpr compiles a chain (leftChain's, top first): the innermost
// operation as usual, then each operation to its left in a loop that
// looks at the interrupt flag between terms. Its terms count against the
// nesting limit, as when the chain was nested code.
func (c *compiler) chainExpr(chain []*syntax.BinaryExpr) evalFn {
	if c.nest+len(chain) > maxExprNesting {
		return c.nestedTooDeeply(chain[len(chain)-1-(maxExprNesting-c.nest)])
	}
	first := c.expr(chain[len(chain)-1])
	steps := make([]chainStep, len(chain)-1)
	for i := range steps {
		x := chain[len(chain)-2-i]
		steps[i] = chainStep{x: x, r: c.operand(x.Y), fast: hasFastArith(x.Op), finish: binaryFinish(x)}
	}
	return func(in *interp) (Value, error) {
		v, err := first(in)
		if err != nil {
			return nil, err
		}
		// owned: v is a list an earlier step of this chain made by
		// concatenating two lists, which nothing else can hold, so the
		// next list + list may extend it instead of copying it: a chain
		// [1] + [1] + ... is then linear, not quadratic.
		owned := false
		for i := range steps {
			s := &steps[i]
			if tensor.Interrupted() {
				return nil, in.wrapNode(ErrInterrupted(), s.x)
			}
			b := s.r.ready(in)
			if b == nil {
				if b, err = s.r.eval(in); err != nil {
					return nil, err
				}
			}
			lv, leftList := v.(*List)
			rb, rightList := b.(*List)
			lists := leftList && rightList && s.x.Op == syntax.PLUS
			if lists && owned {
				if err := concatGuard(v, len(lv.Elems), len(rb.Elems)); err != nil {
					return nil, in.wrapNode(err, s.x)
				}
				lv.Elems = append(lv.Elems, rb.Elems...)
				continue
			}
			owned = lists
			if s.fast {
				v, err = binaryValues(in, s.x.Op, v, b, s.finish)
			} else {
				v, err = s.finish(in, v, b)
			}
			if err != nil {
				return nil, err
			}
		}
		return v, nil
	}
}

// foldChain folds the constants of a chain bottom up, each operation
// finding its left operand's value remembered, so that folding a long
// chain of constants takes no deep recursion. A chain longer than the
// nesting limit is not folded: compiling it is the SyntaxError.
func (c *compiler) foldChain(x *syntax.BinaryExpr) {
	var spine []*syntax.BinaryExpr
	for b := x; ; {
		if _, done := c.consts[b]; done {
			break
		}
		spine = append(spine, b)
		next, ok := b.X.(*syntax.BinaryExpr)
		if !ok {
			break
		}
		b = next
	}
	if len(spine) < minChain {
		return
	}
	if c.consts == nil {
		c.consts = map[syntax.Expr]constResult{}
	}
	if len(spine) > maxExprNesting {
		for _, b := range spine {
			c.consts[b] = constResult{}
		}
		return
	}
	for i := len(spine) - 1; i >= 0; i-- {
		c.constValue(spine[i])
	}
}
