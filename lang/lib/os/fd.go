package os

import (
	"errors"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
)

// os's file descriptors: os.open, read, write, lseek, close, dup, pipe,
// fstat, fsync, ftruncate, isatty and the O_* flags, as CPython's posix
// module calls the system (descriptors it makes are not inherited, and
// EINTR is retried). open(fd) and os.fdopen make a file object of one.

// openFlags are the O_* constants of Linux, as CPython's os has them.
var openFlags = map[string]int64{
	"O_RDONLY": unix.O_RDONLY, "O_WRONLY": unix.O_WRONLY, "O_RDWR": unix.O_RDWR, "O_ACCMODE": unix.O_ACCMODE,
	"O_APPEND": unix.O_APPEND, "O_CREAT": unix.O_CREAT, "O_EXCL": unix.O_EXCL, "O_TRUNC": unix.O_TRUNC,
	"O_NONBLOCK": unix.O_NONBLOCK, "O_NDELAY": unix.O_NDELAY, "O_SYNC": unix.O_SYNC, "O_DSYNC": unix.O_DSYNC,
	"O_RSYNC": unix.O_RSYNC, "O_FSYNC": unix.O_FSYNC, "O_CLOEXEC": unix.O_CLOEXEC, "O_DIRECTORY": unix.O_DIRECTORY,
	"O_NOFOLLOW": unix.O_NOFOLLOW, "O_NOCTTY": unix.O_NOCTTY, "O_ASYNC": unix.O_ASYNC, "O_DIRECT": unix.O_DIRECT,
	"O_LARGEFILE": 0, // CPython's on 64-bit Linux, where it is the default
	"O_NOATIME":   unix.O_NOATIME, "O_PATH": unix.O_PATH, "O_TMPFILE": unix.O_TMPFILE,
	"SEEK_DATA": unix.SEEK_DATA, "SEEK_HOLE": unix.SEEK_HOLE,
}

// fdValue is a file descriptor argument: an int, with CPython's
// TypeError for anything else.
func fdValue(v lang.Value) (int, error) {
	if _, ok := v.(bool); !ok {
		if _, ok := v.(int64); !ok {
			return 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
		}
	}
	n, _ := lang.AsInt(v)
	if n < -1<<31 || n > 1<<31-1 {
		return 0, lang.Errorf(lang.OverflowError, "fd is greater than maximum")
	}
	return int(n), nil
}

// fdArg is the descriptor argument name.
func fdArg(a *lang.Args, name string) (int, error) { return fdValue(a.Value(name)) }

// filenoArg is the argument of fsync and its kin: a descriptor, or an
// object with a fileno() method (a file).
func filenoArg(a *lang.Args, name string) (int, error) {
	v := a.Value(name)
	if _, ok := v.(int64); ok {
		return fdValue(v)
	}
	if m, err := lang.GetAttr(v, "fileno"); err == nil {
		got, err := a.Call(m)
		if err != nil {
			return 0, err
		}
		if _, ok := got.(int64); !ok {
			return 0, lang.Errorf(lang.TypeError, "fileno() returned a non-integer")
		}
		return fdValue(got)
	}
	return 0, lang.Errorf(lang.TypeError, "argument must be an int, or have a fileno() method.")
}

