// Package errno is Python's errno module: the names of the system's error
// numbers (errno.ENOENT, the errno of an OSError) and errorcode, from
// number to name, taken from Go's syscall package for the system kael
// runs on.
package errno

import (
	"maps"
	"slices"
	"syscall"

	"github.com/kael-dev/kael/lang"
)

// codes are the error numbers Python's errno names, as syscall has them.
var codes = map[string]syscall.Errno{
	"E2BIG": syscall.E2BIG, "EACCES": syscall.EACCES, "EADDRINUSE": syscall.EADDRINUSE,
	"EADDRNOTAVAIL": syscall.EADDRNOTAVAIL, "EAFNOSUPPORT": syscall.EAFNOSUPPORT, "EAGAIN": syscall.EAGAIN,
	"EALREADY": syscall.EALREADY, "EBADF": syscall.EBADF, "EBUSY": syscall.EBUSY, "ECHILD": syscall.ECHILD,
	"ECONNABORTED": syscall.ECONNABORTED, "ECONNREFUSED": syscall.ECONNREFUSED, "ECONNRESET": syscall.ECONNRESET,
	"EDEADLK": syscall.EDEADLK, "EDOM": syscall.EDOM, "EEXIST": syscall.EEXIST, "EFAULT": syscall.EFAULT,
	"EFBIG": syscall.EFBIG, "EHOSTUNREACH": syscall.EHOSTUNREACH, "EINPROGRESS": syscall.EINPROGRESS,
	"EINTR": syscall.EINTR, "EINVAL": syscall.EINVAL, "EIO": syscall.EIO, "EISCONN": syscall.EISCONN,
	"EISDIR": syscall.EISDIR, "ELOOP": syscall.ELOOP, "EMFILE": syscall.EMFILE, "EMLINK": syscall.EMLINK,
	"ENAMETOOLONG": syscall.ENAMETOOLONG, "ENETDOWN": syscall.ENETDOWN, "ENETUNREACH": syscall.ENETUNREACH,
	"ENFILE": syscall.ENFILE, "ENOBUFS": syscall.ENOBUFS, "ENODEV": syscall.ENODEV, "ENOENT": syscall.ENOENT,
	"ENOEXEC": syscall.ENOEXEC, "ENOMEM": syscall.ENOMEM, "ENOSPC": syscall.ENOSPC, "ENOSYS": syscall.ENOSYS,
	"ENOTCONN": syscall.ENOTCONN, "ENOTDIR": syscall.ENOTDIR, "ENOTEMPTY": syscall.ENOTEMPTY,
	"ENOTSOCK": syscall.ENOTSOCK, "ENOTSUP": syscall.ENOTSUP, "ENOTTY": syscall.ENOTTY, "ENXIO": syscall.ENXIO,
	"EPERM": syscall.EPERM, "EPIPE": syscall.EPIPE, "ERANGE": syscall.ERANGE, "EROFS": syscall.EROFS,
	"ESPIPE": syscall.ESPIPE, "ESRCH": syscall.ESRCH, "ETIMEDOUT": syscall.ETIMEDOUT, "ETXTBSY": syscall.ETXTBSY,
	"EWOULDBLOCK": syscall.EWOULDBLOCK, "EXDEV": syscall.EXDEV,
}

func init() {
	lang.RegisterModule("errno", "The system's error numbers by name (errno.ENOENT) and errorcode, from number to name.", func() *lang.Module {
		attrs := map[string]lang.Value{}
		byNumber := lang.NewDict()
		for name, n := range codes {
			attrs[name] = int64(n)
		}
		// errorcode names each number once: by its first name in
		// alphabetical order where two names share it (EAGAIN and
		// EWOULDBLOCK), as a stable choice.
		for _, name := range slices.Sorted(maps.Keys(attrs)) {
			n := attrs[name]
			if _, ok, _ := byNumber.Get(n); !ok {
				_ = byNumber.Set(n, name)
			}
		}
		attrs["errorcode"] = byNumber
		return &lang.Module{Attrs: attrs}
	})
}
