package contextvars_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/contextvars"
)

// contextvarsCases are compared with CPython 3.11's outcomes; the
// addresses in reprs and messages are cut off. CPython runs them in one
// process, whose current context the cases share.
var contextvarsCases = []string{
	"v = ContextVar('v', default=1)\nw = ContextVar('w')\nv.name, v.get(), w.get(5), v.get(None)",
	"w = ContextVar('w')\ntry:\n    w.get()\nexcept LookupError as e:\n    r = type(e).__name__, repr(e.args[0]).split(' at ')[0]\nr",
	"v = ContextVar('v', default=0)\nt = v.set(5)\na = v.get()\nv.reset(t)\na, v.get(), t.var is v, t.old_value is Token.MISSING, repr(Token.MISSING)",
	"v = ContextVar('v')\nt1 = v.set(1)\nt2 = v.set(2)\nr = [v.get(), t2.old_value]\nv.reset(t2)\nr.append(v.get())\nv.reset(t1)\nr, v.get('gone')",
	"v = ContextVar('v')\nt = v.set(1)\nv.reset(t)\ntry:\n    v.reset(t)\nexcept RuntimeError as e:\n    r = str(e).endswith('has already been used once')\nr",
	"v = ContextVar('v')\nw = ContextVar('w')\nt = v.set(1)\ntry:\n    w.reset(t)\nexcept ValueError as e:\n    r = str(e).endswith('was created by a different ContextVar')\nr",
	"v = ContextVar('v')\nv.reset('x')",
	"ContextVar(1)",
	"v = ContextVar('v', default='d')\nv.set('outer')\nctx = copy_context()\ndef f(x):\n    v.set(x)\n    return v.get()\nr = ctx.run(f, 'inner')\nr, v.get(), ctx[v], v in ctx, len(ctx) >= 1, ctx.get(v)",
	"v = ContextVar('v')\nctx = copy_context()\ndef f():\n    t = v.set(1)\n    return t\nt = ctx.run(f)\ntry:\n    v.reset(t)\nexcept ValueError as e:\n    r = str(e).endswith('was created in a different Context')\nr",
	"ctx = Context()\ndef f():\n    return ctx.run(lambda: 1)\ntry:\n    ctx.run(f)\nexcept RuntimeError as e:\n    r = str(e).startswith('cannot enter context: <')\nr",
	"v = ContextVar('v')\nctx = Context()\nctx.run(v.set, 3)\nlist(ctx.keys()) == [v], list(ctx.values()), v in copy_context(), len(Context())",
	"copy_context()['x']",
	"Token()",
	"repr(ContextVar('v', default=3)).startswith(\"<ContextVar name='v' default=3 at 0x\")",
	"class Sub(ContextVar):\n    pass",
	"v = ContextVar('v')\nv.get(1, 2)",
}

func TestContextvarsMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "from contextvars import ContextVar, Token, Context, copy_context\n", contextvarsCases)
}
