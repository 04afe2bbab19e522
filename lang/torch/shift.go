package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// The shift operators' special methods of Tensor, which PyTorch 1.13's
// Tensor lists (__lshift__, __rlshift__, __ilshift__ and the same for >>):
// each applies the operator as the expression does (bitwise_left_shift
// and bitwise_right_shift, autograd.BitwiseLeftShiftOp and
// BitwiseRightShiftOp).

func defShiftDunders() {
	for _, s := range []struct {
		name string
		op   syntax.Token
		sym  string
	}{{"lshift", syntax.LSHIFT, "<<"}, {"rshift", syntax.RSHIFT, ">>"}} {
		op := s.op
		lang.NewBuiltin(lang.AsMethod, "__"+s.name+"__(input, other)", "input "+s.sym+" other.", func(a *lang.Args) (lang.Value, error) {
			x, y := tensorArg(a, "input"), a.Value("other")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.Binary(op, x, y)
		})
		lang.NewBuiltin(lang.AsMethod, "__r"+s.name+"__(input, other)", "other "+s.sym+" input (the reflected operator).", func(a *lang.Args) (lang.Value, error) {
			x, y := tensorArg(a, "input"), a.Value("other")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.Binary(op, y, x)
		})
		lang.NewBuiltin(lang.AsMethod, "__i"+s.name+"__(input, other)", "input "+s.sym+"= other, in place; returns input.", func(a *lang.Args) (lang.Value, error) {
			x, y := tensorArg(a, "input"), a.Value("other")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.InPlace(op, x, y)
		})
	}
}
