package lang

import (
	"fmt"
	"unicode/utf8"
)

// The state CPython's UnicodeEncodeError, UnicodeDecodeError and
// UnicodeTranslateError keep beside their args: encoding, object, start,
// end and reason, read and assigned as attributes, which str() formats
// as they are when it runs ("'ascii' codec can't encode character '\xe9'
// in position 0: ordinal not in range(128)").

// unicodeFields are the fields of a Unicode error made with CPython's
// arguments; encoding is nil for UnicodeTranslateError.
type unicodeFields struct {
	encoding, object, reason Value
	start, end               int64
	kind                     string // "encode", "decode" or "translate"
}

// unicodeKind is "encode", "decode" or "translate" for an instance of
// UnicodeEncodeError, UnicodeDecodeError or UnicodeTranslateError (or a
// subclass), else "". Every raise asks, so the classes are package
// variables and a class outside UnicodeError is told by one walk of its
// MRO.
func unicodeKind(x *Instance) string {
	k := x.cls.excKinds
	if k&excUnicodeError == 0 {
		return ""
	}
	switch {
	case k&excUnicodeEncodeError != 0:
		return "encode"
	case k&excUnicodeDecodeError != 0:
		return "decode"
	case k&excUnicodeTranslateError != 0:
		return "translate"
	}
	return ""
}

// unicodeFieldsOf reads the fields from the arguments of
// UnicodeEncodeError(encoding, object, start, end, reason) (a str object),
// UnicodeDecodeError (a bytes or bytearray object, kept as bytes) or UnicodeTranslateError(object,
// start, end, reason); nil when args are not those (an error kael
// raised with its message alone keeps just its message).
func unicodeFieldsOf(kind string, args Tuple) *unicodeFields {
	f := &unicodeFields{kind: kind}
	rest := args
	if kind != "translate" {
		if len(args) != 5 {
			return nil
		}
		if _, ok := args[0].(string); !ok {
			return nil
		}
		f.encoding, rest = args[0], args[1:]
	} else if len(args) != 4 {
		return nil
	}
	f.object, f.reason = rest[0], rest[3]
	if ba, ok := f.object.(*ByteArray); ok && kind == "decode" {
		f.object = NewBytes(append([]byte(nil), ba.b...)) // a bytes-like object is kept as bytes
	}
	if _, ok := f.reason.(string); !ok {
		return nil
	}
	if _, isBytes := f.object.(Bytes); isBytes != (kind == "decode") {
		if _, isStr := f.object.(string); !isStr || kind == "decode" {
			return nil
		}
	}
	var ok1, ok2 bool
	f.start, ok1 = rest[1].(int64)
	f.end, ok2 = rest[2].(int64)
	if !ok1 || !ok2 {
		return nil
	}
	return f
}

// field returns the attribute name of f, nil when it has none of that
// name.
func (f *unicodeFields) field(name string) (Value, bool) {
	switch name {
	case "encoding":
		if f.kind != "translate" {
			return f.encoding, true
		}
	case "object":
		return f.object, true
	case "reason":
		return f.reason, true
	case "start":
		return f.start, true
	case "end":
		return f.end, true
	}
	return nil, false
}

// setField assigns the attribute name of f; ok is false when f has no
// such attribute.
func (f *unicodeFields) setField(name string, v Value) (ok bool, err error) {
	switch name {
	case "start", "end":
		n, isInt := v.(int64)
		if !isInt {
			return true, Errorf(TypeError, "an integer is required")
		}
		if name == "start" {
			f.start = n
		} else {
			f.end = n
		}
		return true, nil
	case "encoding":
		if f.kind == "translate" {
			return false, nil
		}
		f.encoding = v
		return true, nil
	case "object":
		f.object = v
		return true, nil
	case "reason":
		f.reason = v
		return true, nil
	}
	return false, nil
}

// str is str() of the error, as CPython 3.11's UnicodeEncodeError_str and
// its two siblings: one character (or byte) named when end is start+1
// and start lies in the object, else the range start to end-1.
func (f *unicodeFields) str() string {
	reason := Str(f.reason)
	prefix := "can't translate"
	if f.kind != "translate" {
		prefix = fmt.Sprintf("'%s' codec can't %s", Str(f.encoding), f.kind)
	}
	if f.end == f.start+1 && f.start >= 0 {
		switch o := f.object.(type) {
		case string:
			if f.start < int64(utf8.RuneCountInString(o)) {
				r := []rune(o)[f.start]
				return fmt.Sprintf("%s character %s in position %d: %s", prefix, asciiEscape(r), f.start, reason)
			}
		case Bytes:
			if f.start < int64(len(o.b)) {
				return fmt.Sprintf("%s byte 0x%02x in position %d: %s", prefix, o.b[f.start], f.start, reason)
			}
		}
	}
	what := "characters"
	if f.kind == "decode" {
		what = "bytes"
	}
	return fmt.Sprintf("%s %s in position %d-%d: %s", prefix, what, f.start, f.end-1, reason)
}
