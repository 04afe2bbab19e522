package syntax

import (
	"strings"
	"testing"
)

// The import statements parse as in Python's grammar (import_name and
// import_from, without relative imports).
func TestParseImports(t *testing.T) {
	tests := []struct{ src, want string }{
		{"import torch", "(import torch)"},
		{"import torch.nn as nn", "(import (as torch.nn nn))"},
		{"import math, torch.nn.functional as F", "(import math (as torch.nn.functional F))"},
		{"from torch import nn", "(from torch nn)"},
		{"from torch.nn import functional as F", "(from torch.nn (as functional F))"},
		{"from math import pi, sqrt as s", "(from math pi (as sqrt s))"},
		{"from math import (pi,\n    e,)", "(from math pi e)"},
		{"from torch import *", "(from torch *)"},
		{"from __future__ import annotations", "(from __future__ annotations)"},
		{"def f():\n    import math\n    return math.pi", "(def f () (import math) (return (. math pi)))"},
		{"import math; x = 1", "(import math); (= x 1)"},
		{"s = {1, 2,}", "(= s (set 1 2))"},
		{"s = {x}", "(= s (set x))"},
		// Generator expressions are list comprehensions in kael.
		{"sum(x * x for x in xs if x)", "(call sum (listcomp (* x x) (for x xs if x)))"},
		{"g = (c for c in s)", "(= g (listcomp c (for c s)))"},
		{"d = {k: v for k, v in items}", "(= d (dictcomp k:v (for (tuple k v) items)))"},
		{"u = {c for w in words for c in w}", "(= u (setcomp c (for w words) (for c w)))"},
	}
	for _, tt := range tests {
		f, err := Parse("", tt.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := sexpr(f); got != tt.want {
			t.Errorf("Parse(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestImportBound(t *testing.T) {
	f, err := Parse("", "import torch.nn, math as m\nfrom torch import nn as n, optim")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, st := range f.Stmts {
		var ids []*Ident
		switch st := st.(type) {
		case *ImportStmt:
			ids = st.Bound()
		case *FromImportStmt:
			ids = st.Bound()
		}
		for _, id := range ids {
			names = append(names, id.Name)
		}
	}
	if got := strings.Join(names, " "); got != "torch m n optim" {
		t.Errorf("bound names %q, want %q", got, "torch m n optim")
	}
}
