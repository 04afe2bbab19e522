package os

import (
	"crypto/rand"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/kael-dev/kael/lang"
)

// More of os: links, times, the umask, the terminal's size, the
// process's ids and the system's name, urandom, and the process control
// that kael leaves out (refused with a NotImplementedError that says so).

// terminalSizeType is os.terminal_size, get_terminal_size's named tuple.
var terminalSizeType = &lang.ReturnType{Name: "terminal_size", Qualified: "os.terminal_size", Fields: []string{"columns", "lines"}}

// unameType is os.uname_result.
var unameType = &lang.ReturnType{Name: "uname_result", Qualified: "posix.uname_result", Fields: []string{"sysname", "nodename", "release", "version", "machine"}}

// structClass is the class of the named tuple t, registered as
// qualified: calling it makes one of a sequence of its fields, as
// CPython's structseq types do.
func structClass(t *lang.ReturnType, qualified string) *lang.Builtin {
	b := fn(t.Name+"(sequence)", "The named tuple "+qualified+" of a sequence of its fields.", func(a *lang.Args) (lang.Value, error) {
		var elems []lang.Value
		if err := lang.Iterate(a.Value("sequence"), func(v lang.Value) bool { elems = append(elems, v); return true }); err != nil {
			return nil, err
		}
		if len(elems) != len(t.Fields) {
			return nil, lang.Errorf(lang.TypeError, "%s() takes a %d-sequence (%d-sequence given)", qualified, len(t.Fields), len(elems))
		}
		return lang.NewNamedTuple(t, elems...), nil
	})
	b.Name = t.Name
	lang.RegisterClass(b, qualified)
	t.Class = b
	return b
}

// statResultClass is os.stat_result: isinstance(os.stat(p),
// os.stat_result), and os.stat_result(seq) of ten ints or more.
var statResultClass = func() *lang.Builtin {
	b := fn("stat_result(sequence)", "The os.stat_result of a sequence of its ten fields (st_mode, st_ino, st_dev, st_nlink, st_uid, st_gid, st_size, st_atime, st_mtime, st_ctime).", func(a *lang.Args) (lang.Value, error) {
		var elems []lang.Value
		if err := lang.Iterate(a.Value("sequence"), func(v lang.Value) bool { elems = append(elems, v); return true }); err != nil {
			return nil, err
		}
		if len(elems) < len(statFields) {
			return nil, lang.Errorf(lang.TypeError, "os.stat_result() takes an at least 10-sequence (%d-sequence given)", len(elems))
		}
		st := &statResult{}
		for i := range statFields {
			n, ok := lang.AsInt(elems[i])
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "os.stat_result() fields must be ints in kael, not %s", lang.TypeName(elems[i]))
			}
			st.ints[i] = n
		}
		st.atime, st.mtime, st.ctime = syscall.Timespec{Sec: st.ints[7]}, syscall.Timespec{Sec: st.ints[8]}, syscall.Timespec{Sec: st.ints[9]}
		return st, nil
	})
	lang.RegisterClass(b, "os.stat_result")
	return b
}()

// dirEntryClass is os.DirEntry, which only os.scandir makes.
var dirEntryClass = func() *lang.Builtin {
	b := fn("DirEntry(*args, **kwargs)", "An entry of os.scandir: name, path, is_dir(), is_file(), is_symlink(), stat(), inode().", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.TypeError, "cannot create 'posix.DirEntry' instances")
	})
	lang.RegisterClass(b, "posix.DirEntry")
	return b
}()

// exitCodes are os.EX_*, the exit statuses of sysexits.h.
var exitCodes = map[string]int64{
	"EX_OK": 0, "EX_USAGE": 64, "EX_DATAERR": 65, "EX_NOINPUT": 66, "EX_NOUSER": 67, "EX_NOHOST": 68,
	"EX_UNAVAILABLE": 69, "EX_SOFTWARE": 70, "EX_OSERR": 71, "EX_OSFILE": 72, "EX_CANTCREAT": 73,
	"EX_IOERR": 74, "EX_TEMPFAIL": 75, "EX_PROTOCOL": 76, "EX_NOPERM": 77, "EX_CONFIG": 78,
}

