package lang

import "testing"

// delCases are del statements of names, items, slices and attributes.
var delCases = []string{
	"x = 1\ndel x\nx",
	"l = [1, 2, 3, 4, 5]\ndel l[0]\nl",
	"l = list(range(10))\ndel l[1:3]\nl",
	"l = list(range(10))\ndel l[::3]\nl",
	"l = list(range(10))\ndel l[::-2]\nl",
	"l = list(range(10))\ndel l[-3:]\nl",
	"l = list(range(10))\ndel l[5:2]\nl",
	"l = list(range(10))\ndel l[:]\nl",
	"l = list(range(5))\ndel l[0], l[0]\nl",
	"l = list(range(5))\ndel l[::0]",
	"l = [1, 2]\ndel l[0, 1]",
	"l = [1, 2]\ndel l['a']",
	"l = [1, 2]\ndel l[5]",
	"d = {'a': 1, 'b': 2}\ndel d['a']\nd",
	"d = {'a': 1}\ndel d['z']",
	"a, b = 1, 2\ndel (a, b)\n'a' in dir(), 'b' in dir()",
	"a, b = 1, 2\ndel [a, b]\n'a' in dir(), 'b' in dir()",
	"t = (1, 2)\ndel t[0]",
	"s = 'ab'\ndel s[0]",
	"class C:\n    def __init__(self):\n        self.log = []\n    def __delitem__(self, k):\n        self.log.append(k)\nc = C()\ndel c[3]\ndel c['k'], c[(1, 2)]\nc.log",
	"class C:\n    pass\ndel C()[0]",
	"class C:\n    def __init__(self):\n        self.v = 1\nc = C()\ndel c.v\nhasattr(c, 'v')",
	"class C:\n    pass\nc = C()\ndel c.x",
	"def f():\n    x = 1\n    del x\n    return x\nf()",
}

// attrHookCases are __getattribute__, __getattr__, __setattr__ and
// __delattr__ of user classes, and object's methods they call.
var attrHookCases = []string{
	"class G:\n    def __getattr__(self, n):\n        return n * 2\nG().abc",
	"class H:\n    def __getattribute__(self, n):\n        if n == 'q':\n            return 42\n        return object.__getattribute__(self, n)\nh = H()\nh.z = 2\nh.q, h.z",
	"class H:\n    def __getattribute__(self, n):\n        raise AttributeError(n)\n    def __getattr__(self, n):\n        return 'fallback ' + n\nH().x",
	"class H:\n    def __getattribute__(self, n):\n        raise KeyError(n)\n    def __getattr__(self, n):\n        return 'no'\nH().x",
	"class H:\n    def __getattribute__(self, n):\n        return object.__getattribute__(self, n)\nH().missing",
	"class H:\n    def __init__(self):\n        self.a = 1\n    def __getattribute__(self, n):\n        return super().__getattribute__(n) * 10\nH().a",
	"class P:\n    @property\n    def x(self):\n        raise AttributeError('inner')\n    def __getattr__(self, n):\n        return 'ga ' + n\nP().x",
	"class S:\n    def __setattr__(self, n, v):\n        object.__setattr__(self, n, v * 10)\ns = S()\ns.z = 2\ns.z",
	"class S:\n    def __init__(self):\n        self.a = 1\n    def __setattr__(self, n, v):\n        super().__setattr__(n, (n, v))\nS().a",
	"class S:\n    def __setattr__(self, n, v):\n        raise AttributeError('read-only ' + n)\ns = S()\ns.x = 1",
	"class S:\n    log = []\n    def __setattr__(self, n, v):\n        S.log.append(n)\ns = S()\ns.x = 1\nsetattr(s, 'y', 2)\nS.log, hasattr(s, 'x')",
	"log = []\nclass D:\n    def __init__(self):\n        self.v = 1\n    def __delattr__(self, n):\n        log.append(n)\n        object.__delattr__(self, n)\nd = D()\ndel d.v\nhasattr(d, 'v'), log",
	"class D:\n    def __delattr__(self, n):\n        raise AttributeError('keep ' + n)\nd = D()\nd.v = 1\ndel d.v",
	"class D:\n    pass\nd = D()\nobject.__delattr__(d, 'nope')",
	"class B:\n    def __setattr__(self, n, v):\n        object.__setattr__(self, n, -v)\nclass C(B):\n    pass\nc = C()\nc.k = 3\nc.k",
	"class A:\n    pass\na = A()\nobject.__setattr__(a, 'x', 5)\nobject.__getattribute__(a, 'x')",
	"class A:\n    pass\nobject.__getattribute__(A(), 1)",
}

