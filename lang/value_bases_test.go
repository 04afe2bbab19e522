package lang

import "testing"

// valueBaseCases are classes derived from int, float, complex, str,
// bytes, tuple and frozenset.
var valueBaseCases = []string{
	// int
	"class A(int):\n    pass\na = A(3)\na, a + 1, type(a + 1).__name__, 1 + a, a * a, -a, abs(A(-2)), a // 2, a ** 2, a == 3, 3 == a, a < 4, hash(a) == hash(3)",
	"class A(int):\n    pass\na = A(3)\nisinstance(a, int), type(a) is A, type(a).__name__, {a: 1}[3], {3: 'x'}[a], int(a), type(int(a)).__name__, float(a), str(a), repr(a)",
	"class A(int):\n    pass\na = A(5)\nf'{a:>5}', f'{a}', '%d' % a, '%s' % a, format(a, '04d'), a.bit_length(), a.real, [10, 20, 30, 40, 50, 60][a], range(a), bool(A(0))",
	"class A(int):\n    def __repr__(self):\n        return 'A<' + super().__repr__() + '>'\na = A(7)\nrepr(a), str(a), f'{a}', [a], a + 0",
	"class A(int):\n    def __add__(self, o):\n        return A(int(self) + int(o) + 100)\na = A(1)\na + 1, type(a + 1).__name__, 1 + a",
	"class A(int):\n    def __new__(cls, v, extra=0):\n        self = super().__new__(cls, v + extra)\n        self.extra = extra\n        return self\na = A(3, extra=4)\na, a.extra, type(a).__name__",
	"class A(int):\n    def __new__(cls, v):\n        return int.__new__(cls, v * 2)\n    def __init__(self, v):\n        self.orig = v\na = A(21)\na, a.orig",
	"class A(int):\n    def __init__(self, v, base):\n        self.base = base\na = A('11', 2)\na, a.base",
	"class A(int):\n    pass\nA('12'), A('ff', 16), A(), A(2.9)",
	"class A(int):\n    pass\nA('x')",
	"class A(int):\n    pass\nA(1) + 'a'",
	"class Flags(int):\n    pass\nf = Flags(6)\nf & 2, f | 1, f >> 1, ~f, divmod(f, 4), round(Flags(3)), sorted([Flags(3), 1, Flags(2)]), max(Flags(3), 2)",
	"class A(int):\n    pass\nint.__new__(A, 4), type(int.__new__(A, 4)).__name__, int.__new__(int, 4)",
	"class A(int):\n    pass\nint.__new__(str, 4)",
	// float and complex
	"class Celsius(float):\n    def fahrenheit(self):\n        return self * 9 / 5 + 32\nc = Celsius(100)\nc, c.fahrenheit(), c + 1.5, type(c * 2).__name__, c.is_integer(), isinstance(c, float), f'{c:.2f}', round(Celsius(2.567), 1), int(Celsius(3.7))",
	"class F(float):\n    def __repr__(self):\n        return 'F(%r)' % float(self)\nf = F('2.5')\nrepr(f), str(f), f'{f}', f'{f:6.2f}', f == 2.5, {f: 1}[2.5]",
	"class Z(complex):\n    pass\nz = Z(1, 2)\nz, z.real, z.imag, z * 2, abs(Z(3, 4)), z.conjugate(), isinstance(z, complex)",
	// str
	"class S(str):\n    pass\ns = S('Hello')\ns, s.upper(), type(s.upper()).__name__, s + '!', '!' + s, type(s + '!').__name__, s[1:3], type(s[1:3]).__name__, s[0], len(s), 'ell' in s, list(s), s * 2",
	"class S(str):\n    pass\ns = S('key')\n{s: 1}['key'], {'key': 2}[s], s == 'key', 'key' == s, hash(s) == hash('key'), str(s), type(str(s)).__name__, repr(s), f'{s:>6}', '%s!' % s, ', '.join([s, 'b']), isinstance(s, str)",
	"class S(str):\n    def __str__(self):\n        return 'custom'\ns = S('x')\nstr(s), repr(s), f'{s}', '%s' % s, s + 'y'",
	"class S(str):\n    def __new__(cls, v):\n        return super().__new__(cls, v.strip())\n    def shout(self):\n        return self.upper() + '!'\ns = S('  hi  ')\ns, s.shout(), s.split('h'), s.startswith('h'), sorted([S('b'), 'a', S('c')])",
	"class S(str):\n    def __eq__(self, o):\n        return str.__eq__(self.lower(), o.lower())\n    __hash__ = str.__hash__\nS('AbC') == 'abc', S('AbC') == 'xyz', 'abc' == S('ABC')",
	"class S(str):\n    def __eq__(self, o):\n        return True\nhash(S('x'))",
	"class S(str):\n    pass\nS(5), S(), S([1, 2]), S(S('x'))",
	"class Path(str):\n    pass\nimport os.path\nos.path.join(Path('a'), 'b'), os.path.basename(Path('x/y.txt')), int(Path('7'))",
	// bytes
	"class B(bytes):\n    pass\nb = B(b'abc')\nb, b[0], b[1:], type(b[1:]).__name__, len(b), b.upper(), b + b'd', b.decode(), isinstance(b, bytes), str(b)",
	// tuple
	"class Point(tuple):\n    def __new__(cls, x, y):\n        return super().__new__(cls, (x, y))\n    @property\n    def x(self):\n        return self[0]\n    @property\n    def y(self):\n        return self[1]\np = Point(1, 2)\np, p.x, p.y, len(p), p + (3,), type(p + (3,)).__name__, p[::-1], type(p[:1]).__name__, list(p), p == (1, 2), {p: 'a'}[(1, 2)], 2 in p",
	"class T(tuple):\n    pass\nt = T([1, 2, 2])\nt, t.count(2), t.index(2), isinstance(t, tuple), T(), sorted(T((3, 1))), (0,) + t, hash(t) == hash((1, 2, 2))",
	"class T(tuple):\n    def __repr__(self):\n        return 'T' + super().__repr__()\nx, y = T((1, 2))\nT((1, 2)), str(T((3,))), x, y",
	// frozenset
	"class FS(frozenset):\n    pass\nf = FS([1, 2, 3])\nsorted(f), 2 in f, len(f), f | {4} == {1, 2, 3, 4}, type(f | {4}).__name__, f & {1}, isinstance(f, frozenset), {f: 1}[frozenset([1, 2, 3])], f == {1, 2, 3}",
	// set and bytearray
	"class OrderedSet(set):\n    def __init__(self, items=()):\n        super().__init__(items)\n        self.order = list(items)\ns = OrderedSet([3, 1])\ns.add(2)\nsorted(s), s.order, len(s), 2 in s, isinstance(s, set), type(s).__name__, s == {1, 2, 3}, sorted(s | {9}), type(s | {9}).__name__",
	"class S(set):\n    pass\ns = S('ab')\nt = s\ns |= {'c'}\ns -= {'a'}\nt is s, type(s).__name__, sorted(s), S(), bool(S()), s.issubset({'b', 'c', 'd'}), sorted(s.union([1]), key=str)",
	"class S(set):\n    pass\nhash(S())",
	"class S(set):\n    pass\n{S(): 1}",
	"class S(set):\n    pass\nS(1, 2)",
	"class BA(bytearray):\n    pass\nb = BA(b'ab')\nc = b\nb += b'c'\nb[0] = 65\nb.append(100)\nc is b, b, len(b), b[1:], bytes(b), b.decode(), isinstance(b, bytearray), type(b).__name__",
	"class BA(bytearray):\n    pass\nhash(BA())",
	"class FS(frozenset):\n    def __repr__(self):\n        return 'FS!' + super().__repr__()\nclass G(frozenset):\n    pass\nrepr(FS([1])), repr(G()), repr(G([2])), str(G([2]))",
	"class S(set):\n    pass\nclass BA(bytearray):\n    pass\nrepr(S({1})), str(S()), repr(BA(b'x')), BA(3), S.__new__(S, 1, 2)",
	// misuse
	"class A(int):\n    pass\nA.__add__('x', 1)",
	"class S(str):\n    pass\nS('a').nope",
	"class S(str):\n    pass\nS('abc')[1:5], S('abc')[-1]",
	"class T(tuple):\n    pass\nT(5)",
	"class A(float):\n    pass\nA('x')",
}

// TestValueBasesHaveTheirTypesMethods checks that a subclass of each
// value base has every method of its type (the base's methods, made on
// first use, wrap every method its type has).
func TestValueBasesHaveTheirTypesMethods(t *testing.T) {
	for _, name := range append(sortedKeys(valueBaseZeros), sortedKeys(mutableBaseZeros)...) {
		b := nativeBases[name]
		if b == nil || builtins[name] == nil {
			t.Fatalf("%s is not registered as a base", name)
		}
		for m := range typeMethods[name] {
			if _, ok := b.methods()[m]; !ok {
				t.Errorf("a subclass of %s lacks its method %s", name, m)
			}
		}
		if len(typeMethods[name]) == 0 && name != "complex" {
			t.Errorf("%s has no methods", name)
		}
	}
}

func TestValueBasesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", valueBaseCases)
}