// processFunctions are os's calls that start, replace, wait for or signal
// processes, which kael does not do: each is a NotImplementedError.
var processFunctions = []string{
	"system", "popen", "fork", "forkpty", "execl", "execle", "execlp", "execlpe", "execv", "execve",
	"execvp", "execvpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp",
	"spawnvpe", "posix_spawn", "posix_spawnp", "wait", "waitpid", "wait3", "wait4", "waitid", "kill", "killpg",
}

// refused is the os function name that kael cannot honour.
func refused(name string) *lang.Builtin { return ProcessRefusal("os", name) }

// ProcessRefusal is module.name, a call that would start, wait for or
// signal another process (os.system, subprocess.run, multiprocessing's
// Pool), which kael does not do: calling it is a NotImplementedError
// saying so, the same for every module.
func ProcessRefusal(module, name string) *lang.Builtin {
	return fn(name+"(*args, **kwargs)", "Not in kael, which starts no other programs and signals none.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(notImplemented, "%s.%s: kael cannot start, wait for or signal other processes", module, name).
			WithHint("run the program outside kael, or do its work in kael code")
	}).CollectKeywords() // subprocess.run(cmd, shell=True) is refused the same
}

// strerror is the C library's message for errno code, as os.strerror.
func strerror(code int) string {
	if code == 0 {
		return "Success"
	}
	msg := syscall.Errno(code).Error()
	if code < 0 || strings.HasPrefix(msg, "errno ") {
		return "Unknown error " + strconv.Itoa(code)
	}
	return strings.ToUpper(msg[:1]) + msg[1:]
}

// twoPaths reads the src and dst of link, symlink and renames.
func twoPaths(a *lang.Args, fn string) (string, string, error) {
	src, err := pathArg(a, "src", fn, pathOnly)
	if err != nil {
		return "", "", err
	}
	dst, err := pathArg(a, "dst", fn, pathOnly)
	return src, dst, err
}

// timespec is a time in seconds (an int or a float) as a Timespec.
func timespec(v lang.Value) (unix.Timespec, bool) {
	switch x := v.(type) {
	case int64:
		return unix.Timespec{Sec: x}, true
	case float64:
		sec := math.Floor(x)
		return unix.Timespec{Sec: int64(sec), Nsec: int64(math.Round((x - sec) * 1e9))}, true
	}
	return unix.Timespec{}, false
}

// pair is v as a tuple of two values.
func pair(v lang.Value) (lang.Value, lang.Value, bool) {
	t, ok := v.(lang.Tuple)
	if !ok || len(t) != 2 {
		return nil, nil, false
	}
	return t[0], t[1], true
}

