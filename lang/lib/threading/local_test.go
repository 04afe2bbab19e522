package threading_test

// localPrograms use threading.local and classes derived from it: each
// thread sees its own attributes, and a subclass's __init__ runs again,
// with the constructor's arguments, in each thread that touches the
// object (CPython's _thread._local).
var localPrograms = []string{
	`class Ctx(threading.local):
    def __init__(self, x, y=2):
        self.x = x
        self.y = y
        inits.append((threading.current_thread().name, x, y))
inits = []
c = Ctx(1, y=3)
c.x = 10
seen = []
def f():
    seen.append((c.x, c.y))
    c.x = 20
    seen.append(sorted(c.__dict__.items()))
t = threading.Thread(target=f, name='T1')
t.start(); t.join()
inits, seen, c.x, c.__dict__`,
	`d = threading.local()
c = type(d)
c, c.__name__, c.__module__, isinstance(d, threading.local), threading.local is c`,
	"threading.local(1)",
	"threading.local(a=1)",
	"class Plain(threading.local):\n    pass\nPlain(1)",
	`class Plain(threading.local):
    pass
p = Plain()
p.a = 1
got = []
def g():
    got.append((hasattr(p, 'a'), getattr(p, 'a', None)))
    p.a = 5
    del p.a
    got.append(hasattr(p, 'a'))
t = threading.Thread(target=g); t.start(); t.join()
got, p.a, vars(p), [k.__name__ for k in type(p).__mro__]`,
	`class M(threading.local):
    count = 0
    def bump(self):
        self.n = getattr(self, 'n', 0) + 1
        return self.n
m = M()
m.bump(); m.bump()
r = []
ts = [threading.Thread(target=lambda: r.append((m.bump(), m.bump()))) for _ in range(3)]
for t in ts: t.start()
for t in ts: t.join()
m.n, r, M.count, m.count`,
	`class Bad(threading.local):
    def __init__(self, n):
        if threading.current_thread() is not threading.main_thread():
            raise ValueError('only main')
        self.n = n
b = Bad(3)
out = []
def h():
    try:
        b.n
    except ValueError as e:
        out.append(str(e))
t = threading.Thread(target=h); t.start(); t.join()
out, b.n`,
	`class P(threading.local):
    def __init__(self):
        self.items = []
    @property
    def size(self):
        return len(self.items)
p = P()
p.items.append(1)
sizes = []
def w():
    p.items.extend([1, 2, 3])
    sizes.append(p.size)
t = threading.Thread(target=w); t.start(); t.join()
sizes, p.size, p.items`,
}

func init() { matchCPython = append(matchCPython, localPrograms...) }
