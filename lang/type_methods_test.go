package lang

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// TestTypesHaveCPythonsMethods asks CPython for the public attributes of
// each built-in type (dir) and checks that kael has each, but for the
// deliberate exceptions listed with their reasons.
func TestTypesHaveCPythonsMethods(t *testing.T) {
	types := []struct {
		name, example string
		leftOut       []string
	}{
		{"int", "1", nil},
		{"bool", "True", nil},
		{"float", "1.5", nil},
		{"str", "'s'", nil},
		{"list", "[1]", nil},
		{"dict", "{1: 2}", nil},
		{"set", "{1}", nil},
		{"frozenset", "frozenset()", nil},
		{"tuple", "(1,)", nil},
		{"range", "range(1)", nil},
		{"bytes", "b'x'", nil},
		{"bytearray", "bytearray()", nil},
		{"memoryview", "memoryview(b'x')", nil},
	}
	srcs := make([]string, len(types))
	for i, ty := range types {
		srcs[i] = fmt.Sprintf("[n for n in dir(%s) if not n.startswith('_')]", ty.example)
	}
	names := cpythonCellOutcomes(t, "", srcs)
	for i, ty := range types {
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", fmt.Sprintf("[n for n in %s if not hasattr(%s, n)]", names[i], ty.example)))
		left := append([]string(nil), ty.leftOut...)
		sort.Strings(left)
		want := "[]"
		if len(left) > 0 {
			want = "['" + strings.Join(left, "', '") + "']"
		}
		if got != want {
			t.Errorf("%s: the attributes CPython has and kael lacks are %s, want %s", ty.name, got, want)
		}
	}
}

// The methods filled in after TestTypesHaveCPythonsMethods, as CPython
// gives them.
func TestTypeMethodsMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		`(2.0).is_integer(), (2.5).is_integer(), float('inf').is_integer(), float('nan').is_integer(), (-0.0).is_integer()`,
		`(1.5).hex(), (0.1).hex(), (-2.0).hex(), (0.0).hex(), (-0.0).hex(), (5e-324).hex(), (1e308).hex(), float('inf').hex(), float('nan').hex(), (2.2250738585072014e-308).hex()`,
		`float.fromhex('0x1.8p1'), float.fromhex('0x1.8'), float.fromhex(' -0X1P-2 '), float.fromhex('inf'), float.fromhex('1p4'), float.fromhex((0.1).hex()) == 0.1`,
		`float.fromhex('0x1p2000')`,
		`float.fromhex('xyz')`,
		`(0.75).as_integer_ratio(), (-2.5).as_integer_ratio(), (0.1).as_integer_ratio(), (1e300).as_integer_ratio()[1], (0.0).as_integer_ratio()`,
		`float('inf').as_integer_ratio()`,
		`float('nan').as_integer_ratio()`,
		`(1.5).conjugate(), (1.5).real, (1.5).imag, (5).real, (5).imag, (5).numerator, (5).denominator, True.real, (2**70).numerator`,
		`'Straße'.casefold(), 'ΣΑΣ'.casefold(), 'ABC'.casefold()`,
		`'{a} {b[0]}'.format_map({'a': 1, 'b': [2]})`,
		`'{a}'.format_map({})`,
		"class M:\n    def __getitem__(self, k):\n        return k * 2\n'{x}-{y}'.format_map(M())",
		`str.maketrans('ab', 'xy'), str.maketrans('ab', 'xy', 'c'), str.maketrans({'a': 'A', 98: None})`,
		`'abcabc'.translate(str.maketrans('ab', 'xy', 'c')), 'hello'.translate({104: 'J', 108: None}), 'abc'.translate({97: 65})`,
		`str.maketrans('ab', 'x')`,
		`str.maketrans({'ab': 1})`,
		`'a'.translate({97: 1.5})`,
		"s = {1, 2, 3}\ns.intersection_update({2, 3, 4}, [3])\ns",
		"s = {1, 2, 3}\ns.difference_update([1], {3})\ns",
		"s = {1, 2, 3}\ns.symmetric_difference_update([3, 4])\ns",
		"d = {'a': 1, 'b': 2}\nd.popitem(), d",
		`{}.popitem()`,
		`dict.fromkeys('ab'), dict.fromkeys([1, 2], 0), {}.fromkeys([3])`,
		"r = range(2, 20, 3)\nr.start, r.stop, r.step, r.count(5), r.count(6), r.index(8), range(10).index(3.0)",
		`range(3).index(5)`,
		"x = bytearray(b'abca')\nx.remove(97)\nx, x.find(b'c'), x.upper(), x.split(b'c'), bytearray.fromhex('ff')",
		`bytearray(b'a').remove(98)`,
		`bool.from_bytes(b'\x01', 'big'), True.from_bytes(b'\x02', 'big')`,
	})
}