// descriptorCases are descriptors (__get__, __set__, __delete__) and
// __set_name__, with Python's data/non-data precedence.
var descriptorCases = []string{
	"class D:\n    def __set_name__(self, owner, name):\n        self.name = name\n    def __get__(self, obj, typ=None):\n        if obj is None:\n            return self\n        return obj.__dict__.get(self.name, 0) + 100\n    def __set__(self, obj, v):\n        obj.__dict__[self.name] = v\nclass E:\n    x = D()\ne = E()\nr = [e.x]\ne.x = 5\nr + [e.x, E.x.name, e.__dict__]",
	"class ND:\n    def __get__(self, obj, typ=None):\n        return 'nd'\nclass F:\n    y = ND()\nf = F()\nr = [f.y, F.y]\nf.y = 3\nr + [f.y]",
	"class Get:\n    def __get__(self, obj, typ):\n        return (obj is None, typ.__name__)\nclass C:\n    g = Get()\nC.g, C().g",
	"class Data:\n    def __get__(self, obj, typ=None):\n        return 'data'\n    def __set__(self, obj, v):\n        raise AttributeError('read-only')\nclass C:\n    d = Data()\nc = C()\nc.__dict__['d'] = 'own'\nc.d",
	"class Data:\n    def __get__(self, obj, typ=None):\n        return 'data'\n    def __set__(self, obj, v):\n        raise AttributeError('read-only')\nclass C:\n    d = Data()\nC().d = 1",
	"log = []\nclass Del:\n    def __get__(self, obj, typ=None):\n        return 1\n    def __delete__(self, obj):\n        log.append('deleting')\nclass C:\n    d = Del()\nc = C()\ndel c.d\nlog",
	"class Del:\n    def __delete__(self, obj):\n        pass\nclass C:\n    d = Del()\nC().d = 1",
	"class OnlySet:\n    def __set__(self, obj, v):\n        obj.__dict__['s'] = v\nclass C:\n    s = OnlySet()\nc = C()\nc.s = 4\ntype(c.s).__name__",
	"log = []\nclass Named:\n    def __set_name__(self, owner, name):\n        log.append((owner.__name__, name))\nclass C:\n    a = Named()\n    b = Named()\nlog",
	"class Bad:\n    def __set_name__(self, owner, name):\n        raise ValueError('no')\nclass C:\n    a = Bad()",
	"class Typed:\n    def __set_name__(self, owner, name):\n        self.key = '_' + name\n    def __get__(self, obj, typ=None):\n        return getattr(obj, self.key)\n    def __set__(self, obj, v):\n        if not isinstance(v, int):\n            raise TypeError('int only')\n        setattr(obj, self.key, v)\nclass P:\n    x = Typed()\n    def __init__(self, x):\n        self.x = x\np = P(3)\np.x, p._x",
	"class Typed:\n    def __set_name__(self, owner, name):\n        self.key = '_' + name\n    def __set__(self, obj, v):\n        if not isinstance(v, int):\n            raise TypeError('int only')\nclass P:\n    x = Typed()\nP().x = 'a'",
}

