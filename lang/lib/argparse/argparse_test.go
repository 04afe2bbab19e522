package argparse_test

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"

	_ "github.com/kael-dev/kael/lang/lib/argparse"
	_ "github.com/kael-dev/kael/lang/lib/sys"
)

// argparsePrelude defines run(p, args): parse_args(args) printed, or the
// SystemExit's status after what the parser wrote.
const argparsePrelude = `import argparse
def run(p, args):
    try:
        print(p.parse_args(args))
    except SystemExit as e:
        print('exit', e)
`

// argparseScripts run in kael and in CPython 3.11; what they print
// (stdout and stderr, as written) must be the same, byte for byte.
var argparseScripts = []string{
	// The formatter classes: defaults added to the help, raw description and text.
	`r = argparse.ArgumentParser(prog='r', formatter_class=argparse.ArgumentDefaultsHelpFormatter, description='A   tool\n  with   lines')
r.add_argument('--batch-size', type=int, default=32, help='batch')
r.add_argument('--name', default='x')
r.add_argument('--lr', default=0.1, help='lr %(default)s')
r.add_argument('--flag', action='store_true', help='a flag')
r.add_argument('--s', default=argparse.SUPPRESS, help='sup')
r.add_argument('pos', help='positional')
r.add_argument('opt', nargs='?', default='o', help='maybe')
r.add_argument('many', nargs='*', help='many')
r.print_help()
print(r)
d = argparse.ArgumentParser(prog='d', formatter_class=argparse.RawDescriptionHelpFormatter, description='Usage:\n  python d.py --x 1\n\n    indented  text', epilog='Examples:\n   a\n   b')
d.add_argument('--x', help='some   x\n  help that is long enough to be wrapped wrapped wrapped wrapped wrapped')
d.print_help()
t = argparse.ArgumentParser(prog='t', formatter_class=argparse.RawTextHelpFormatter, description='Line1\nLine2')
t.add_argument('--mode', choices=['a', 'b'], help='mode:\n  a - first\n  b - second')
g = t.add_argument_group('grp', 'group\n  desc')
g.add_argument('--q', help='q')
t.print_help()`,

	// A training script's parser: help, parses and every kind of error.
	`p = argparse.ArgumentParser(prog='train.py', description='Train a small model on the data given, with the learning rate and epochs that the options say.', epilog='See the docs.')
p.add_argument('data', help='the data file')
p.add_argument('extra', nargs='*', help='more files')
p.add_argument('-n', '--epochs', type=int, default=10, help='number of epochs (default: %(default)s)')
p.add_argument('--lr', type=float, default=1e-3, metavar='RATE', help='learning rate')
p.add_argument('-v', '--verbose', action='count', default=0)
p.add_argument('--cuda', action='store_true', help='use the GPU')
p.add_argument('--opt', choices=['sgd', 'adam'], default='adam')
p.add_argument('--tag', action='append')
print(p.format_help())
run(p, ['d.csv', 'a', 'b', '-n', '3', '--lr=0.1', '-vv', '--cuda', '--tag', 'x', '--tag', 'y'])
run(p, ['d.csv'])
print(vars(p.parse_args(['d.csv', '--opt', 'sgd'])))
print(p.parse_known_args(['d.csv', '--bogus', '-n4']))
for args in [[], ['d', '-n', 'x'], ['d', '--opt', 'rmsprop'], ['d', '--lr'], ['d', '--bogus'], ['-h'], ['d', '--ep', '2', '--verb'], ['d', '--', '-n', '5']]:
    run(p, args)`,
	// nargs as counts, ?, +, *, and const with '?'.
	`p = argparse.ArgumentParser(prog='nargs')
p.add_argument('pair', nargs=2, type=int)
p.add_argument('--point', nargs=3, metavar=('X', 'Y', 'Z'), type=float)
p.add_argument('--out', nargs='?', const='-', default=None)
p.add_argument('--files', nargs='+')
p.add_argument('--opt', nargs='*', default=[])
p.add_argument('--one', nargs=1)
print(p.format_usage(), end='')
print(p.format_help())
for args in [['1', '2'], ['1', '2', '--point', '1', '2', '3', '--out'], ['1', '2', '--out', 'f.txt', '--files', 'a', 'b'], ['1'], ['1', '2', '--files'], ['1', '2', '--point', '1'], ['1', '2', '--opt'], ['1', '2', '--one', 'x'], ['1', 'x']]:
    run(p, args)`,
	// store_const, append_const, store_false, version, help of each.
	`p = argparse.ArgumentParser(prog='acts', add_help=True)
p.add_argument('--fast', dest='speed', action='store_const', const=10, default=1, help='go fast')
p.add_argument('--int', dest='types', action='append_const', const=int)
p.add_argument('--str', dest='types', action='append_const', const=str)
p.add_argument('--no-cache', action='store_false', help='do not cache')
p.add_argument('--version', action='version', version='%(prog)s 1.2.3')
print(p.format_help())
run(p, ['--fast', '--int', '--str', '--no-cache'])
run(p, [])
run(p, ['--version'])
run(p, ['--fast=3'])`,
	// Mutually exclusive groups and argument groups.
	`p = argparse.ArgumentParser(prog='mx')
g = p.add_mutually_exclusive_group()
g.add_argument('-q', '--quiet', action='store_true')
g.add_argument('-v', '--verbose', action='store_true')
r = p.add_mutually_exclusive_group(required=True)
r.add_argument('--train', action='store_true', help='train the model')
r.add_argument('--eval', action='store_true', help='evaluate it')
io = p.add_argument_group('input/output', 'Where the data comes from and goes.')
io.add_argument('--src', default='data/')
io.add_argument('dst')
print(p.format_help())
for args in [['--train', 'o'], ['-q', '-v', '--train', 'o'], ['o'], ['--train', '--eval', 'o'], ['-v', '--eval', 'o']]:
    run(p, args)`,
	// Subcommands.
	`p = argparse.ArgumentParser(prog='git')
p.add_argument('--debug', action='store_true')
sub = p.add_subparsers(dest='cmd', help='what to do')
c = sub.add_parser('clone', help='clone a repository')
c.add_argument('url')
c.add_argument('--depth', type=int)
s = sub.add_parser('status', help='show the state', aliases=['st'])
s.add_argument('-s', '--short', action='store_true')
print(p.format_help())
print(c.format_help())
for args in [['clone', 'u', '--depth', '1'], ['--debug', 'st', '-s'], [], ['push'], ['clone'], ['status', '--bogus'], ['clone', '-h']]:
    run(p, args)`,
	`p = argparse.ArgumentParser(prog='tool')
sub = p.add_subparsers(title='commands', description='the commands', dest='command', required=True)
a = sub.add_parser('add')
a.add_argument('x', type=int)
a.set_defaults(func='adder')
print(p.format_help())
run(p, ['add', '3'])
run(p, [])`,
	// Usage wrapping: many options, a long prog, long positionals.
	`p = argparse.ArgumentParser(prog='a_rather_long_program_name_for_wrapping_the_usage_line_onto_its_own.py')
for name in ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta']:
    p.add_argument('--' + name, help='the %s value, which sets how the %s part of the model behaves when it is trained for a long time' % (name, name))
p.add_argument('inputs', nargs='+')
print(p.format_help())
q = argparse.ArgumentParser(prog='short')
for name in ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa']:
    q.add_argument('--' + name + '-option-with-a-long-name', metavar=name.upper())
q.add_argument('first_positional_argument')
q.add_argument('second_positional_argument', nargs='?')
print(q.format_usage())`,
	// Short flags together, attached values, abbreviations, negative numbers.
	`p = argparse.ArgumentParser(prog='flags')
p.add_argument('-a', action='store_true')
p.add_argument('-b', action='store_true')
p.add_argument('-c', type=int)
p.add_argument('--learning-rate', type=float)
p.add_argument('--learning-steps', type=int)
p.add_argument('x', nargs='?', type=int)
for args in [['-ab'], ['-abc5'], ['-c', '-3'], ['-5'], ['--learning-r', '0.5'], ['--learning', '1'], ['-c5', '7'], ['-ax'], ['--learning-rate=2', '-b']]:
    run(p, args)`,
	// Namespace, defaults, errors of add_argument.
	`ns = argparse.Namespace(a=1, b='x')
print(ns, ns.a, vars(ns), ns == argparse.Namespace(a=1, b='x'), ns == argparse.Namespace(a=2))
ns.c = [1]
print(ns)
p = argparse.ArgumentParser(prog='d', argument_default=None)
p.set_defaults(mode='fast', level=3)
p.add_argument('--level', type=int)
print(p.parse_args([]), p.get_default('mode'), p.get_default('level'))
print(p.parse_args(['--level', '4'], namespace=argparse.Namespace(extra=True)))
for f in [lambda: p.add_argument('--level'), lambda: p.add_argument('x', required=True), lambda: p.add_argument('--z', nargs=0), lambda: p.add_argument('--w', action='nope'), lambda: p.add_argument('bad', 'worse'), lambda: p.add_argument('--y', const=1)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)`,
	// A type function of the user's, ArgumentTypeError, exit_on_error=False.
	`def positive(s):
    v = int(s)
    if v <= 0:
        raise argparse.ArgumentTypeError('%s is not positive' % s)
    return v
p = argparse.ArgumentParser(prog='t', exit_on_error=False)
p.add_argument('--n', type=positive)
p.add_argument('--m', type=positive, choices=[1, 2, 3])
print(p.parse_args(['--n', '5']))
for args in [['--n', '0'], ['--n', 'x'], ['--m', '4']]:
    try:
        p.parse_args(args)
    except argparse.ArgumentError as e:
        print('ArgumentError', e)
print(p.format_help())`,
	// Odd option strings: a lone prefix character, other prefix characters.
	`p = argparse.ArgumentParser(prog='odd', prefix_chars='-+')
p.add_argument('-', dest='dash', action='store_true')
p.add_argument('+x', action='store_true')
p.add_argument('++long', type=int)
p.add_argument('rest', nargs='*')
print(p.format_help())
for args in [['-'], ['+x', '++long', '3'], ['++long=4', 'a', '-'], ['++lo', '5']]:
    run(p, args)`,
	// parse_known_args keeps what it does not know; REMAINDER.
	`p = argparse.ArgumentParser(prog='k')
p.add_argument('--x', type=int, default=0)
p.add_argument('cmd')
p.add_argument('rest', nargs=argparse.REMAINDER)
print(p.parse_known_args(['--x', '1', 'run', '--y', '2', 'z']))
print(p.parse_known_args(['--zz', 'go']))
print(p.format_usage(), end='')`,
	// parse_args() reads sys.argv as the program left it: replaced, or
	// changed in place; prog is its first item's base name.
	`import sys
sys.argv = ['dir/train.py', '--lr', '0.5', 'data']
p = argparse.ArgumentParser()
p.add_argument('--lr', type=float)
p.add_argument('path')
print(p.parse_args(), p.prog)
sys.argv.append('--lr=2')
print(p.parse_args())
sys.argv[1:] = ['x']
print(p.parse_args())
sys.argv = ['other.py', '--bad']
run(argparse.ArgumentParser(), None)`,
	// Classes deriving from Action, ArgumentParser (error, exit and
	// format_help overridden) and Namespace.
	`class KV(argparse.Action):
    def __init__(self, option_strings, dest, nargs=None, **kwargs):
        if nargs is not None:
            raise ValueError("nargs not allowed")
        super().__init__(option_strings, dest, **kwargs)
    def __call__(self, parser, namespace, values, option_string=None):
        k, v = values.split('=')
        d = getattr(namespace, self.dest) or {}
        d[k] = v
        setattr(namespace, self.dest, d)
        print('called', option_string, type(parser).__name__, type(namespace).__name__)
class Upper(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, [v.upper() for v in values])
class Check(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        if values < 0:
            parser.error('negative %d' % values)
        setattr(namespace, self.dest, values)
p = argparse.ArgumentParser(prog='kv')
a = p.add_argument('--set', action=KV, help='k=v pairs')
print(a)
print(type(a).__name__, a.dest, a.option_strings, a.nargs, a.help, isinstance(a, argparse.Action))
p.add_argument('words', nargs='+', action=Upper)
p.add_argument('--n', type=int, action=Check, default=3)
print(p.format_help())
run(p, ['--set', 'a=1', 'x', '--set', 'b=2', 'y'])
run(p, ['x', '--n', '-5'])
run(p, ['x', '--n', '5'])
try:
    p.add_argument('--bad', action=KV, nargs=2)
except ValueError as e:
    print('ValueError', e)
class P(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.errors = []
    def error(self, message):
        self.errors.append(message)
        raise RuntimeError('bad: ' + message)
q = P(prog='q', description='custom')
q.add_argument('--x', type=int, required=True)
print(q.prog, q.description, isinstance(q, argparse.ArgumentParser))
print(q.parse_args(['--x', '3']))
for args in [[], ['--x', 'z'], ['--x', '1', 'extra']]:
    try:
        q.parse_args(args)
    except RuntimeError as e:
        print(e)
print(q.errors)
class E(argparse.ArgumentParser):
    def exit(self, status=0, message=None):
        print('exit called', status, repr(message))
        raise KeyError(status)
e = E(prog='e')
e.add_argument('n', type=int)
for args in [['x'], ['-h']]:
    try:
        e.parse_args(args)
    except KeyError as k:
        print('KeyError', k)
class H(argparse.ArgumentParser):
    def format_help(self):
        return 'my help: ' + super().format_help().splitlines()[0] + '\n'
h = H(prog='h')
h.add_argument('--v')
h.print_help()
run(h, ['-h'])
class NS(argparse.Namespace):
    def total(self):
        return self.a + self.b
ns = NS(a=1)
print(ns, ns.a)
r = argparse.ArgumentParser(prog='r')
r.add_argument('--a', type=int, default=0)
r.add_argument('--b', type=int, default=0)
out = r.parse_args(['--a', '2', '--b', '5'], namespace=NS())
print(type(out).__name__, out, out.total(), vars(out))
print(out == NS(a=2, b=5), NS(a=1) == argparse.Namespace(a=1))`,
	// What add_argument passes an Action class, Action itself, subparsers
	// of a derived parser, and an error() that returns.
	`class Show(argparse.Action):
    def __init__(self, option_strings, dest, **kwargs):
        print('init', option_strings, dest, sorted(kwargs.items()))
        super().__init__(option_strings, dest, **kwargs)
    def __call__(self, parser, namespace, values, option_string=None):
        print('call', repr(values), option_string)
        setattr(namespace, self.dest, values)
p = argparse.ArgumentParser(prog='s')
p.add_argument('src', action=Show)
p.add_argument('rest', nargs='*', action=Show)
p.add_argument('--opt', nargs='?', const='C', default='D', action=Show, help='o')
p.add_argument('-q', action=Show, nargs=0)
print(list(vars(p.add_argument("--zz", action=Show))))
run(p, ['a', 'b', 'c', '--opt'])
run(p, ['a', '-q', '--opt', 'v'])
run(p, [])
p2 = argparse.ArgumentParser(prog='p2')
p2.add_argument('--x', action=argparse.Action)
try:
    p2.parse_args(['--x', '1'])
except NotImplementedError as e:
    print('NotImplementedError', e)
try:
    p2.add_argument('--y', action=Show, bogus=1)
except TypeError as e:
    print('TypeError')
a = argparse.Action(['-f', '--foo'], 'foo', help='h')
print(a, a.format_usage())
class Sub(argparse.ArgumentParser):
    def error(self, message):
        print('Sub.error', self.prog, message)
        super().error(message)
s = Sub(prog='top')
sp = s.add_subparsers(dest='cmd')
t = sp.add_parser('train', help='train it')
t.add_argument('--epochs', type=int)
print(type(t).__name__)
run(s, ['train', '--epochs', '3'])
run(s, ['train', '--epochs', 'x'])
run(s, ['nope'])
class Quiet(argparse.ArgumentParser):
    def error(self, message):
        print('quiet', message)
qq = Quiet(prog='qq')
qq.add_argument('n', type=int)
print(qq.parse_args(['1', '2']))
try:
    qq.parse_args(['x'])
except UnboundLocalError as e:
    print('UnboundLocalError', e)
qq.prog = 'renamed'
print(qq.prog, qq.format_usage(), end='')
print(qq)`,
}

