package argparse_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
)

// fuzzParser has an argument of each kind; FuzzParseArgs parses any
// command line with it.
const fuzzParser = argparsePrelude + `p = argparse.ArgumentParser(prog='f')
p.add_argument('pos', nargs='?')
p.add_argument('more', nargs='*', type=int)
p.add_argument('-a', action='store_true')
p.add_argument('-n', '--num', type=float, choices=[1.0, 2.5])
p.add_argument('--pair', nargs=2)
p.add_argument('--opt', nargs='?', const='c')
p.add_argument('-v', action='count')
p.add_argument('--tag', action='append')
g = p.add_mutually_exclusive_group()
g.add_argument('--x', action='store_const', const=1)
g.add_argument('--y', action='store_const', const=2)
sub = p.add_subparsers(dest='cmd')
s = sub.add_parser('go', help='go')
s.add_argument('--speed', type=int)
`

// FuzzParseArgs parses command lines split from any text: an error is a
// SystemExit after the parser's message, never a panic or another error.
func FuzzParseArgs(f *testing.F) {
	for _, seed := range []string{"", "a 1 2", "-an 1", "--num=2.5 -vvv", "--pair a b --opt", "--x --y", "go --speed 3",
		"-- -a", "--tag a --tag", "-n", "--nu 1", "-5", "go --bogus", "--opt=", "-a=1", "-h"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if !utf8.ValidString(line) || len(line) > 300 {
			return
		}
		args := &lang.List{}
		for _, s := range strings.Fields(line) {
			args.Elems = append(args.Elems, s)
		}
		var out bytes.Buffer
		s := lang.NewSession(lang.IO{Stdout: &out})
		if r := s.Exec(context.Background(), "", fuzzParser); r.Err != nil {
			t.Fatal(r.Err)
		}
		s.Set("ARGS", args)
		if r := s.Exec(context.Background(), "", "run(p, ARGS)"); r.Err != nil {
			t.Fatalf("%q: %v", line, r.Err)
		}
	})
}
