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

func TestParseImportErrors(t *testing.T) {
	tests := []struct{ src, want, hint string }{
		{"import", "1:7: expected a module name after 'import'", ""},
		{"import torch.", "1:14: expected a name after '.'", ""},
		{"import torch as", "1:16: expected a name after 'as'", ""},
		{"from . import x", "1:6: relative imports are not supported", "full name"},
		{"from torch nn", "1:12: expected 'import' after the module name", ""},
		{"from torch import nn.functional", "1:21: 'from ... import' takes plain names", ""},
		{"from torch import nn,", "1:22: unexpected end of line", "parentheses"},
		{"from torch import (nn", "1:19: '(' was never closed", ""},
		{"import torch nn", "1:14: unexpected name 'nn'", ""},
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
