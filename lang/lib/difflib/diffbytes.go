package difflib

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// diff_bytes: a str diff function (unified_diff, context_diff) run over
// bytes. CPython decodes them as ASCII with surrogateescape and encodes
// the lines back; kael's str holds no lone surrogates, so each byte
// becomes the code point of its value and back (latin-1), the same
// one-to-one mapping for what the diff compares and copies.

// bytesToStr is b with each byte a code point of its value.
func bytesToStr(b []byte) string {
	var sb strings.Builder
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}

// strToBytes undoes bytesToStr.
func strToBytes(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		out = append(out, byte(r))
	}
	return out
}

// decodeArg is one bytes argument as str, or CPython's TypeError.
func decodeArg(v lang.Value) (lang.Value, error) {
	b, ok := v.(lang.Bytes)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "all arguments must be bytes, not %s (%s)", lang.TypeName(v), lang.Repr(v))
	}
	return bytesToStr(b.Data()), nil
}

var diffBytes = lang.NewBuiltin(lang.AsValue, "diff_bytes(dfunc, a, b, fromfile=b'', tofile=b'', fromfiledate=b'', tofiledate=b'', n=3, lineterm=b'\\n')",
	"Compare a and b, lists of bytes, with dfunc (unified_diff or context_diff); the delta's lines are bytes too.",
	func(a *lang.Args) (lang.Value, error) {
		var args []lang.Value
		for _, name := range []string{"a", "b"} {
			lines, err := lang.Collect(a.Value(name))
			if err != nil {
				return nil, err
			}
			strs := make([]lang.Value, len(lines))
			for i, l := range lines {
				if strs[i], err = decodeArg(l); err != nil {
					return nil, err
				}
			}
			args = append(args, &lang.List{Elems: strs})
		}
		for _, name := range []string{"fromfile", "tofile", "fromfiledate", "tofiledate"} {
			s, err := decodeArg(a.Value(name))
			if err != nil {
				return nil, err
			}
			args = append(args, s)
		}
		term, err := decodeArg(a.Value("lineterm"))
		if err != nil {
			return nil, err
		}
		args = append(args, a.Value("n"), term)
		res, err := a.Call(a.Value("dfunc"), args...)
		if err != nil {
			return nil, err
		}
		lines, err := lang.Collect(res)
		if err != nil {
			return nil, err
		}
		out := make([]lang.Value, len(lines))
		for i, l := range lines {
			s, ok := l.(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "diff_bytes: dfunc gave %s, not str", lang.TypeName(l))
			}
			out[i] = lang.NewBytes(strToBytes(s))
		}
		return lang.NewIterator("generator", out), nil
	})
