package lang

import "github.com/kael-dev/kael/lang/syntax"

// namedExpr compiles an assignment expression, name := value: it stores
// the value into the variable the resolver chose (in a comprehension, the
// enclosing function's) and is that value.
func (c *compiler) namedExpr(x *syntax.NamedExpr) evalFn {
	value := c.expr(x.Value)
	store := c.storeName(x.Target)
	return func(in *interp) (Value, error) {
		v, err := value(in)
		if err != nil {
			return nil, err
		}
		store(in, v)
		return v, nil
	}
}
