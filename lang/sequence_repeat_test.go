package lang_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSequenceRepeatMatchesCPython compares a sequence repeated by a
// count that is not an int (a bool, an object with __index__, a float)
// and the augmented assignments' operand errors with CPython 3.11.
func TestSequenceRepeatMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "class I:\n    def __index__(self): return 2\nclass R:\n    def __rmul__(self, o): return 'rmul'\nclass N: pass\n", []string{
		"[1] * True, True * [1], 'ab' * False, (1, 2) * I(), I() * 'ab', b'x' * I(), bytearray(b'y') * I()",
		"[1] * 2.0", "2.5 * 'a'", "[1] * N()", "N() * (1,)", "[1] * R(), (1,) * R()",
		"x = [1]\nx *= I()\nx", "x = [1]\nx *= True\nx", "x = [1]\nx *= R()\nx", "x = [1]\nx *= 2.0", "x = (1,)\nx *= I()\nx",
		"x = [1]\ny = x\nx *= 2\ny is x, y",
		"x = 1\nx **= 'a'", "1 ** 'a'", "pow(1, 'a')", "x = 1\nx @= 2", "1 @ 2", "x = 1\nx //= 'a'", "x = 1\nx <<= 'a'", "x = 'a'\nx += 1", "x = (1,)\nx += [1]", "x = [1]\nx += 1", "x = {1}\nx |= [1]", "x = 1.5\nx %= 'a'", "x = None\nx += 1",
		"class V:\n    def __add__(self, o): return 1 + o\nx = V()\nx += 'a'",
	})
}
