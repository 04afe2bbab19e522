package lang

import "testing"

// instanceDictCases check obj.__dict__ and vars(obj) as a writable
// mapping (minGPT's config objects), and the names of classes and
// functions, against CPython.
var instanceDictCases = []struct{ src, want string }{
	{"class Cfg:\n    def __init__(self, **kw):\n        self.a = 1\n        self.__dict__.update(kw)\nc = Cfg(b=2, a=3)\n(c.a, c.b, c.__dict__)", "(3, 2, {'a': 3, 'b': 2})"},
	{"class C: pass\nc = C()\nc.x = 1\nvars(c)['y'] = 2\n(c.y, vars(c) is c.__dict__)", "(2, True)"},
	{"class C: pass\nc = C()\nc.x = 1\nc.y = 2\ndel c.__dict__['x']\nc.z = 3\n(hasattr(c, 'x'), c.__dict__)", "(False, {'y': 2, 'z': 3})"},
	{"class C: pass\nc = C()\nd = c.__dict__\nc.k = 'v'\ndel c.k\nc.w = 0\n(d, 'k' in d)", "({'w': 0}, False)"},
	{"class C: pass\nc = C()\nc.__dict__ = {'q': 1}\n(c.q, vars(c))", "(1, {'q': 1})"},
	{"class C: pass\nc = C()\nc.__dict__ = 5", "TypeError: __dict__ must be set to a dictionary, not a 'int'"},
	{"class C:\n    def __init__(self):\n        for i in range(6):\n            setattr(self, 'a%d' % i, i)\nc = C()\nc.__dict__.pop('a2')\n(sorted(c.__dict__), getattr(c, 'a5'), len(vars(c)))", "(['a0', 'a1', 'a3', 'a4', 'a5'], 5, 5)"},
	{"class C:\n    x = 1\n    def m(self): pass\n('x' in C.__dict__, 'm' in vars(C), 'y' in C.__dict__)", "(True, True, False)"},
	{"vars(1)", "TypeError: vars() argument must have __dict__ attribute"},
	{"def f():\n    'doc'\nclass C:\n    def m(self): pass\n    class In: pass\n(f.__name__, f.__qualname__, f.__doc__, C.m.__name__, C.m.__qualname__, C.In.__qualname__, C().m.__name__, C.__name__, C().__class__.__name__, len.__name__)",
		"('f', 'f', 'doc', 'm', 'C.m', 'C.In', 'm', 'C', 'C', 'len')"},
	{"((1).__class__, 'a'.__class__, [].__class__ is list, None.__class__.__name__, {}.keys().__class__.__name__, (lambda: 0).__class__.__name__, len.__class__.__name__)", "(<class 'int'>, <class 'str'>, True, 'NoneType', 'dict_keys', 'function', 'builtin_function_or_method')"},
	{"class C:\n    def m(self): pass\nc = C()\n(c.m.__self__ is c, c.m.__func__ is C.m, type(c) is c.__class__)", "(True, True, True)"},
}

func TestInstanceDictMatchesCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", instanceDictCases)
}

// minGPTConfig is minGPT's CfgNode (mingpt/utils.py), verbatim but for
// its docstrings and merge_from_args.
const minGPTConfig = `class CfgNode:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)
    def __str__(self):
        return self._str_helper(0)
    def _str_helper(self, indent):
        parts = []
        for k, v in self.__dict__.items():
            if isinstance(v, CfgNode):
                parts.append("%s:\n" % k)
                parts.append(v._str_helper(indent + 1))
            else:
                parts.append("%s: %s\n" % (k, v))
        parts = [' ' * (indent * 4) + p for p in parts]
        return "".join(parts)
    def to_dict(self):
        return { k: v.to_dict() if isinstance(v, CfgNode) else v for k, v in self.__dict__.items() }
    def merge_from_dict(self, d):
        self.__dict__.update(d)
C = CfgNode()
C.system = CfgNode(seed=3407, work_dir='./out')
C.model = CfgNode(n_layer=2)
C.model.merge_from_dict({'n_head': 4})
(str(C), C.to_dict())`

func TestMinGPTConfigMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{minGPTConfig})
}

func TestModuleNames(t *testing.T) {
	checkCellCases(t, "", []struct{ src, want string }{
		{"def f(): pass\nclass C: pass\n(f.__module__, C.__module__, C.__dict__['__module__'])", "('__main__', '__main__', '__main__')"},
	})
}
