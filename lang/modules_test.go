package lang

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Each import behaves as the same statement does in CPython with PyTorch
// installed: what it binds, and the exception and message when it fails.
func TestImport(t *testing.T) {
	tests := []struct{ src, want string }{
		{"import torch\ntorch", "<module 'torch'>"},
		{"import torch.nn\ntorch.nn", "<module 'torch.nn'>"},
		{"import torch.nn as nn\nnn", "<module 'torch.nn'>"},
		{"import torch.nn.functional as F\nF.relu(torch.tensor([-1., 2.]))", "tensor([0., 2.])"},
		{"from torch import nn\nnn.functional", "<module 'torch.nn.functional'>"},
		{"from torch.nn import functional as F\nF", "<module 'torch.nn.functional'>"},
		{"from torch import optim\noptim.SGD", "<class 'torch.optim.sgd.SGD'>"},
		{"import torch.optim as optim\noptim", "<module 'torch.optim'>"},
		{"import torch.autograd\ntorch.autograd", "<module 'torch.autograd'>"},
		{"import math, torch\nmath.pi, torch.pi if False else 0", "(3.141592653589793, 0)"},
		{"from math import sqrt, pi as PI\nsqrt(4.0), PI", "(2.0, 3.141592653589793)"},
		{"from math import *\nfloor(e)", "2"},
		{"from torch import *\nfloat(3), bool(0), zeros(1).shape, long", "(3.0, False, torch.Size([1]), torch.int64)"},
		{"from __future__ import annotations, print_function\n1", "1"},
		{"import torch\ntorch.cuda.is_available() == (torch.cuda.device_count() > 0)", "True"},
		{"import torch\ntorch.float, torch.double, torch.long, torch.bool", "(torch.float32, torch.float64, torch.int64, torch.bool)"},
		// The names that were global before import existed still are.
		{"torch.zeros(1), F.relu, optim.Adam, math.e", "(tensor([0.]), <built-in function relu>, <class 'torch.optim.adam.Adam'>, 2.718281828459045)"},
		// An import inside a function binds a local name.
		{"def f():\n    import math as m\n    return m.tau\nf()", "6.283185307179586"},
		{"import torch as t\nt is torch", "True"},
		// Errors, with CPython's exception kinds and messages.
		{"import numpy as np\nnp.array([1.5]) * 2", "array([3.])"},
		{"import scipy", "ModuleNotFoundError: No module named 'scipy'"},
		{"import torchh", "ModuleNotFoundError: No module named 'torchh'"},
		{"import torch.foo", "ModuleNotFoundError: No module named 'torch.foo'"},
		{"from math import tau, sqr", "ImportError: cannot import name 'sqr' from 'math'"},
		{"from torch.nn import Transformerr", "ImportError: cannot import name 'Transformerr' from 'torch.nn'"},
		{"from torch.nn import Linear\nLinear(2, 3)", "Linear(in_features=2, out_features=3, bias=True)"},
		{"from __future__ import braces", "SyntaxError: not a chance"},
		{"from __future__ import spam", "SyntaxError: future feature spam is not defined"},
		// A failing import binds nothing, not even the names before it.
		{"x = 1\nfrom math import pi as x, nothing", "ImportError: cannot import name 'nothing' from 'math'"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	s := NewSession(IO{})
	s.Exec(context.Background(), "", "x = 1")
	s.Exec(context.Background(), "", "from math import pi as x, nothing")
	if v, _ := s.Get("x"); v != int64(1) {
		t.Errorf("a failed import changed x to %v", v)
	}
}

// TestImportHintListsModules: an unknown module's hint lists the
// registered top-level modules, sorted.
func TestImportHintListsModules(t *testing.T) {
	r := NewSession(IO{}).Exec(context.Background(), "", "import spam")
	want := "kael's modules are " + strings.Join(topLevelModules(), ", ")
	if r.Err == nil || r.Err.Hint != want || !strings.Contains(want, "json, ") || !strings.Contains(want, "math, ") {
		t.Errorf("import spam: got hint %q, want %q", hintOf(r.Err), want)
	}
}

// The hints say what kael has instead.
func TestImportHints(t *testing.T) {
	tests := []struct{ src, hint string }{
		{"import torchh", "did you mean `torch`?"},
		{"import torch.zzz", "the submodules of torch are accelerator, amp, autograd, backends, cpu, cuda, distributions, fft, functional, linalg, nn, optim, random, return_types, serialization, special, storage, torch_version, types, utils"},
		{"import spam", "kael's modules are "}, // then the registered ones, sorted: TestImportHintListsModules
		{"from math import sqr", "did you mean `sqrt`?"},
		{"from torch.nn import SyncBatchNorm", "docs/nn.md"},
		{"from __future__ import anotations", "did you mean `annotations`?"},
	}
	for _, tt := range tests {
		r := NewSession(IO{}).Exec(context.Background(), "", tt.src)
		if r.Err == nil || !strings.Contains(r.Err.Hint, tt.hint) {
			t.Errorf("%q: got %v (hint %q), want a hint containing %q", tt.src, r.Err, hintOf(r.Err), tt.hint)
		}
	}
}

func hintOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Hint
}

// A registered module is built once, also when sessions import it at the
// same time, and its registered submodules become its attributes.
func TestRegisterModule(t *testing.T) {
	registrations++ // go test -count=2 runs this twice in one process
	name := fmt.Sprintf("kaeltest%d", registrations)
	t.Cleanup(func() {
		registryMu.Lock()
		defer registryMu.Unlock()
		delete(registry, name)
		delete(registry, name+".sub")
	})
	builds := 0
	RegisterModule(name, "A module for this test.", func() *Module {
		builds++
		return &Module{Attrs: map[string]Value{"answer": int64(42)}}
	})
	RegisterModule(name+".sub", "Its submodule.", func() *Module {
		return &Module{Attrs: map[string]Value{"x": "sub"}}
	})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			src := strings.ReplaceAll("import M.sub\nM.answer, M.sub.x", "M", name)
			if got := run(t, src); got != "(42, 'sub')" {
				t.Errorf("got %s", got)
			}
		}()
	}
	wg.Wait()
	if builds != 1 {
		t.Errorf("built %d times, want once", builds)
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a module twice did not panic")
		}
	}()
	RegisterModule(name, "", func() *Module { return &Module{} })
}

var registrations int

// help(module) shows the module's doc and members.
func TestModuleHelp(t *testing.T) {
	var out strings.Builder
	r := NewSession(IO{Stdout: &out}).Exec(context.Background(), "", "import torch\nhelp(torch.cuda)")
	want := "module torch.cuda\n    CUDA devices, as the NVIDIA driver reports them. kael's tensors cannot live on a GPU yet.\nmembers: amp, device_count, empty_cache, is_available, manual_seed, manual_seed_all\n"
	if r.Err != nil || out.String() != want {
		t.Errorf("got %v, %q; want %q", r.Err, out.String(), want)
	}
}
