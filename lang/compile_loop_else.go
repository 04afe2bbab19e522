package lang

import "github.com/kael-dev/kael/lang/syntax"

// The else clause of a for or while loop runs when the loop ends without
// break: when its iterable runs out or its condition is false, even at
// once. A loop with an else clause returns ctrlBreak when break ends it,
// so that loopElse can tell the two ends apart; one without returns
// ctrlNext, as the block around it expects.

// loopBreak is what the code of a loop with the else block orelse returns
// when break ends it.
func loopBreak(orelse []syntax.Stmt) ctrl {
	if len(orelse) == 0 {
		return ctrlNext
	}
	return ctrlBreak
}

// loopElse returns loop followed by its else block orelse, if any. The
// block is compiled outside the loop: a break or continue in it belongs
// to an enclosing loop.
func (c *compiler) loopElse(orelse []syntax.Stmt, loop execFn) execFn {
	if len(orelse) == 0 {
		return loop
	}
	els := c.block(orelse)
	return func(in *interp) (ctrl, error) {
		k, err := loop(in)
		switch {
		case err != nil || k == ctrlReturn:
			return k, err
		case k == ctrlBreak:
			return ctrlNext, nil
		}
		return els.exec(in)
	}
}
