package inspect

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/collections"
)

// stack, getouterframes and getframeinfo: the frames of the running code
// (sys._getframe's, followed by f_back) with their file, line, function
// and the lines of source around the line, as CPython's inspect gives
// them (less FrameInfo's positions, which need a column table kael's
// code objects do not keep).

var (
	frameInfo = collections.NamedTupleType("FrameInfo", []string{"frame", "filename", "lineno", "function", "code_context", "index"}, "inspect")
	traceback = collections.NamedTupleType("Traceback", []string{"filename", "lineno", "function", "code_context", "index"}, "inspect")
)

// contextLines is CPython's: the context lines of the file around line
// lineno (1-based) and the index of that line among them; None, None when
// the file cannot be read or context is below 1.
func contextLines(filename string, lineno, context int64) (lang.Value, lang.Value) {
	if context <= 0 {
		return lang.None, lang.None
	}
	lines, err := fileLines(filename)
	if err != nil || len(lines) > 0 && lines[len(lines)-1] == "" {
		if err != nil {
			return lang.None, lang.None
		}
		lines = lines[:len(lines)-1]
	}
	start := lineno - 1 - context/2
	start = max(0, min(start, int64(len(lines))-context))
	end := min(int64(len(lines)), start+context)
	if start >= end || lineno < 1 || lineno > int64(len(lines)) {
		return lang.None, lang.None
	}
	out := make([]lang.Value, 0, end-start)
	for _, l := range lines[start:end] {
		out = append(out, l)
	}
	return &lang.List{Elems: out}, lineno - 1 - start
}

// frameFields are a frame's filename, line number and function name.
func frameFields(frame lang.Value) (string, int64, string, error) {
	line, err := lang.GetAttr(frame, "f_lineno") // CPython's first question, and its AttributeError
	if err != nil {
		return "", 0, "", err
	}
	code, err := lang.GetAttr(frame, "f_code")
	if err != nil {
		return "", 0, "", err
	}
	file, _ := lang.GetAttr(code, "co_filename")
	name, _ := lang.GetAttr(code, "co_name")
	f, _ := file.(string)
	n, _ := name.(string)
	l, _ := line.(int64)
	return f, l, n, nil
}

// outer is getouterframes(frame, context): frame and those that called it.
func outer(frame lang.Value, context int64) (lang.Value, error) {
	var out []lang.Value
	for frame != lang.None {
		file, line, name, err := frameFields(frame)
		if err != nil {
			return nil, err
		}
		lines, index := contextLines(file, line, context)
		out = append(out, lang.NewNamedTuple(frameInfo, frame, file, line, name, lines, index))
		if frame, err = lang.GetAttr(frame, "f_back"); err != nil {
			return nil, err
		}
	}
	return &lang.List{Elems: out}, nil
}

func contextArg(a *lang.Args) (int64, error) {
	n, ok := a.Value("context").(int64)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "context must be an int, not %s", lang.TypeName(a.Value("context")))
	}
	return n, nil
}

func init() {
	attrs := inspectModule.Attrs
	attrs["stack"] = lang.NewBuiltin(lang.AsValue, "stack(context=1)", "The FrameInfo(frame, filename, lineno, function, code_context, index) of the caller's frame and of each frame out to the module's: code_context holds context lines of the source around the line (None when its file cannot be read), index the line's among them.", func(a *lang.Args) (lang.Value, error) {
		context, err := contextArg(a)
		if err != nil {
			return nil, err
		}
		frame, err := a.Frame(0)
		if err != nil {
			return nil, err
		}
		return outer(frame, context)
	})
	attrs["getouterframes"] = lang.NewBuiltin(lang.AsValue, "getouterframes(frame, context=1)", "The FrameInfo of frame and of each frame out from it, as stack() gives them.", func(a *lang.Args) (lang.Value, error) {
		context, err := contextArg(a)
		if err != nil {
			return nil, err
		}
		return outer(a.Value("frame"), context)
	})
	attrs["getframeinfo"] = lang.NewBuiltin(lang.AsValue, "getframeinfo(frame, context=1)", "Traceback(filename, lineno, function, code_context, index) of frame.", func(a *lang.Args) (lang.Value, error) {
		context, err := contextArg(a)
		if err != nil {
			return nil, err
		}
		file, line, name, err := frameFields(a.Value("frame"))
		if err != nil {
			return nil, err
		}
		lines, index := contextLines(file, line, context)
		return lang.NewNamedTuple(traceback, file, line, name, lines, index), nil
	})
}
