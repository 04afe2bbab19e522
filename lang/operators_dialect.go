package lang

import "github.com/kael-dev/kael/lang/syntax"

// dialectBinary applies the binary operators of Python values that the
// core operator table leaves alone: str % args (printf-style formatting).
// ok is false when the operands are not its business.
func dialectBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	if s, isStr := a.(string); isStr && op == syntax.PERCENT {
		r, err := percentFormat(s, b)
		return r, true, err
	}
	return nil, false, nil
}