// classCreationCases are class keyword arguments, __init_subclass__,
// __slots__, __format__, __eq__/__hash__, object's repr, __dir__ and
// the name and obj of an AttributeError a __getattr__ raised.
var classCreationCases = []string{
	"class Base:\n    def __init_subclass__(cls, flag=False, **kw):\n        super().__init_subclass__(**kw)\n        cls.flag = flag\nclass A(Base, flag=True):\n    pass\nclass B(Base):\n    pass\nA.flag, B.flag",
	"log = []\nclass A:\n    def __init_subclass__(cls, k):\n        log.append((cls.__name__, k))\nclass B(A, k=2):\n    pass\nclass C(B, k=3):\n    pass\nlog",
	"class A:\n    def __init_subclass__(cls, k):\n        pass\nclass C(A):\n    pass",
	"class A(flag=1):\n    pass",
	"class B:\n    pass\nclass A(B, flag=1):\n    pass",
	"registry = []\nclass Plugin:\n    def __init_subclass__(cls, **kw):\n        registry.append((cls.__name__, kw))\nclass P1(Plugin, name='one'):\n    pass\nclass P2(P1):\n    pass\nregistry",
	"class A:\n    @classmethod\n    def __init_subclass__(cls, **kw):\n        cls.seen = sorted(kw)\nkw = {'b': 1, 'a': 2}\nclass B(A, **kw):\n    pass\nB.seen",
	"class Base:\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\nclass A(Base, extra=1):\n    pass",
	"class A(metaclass=type):\n    pass\nA.__name__",
	"class S:\n    __slots__ = ('a',)\ns = S()\ns.a = 1\ns.a",
	"class S:\n    __slots__ = ('a',)\ns = S()\ns.b = 2",
	"class S:\n    __slots__ = ('a',)\nS().a",
	"class S:\n    __slots__ = ('a',)\nS().__dict__",
	"class S:\n    __slots__ = ('a',)\n    a = 1",
	"class S:\n    __slots__ = 'a'\ns = S()\ns.a = 2\ndel s.a\nhasattr(s, 'a')",
	"class S:\n    __slots__ = ('a',)\nclass T(S):\n    pass\nt = T()\nt.b = 1\nt.b",
	"class S:\n    __slots__ = ('a',)\nclass T(S):\n    __slots__ = ('b',)\nt = T()\nt.a, t.b = 1, 2\nt.a + t.b",
	"class S:\n    __slots__ = ('a',)\nclass T(S):\n    __slots__ = ('b',)\nT().c = 3",
	"class S:\n    __slots__ = ('a', '__dict__')\ns = S()\ns.b = 1\ns.b",
	"class S:\n    __slots__ = 3",
	"class S:\n    __slots__ = (1,)",
	"class Fm:\n    def __format__(self, spec):\n        return 'fmt' + spec\nf'{Fm():>5}', format(Fm(), 'x'), '{:q}'.format(Fm())",
	"class Fm:\n    def __format__(self, spec):\n        return 3\nformat(Fm(), '')",
	"class F:\n    pass\nformat(F(), 'x')",
	"class F:\n    def __repr__(self):\n        return 'F!'\nformat(F(), ''), f'{F()}'",
	"class Q:\n    def __eq__(self, o):\n        return True\nQ.__hash__, 'unhashable' if Q.__hash__ is None else 'hashable'",
	"class Q:\n    def __eq__(self, o):\n        return True\nhash(Q())",
	"class Q:\n    def __eq__(self, o):\n        return True\n    def __hash__(self):\n        return 7\nhash(Q()), len({Q(), Q()})",
	"class P:\n    def __hash__(self):\n        return 1\nclass Q(P):\n    def __eq__(self, o):\n        return True\nhash(Q())",
	"class R2:\n    def __repr__(self):\n        return 'R2:' + super().__repr__()\nr = repr(R2())\nr.startswith('R2:<'), 'R2 object at 0x' in r",
	"class R:\n    pass\nr = R()\nobject.__repr__(r) == repr(r) == object.__str__(r), 'R object at 0x' in repr(r)",
	"class E:\n    def __eq__(self, o):\n        return object.__eq__(self, o)\ne = E()\ne == e, e == E(), object.__eq__(1, 2), object.__ne__(e, e)",
	"class A:\n    pass\nA().__class__.__name__, A.__qualname__, A().__class__ is A",
	"class Outer:\n    class Inner:\n        pass\nOuter.Inner.__qualname__",
	"class D:\n    def __dir__(self):\n        return ('b', 'a', 'c')\ndir(D())",
	"class D:\n    def __dir__(self):\n        return 3\ndir(D())",
	"class D:\n    def __dir__(self):\n        raise KeyError('no')\ndir(D())",
	"class D:\n    x = 1\n    def __dir__(self):\n        return ['x', 1]\ndir(D())",
	"class A:\n    def __getattr__(self, n):\n        raise AttributeError\ntry:\n    A().zz\nexcept AttributeError as e:\n    r = e.name, type(e.obj).__name__\nr",
	"class A:\n    def __getattr__(self, n):\n        raise AttributeError('x', name='other', obj=5)\ntry:\n    A().zz\nexcept AttributeError as e:\n    r = e.name, e.obj\nr",
	"class B:\n    @property\n    def p(self):\n        return self.q\ntry:\n    B().p\nexcept AttributeError as e:\n    r = e.name, type(e.obj).__name__\nr",
}

func TestClassHooksMatchCPython(t *testing.T) {
	var cases []string
	for _, group := range [][]string{delCases, attrHookCases, descriptorCases, classCreationCases} {
		cases = append(cases, group...)
	}
	checkMatchesCPython(t, "", cases)
}
