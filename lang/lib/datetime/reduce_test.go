package datetime_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/pickle"
)

const reducePrelude = `import copy, pickle
from datetime import date, datetime, time, timedelta, timezone, tzinfo
class D(datetime):
    pass
class E(date):
    pass
class T(timedelta):
    pass
class Tm(time):
    pass
class UTC(tzinfo):
    def utcoffset(self, dt): return timedelta(0)
    def tzname(self, dt): return 'U'
    def dst(self, dt): return timedelta(0)
class Fixed(tzinfo):
    def __init__(self, h): self.h = h
    def __getinitargs__(self): return (self.h,)
    def utcoffset(self, dt): return timedelta(hours=self.h)
    def tzname(self, dt): return 'F'
    def dst(self, dt): return timedelta(0)
def err(f, *args):
    try:
        return f(*args)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
def trip(v):
    out = [copy.copy(v), copy.deepcopy(v)] + [pickle.loads(pickle.dumps(v, p)) for p in range(6)]
    return [(type(x).__name__, x == v) for x in out][:3], all(x == v and type(x) is type(v) for x in out)
`

// reduceCases copy and pickle dates, times, timedeltas and timezones,
// subclasses' objects and user tzinfos included, as CPython 3.11 does;
// pickles are CPython's byte for byte.
var reduceCases = []langtest.Case{
	{"[trip(v)[1] for v in (date(2020, 1, 2), datetime(2020, 1, 2, 3, 4, 5, 6), time(1, 2, 3, 4), timedelta(1, 2, 3), timedelta(-1), timezone.utc, timezone(timedelta(hours=2), 'X'), datetime(2020, 1, 2, tzinfo=timezone(timedelta(hours=-3))), date.min, date.max, datetime.max)]", "[True, True, True, True, True, True, True, True, True, True, True]"},
	{"trip(D(2020, 1, 2, 3)), trip(E(2020, 1, 2)), trip(T(days=2)), trip(Tm(4, 5))", "(([('D', True), ('D', True), ('D', True)], True), ([('E', True), ('E', True), ('E', True)], True), ([('T', True), ('T', True), ('T', True)], True), ([('Tm', True), ('Tm', True), ('Tm', True)], True))"},
	{"pickle.dumps(date(2020, 1, 2), 0), pickle.dumps(datetime(2020, 1, 2, 3, 4, 5, 6), 2), pickle.dumps(time(1, 2, 3, 4), 3), pickle.dumps(timedelta(1, 2, 3), 1)", "(b'cdatetime\\ndate\\np0\\n(c_codecs\\nencode\\np1\\n(V\\x07\\xe4\\x01\\x02\\np2\\nVlatin1\\np3\\ntp4\\nRp5\\ntp6\\nRp7\\n.', b'\\x80\\x02cdatetime\\ndatetime\\nq\\x00c_codecs\\nencode\\nq\\x01X\\x0b\\x00\\x00\\x00\\x07\\xc3\\xa4\\x01\\x02\\x03\\x04\\x05\\x00\\x00\\x06q\\x02X\\x06\\x00\\x00\\x00latin1q\\x03\\x86q\\x04Rq\\x05\\x85q\\x06Rq\\x07.', b'\\x80\\x03cdatetime\\ntime\\nq\\x00C\\x06\\x01\\x02\\x03\\x00\\x00\\x04q\\x01\\x85q\\x02Rq\\x03.', b'cdatetime\\ntimedelta\\nq\\x00(K\\x01K\\x02K\\x03tq\\x01Rq\\x02.')"},
	{"pickle.dumps(datetime(2020, 1, 2, tzinfo=timezone(timedelta(hours=-3))), 4), pickle.dumps(timezone(timedelta(hours=2), 'X'), 5)", "(b\"\\x80\\x04\\x95]\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x8c\\x08datetime\\x94\\x8c\\x08datetime\\x94\\x93\\x94C\\n\\x07\\xe4\\x01\\x02\\x00\\x00\\x00\\x00\\x00\\x00\\x94h\\x00\\x8c\\x08timezone\\x94\\x93\\x94h\\x00\\x8c\\ttimedelta\\x94\\x93\\x94J\\xff\\xff\\xff\\xffJP'\\x01\\x00K\\x00\\x87\\x94R\\x94\\x85\\x94R\\x94\\x86\\x94R\\x94.\", b'\\x80\\x05\\x95<\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x8c\\x08datetime\\x94\\x8c\\x08timezone\\x94\\x93\\x94h\\x00\\x8c\\ttimedelta\\x94\\x93\\x94K\\x00M \\x1cK\\x00\\x87\\x94R\\x94\\x8c\\x01X\\x94\\x86\\x94R\\x94.')"},
	{"date(2020, 1, 2).__reduce__(), time(1, 2).__reduce__(), timedelta(1).__reduce__(), E(2020, 1, 2).__reduce__()[1], D(2020, 1, 2).__reduce__()[0] is D, timezone.utc.__reduce__()", "((<class 'datetime.date'>, (b'\\x07\\xe4\\x01\\x02',)), (<class 'datetime.time'>, (b'\\x01\\x02\\x00\\x00\\x00\\x00',)), (<class 'datetime.timedelta'>, (1, 0, 0)), (b'\\x07\\xe4\\x01\\x02',), True, (<class 'datetime.timezone'>, (datetime.timedelta(0),), None))"},
	{"date(b'\\x07\\xe4\\x01\\x02'), datetime(b'\\x07\\xe4\\x01\\x02\\x03\\x04\\x05\\x00\\x00\\x06', timezone.utc), time(b'\\x01\\x02\\x03\\x00\\x00\\x04'), err(datetime, b'\\x07\\xe4\\x01\\x02\\x03\\x04\\x05\\x00\\x00\\x06', 5), E(b'\\x07\\xe4\\x01\\x02')", "(datetime.date(2020, 1, 2), datetime.datetime(2020, 1, 2, 3, 4, 5, 6, tzinfo=datetime.timezone.utc), datetime.time(1, 2, 3, 4), 'TypeError: bad tzinfo state arg', E(2020, 1, 2))"},
	{"d = D(2020, 1, 2)\nd.note = 'x'\ncopy.copy(d).__dict__, copy.deepcopy(d).__dict__, pickle.loads(pickle.dumps(d)).__dict__", "({}, {}, {})"},
	{"u = datetime(2020, 1, 2, tzinfo=UTC())\nf = datetime(2020, 1, 2, tzinfo=Fixed(3))\n[(r.isoformat(), type(r.tzinfo).__name__, r == v) for v in (u, f) for r in [pickle.loads(pickle.dumps(v, p)) for p in (0, 2, 4)] + [copy.deepcopy(v)]], copy.copy(f).tzinfo is f.tzinfo, copy.deepcopy(f).tzinfo is f.tzinfo", "([('2020-01-02T00:00:00+00:00', 'UTC', True), ('2020-01-02T00:00:00+00:00', 'UTC', True), ('2020-01-02T00:00:00+00:00', 'UTC', True), ('2020-01-02T00:00:00+00:00', 'UTC', True), ('2020-01-02T00:00:00+03:00', 'Fixed', True), ('2020-01-02T00:00:00+03:00', 'Fixed', True), ('2020-01-02T00:00:00+03:00', 'Fixed', True), ('2020-01-02T00:00:00+03:00', 'Fixed', True)], True, False)"},
	{"UTC().__reduce__()[1:], Fixed(2).__reduce__()[1:], pickle.dumps(Fixed(3), 2)[-40:]", "(((), None), ((2,), {'h': 2}), b'_main__\\nFixed\\nq\\x00K\\x03\\x85q\\x01Rq\\x02}q\\x03X\\x01\\x00\\x00\\x00hq\\x04K\\x03sb.')"},
	{"m = Tm(1, 2)\nm.replace(hour=3), type(m.replace(minute=1)).__name__, E(2020, 1, 2).replace(day=3), D(2020, 1, 2).replace(hour=5), err(Tm.replace, 5)", "(Tm(3, 2), 'Tm', E(2020, 1, 3), D(2020, 1, 2, 5, 0), \"TypeError: descriptor 'replace' for 'datetime.time' objects doesn't apply to a 'int' object\")"},
}

func TestDateReductions(t *testing.T) {
	langtest.CheckCellCases(t, reducePrelude, reduceCases)
}

// TestDateReductionsAgainstCPython runs each case as a script under
// Debian's python3 (CPython's cell harness finds no module holding the
// cells' classes, so it cannot pickle them), printing the repr of its
// last line, and compares with the outcome the cases record.
func TestDateReductionsAgainstCPython(t *testing.T) {
	python := reftest.CPython(t)
	for _, c := range reduceCases {
		before, last := "", c.Src
		if i := strings.LastIndex(c.Src, "\n"); i >= 0 {
			before, last = c.Src[:i+1], c.Src[i+1:]
		}
		script := reducePrelude + before + "print(repr((" + last + ")))\n"
		out, err := exec.Command(python, "-c", script).CombinedOutput()
		if err != nil {
			t.Fatalf("python3: %v\n%s", err, out)
		}
		if got := strings.TrimSpace(string(out)); got != c.Want {
			t.Errorf("%s\nCPython %s\nwant    %s", c.Src, got, c.Want)
		}
	}
}
