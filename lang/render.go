package lang

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/tensor"
)

// maxReprBytes bounds the text repr makes of one value: beyond it the
// rest is elided and ReprText reports a MemoryError, so that showing
// [big] * 1000 fails as [0] * 10**12 does rather than exhausting the
// process. It is a variable for tests.
var maxReprBytes = 1 << 28

// reprTooLong marks, in repr's active set, a text cut at maxReprBytes.
type reprTooLong struct{}

// intTooLong marks, in repr's active set, an int of more digits than
// CPython converts to text (maxStrDigits).
type intTooLong struct{}

// reprStopped reports whether repr, at element i of a container whose
// elements so far took size bytes, must stop: the text is too long (which
// it marks in active) or the running cell was interrupted.
func reprStopped(i, size int, active map[any]bool) bool {
	if size > maxReprBytes {
		active[reprTooLong{}] = true
		return true
	}
	return PollInterrupt(i) != nil
}

// ReprText returns Repr(v), or the error that stopped it: KeyboardInterrupt
// when the running cell (Exec, Eval, Render) was interrupted while the text
// was made, MemoryError when the text would be longer than 256 MiB.
func ReprText(v Value) (string, error) {
	active := map[any]bool{}
	s := repr(v, active)
	return checkedText(s, v, active)
}

// ShownText is the one text every front end shows for a cell's value: the
// REPL prints it, the kernel sends it as the result's text/plain, and
// kael -c prints it. Body is the value's repr, for a tensor PyTorch's text
// (what print shows); a tensor adds Caption, its dtype and shape (Badge),
// after Sep. A front end may style the caption (the REPL dims it), not
// change the text.
type ShownText struct{ Body, Sep, Caption string }

func (s ShownText) String() string { return s.Body + s.Sep + s.Caption }

// captionWidth is the line width within which a tensor's caption goes on
// the last line of its text ("  " between), PyTorch's line width; past it
// the caption goes on a line of its own. A fixed width, not the terminal's,
// so that the REPL and a notebook lay a tensor out alike.
const captionWidth = 80

// ShowText returns the ShownText of v, or the error of ReprText that
// stopped it.
func ShowText(v Value) (ShownText, error) {
	body, err := ReprText(v)
	if err != nil {
		return ShownText{}, err
	}
	t, ok := v.(*tensor.Tensor)
	if !ok {
		return ShownText{Body: body}, nil
	}
	shown := ShownText{Body: body, Sep: "  ", Caption: Badge(t)}
	last := body[strings.LastIndexByte(body, '\n')+1:]
	if utf8.RuneCountInString(last)+len(shown.Sep)+utf8.RuneCountInString(shown.Caption) > captionWidth {
		shown.Sep = "\n"
	}
	return shown, nil
}

// Shown is ShowText for a value whose text was made before (a display):
// on an error it is the plain Repr.
func Shown(v Value) ShownText {
	shown, err := ShowText(v)
	if err != nil {
		return ShownText{Body: Repr(v)}
	}
	return shown
}

// StrText is Str(v) with ReprText's errors.
func StrText(v Value) (string, error) {
	switch v.(type) {
	case *List, Tuple, *Dict, BigInt:
		return ReprText(v)
	}
	return checkedText(Str(v), v, nil)
}

func checkedText(s string, v Value, active map[any]bool) (string, error) {
	if tensor.Interrupted() {
		return "", ErrInterrupted()
	}
	if active[intTooLong{}] {
		return "", Errorf(ValueError, "Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", maxStrDigits)
	}
	if active[reprTooLong{}] {
		return "", Errorf(MemoryError, "the text of this %s would be longer than %s", TypeName(v), tensor.HumanBytes(float64(maxReprBytes))).
			WithHint("show a part of it (x[:10]) or its size (len(x))")
	}
	return s, nil
}

// Render runs format, which turns the value of a cell that Exec returned
// into what a front end shows (its repr, an HTML table), under ctx as Exec
// runs the cell: cancelling ctx stops the repr of a huge result (ReprText,
// Repr and the tensor formatter look at the interrupt between chunks) and
// Render returns KeyboardInterrupt, as it does when ctx was cancelled
// before format ended. An error format returns (ReprText's MemoryError) is
// returned as a language error, and a panic in format becomes an
// InternalError, so that showing a result never takes a front end down.
func (s *Session) Render(ctx context.Context, format func() error) (e *Error) {
	defer func() {
		if r := recover(); r != nil {
			e = &Error{Kind: InternalError, Msg: fmt.Sprintf("kael crashed while showing the result: %v", r),
				Hint: CrashHint("the cell", debug.Stack())}
		}
	}()
	err := tensor.Interruptible(ctx, func() error {
		if err := format(); err != nil {
			return err
		}
		if tensor.Interrupted() || ctx.Err() != nil {
			return ErrInterrupted()
		}
		return nil
	})
	if err != nil {
		return ToError(err)
	}
	return nil
}
