package lang

import (
	"context"
	"testing"
)

// setPrograms are set-heavy programs (issue: sets in CPython's order),
// for go test -bench SetPrograms -benchmem before and after a change to
// the sets' storage.
var setPrograms = []struct{ name, src string }{
	{"AddInts", "s = set()\nfor i in range(10000):\n    s.add(i * 7)"},
	{"Contains", "s = set(range(1000))\nn = 0\nfor i in range(10000):\n    if i in s:\n        n += 1"},
	{"AddStrs", "s = set()\nfor i in range(5000):\n    s.add('k' + str(i % 2000))"},
	{"Churn", "s = set(range(500))\nfor i in range(5000):\n    s.discard(i % 700)\n    s.add(i % 900)"},
	{"Algebra", "a = set(range(0, 2000, 2))\nb = set(range(0, 2000, 3))\nfor i in range(20):\n    c = a | b\n    d = a & b\n    e = a - b\n    f = a ^ b"},
	{"Build", "for i in range(50):\n    s = {x * 3 for x in range(200)}\n    t = set(s)\n    l = list(t)"},
}

func BenchmarkSetPrograms(b *testing.B) {
	for _, p := range setPrograms {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := NewSession(IO{}).Exec(context.Background(), "", p.src)
				if r.Err != nil {
					b.Fatal(r.Err.Render())
				}
			}
		})
	}
}
