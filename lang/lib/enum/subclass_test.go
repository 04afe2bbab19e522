package enum_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/copy"
	_ "github.com/kael-dev/kael/lang/lib/json"
)

const intStrEnums = "class Color(IntEnum):\n    RED = 1\n    GREEN = 2\n    BIG = '7'\nclass S(StrEnum):\n    A = auto()\n    B = 'bee'\nclass P(IntFlag):\n    R = 4\n    W = 2\n    X = 1\nclass E(Enum):\n    A = 1\nclass F(Flag):\n    R = 1\n    W = 2\n"

// TestIntStrEnumsAreIntsAndStrs: IntEnum and IntFlag derive from int,
// StrEnum from str, as CPython 3.11's do, and members pickle and copy
// as themselves (pickle's
// round trip needs a module the classes live in: pickle's tests).
func TestIntStrEnumsAreIntsAndStrs(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import json, copy\n"+intStrEnums, []string{
		"isinstance(Color.RED, int), isinstance(S.A, str), isinstance(P.R, int), isinstance(P.R | P.W, int), issubclass(Color, int), issubclass(S, str), [k.__name__ for k in P.__mro__]",
		"Color.RED + 1, Color.GREEN * 3, f'{Color.RED}', format(Color.RED, 'd'), str(Color.RED), '%d %s %r %x %5.2f' % (Color.GREEN, Color.GREEN, Color.GREEN, P.R | P.W, Color.GREEN)",
		"'{} {:03d} {!r}'.format(Color.RED, Color.GREEN, Color.RED), f'{P.W:b}', f'{P.R | P.W}', str(P.R | P.W), repr(P(0)), str(P(0))",
		"json.dumps([Color.RED, S.B, P.R | P.W]), json.dumps({Color.RED: S.A, S.B: 1})",
		"hash(Color.RED) == hash(1), {Color.RED: 'x'}[1], {1: 'y'}[Color.RED], hash(S.B) == hash('bee'), {S.A: 1}['a']",
		"Color.BIG, Color.BIG.value, [10, 20, 30][Color.RED], list(range(Color.GREEN)), sorted([Color.GREEN, 0, Color.RED]), max(Color)",
		"P.R | 8, P(12), ~P.R, P.R & 6, P.W in P.R | P.W, 3 | P.R, (P.R | P.W) + 0, int(P.R | P.W)",
		"S.A, repr(S.A), S.A == 'a', S.A in {'a'}, ' '.join([S.A, S.B]), S.B[1:], list(S.B), S.B.encode(), S.B.upper(), S.A + 'x', len(S.B), format(S.B, '^7')",
		"Color.RED.numerator, Color.RED.to_bytes(2, 'big'), divmod(Color.GREEN, 2), -Color.RED, abs(Color.RED), float(Color.RED), type(Color.RED + Color.RED), type(S.A + 'x')",
		"int.__add__(Color.RED, 1), str.upper(S.B), int.__repr__(Color.GREEN), Color.RED.__str__(), Color.RED.__repr__()",
		"[copy.copy(m) is m and copy.deepcopy(m) is m for m in (Color.RED, S.A, P.R, P.R | P.W, E.A, F.W)], E.A.__reduce_ex__(4)[1][1]",
		"class Bad(StrEnum):\n    A = 1",
	})
}
