package syntax

import (
	"strings"
	"testing"
)

// exprTests pairs expressions with their structure, as sexpr renders it.
var exprTests = []struct{ src, want string }{
	// Precedence and associativity.
	{"-2**2", "(- (** 2 2))"},
	{"2**-1", "(** 2 (- 1))"},
	{"2**3**2", "(** 2 (** 3 2))"},
	{"-x.T**2", "(- (** (. x T) 2))"},
	{"a + b * c @ d", "(+ a (@ (* b c) d))"},
	{"a - b - c", "(- (- a b) c)"},
	{"a / b // c % d", "(% (// (/ a b) c) d)"},
	{"a | b ^ c & d << e + f", "(| a (^ b (& c (<< d (+ e f)))))"},
	{"a >> b << c", "(<< (>> a b) c)"},
	{"~-+x", "(~ (- (+ x)))"},
	{"not a == b", "(not (cmp a == b))"},
	{"not not a", "(not (not a))"},
	{"a and b or c and d", "(or (and a b) (and c d))"},
	{"a or b or c", "(or (or a b) c)"},
	{"not a and b", "(and (not a) b)"},
	{"a if b else c if d else e", "(if b a (if d c e))"},
	{"a or b if c and d else e", "(if (and c d) (or a b) e)"},
	{"lambda: 0", "(lambda () 0)"},
	{"lambda x, y=1: x + y", "(lambda (x y=1) (+ x y))"},
	{"lambda *a, **k: a", "(lambda (*a **k) a)"},
	// Comparisons.
	{"a < b", "(cmp a < b)"},
	{"a < b <= c", "(cmp a < b <= c)"},
	{"a == b != c > d >= e", "(cmp a == b != c > d >= e)"},
	{"a in b", "(cmp a in b)"},
	{"a not in b", "(cmp a not in b)"},
	{"a is b", "(cmp a is b)"},
	{"a is not None", "(cmp a is not None)"},
	{"a < b + c", "(cmp a < (+ b c))"},
	{"a | b == c", "(cmp (| a b) == c)"},
	// Literals.
	{"None", "None"},
	{"True", "True"},
	{"False", "False"},
	{"...", "..."},
	{"1.5e3", "1.5e3"},
	{`"a" 'b'`, `"ab"`},
	{"'''doc'''", `"doc"`},
	// Tuples, lists, dicts and parentheses.
	{"(x)", "(paren x)"},
	{"((x))", "(paren (paren x))"},
	{"()", "(tuple)"},
	{"(1,)", "(tuple 1)"},
	{"(1, 2)", "(tuple 1 2)"},
	{"(1, 2,)", "(tuple 1 2)"},
	{"1, 2", "(tuple 1 2)"},
	{"1,", "(tuple 1)"},
	{"[]", "[]"},
	{"[1]", "[1]"},
	{"[1, 2,]", "[1 2]"},
	{"[[1], [2, 3]]", "[[1] [2 3]]"},
	{"{}", "{}"},
	{"{'a': 1, b: 2,}", `{"a":1 b:2}`},
	{"[x * 2 for x in xs]", "(listcomp (* x 2) (for x xs))"},
	{"[x for x in xs if x if y]", "(listcomp x (for x xs if x if y))"},
	{"[(i, j) for i, j in p for k in q if k]", "(listcomp (tuple i j) (for (tuple i j) p) (for k q if k))"},
	{"[a if b else c for a in d]", "(listcomp (if b a c) (for a d))"},
	// Calls.
	{"f()", "(call f)"},
	{"f(x)", "(call f x)"},
	{"f(x, dim=0)", "(call f x dim=0)"},
	{"f(x, dim=0,)", "(call f x dim=0)"},
	{"f(*xs, **kw)", "(call f *xs **kw)"},
	{"f(a, *b, c=1, *d, **e)", "(call f a *b c=1 *d **e)"},
	{"x.view(*shape)", "(call (. x view) *shape)"},
	{"f(x)(y)", "(call (call f x) y)"},
	{"f(a == b)", "(call f (cmp a == b))"},
	{"f(key=lambda x: x)", "(call f key=(lambda (x) x))"},
	// Attributes, indexing and slicing.
	{"x.T", "(. x T)"},
	{"x.grad.zero_()", "(call (. (. x grad) zero_))"},
	{"x[0]", "(index x 0)"},
	{"x[-1]", "(index x (- 1))"},
	{"x[a, 1:2]", "(index x a (slice 1 2 _))"},
	{"x[(a, b)]", "(index x (tuple a b))"},
	{"x[0,]", "(index x (tuple 0))"},
	{"x[1:2,]", "(index x (tuple (slice 1 2 _)))"},
	{"x[:,]", "(index x (tuple (slice _ _ _)))"},
	{"x[1:2, 3,]", "(index x (slice 1 2 _) 3)"},
	{"x[:, None, ...]", "(index x (slice _ _ _) None ...)"},
	{"x[1:3]", "(index x (slice 1 3 _))"},
	{"x[:]", "(index x (slice _ _ _))"},
	{"x[::]", "(index x (slice _ _ _))"},
	{"x[1:]", "(index x (slice 1 _ _))"},
	{"x[:3]", "(index x (slice _ 3 _))"},
	{"x[::2]", "(index x (slice _ _ 2))"},
	{"x[1::2]", "(index x (slice 1 _ 2))"},
	{"x[:3:2]", "(index x (slice _ 3 2))"},
	{"x[1:3:]", "(index x (slice 1 3 _))"},
	{"x[1:3:2]", "(index x (slice 1 3 2))"},
	{"x[1:-1, ::-1]", "(index x (slice 1 (- 1) _) (slice _ _ (- 1)))"},
	{"x[i][j]", "(index (index x i) j)"},
	{"x[a if b else c]", "(index x (if b a c))"},
	// Layout.
	{"  x + 1  ", "(+ x 1)"},
	{"(1 +\n 2)", "(paren (+ 1 2))"},
	{"f(a,\n  b)\n", "(call f a b)"},
	// Assignment expressions.
	{"(y := f(x))", "(paren (:= y (call f x)))"},
	{"[y := 1, *z]", "[(:= y 1) *z]"},
	{"[y := x for x in a if (z := x)]", "(listcomp (:= y x) (for x a if (paren (:= z x))))"},
	{"f(n := 1, k=2)", "(call f (:= n 1) k=2)"},
	{"x[i := 0]", "(index x (:= i 0))"},
	{"{s := 1}", "(set (:= s 1))"},
	{"lambda a, /, b, *, c: 0", "(lambda (a/ b kw:c) 0)"},
}

