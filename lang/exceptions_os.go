package lang

import (
	"errors"
	"strings"
	"syscall"

	"github.com/kael-dev/kael/internal/fileguard"
)

// The state CPython's OSError and SystemExit keep beside their args: an
// OSError made with an errno and a message has errno, strerror, filename
// and filename2, and str() "[Errno 2] No such file or directory: 'x'";
// SystemExit has code, which kael run turns into its exit status. A
// library raises an OSError of the right subclass from a Go error with
// OSErrorFrom, as open() does.

// osFields are an OSError's errno, strerror, filename and filename2, each
// nil for None.
type osFields struct {
	errno, strerror, filename, filename2 Value
}

// osFieldsOf reads the fields from the arguments of OSError(...) as
// CPython does: with 2 to 5 arguments, errno and strerror are the first
// two, filename the third and filename2 the fifth, and args keeps only
// the first two when there is a filename. It returns the args to keep.
func osFieldsOf(args Tuple) (*osFields, Tuple) {
	if len(args) < 2 || len(args) > 5 {
		return &osFields{}, args
	}
	f := &osFields{errno: args[0], strerror: args[1]}
	if len(args) >= 3 {
		f.filename = noneToNil(args[2])
		if len(args) == 5 {
			f.filename2 = noneToNil(args[4])
		}
		args = args[:2]
	}
	return f, args
}

// over is f with the fields it lacks taken from old (nil: none), as
// CPython's oserror_init sets only the fields its arguments give.
func (f *osFields) over(old *osFields) *osFields {
	if old == nil {
		return f
	}
	keep := func(v, was Value) Value {
		if v == nil {
			return was
		}
		return v
	}
	return &osFields{errno: keep(f.errno, old.errno), strerror: keep(f.strerror, old.strerror),
		filename: keep(f.filename, old.filename), filename2: keep(f.filename2, old.filename2)}
}

func noneToNil(v Value) Value {
	if v == None {
		return nil
	}
	return v
}

// osInitParses reports whether OSError's __init__, rather than its
// __new__, reads the arguments of an instance of c: CPython's
// oserror_use_init, true for a class statement's subclass that defines
// __init__ but not __new__. Otherwise __new__ sets args and the fields
// (osNew), and OSError.__init__, run then or again later, does nothing.
func osInitParses(c *UserClass) bool {
	_, ownInit := c.userAttr("__init__")
	_, ownNew := c.userAttr("__new__")
	return ownInit && !ownNew
}

// osNew is OSError.__new__'s part of making x with the arguments pos, as
// CPython's OSError_new: unless __init__ reads them (osInitParses), the
// fields, args, and for OSError itself the subclass errno stands for;
// else empty args for __init__ to set.
func osNew(x *Instance, st *excState, pos []Value) {
	if osInitParses(x.cls) {
		st.args = Tuple{}
		return
	}
	f, args := osFieldsOf(append(Tuple(nil), pos...))
	st.setOSError(f)
	st.args = args
	x.cls = osSubclass(x.cls, f)
}

// isOSError reports whether x is an OSError.
func isOSError(x *Instance) bool { return x.cls.excKinds&excOSError != 0 }

// osSubclass is the class OSError(errno, ...) makes: as CPython's
// OSError.__new__, the subclass that errno stands for (FileNotFoundError
// for 2), when cls is OSError itself; else cls.
func osSubclass(cls *UserClass, f *osFields) *UserClass {
	n, ok := f.errno.(int64)
	if !ok || cls != osErrorClass || n <= 0 || n > 4095 {
		return cls
	}
	if sub := exceptionClasses[string(osErrorKind(syscall.Errno(n)))]; sub != nil {
		return sub
	}
	return cls
}

// osStr is str() of an OSError with an errno and a message, as CPython
// writes it; ok is false for one without (str() of its args then).
func osStr(f *osFields) (string, bool) {
	if f == nil || f.errno == nil && f.strerror == nil {
		return "", false
	}
	s := "[Errno " + Str(orNone(f.errno)) + "] " + Str(orNone(f.strerror))
	if f.filename != nil {
		s += ": " + Repr(f.filename)
		if f.filename2 != nil {
			s += " -> " + Repr(f.filename2)
		}
	}
	return s, true
}

