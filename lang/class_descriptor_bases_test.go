package lang

import "testing"

// descriptorBaseCases are classes derived from property, staticmethod
// and classmethod, and property's fdel, doc and deleter.
var descriptorBaseCases = []string{
	// a cached-property-like class: __get__ overridden, super().__get__
	"log = []\nclass cached(property):\n    def __get__(self, obj, cls=None):\n        if obj is None:\n            return self\n        log.append(self.fget.__name__)\n        return super().__get__(obj, cls)\nclass C:\n    @cached\n    def area(self):\n        return 6\nc = C()\nc.area, c.area, log, type(C.area).__name__, isinstance(C.area, property)",
	"class classproperty(property):\n    def __get__(self, obj, cls=None):\n        return self.fget(cls)\nclass C:\n    @classproperty\n    def name(cls):\n        return 'C-' + cls.__name__\nclass D(C):\n    pass\nC.name, C().name, D.name",
	// setter makes type(self)(fget, fset, fdel, doc)
	"log = []\nclass logged(property):\n    def __init__(self, fget=None, fset=None, *rest):\n        log.append((fget.__name__ if fget else None, fset.__name__ if fset else None, len(rest)))\n        super().__init__(fget, fset, *rest)\nclass C:\n    def __init__(self):\n        self._v = 1\n    @logged\n    def v(self):\n        return self._v\n    @v.setter\n    def v(self, val):\n        self._v = val * 10\nc = C()\nc.v = 5\nc.v, type(C.__dict__['v']).__name__, log",
	"class P(property):\n    pass\nclass C:\n    @P\n    def a(self):\n        return 1\nC().a = 2",
	"class P(property):\n    pass\nclass C:\n    b = P()\nC().b",
	"class P(property):\n    pass\nclass C:\n    @P\n    def a(self):\n        return 1\ndel C().a",
	"class P(property):\n    pass\nclass C:\n    def __init__(self):\n        self._x = 0\n    def gx(self):\n        return self._x\n    def dx(self):\n        del self._x\n    x = P(gx, None, dx, 'the x')\nc = C()\ndel c.x\nhasattr(c, '_x'), C.x.__doc__, C.x.fdel.__name__, [k.__name__ for k in P.__mro__]",
	"class C:\n    def __init__(self):\n        self._x = 0\n    def gx(self):\n        return self._x\n    def sx(self, v):\n        self._x = v\n    def dx(self):\n        self._x = 'deleted'\n    x = property(gx, sx, dx, 'doc')\nc = C()\nc.x = 3\nv = c.x\ndel c.x\nv, c._x, C.x.__doc__, isinstance(C.x, property), type(C.x)",
	"class C:\n    @property\n    def a(self):\n        'the a'\n        return 1\n    @a.deleter\n    def a(self):\n        pass\nC.a.__doc__, C.a.fdel.__name__",
	// staticmethod and classmethod subclasses
	"class S(staticmethod):\n    pass\nclass D:\n    @S\n    def add(a, b):\n        return a + b\nD.add(1, 2), D().add(3, 4), type(D.__dict__['add']).__name__, isinstance(D.__dict__['add'], staticmethod), D.__dict__['add'].__func__.__name__, D.__dict__['add'](5, 6)",
	"log = []\nclass K(classmethod):\n    def __get__(self, obj, cls=None):\n        log.append((obj is None, cls.__name__))\n        return super().__get__(obj, cls)\nclass D:\n    @K\n    def make(cls, x):\n        return cls.__name__, x\nclass E(D):\n    pass\nD.make(1), D().make(2), E.make(3), log, D.__dict__['make'].__func__.__name__",
}

func TestDescriptorBasesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", descriptorBaseCases)
}
