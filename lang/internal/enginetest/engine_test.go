package enginetest

import (
	"bytes"
	"context"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestEngineWithoutLibraries runs code in a session of the bare engine:
// Python's builtins work, and the names libraries provide (torch, math,
// F, optim, json, matplotlib) are absent, NameError or
// ModuleNotFoundError as any unknown name, never a panic.
func TestEngineWithoutLibraries(t *testing.T) {
	for _, tc := range []struct {
		src, out, value string
		kind            lang.ErrorKind
	}{
		{src: "x = 1\nprint(x)\n", out: "1\n"},
		{src: "len([1, 2])\n", value: "2"},
		{src: "sorted({3: 'a', 1: 'b'}), 'ab'.upper(), sum(range(4))\n", value: "([1, 3], 'AB', 6)"},
		{src: "torch\n", kind: lang.NameError},
		{src: "torch.zeros(3)\n", kind: lang.NameError},
		{src: "math.pi\n", kind: lang.NameError},
		{src: "F\n", kind: lang.NameError},
		{src: "optim\n", kind: lang.NameError},
		{src: "plt\n", kind: lang.NameError},
		{src: "tqdm\n", kind: lang.NameError},
		{src: "import json\n", kind: lang.ModuleNotFoundError},
		{src: "import torch\n", kind: lang.ModuleNotFoundError},
		{src: "import torch.nn\n", kind: lang.ModuleNotFoundError},
		{src: "from torch import nn\n", kind: lang.ModuleNotFoundError},
		{src: "import matplotlib.pyplot as plt\n", kind: lang.ModuleNotFoundError},
		{src: "from tqdm import tqdm\n", kind: lang.ModuleNotFoundError},
		{src: "import math\n", kind: lang.ModuleNotFoundError},
	} {
		var out bytes.Buffer
		s := lang.NewSession(lang.IO{Stdout: &out})
		var r lang.Result
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("%q panicked: %v", tc.src, p)
				}
			}()
			r = s.Exec(context.Background(), "", tc.src)
		}()
		switch {
		case tc.kind != "":
			if r.Err == nil || r.Err.Kind != tc.kind {
				t.Errorf("%q: %v, want a %s", tc.src, r.Err, tc.kind)
			}
		case r.Err != nil:
			t.Errorf("%q: %s", tc.src, r.Err.Render())
		default:
			if out.String() != tc.out {
				t.Errorf("%q printed %q, want %q", tc.src, out.String(), tc.out)
			}
			if got := repr(r.Value); got != tc.value {
				t.Errorf("%q = %s, want %s", tc.src, got, tc.value)
			}
		}
	}
}

func repr(v lang.Value) string {
	if v == nil {
		return ""
	}
	return lang.Repr(v)
}