// osAttr is the attribute name of the OSError whose fields are f.
func osAttr(f *osFields, name string) (Value, bool) {
	if f == nil {
		f = &osFields{}
	}
	switch name {
	case "errno":
		return orNone(f.errno), true
	case "strerror":
		return orNone(f.strerror), true
	case "filename":
		return orNone(f.filename), true
	case "filename2":
		return orNone(f.filename2), true
	}
	return nil, false
}

// osSetAttr assigns the field name of the OSError state st (None
// unsets it), as CPython's OSError members are assigned; ok is false for
// another name.
func osSetAttr(st *excState, name string, v Value) (ok bool) {
	f := st.osError()
	if f == nil {
		f = &osFields{}
		st.setOSError(f)
	}
	var p *Value
	switch name {
	case "errno":
		p = &f.errno
	case "strerror":
		p = &f.strerror
	case "filename":
		p = &f.filename
	case "filename2":
		p = &f.filename2
	default:
		return false
	}
	*p = noneToNil(v)
	return true
}

// osAttrNames are the attributes osAttr answers.
var osAttrNames = []string{"errno", "strerror", "filename", "filename2"}

// exitCode is SystemExit's code: None without args, the one argument, or
// the args tuple.
func exitCode(args Tuple) Value {
	switch len(args) {
	case 0:
		return None
	case 1:
		return args[0]
	}
	return args
}

// NewOSError is the error raising kind (OSError or a subclass) with an
// errno, its message and the file names it concerns (none, one, or two
// for a rename), as CPython's os functions raise it.
func NewOSError(kind ErrorKind, errno int, strerror string, filenames ...string) *Error {
	f := &osFields{errno: int64(errno), strerror: strerror}
	if len(filenames) > 0 {
		f.filename = filenames[0]
	}
	if len(filenames) > 1 {
		f.filename2 = filenames[1]
	}
	msg, _ := osStr(f)
	return &Error{Kind: kind, Msg: msg, os: f}
}

// OSErrorFrom is err, from using the files named (one, or two for a
// rename), as Python's OSError of the matching subclass:
// "[Errno 2] No such file or directory: 'x.txt'". A file that fileguard
// refuses (a FIFO, a device) is an OSError that says so.
func OSErrorFrom(err error, filenames ...string) *Error {
	if errors.Is(err, fileguard.ErrDirectory) {
		err = syscall.EISDIR
	}
	name := ""
	if len(filenames) > 0 {
		name = filenames[0]
	}
	if errors.Is(err, fileguard.ErrNotRegular) {
		return Errorf(OSError, "kael opens regular files only, and %s is not one", Repr(name)).
			WithHint("FIFOs, devices and sockets could block or never end")
	}
	var le *Error
	if errors.As(err, &le) {
		return le
	}
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return Errorf(OSError, "%s: %s", err, Repr(name))
	}
	msg := errno.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return NewOSError(osErrorKind(errno), int(errno), msg, filenames...)
}

// errnoKinds are the OSError subclasses CPython makes of the errnos
// besides those of osErrorKind's own cases.
var errnoKinds = map[syscall.Errno]ErrorKind{
	syscall.EAGAIN: "BlockingIOError", syscall.EALREADY: "BlockingIOError", syscall.EINPROGRESS: "BlockingIOError",
	syscall.ECHILD: "ChildProcessError", syscall.EPIPE: "BrokenPipeError", syscall.ESHUTDOWN: "BrokenPipeError",
	syscall.ECONNABORTED: "ConnectionAbortedError", syscall.ECONNREFUSED: "ConnectionRefusedError",
	syscall.ECONNRESET: "ConnectionResetError", syscall.EINTR: "InterruptedError",
	syscall.ESRCH: "ProcessLookupError", syscall.ETIMEDOUT: "TimeoutError",
}

// osErrorKind is the OSError subclass CPython raises for errno.
func osErrorKind(errno syscall.Errno) ErrorKind {
	if k, ok := errnoKinds[errno]; ok {
		return k
	}
	switch errno {
	case syscall.ENOENT:
		return FileNotFoundError
	case syscall.EISDIR:
		return IsADirectoryError
	case syscall.ENOTDIR:
		return NotADirectoryError
	case syscall.EACCES, syscall.EPERM:
		return PermissionError
	case syscall.EEXIST:
		return FileExistsError
	}
	return OSError
}