func utime(a *lang.Args) (lang.Value, error) {
	p, err := pathArg(a, "path", "utime", pathOrFD)
	if err != nil {
		return nil, err
	}
	times, ns := a.Value("times"), a.Value("ns")
	if times != lang.None && ns != nil && ns != lang.None {
		return nil, lang.Errorf(lang.ValueError, "utime: you may specify either 'times' or 'ns' but not both")
	}
	flags := 0
	if !a.Bool("follow_symlinks") {
		flags = unix.AT_SYMLINK_NOFOLLOW
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	var ts []unix.Timespec // nil: now
	switch {
	case times != lang.None:
		at, mt, ok := pair(times)
		ta, ok1 := timespec(at)
		tm, ok2 := timespec(mt)
		if !ok || !ok1 || !ok2 {
			return nil, lang.Errorf(lang.TypeError, "utime: 'times' must be either a tuple of two ints or None")
		}
		ts = []unix.Timespec{ta, tm}
	case ns != nil && ns != lang.None:
		at, mt, ok := pair(ns)
		na, ok1 := at.(int64)
		nm, ok2 := mt.(int64)
		if !ok || !ok1 || !ok2 {
			return nil, lang.Errorf(lang.TypeError, "utime: 'ns' must be a tuple of two ints")
		}
		ts = []unix.Timespec{unix.NsecToTimespec(na), unix.NsecToTimespec(nm)}
	}
	if err := unix.UtimesNanoAt(unix.AT_FDCWD, p, ts, flags); err != nil {
		// CPython 3.11 names no file in utime's error.
		return nil, lang.OSErrorFrom(err)
	}
	return lang.None, nil
}

// moreFunctions are the os functions of this file.
// moreFunctions are made when os is first imported (newOSModule).
func moreFunctions() map[string]lang.Value {
	return map[string]lang.Value{
		"umask": fn("umask(mask)", "Sets the process's file creation mask and returns the one before.", func(a *lang.Args) (lang.Value, error) {
			m := a.Int("mask")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return int64(syscall.Umask(m)), nil
		}),
		"strerror": fn("strerror(code)", "The system's message for the errno code.", func(a *lang.Args) (lang.Value, error) {
			c := a.Int("code")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return strerror(c), nil
		}),
		"get_terminal_size": fn("get_terminal_size(fd=1)", "The size of the terminal of the descriptor fd (standard output by default), as os.terminal_size(columns, lines); OSError when fd is no terminal.", func(a *lang.Args) (lang.Value, error) {
			fd, err := fdArg(a, "fd")
			if err != nil {
				return nil, err
			}
			ws, err := unix.IoctlGetWinsize(fd, unix.TIOCGWINSZ)
			if err != nil {
				return nil, fdErr(err)
			}
			return lang.NewNamedTuple(terminalSizeType, int64(ws.Col), int64(ws.Row)), nil
		}),
		"lstat": fn("lstat(path)", "os.stat of path without following a symbolic link: the link's own.", func(a *lang.Args) (lang.Value, error) {
			p, err := pathArg(a, "path", "lstat", pathOnly)
			if err != nil {
				return nil, err
			}
			return statPath(p, false)
		}),
		"symlink": fn("symlink(src, dst, target_is_directory=False)", "Makes dst a symbolic link to src.", func(a *lang.Args) (lang.Value, error) {
			src, dst, err := twoPaths(a, "symlink")
			if err != nil {
				return nil, err
			}
			if err := syscall.Symlink(src, dst); err != nil {
				return nil, lang.OSErrorFrom(err, src, dst)
			}
			return lang.None, nil
		}),
		"link": fn("link(src, dst, *, follow_symlinks=True)", "Makes dst a hard link to the file src.", func(a *lang.Args) (lang.Value, error) {
			src, dst, err := twoPaths(a, "link")
			if err != nil {
				return nil, err
			}
			flags := 0
			if a.Bool("follow_symlinks") {
				flags = unix.AT_SYMLINK_FOLLOW
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := unix.Linkat(unix.AT_FDCWD, src, unix.AT_FDCWD, dst, flags); err != nil {
				return nil, lang.OSErrorFrom(err, src, dst)
			}
			return lang.None, nil
		}),
		"readlink": fn("readlink(path)", "The path the symbolic link path points to.", func(a *lang.Args) (lang.Value, error) {
			p, err := pathArg(a, "path", "readlink", pathOnly)
			if err != nil {
				return nil, err
			}
			target, err := os.Readlink(p)
			if err != nil {
				return nil, lang.OSErrorFrom(err, p)
			}
			return target, nil
		}),
		"utime": fn("utime(path, times=None, *, ns=None, follow_symlinks=True)", "Sets the access and modification times of path: times=(atime, mtime) in seconds, ns=(atime_ns, mtime_ns), or now.", utime),
		"unsetenv": fn("unsetenv(key)", "Removes the environment variable key.", func(a *lang.Args) (lang.Value, error) {
			k, err := envKey(a.Value("key"))
			if err != nil {
				return nil, err
			}
			switch {
			case k == "":
				return nil, lang.Errorf(lang.ValueError, "illegal environment variable name")
			case strings.Contains(k, "="):
				return nil, lang.OSErrorFrom(syscall.EINVAL)
			}
			return lang.None, os.Unsetenv(k)
		}),
		"removedirs": fn("removedirs(name)", "Removes the empty directory name, then each empty directory above it in the path, stopping at the first that cannot go.", func(a *lang.Args) (lang.Value, error) {
			p, err := fsPath(a.Value("name"))
			if err != nil {
				return nil, err
			}
			if err := syscall.Rmdir(p); err != nil {
				return nil, lang.OSErrorFrom(err, p)
			}
			removeParents(p)
			return lang.None, nil
		}),
		"renames": fn("renames(old, new)", "os.rename that first makes the directories new needs, then removes the directories old leaves empty.", func(a *lang.Args) (lang.Value, error) {
			old, err := fsPath(a.Value("old"))
			if err != nil {
				return nil, err
			}
			nw, err := fsPath(a.Value("new"))
			if err != nil {
				return nil, err
			}
			if head, tail := splitPath(nw); head != "" && tail != "" {
				if _, err := os.Lstat(head); err != nil {
					if err := makedirs(head, 0o777, false); err != nil {
						return nil, err
					}
				}
			}
			if err := syscall.Rename(old, nw); err != nil {
				return nil, lang.OSErrorFrom(err, old, nw)
			}
			removeParents(old)
			return lang.None, nil
		}),
		"urandom": fn("urandom(size)", "size random bytes from the system's source, fit for cryptography.", func(a *lang.Args) (lang.Value, error) {
			n := a.Int("size")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, lang.Errorf(lang.ValueError, "negative argument not allowed")
			}
			if n > 1<<30 {
				return nil, lang.Errorf(lang.MemoryError, "urandom(%d) is too much to hold", n)
			}
			b := make([]byte, n)
			if _, err := rand.Read(b); err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			return lang.NewBytes(b), nil
		}),
		"uname": fn("uname()", "The system's names: posix.uname_result(sysname, nodename, release, version, machine).", func(a *lang.Args) (lang.Value, error) {
			var u unix.Utsname
			if err := unix.Uname(&u); err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			s := func(b []byte) lang.Value { return unix.ByteSliceToString(b) }
			return lang.NewNamedTuple(unameType, s(u.Sysname[:]), s(u.Nodename[:]), s(u.Release[:]), s(u.Version[:]), s(u.Machine[:])), nil
		}),
		"getuid":  fn("getuid()", "The process's real user id.", func(a *lang.Args) (lang.Value, error) { return int64(os.Getuid()), nil }),
		"geteuid": fn("geteuid()", "The process's effective user id.", func(a *lang.Args) (lang.Value, error) { return int64(os.Geteuid()), nil }),
		"getgid":  fn("getgid()", "The process's real group id.", func(a *lang.Args) (lang.Value, error) { return int64(os.Getgid()), nil }),
		"getegid": fn("getegid()", "The process's effective group id.", func(a *lang.Args) (lang.Value, error) { return int64(os.Getegid()), nil }),
		"getppid": fn("getppid()", "The id of the process's parent.", func(a *lang.Args) (lang.Value, error) { return int64(os.Getppid()), nil }),
		"getpgrp": fn("getpgrp()", "The process's group id.", func(a *lang.Args) (lang.Value, error) { return int64(syscall.Getpgrp()), nil }),
		"getgroups": fn("getgroups()", "The process's supplementary group ids.", func(a *lang.Args) (lang.Value, error) {
			gs, err := os.Getgroups()
			if err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			out := make([]lang.Value, len(gs))
			for i, g := range gs {
				out[i] = int64(g)
			}
			return &lang.List{Elems: out}, nil
		}),
		"getloadavg": fn("getloadavg()", "The system's load averages over the last 1, 5 and 15 minutes.", func(a *lang.Args) (lang.Value, error) {
			var si unix.Sysinfo_t
			if err := unix.Sysinfo(&si); err != nil {
				return nil, lang.Errorf(lang.OSError, "Load averages are unobtainable")
			}
			const scale = 1 << unix.SI_LOAD_SHIFT
			return lang.Tuple{float64(si.Loads[0]) / scale, float64(si.Loads[1]) / scale, float64(si.Loads[2]) / scale}, nil
		}),
		"sched_getaffinity": fn("sched_getaffinity(pid)", "The set of CPUs the process pid (0: this one) may run on.", func(a *lang.Args) (lang.Value, error) {
			pid := a.Int("pid")
			if err := a.Err(); err != nil {
				return nil, err
			}
			var set unix.CPUSet
			if err := unix.SchedGetaffinity(pid, &set); err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			var cpus []lang.Value
			for i := range len(set) * 64 {
				if set.IsSet(i) {
					cpus = append(cpus, int64(i))
				}
			}
			return lang.NewSet(cpus, false)
		}),
		"sched_yield": fn("sched_yield()", "Lets other threads run.", func(a *lang.Args) (lang.Value, error) {
			time.Sleep(0)
			return lang.None, nil
		}),
		"sync": fn("sync()", "Writes everything the system holds for the disks to them.", func(a *lang.Args) (lang.Value, error) {
			syscall.Sync()
			return lang.None, nil
		}),
		"mkfifo": fn("mkfifo(path, mode=438)", "Makes the FIFO (named pipe) path. kael's open() refuses to open one: its open would wait for the other end.", func(a *lang.Args) (lang.Value, error) {
			p, err := pathArg(a, "path", "mkfifo", pathOnly)
			if err != nil {
				return nil, err
			}
			m := uint32(a.Int("mode"))
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := syscall.Mkfifo(p, m); err != nil {
				return nil, lang.OSErrorFrom(err, p)
			}
			return lang.None, nil
		}),
		"fsencode": fn("fsencode(filename)", "The path filename as bytes (UTF-8, as the file system's encoding).", func(a *lang.Args) (lang.Value, error) {
			v := a.Value("filename")
			if b, ok := v.(lang.Bytes); ok {
				return b, nil
			}
			p, err := fsPath(v)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes([]byte(p)), nil
		}),
		"fsdecode": fn("fsdecode(filename)", "The path filename as str (bytes decoded as UTF-8).", func(a *lang.Args) (lang.Value, error) {
			v := a.Value("filename")
			if b, ok := v.(lang.Bytes); ok {
				if !utf8.Valid(b.Data()) {
					return nil, lang.Errorf(lang.UnicodeDecodeError, "'utf-8' codec can't decode the file name %s", lang.Repr(b))
				}
				return string(b.Data()), nil
			}
			return fsPath(v)
		}),
		"get_exec_path": fn("get_exec_path(env=None)", "The directories PATH names (of env, or os.environ), where a program is looked for.", func(a *lang.Args) (lang.Value, error) {
			path, ok := os.LookupEnv("PATH")
			if d, isDict := a.Value("env").(*lang.Dict); isDict {
				v, found, err := d.Get("PATH")
				if err != nil {
					return nil, err
				}
				path, ok = "", found
				if s, isStr := v.(string); found && isStr {
					path = s
				}
			}
			if !ok {
				path = "/bin:/usr/bin"
			}
			parts := strings.Split(path, ":")
			out := make([]lang.Value, len(parts))
			for i, p := range parts {
				out[i] = p
			}
			return &lang.List{Elems: out}, nil
		}),
		"stat_result":   statResultClass,
		"DirEntry":      dirEntryClass,
		"defpath":       "/bin:/usr/bin",
		"terminal_size": structClass(terminalSizeType, "os.terminal_size"),
		"uname_result":  structClass(unameType, "posix.uname_result"),
		"TMP_MAX":       int64(238328),
	}
}

// TerminalSize is the size of the terminal of the descriptor fd, as
// os.get_terminal_size gives it (shutil.get_terminal_size asks).
func TerminalSize(fd int) (cols, lines int64, err error) {
	ws, err := unix.IoctlGetWinsize(fd, unix.TIOCGWINSZ)
	if err != nil {
		return 0, 0, err
	}
	return int64(ws.Col), int64(ws.Row), nil
}

// NewTerminalSize is os.terminal_size((cols, lines)).
func NewTerminalSize(cols, lines int64) lang.Value {
	return lang.NewNamedTuple(terminalSizeType, cols, lines)
}

// removeParents removes the directories above path while they are empty,
// as removedirs and renames do.
func removeParents(path string) {
	head, tail := splitPath(path)
	if tail == "" {
		head, tail = splitPath(head)
	}
	for head != "" && tail != "" {
		if syscall.Rmdir(head) != nil {
			return
		}
		head, tail = splitPath(head)
	}
}

// notImplemented is Python's NotImplementedError.
const notImplemented lang.ErrorKind = "NotImplementedError"