// retry runs a system call again while it is interrupted (EINTR), as
// CPython does.
func retry(call func() error) error {
	for {
		if err := call(); !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// fdErr is the OSError of a call on a descriptor, which CPython names no
// file in.
func fdErr(err error) error {
	if err == nil {
		return nil
	}
	return lang.OSErrorFrom(err)
}

// fdCall is an os function of one descriptor that returns None.
func fdCall(sig, doc string, fileno bool, call func(fd int) error) *lang.Builtin {
	return fn(sig, doc, func(a *lang.Args) (lang.Value, error) {
		arg := fdArg
		if fileno {
			arg = filenoArg
		}
		fd, err := arg(a, "fd")
		if err != nil {
			return nil, err
		}
		if err := retry(func() error { return call(fd) }); err != nil {
			return nil, fdErr(err)
		}
		return lang.None, nil
	})
}

// maxFDRead bounds what one os.read asks for (a read may return fewer
// bytes than asked, so a bigger n reads at most this much).
const maxFDRead = 1 << 30

// openPath is os.open: the path opened with flags (not inherited by
// other programs), created with mode. A FIFO, whose open would wait for
// the other end, is refused unless O_NONBLOCK asks for that.
func openPath(path string, flags, mode int) (int, error) {
	var fd int
	err := retry(func() error {
		var err error
		fd, err = syscall.Open(path, flags|syscall.O_CLOEXEC|syscall.O_NONBLOCK, uint32(mode))
		return err
	})
	if err != nil {
		return 0, lang.OSErrorFrom(err, path)
	}
	if flags&syscall.O_NONBLOCK == 0 {
		var st syscall.Stat_t
		if err := syscall.Fstat(fd, &st); err == nil && st.Mode&syscall.S_IFMT == syscall.S_IFIFO {
			syscall.Close(fd)
			return 0, lang.OSErrorFrom(fileguard.ErrNotRegular, path)
		}
		if err := syscall.SetNonblock(fd, false); err != nil {
			syscall.Close(fd)
			return 0, lang.OSErrorFrom(err, path)
		}
	}
	return fd, nil
}

// fdFunctions are the descriptor functions of os.
// fdFunctions are made when os is first imported (newOSModule).
func fdFunctions() map[string]lang.Value {
	return map[string]lang.Value{
		"open": fn("open(path, flags, mode=511, *, dir_fd=None)", "Opens path with flags (os.O_RDONLY, O_WRONLY or O_RDWR, or'd with O_CREAT, O_EXCL, O_TRUNC, O_APPEND, ...), creating it with mode, and returns the file descriptor (an int; os.close closes it, open(fd) makes a file object of it). A FIFO is refused unless O_NONBLOCK is given: its open would wait for a writer.", func(a *lang.Args) (lang.Value, error) {
			p, err := pathArg(a, "path", "open", pathOnly)
			if err != nil {
				return nil, err
			}
			flags, perm := a.Int("flags"), a.Int("mode")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if !a.IsNone("dir_fd") {
				return nil, lang.Errorf(notImplemented, "dir_fd unavailable on this platform")
			}
			fd, err := openPath(p, flags, perm)
			return int64(fd), err
		}),
		"close":     fdCall("close(fd)", "Closes the file descriptor fd.", false, func(fd int) error { return syscall.Close(fd) }),
		"fsync":     fdCall("fsync(fd)", "Writes what the system holds of the file fd (or an object with fileno()) to the disk.", true, syscall.Fsync),
		"fdatasync": fdCall("fdatasync(fd)", "fsync, without the file's metadata.", true, syscall.Fdatasync),
		"closerange": fn("closerange(fd_low, fd_high)", "Closes the descriptors from fd_low up to fd_high (not included), ignoring errors.", func(a *lang.Args) (lang.Value, error) {
			lo, hi := a.Int("fd_low"), a.Int("fd_high")
			if err := a.Err(); err != nil {
				return nil, err
			}
			for fd := max(lo, 0); fd < hi && fd < 1<<20; fd++ {
				_ = syscall.Close(fd)
			}
			return lang.None, nil
		}),
		"read": fn("read(fd, n)", "Reads at most n bytes from the descriptor fd and returns them (b'' at the end of the file).", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			n := a.Int("n")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, lang.OSErrorFrom(syscall.EINVAL)
			}
			buf := make([]byte, min(n, maxFDRead))
			var got int
			err = retry(func() error {
				var err error
				got, err = syscall.Read(fd, buf)
				return err
			})
			if err != nil {
				return nil, fdErr(err)
			}
			return lang.NewBytes(buf[:got]), nil
		}),
		"pread": fn("pread(fd, n, offset)", "Reads at most n bytes from the descriptor fd at offset, leaving its position where it was.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			n, off := a.Int("n"), a.Int64("offset")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, lang.Errorf(lang.ValueError, "negative buffersize in pread")
			}
			buf := make([]byte, min(n, maxFDRead))
			var got int
			err = retry(func() error {
				var err error
				got, err = syscall.Pread(fd, buf, off)
				return err
			})
			if err != nil {
				return nil, fdErr(err)
			}
			return lang.NewBytes(buf[:got]), nil
		}),
		"write": fn("write(fd, data)", "Writes the bytes data to the descriptor fd and returns how many were written.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			data, err := lang.BytesArg(a.Value("data"))
			if err != nil {
				return nil, err
			}
			var n int
			err = retry(func() error {
				var err error
				n, err = syscall.Write(fd, data)
				return err
			})
			if err != nil {
				return nil, fdErr(err)
			}
			return int64(n), nil
		}),
		"pwrite": fn("pwrite(fd, data, offset)", "Writes the bytes data to the descriptor fd at offset, leaving its position where it was, and returns how many were written.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			data, err := lang.BytesArg(a.Value("data"))
			if err != nil {
				return nil, err
			}
			off := a.Int64("offset")
			if err := a.Err(); err != nil {
				return nil, err
			}
			var n int
			err = retry(func() error {
				var err error
				n, err = syscall.Pwrite(fd, data, off)
				return err
			})
			if err != nil {
				return nil, fdErr(err)
			}
			return int64(n), nil
		}),
		"lseek": fn("lseek(fd, position, whence)", "Moves the descriptor fd to position from the start (SEEK_SET), the current position (SEEK_CUR) or the end (SEEK_END), and returns the new position.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			pos, how := a.Int64("position"), a.Int("whence")
			if err := a.Err(); err != nil {
				return nil, err
			}
			off, err := syscall.Seek(fd, pos, how)
			if err != nil {
				return nil, fdErr(err)
			}
			return off, nil
		}),
		"dup": fn("dup(fd)", "A new descriptor for the file of fd (not inherited by other programs).", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			n, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
			if err != nil {
				return nil, fdErr(err)
			}
			return int64(n), nil
		}),
		"dup2": fn("dup2(fd, fd2, inheritable=True)", "Makes fd2 a descriptor for the file of fd (closing what fd2 was) and returns fd2.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			fd2, err := fdArg(a, "fd2")
			if err != nil {
				return nil, err
			}
			flags := 0
			if !a.Bool("inheritable") {
				flags = unix.O_CLOEXEC
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if fd == fd2 {
				var st syscall.Stat_t
				if err := syscall.Fstat(fd, &st); err != nil {
					return nil, fdErr(err)
				}
				return int64(fd2), nil
			}
			if err := unix.Dup3(fd, fd2, flags); err != nil {
				return nil, fdErr(err)
			}
			return int64(fd2), nil
		}),
		"pipe": fn("pipe()", "A new pipe, as the descriptors (read end, write end).", func(a *lang.Args) (lang.Value, error) {
			return pipe(0)
		}),
		"pipe2": fn("pipe2(flags)", "os.pipe with flags (O_NONBLOCK, O_CLOEXEC).", func(a *lang.Args) (lang.Value, error) {
			flags := a.Int("flags")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return pipe(flags)
		}),
		"ftruncate": fn("ftruncate(fd, length)", "Cuts (or extends with zeros) the file of the descriptor fd to length bytes.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			n := a.Int64("length")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.None, fdErr(retry(func() error { return syscall.Ftruncate(fd, n) }))
		}),
		"truncate": fn("truncate(path, length)", "Cuts (or extends with zeros) the file path (or descriptor) to length bytes.", func(a *lang.Args) (lang.Value, error) {
			n := a.Int64("length")
			if fd, ok := a.Value("path").(int64); ok {
				if err := a.Err(); err != nil {
					return nil, err
				}
				return lang.None, fdErr(syscall.Ftruncate(int(fd), n))
			}
			p, err := pathArg(a, "path", "truncate", pathOrFD)
			if err != nil {
				return nil, err
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := syscall.Truncate(p, n); err != nil {
				return nil, lang.OSErrorFrom(err, p)
			}
			return lang.None, nil
		}),
		"fstat": fn("fstat(fd)", "The os.stat_result of the file of the descriptor fd.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			return fstat(int64(fd))
		}),
		"isatty": fn("isatty(fd)", "Whether the descriptor fd is a terminal.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			_, err = unix.IoctlGetTermios(fd, unix.TCGETS)
			return err == nil, nil
		}),
		"device_encoding": fn("device_encoding(fd)", "The encoding of the terminal fd ('UTF-8'), None when fd is not a terminal.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			if _, err := unix.IoctlGetTermios(fd, unix.TCGETS); err != nil {
				return lang.None, nil
			}
			return "UTF-8", nil
		}),
		"get_inheritable": fn("get_inheritable(fd)", "Whether programs started later would inherit the descriptor fd (it has no close-on-exec flag).", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0)
			if err != nil {
				return nil, fdErr(err)
			}
			return flags&unix.FD_CLOEXEC == 0, nil
		}),
		"set_inheritable": fn("set_inheritable(fd, inheritable)", "Sets whether programs started later would inherit the descriptor fd.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			on := a.Bool("inheritable")
			if err := a.Err(); err != nil {
				return nil, err
			}
			flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0)
			if err != nil {
				return nil, fdErr(err)
			}
			if on {
				flags &^= unix.FD_CLOEXEC
			} else {
				flags |= unix.FD_CLOEXEC
			}
			_, err = unix.FcntlInt(uintptr(fd), unix.F_SETFD, flags)
			return lang.None, fdErr(err)
		}),
		"get_blocking": fn("get_blocking(fd)", "Whether reads and writes of the descriptor fd wait (no O_NONBLOCK).", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
			if err != nil {
				return nil, fdErr(err)
			}
			return flags&unix.O_NONBLOCK == 0, nil
		}),
		"set_blocking": fn("set_blocking(fd, blocking)", "Sets whether reads and writes of the descriptor fd wait (clears or sets O_NONBLOCK).", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			on := a.Bool("blocking")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.None, fdErr(syscall.SetNonblock(fd, !on))
		}),
		"fdopen": fn("fdopen(fd, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None)", "open(fd, ...): a file object over the open descriptor fd.", func(a *lang.Args) (lang.Value, error) {
			if _, ok := a.Value("fd").(int64); !ok {
				return nil, lang.Errorf(lang.TypeError, "invalid fd type (%s, expected integer)", lang.Repr(lang.TypeOf(a.Value("fd"))))
			}
			open, _ := lang.LookupBuiltin("open")
			return a.Call(open, a.Values()...)
		}),
	}
}

// fstat is os.fstat(fd).
func fstat(fd int64) (*statResult, error) {
	if fd < -1<<31 || fd > 1<<31-1 {
		return nil, lang.Errorf(lang.OverflowError, "fd is greater than maximum")
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(int(fd), &st); err != nil {
		return nil, fdErr(err)
	}
	return newStatResult(&st), nil
}

// pipe is os.pipe2(flags), not inherited by other programs.
func pipe(flags int) (lang.Value, error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], flags|syscall.O_CLOEXEC); err != nil {
		return nil, fdErr(err)
	}
	return lang.Tuple{int64(p[0]), int64(p[1])}, nil
}