// NotADirectoryError is the OSError of a path that needs a directory.
const NotADirectoryError ErrorKind = "NotADirectoryError"

// SystemExit is the exception sys.exit raises.
const SystemExit ErrorKind = "SystemExit"

// NewSystemExit is the error raising SystemExit(code), as sys.exit(code)
// does (sys.exit(None) is SystemExit()).
func NewSystemExit(code Value) *Error {
	x, e := excOf(&Error{Kind: SystemExit})
	st := excStateOf(x)
	st.args, st.from = Tuple{code}, nil
	if code == None {
		st.args = Tuple{}
	}
	e.Msg = excStr(x)
	return e
}

// ExitStatus is what a program that ends with the error e exits with, as
// CPython's: for a SystemExit, its code (None is 0, an int that status,
// anything else 1 with text, its str, to print on stderr); ok is false
// for any other error.
func ExitStatus(e *Error) (status int, text string, ok bool) {
	if e == nil || e.Kind != SystemExit {
		return 0, "", false
	}
	x, _ := excOf(e)
	if x == nil {
		return 1, e.Msg, true
	}
	switch code := exitCode(excStateOf(x).args).(type) {
	case NoneType:
		return 0, "", true
	case bool:
		if code {
			return 1, "", true
		}
		return 0, "", true
	case int64:
		return int(code & 0xff), "", true
	default:
		return 1, Str(code), true
	}
}

// ExceptionOf returns the exception object err is, as an except clause
// binds it (for a library that hands an error to Python code, as os.walk
// hands its onerror function the OSError); None for a crash of kael.
func ExceptionOf(err error) Value {
	x, _ := excOf(err)
	if x == nil {
		return None
	}
	return x
}

// RegisterExceptionClass makes the exception class of a library's error
// kind (shutil.Error, shutil.SameFileError), so that an except clause
// catches the library's errors by it and by its bases: module and name
// are the class's, bases the kinds it derives from (built-in exceptions
// or kinds registered before it). It returns the class, for the module's
// attributes. It must be called while the program initialises.
func RegisterExceptionClass(kind ErrorKind, module, name string, bases ...ErrorKind) Value {
	c := &UserClass{Name: name, module: module, attrs: map[string]Value{}}
	var bs []*UserClass
	for _, b := range bases {
		bc := exceptionClasses[string(b)]
		if bc == nil {
			bc = moduleExceptionClasses[string(b)]
		}
		if bc == nil {
			panic("lang: exception base " + string(b) + " is not registered")
		}
		bs = append(bs, bc)
	}
	if err := c.setBases(bs); err != nil {
		panic(err)
	}
	if _, dup := moduleExceptionClasses[string(kind)]; dup {
		panic("lang: exception kind " + string(kind) + " registered twice")
	}
	moduleExceptionClasses[string(kind)] = c
	return c
}

// ExceptionClass returns the built-in exception class name (Warning,
// UserWarning, ValueError), for a library that takes or makes them.
func ExceptionClass(name string) (Value, bool) {
	c, ok := exceptionClasses[name]
	return c, ok
}

// ModuleExceptionClass returns the class of a library's error kind that
// is no builtin name (io.UnsupportedOperation, shutil.Error), for the
// module that names it.
func ModuleExceptionClass(kind ErrorKind) (Value, bool) {
	c, ok := moduleExceptionClasses[string(kind)]
	return c, ok
}

// NewException makes an instance of the exception class cls (a built-in
// one or a class statement's that derives from one) with args, as
// cls(*args) does without running a user's __init__; ok is false when
// cls is no exception class.
func NewException(cls Value, args ...Value) (Value, bool) {
	c, ok := cls.(*UserClass)
	if !ok || !c.derivesFrom(baseException) {
		return nil, false
	}
	return &Instance{cls: c, slots: [instanceSlots]Value{nativeSlot: &excState{args: Tuple(args)}}}, true
}

// RaiseException is the error raising the exception object exc (made by
// NewException, or caught), as raise exc does.
func RaiseException(exc Value) (*Error, bool) {
	x, ok := isException(exc)
	if !ok {
		return nil, false
	}
	return excError(x), true
}