func TestParseExpr(t *testing.T) {
	for _, tt := range exprTests {
		x, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		if got := sexpr(x); got != tt.want {
			t.Errorf("ParseExpr(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// stmtTests pairs programs with their structure, as sexpr renders it.
var stmtTests = []struct{ src, want string }{
	{"", ""},
	{"class A: pass", "(class A () pass)"},
	{"class A(B):\n    x = 1\n    def f(self):\n        return x", "(class A (B) (= x 1) (def f (self) (return x)))"},
	{"class A(m.B,): pass", "(class A ((. m B)) pass)"},
	{"class A(B, flag=True, **kw): pass", "(class A (B flag=True **kw) pass)"},
	{"class A(metaclass=M): pass", "(class A (metaclass=M) pass)"},
	{"@d\n@e(1)\nclass A(): pass", "@d @(call e 1) (class A () pass)"},
	{"@property\ndef f(self): return 1", "@property (def f (self) (return 1))"},
	{"x", "x"},
	{"x = 1", "(= x 1)"},
	{"a = b = 1", "(= a b 1)"},
	{"a, b = b, a", "(= (tuple a b) (tuple b a))"},
	{"(a, b), c = x", "(= (tuple (tuple a b) c) x)"},
	{"[a, b] = x", "(= [a b] x)"},
	{"(x) = 1", "(= (paren x) 1)"},
	{"x[0, 1:] = e", "(= (index x 0 (slice 1 _ _)) e)"},
	{"x.grad = None", "(= (. x grad) None)"},
	{"x += 1", "(+= x 1)"},
	{"x -= 1; x *= 2; x /= 3; x //= 4; x %= 5",
		"(-= x 1); (*= x 2); (/= x 3); (//= x 4); (%= x 5)"},
	{"x **= 2; x @= w; x &= m; x |= m; x ^= m; x <<= 1; x >>= 1",
		"(**= x 2); (@= x w); (&= x m); (|= x m); (^= x m); (<<= x 1); (>>= x 1)"},
	{"x[i] += 1", "(+= (index x i) 1)"},
	{"a; b;", "a; b"},
	{"pass", "pass"},
	{"del x", "(del x)"},
	{"del x[i], y.a", "(del (index x i) (. y a))"},
	{"del x,", "(del x)"},
	{"def f(): pass", "(def f () pass)"},
	{"def f(a, b=1, *args, **kwargs):\n    return a\n",
		"(def f (a b=1 *args **kwargs) (return a))"},
	{"def f(a, *args, key, other=2): return", "(def f (a *args kw:key kw:other=2) (return))"},
	{"def f(a,): return a, b", "(def f (a) (return (tuple a b)))"},
	// Annotations.
	{"def forward(self, x: torch.Tensor) -> torch.Tensor: return x",
		"(def forward (self x:(. torch Tensor)) ->(. torch Tensor) (return x))"},
	{"def f(n: int = 3, *args: int, key: str = 'k', **kw: float): pass",
		`(def f (n:int=3 *args:int kw:key:str="k" **kw:float) pass)`},
	{"def f() -> List[int]: pass", "(def f () ->(index List int) pass)"},
	{"def f(x: 'T' = None) -> 'T' if a else b: pass", `(def f (x:"T"=None) ->(if a "T" b) pass)`},
	{"x: int = 0", "(: x int 0)"},
	{"x: int", "(: x int)"},
	{"x: Tuple[int, int] = 1, 2", "(: x (index Tuple int int) (tuple 1 2))"},
	{"self.w: Optional[Tensor] = None", "(: (. self w) (index Optional Tensor) None)"},
	{"d['k']: int", `(: (index d "k") int)`},
	{"(x): int = 1", "(: (paren x) int 1)"},
	{"class A:\n    n: int\n    m: int = 2\n", "(class A () (: n int) (: m int 2))"},
	{"if x: y = 1", "(if x ((= y 1)))"},
	{"if x:\n    a\nelif y:\n    b\nelif z: c\nelse:\n    d\n",
		"(if x (a) ((if y (b) ((if z (c) (d))))))"},
	{"if x:\n    a\nelse: b", "(if x (a) (b))"},
	{"for x in xs:\n    total += x\n", "(for x xs (+= total x))"},
	{"for i, x in enumerate(xs): pass", "(for (tuple i x) (call enumerate xs) pass)"},
	{"for x in 1, 2: pass", "(for x (tuple 1 2) pass)"},
	{"while i < n:\n    i += 1\n    if i: break\n    continue\n",
		"(while (cmp i < n) (+= i 1) (if i (break)) continue)"},
	{"for i in r:\n    if i: break\nelse:\n    done = 1\n", "(for i r (if i (break)) (else (= done 1)))"},
	{"for i in r: pass\nelse: pass\nx", "(for i r pass (else pass)); x"},
	{"while x: x -= 1\nelse:\n    y\n    z\n", "(while x (-= x 1) (else y z))"},
	{"if a:\n    for i in r: pass\n    else: b\nelse: c", "(if a ((for i r pass (else b))) (c))"},
	{"for i in r:\n    while 1: pass\nelse: c", "(for i r (while 1 pass) (else c))"},
	// Starred targets.
	{"a, *rest = xs", "(= (tuple a *rest) xs)"},
	{"*batch, C = x.shape", "(= (tuple *batch C) (. x shape))"},
	{"first, *mid, last = range(5)", "(= (tuple first *mid last) (call range 5))"},
	{"*a, = xs", "(= (tuple *a) xs)"},
	{"[a, *b] = (*c, d) = xs", "(= [a *b] (tuple *c d) xs)"},
	{"(a, *b), c = xs", "(= (tuple (tuple a *b) c) xs)"},
	{"a, *(b, c) = xs", "(= (tuple a *(tuple b c)) xs)"},
	{"a, *x.y = xs", "(= (tuple a *(. x y)) xs)"},
	{"*z[0], b = xs", "(= (tuple *(index z 0) b) xs)"},
	{"for a, *b in pairs: pass", "(for (tuple a *b) pairs pass)"},
	{"[b for a, *b in pairs]", "(listcomp b (for (tuple a *b) pairs))"},
	{"with f() as (a, *b): pass", "(with (as (call f) (tuple a *b)) pass)"},
	{"f(*a, *b)", "(call f *a *b)"},
	{"with no_grad():\n    w -= lr * w.grad\n", "(with (call no_grad) (-= w (* lr (. w grad))))"},
	{"with open(f) as g, h: pass", "(with (as (call open f) g) h pass)"},
	{"return", "(return)"},
	{"assert x > 0", "(assert (cmp x > 0))"},
	{"assert ok, 'msg'", "(assert ok \"msg\")"},
	// Nested blocks and dedent to several levels at once.
	{"def f(x):\n    for i in x:\n        if i:\n            print(i)\n    return x\ny = f(1)\n",
		"(def f (x) (for i x (if i ((call print i)))) (return x)); (= y (call f 1))"},
	{"if a:\n    if b:\n        if c:\n            d\ne\n", "(if a ((if b ((if c (d)))))); e"},
	{"if a:\n  if b:\n      c\n  d\n", "(if a ((if b (c)) d))"},
	{"if a:\n\tb\n\tc\n", "(if a (b c))"},
	// Comments, blank lines and line joining.
	{"# comment\n\nx = 1  # trailing\n\n\n  # indented comment\ny = [1,\n2]\n", "(= x 1); (= y [1 2])"},
	{"def f():\n    '''Doc\n    string.'''\n    return 1\n", `(def f () "Doc\n    string." (return 1))`},
	{"x = 1 + \\\n  2", "(= x (+ 1 2))"},
	{"if x:\n    a\n\n\n    b\n", "(if x (a b))"},
	{"x = 1\r\ny = [1,\r\n  2]\r\n", "(= x 1); (= y [1 2])"},
	{"\uFEFFx = 1\ny = 2", "(= x 1); (= y 2)"},
	{"if a:\n\tif b:\n\t\tc\n", "(if a ((if b (c))))"},
}

func TestParseStmts(t *testing.T) {
	for _, tt := range stmtTests {
		f, err := Parse("", tt.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := sexpr(f); got != tt.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string // Error(): "line:col: msg"
		hint string // a substring of the hint, if any
	}{
		{"x = )", "1:5: unmatched ')'", ""},
		{"x = (1 + )", "1:10: unexpected ')'", ""},
		{"f(1 2)", "1:5: unexpected number 2", "comma"},
		{"x = 1 2", "1:7: unexpected number 2", "comma or an operator"},
		{"x = ", "1:5: unexpected end of line", ""},
		{"x = (1,\n", "1:5: '(' was never closed", ""},
		{"f(a, [1, 2", "1:6: '[' was never closed", ""},
		{"if x\n    y", "1:5: expected ':' after if condition", ""},
		{"if x = 1:\n    y", "1:6: expected ':' after if condition", "=="},
		{"if x:\n    a\nelif y\n    b", "3:7: expected ':' after elif condition", ""},
		{"if x:\n    a\nelse\n    b", "3:5: expected ':' after 'else'", ""},
		{"while x\n", "1:8: expected ':' after while condition", ""},
		{"for x in y\n", "1:11: expected ':' after for loop header", ""},
		{"for x y:\n", "1:7: expected 'in' after the for loop variable", ""},
		{"for f() in y: pass", "1:5: cannot assign to function call", ""},
		{"def f(x)\n", "1:9: expected ':' after function signature", ""},
		{"def (x): pass", "1:5: expected a function name after 'def'", ""},
		{"def f x: pass", "1:7: expected '(' after the function name", ""},
		{"def f(x) -> : pass", "1:13: unexpected ':'", ""},
		{"def f(x: ): pass", "1:10: unexpected ')'", ""},
		{"def f(x: int +): pass", "1:15: unexpected ')'", ""},
		{"lambda x: int: x", "1:1: illegal target for annotation", ""},
		{"x: = 1", "1:4: unexpected '='", ""},
		{"a, b: int", "1:1: only single target (not tuple) can be annotated", ""},
		{"(a, b): int", "1:1: only single target (not tuple) can be annotated", ""},
		{"[a]: int", "1:1: only single target (not list) can be annotated", ""},
		{"f(): int", "1:1: illegal target for annotation", ""},
		{"1: int", "1:1: illegal target for annotation", ""},
		{"x: int = y = 1", "1:12: unexpected '='", ""},
		{"def f(a=1, b): pass", "1:12: parameter without a default follows parameter with a default", "default"},
		{"def f(a, a): pass", "1:10: duplicate parameter 'a'", ""},
		{"def f(**k, a): pass", "1:12: arguments cannot follow var-keyword argument", ""},
		{"def f(*a, *b): pass", "1:11: * argument may appear only once", ""},
		{"def f(*): pass", "1:7: named arguments must follow bare *", ""},
		{"def f(/): pass", "1:7: invalid syntax", "at least one parameter"},
		{"x := 1", "1:3: invalid syntax", "parentheses"},
		{"[(a.b := 1)]", "1:3: cannot use assignment expressions with attribute", ""},
		{"{a := 1: 2}", "1:8: invalid syntax", "parentheses"},
		{"with x\n", "1:7: expected ':' after with statement header", ""},
		{"if x:\ny", "2:1: expected an indented block after 'if' statement on line 1", ""},
		{"def f():\n", "2:1: expected an indented block after function definition on line 1", ""},
		{"for x in y:\n# c\n\nz", "4:1: expected an indented block after 'for' statement on line 1", ""},
		{"x = 1\n    y = 2", "2:1: unexpected indent", ""},
		{"  x = 1", "1:1: unexpected indent", ""},
		{"else: pass", "1:1: unexpected 'else'", "line up with an 'if', 'for' or 'while'"},
		{"elif x: pass", "1:1: unexpected 'elif'", "line up with an 'if' above"},
		{"x = 1\nelse: pass", "2:1: unexpected 'else'", "line up with an 'if', 'for' or 'while'"},
		{"if x:\n    y\n    else: pass", "3:5: unexpected 'else'", "line up with an 'if', 'for' or 'while'"},
		{"if x: a\nelse: b\nelse: c", "3:1: unexpected 'else'", "the 'if' above already has its 'else'"},
		{"if x: a\nelif y: b\nelse: b\nelif z: c", "4:1: unexpected 'elif'", "before the 'else' of its 'if'"},
		{"for x in y: a\nelse: b\nelse: c", "3:1: unexpected 'else'", "the loop above already has its 'else'"},
		{"while x: a\nelse: b\nelse: c", "3:1: unexpected 'else'", "the loop above already has its 'else'"},
		{"for x in y: a\nelif z: b", "2:1: unexpected 'elif'", "a loop takes 'else' but not 'elif'"},
		{"for x in y: a\nelse\n    b", "2:5: expected ':' after 'else'", ""},
		{"while x: a\nelse:\nb", "3:1: expected an indented block after 'else' statement on line 2", ""},
		{"for x in y: a\nelse: if z: pass", "2:7: 'if' cannot follow ':' on the same line", ""},
		// Starred expressions: those of CPython's messages are checked
		// against CPython in lang (TestStarredSyntaxErrorsMatchCPython).
		{"*a = xs", "1:1: starred assignment target must be in a list or tuple", ""},
		{"a, *b, *c = xs", "1:1: multiple starred expressions in assignment", ""},
		{"x = *a", "1:5: can't use starred expression here", ""},
		{"(*a) = xs", "1:2: cannot use starred expression here", ""},
		{"*a += 1", "1:1: cannot use augmented assignment on starred", "single name"},
		{"a, *b += 1", "1:1: cannot use augmented assignment on tuple", "single name"},
		{"del (*a, b)", "1:6: cannot delete starred", ""},
		{"x[*a]", "1:3: unexpected '*'", ""},
		{"[*a for a in b]", "1:2: iterable unpacking cannot be used in comprehension", ""},
		{"a, * = xs", "1:6: unexpected '='", ""},
		{"a, *b if c else d = xs", "1:7: unexpected 'if'", ""},
		{"x = *a\ny = (1", "2:5: '(' was never closed", ""}, // parse errors first, as in CPython
		{"x = [*a]\ny = *b", "2:5: can't use starred expression here", ""},
		{"if x: if y: pass", "1:7: 'if' cannot follow ':' on the same line", "new, indented line"},
		{"f(x) = 1", "1:1: cannot assign to function call", "=="},
		{"a == b = 1", "1:1: cannot assign to comparison", "=="},
		{"1 = x", "1:1: cannot assign to literal", ""},
		{"None = x", "1:1: cannot assign to None", ""},
		{"a, 2 = x", "1:4: cannot assign to literal", ""},
		{"a + b = 1", "1:1: cannot assign to expression", ""},
		{"a, b += 1", "1:1: cannot use augmented assignment on tuple", "single name"},
		{"[a] += 1", "1:1: cannot use augmented assignment on list", ""},
		{"del f()", "1:5: cannot delete function call", ""},
		{"f(x=1, y)", "1:8: positional argument follows keyword argument", ""},
		{"f(**k, y)", "1:8: positional argument follows keyword argument unpacking", ""},
		{"f(**k, *y)", "1:8: iterable argument unpacking follows keyword argument unpacking", ""},
		{"f(x=1, x=2)", "1:8: keyword argument repeated: x", ""},
		{"f(a.b=1)", "1:3: a keyword argument must be a name", "=="},
		{"f(x for x in xs, 1)", "1:16: Generator expression must be parenthesized", ""},
		{"f(1, x for x in xs)", "1:8: Generator expression must be parenthesized", ""},
		{"f(a=x for x in xs)", "1:7: Generator expression must be parenthesized", ""},
		{"{1, 2: 3}", "1:6: unexpected ':'", ""},
		{"{1: 2, 3: 4 for x in y}", "1:13: unexpected 'for'", ""},
		{"{1 2}", "1:4: expected ':' after dict key", ""},
		{"x[]", "1:3: expected an index or slice inside '[]'", ""},
		{"x[1:2:3:4]", "1:8: unexpected ':'", ""},
		{"a if b", "1:7: expected 'else' after 'if' expression", ""},
		{"a not b", "1:7: expected 'in' after 'not'", ""},
		{"x.(y)", "1:3: expected an attribute name after '.'", ""},
		{"lambda x x", "1:10: expected ':' after lambda parameters", ""},
		// Imports.
		{"import", "1:7: expected a module name after 'import'", ""},
		{"import torch.", "1:14: expected a name after '.'", ""},
		{"import torch as", "1:16: expected a name after 'as'", ""},
		{"from . 1 import y", "1:8: expected a module name after 'from'", ""},
		{"from torch nn", "1:12: expected 'import' after the module name", ""},
		{"from torch import nn.functional", "1:21: 'from ... import' takes plain names", ""},
		{"from torch import nn,", "1:22: unexpected end of line", "parentheses"},
		{"from torch import (nn", "1:19: '(' was never closed", ""},
		{"import torch nn", "1:14: unexpected name 'nn'", ""},
		{"class Net(*A):\n    pass", "1:11: kael classes take their base classes by name, not unpacked with '*'", ""},
		{"class Net(x=1, x=2): pass", "1:16: keyword argument repeated: x", ""},
		{"class Net(x=1, B): pass", "1:16: positional argument follows keyword argument", ""},
		{"class Net(*bases): pass", "1:11: kael classes take their base classes by name, not unpacked with '*'", ""},
		{"class (A): pass", "1:7: expected a class name after 'class'", ""},
		{"class A(B) pass", "1:12: expected ':' after the class name", ""},
		{"class A: class B: pass", "1:10: 'class' cannot follow ':' on the same line", ""},
		{"try:\n    x\n", "3:1: expected 'except' or 'finally' block", ""},
		{"except:\n    y", "1:1: invalid syntax", "'except' must line up with a 'try' above it"},
		{"try:\n    x\nexcept:\n    y\nexcept E:\n    z", "5:1: default 'except:' must be last", ""},
		{"try:\n    x\nexcept A, B:\n    y", "3:9: multiple exception types must be parenthesized", "write except (A, B):"},
		{"x = raise", "1:5: invalid syntax", "'raise' starts a statement"},
		{"x = 1 + yield", "1:9: 'yield' stands only as a statement, on the right of '=', or in parentheses", "(yield x)"},
		{"f(yield)", "1:3: 'yield' stands only as a statement, on the right of '=', or in parentheses", "(yield x)"},
		{"x = global", "1:5: 'global' can only begin a statement", "declares"},
		{"def f(): global 1", "1:17: unexpected number 1", ""},
		{"print 'hi'", "1:1: Missing parentheses in call to 'print'. Did you mean print(...)?", ""},
		{"show 'hi'", "1:6: unexpected string 'hi'", "comma"},
		{"@no_grad()\nx = 1", "2:1: unexpected name 'x'", "followed by a 'def' or 'class'"},
		{"@property def f(): pass", "1:11: unexpected 'def'", ""},
		{"y = f(1,\n  2\nz = 3", "3:1: unexpected name 'z'", "'(' on line 1 missing its ')'"},
		{"x = " + strings.Repeat("-", maxDepth+1) + "1", "1:1004: expression nested too deeply", ""},
	}
	for _, tt := range tests {
		_, err := Parse("", tt.src)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("Parse(%q): got %v, want error %s", tt.src, err, tt.want)
			continue
		}
		if e.Error() != tt.want || !strings.Contains(e.Hint, tt.hint) {
			t.Errorf("Parse(%q):\n got %s (hint %q)\nwant %s (hint containing %q)", tt.src, e, e.Hint, tt.want, tt.hint)
		}
	}
}

func TestParseExprErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"", "1:1: unexpected end of input"},
		{"x = 1", "1:3: unexpected '='"},
		{"x\ny", "2:1: unexpected name 'y'"},
		{"if x: y", "1:1: unexpected 'if'"},
	}
	for _, tt := range tests {
		_, err := ParseExpr(tt.src)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseExpr(%q): got error %v, want %s", tt.src, err, tt.want)
		}
	}
}

func TestErrorFormat(t *testing.T) {
	src := "y = x + tensr(1)\nz = (1 + )\n"
	_, err := Parse("cell.kael", src)
	e := err.(*Error)
	if got, want := e.Error(), "cell.kael:2:10: unexpected ')'"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	want := "cell.kael:2:10: unexpected ')'\n2 | z = (1 + )\n  |          ^"
	if got := e.Render(src); got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
	e.Hint = "fix it"
	if got := e.Render(src); got != want+"\nhint: fix it" {
		t.Errorf("Render with hint:\n%s", got)
	}
}

// TestParseYield checks where a yield expression parses.
func TestParseYield(t *testing.T) {
	for _, src := range []string{
		"def f():\n    yield",
		"def f():\n    yield 1, 2",
		"def f():\n    x = yield 1",
		"def f():\n    x += yield",
		"def f():\n    y = (yield x) + 1",
		"def f():\n    yield from g()",
		"def f():\n    a = b = yield from g()",
		"f = lambda: (yield)",
	} {
		if _, err := Parse("", src); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}
