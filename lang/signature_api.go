package lang

import "strings"

// SignatureText is the signature of a callable as Python text, as help()
// shows it: "AdamW(params, lr=0.001, ...)" for a builtin or a class of
// kael's, "f(a, b=1, *rest)" for a function, a class's __init__ without
// self for a class statement's class, a method without its receiver. ok
// is false for a value that is not callable or has no signature.
func SignatureText(v Value) (string, bool) {
	switch x := v.(type) {
	case *Builtin:
		return x.Sig, x.Sig != ""
	case *Function:
		return x.signatureText(), true
	case *BoundMethod:
		return dropFirstParam(x.Method.Sig), x.Method.Sig != ""
	case *userMethod:
		s, ok := SignatureText(x.fn)
		return dropFirstParam(s), ok
	case *UserClass:
		init, _, ok := x.lookup("__init__")
		if !ok {
			return x.Name + "()", true
		}
		s, ok := SignatureText(init)
		if !ok {
			return "", false
		}
		return x.Name + strings.TrimPrefix(dropFirstParam(s), s[:strings.IndexByte(s, '(')]), true
	}
	return "", false
}

// dropFirstParam removes the first parameter (self) from "f(self, a)".
func dropFirstParam(sig string) string {
	open := strings.IndexByte(sig, '(')
	if open < 0 {
		return sig
	}
	rest := sig[open+1:]
	if i := strings.IndexByte(rest, ','); i >= 0 {
		return sig[:open+1] + strings.TrimLeft(rest[i+1:], " ")
	}
	return sig[:open+1] + ")"
}