// TestArgparseAgainstCPython runs each script in kael and in CPython and
// compares all they print.
func TestArgparseAgainstCPython(t *testing.T) {
	python := reftest.CPython(t)
	for _, script := range argparseScripts {
		src := argparsePrelude + script + "\n"
		var out bytes.Buffer
		r := lang.NewSession(lang.IO{Stdout: &out}).Exec(context.Background(), "", src)
		got := out.String()
		if r.Err != nil {
			got += string(r.Err.Kind) + ": " + r.Err.Msg + "\n"
		}
		cmd := exec.Command(python, "-u", "-c", src)
		cmd.Env = append(cmd.Environ(), "COLUMNS=80")
		var pyOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &pyOut, &pyOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", python, err, pyOut.String())
		}
		if got != pyOut.String() {
			t.Errorf("script %.60q...:\n%s", script, lineDiff(got, pyOut.String()))
		}
	}
}

// lineDiff shows the first lines where kael and CPython differ.
func lineDiff(kael, py string) string {
	k, p := strings.Split(kael, "\n"), strings.Split(py, "\n")
	for i := 0; i < len(k) || i < len(p); i++ {
		var kl, pl string
		if i < len(k) {
			kl = k[i]
		}
		if i < len(p) {
			pl = p[i]
		}
		if kl != pl {
			return "line " + itoa(i+1) + ":\n  kael:    " + kl + "\n  CPython: " + pl
		}
	}
	return ""
}

func itoa(n int) string {
	s := ""
	for n > 0 || s == "" {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
