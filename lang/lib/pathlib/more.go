package pathlib

import (
	"os/user"
	"strconv"
	"syscall"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/fnmatch"
	pyos "github.com/kael-dev/kael/lang/lib/os"
)

// More of Path: match, links, chmod, lstat, owner and group, and the
// questions about special files.

// match is PurePath.match: pattern's parts matched against the path's
// last parts, right to left (all of them for an absolute pattern).
func (p *path) match(pattern string) (bool, error) {
	pat := parsePath(pattern)
	if pat.root == "" && len(pat.parts) == 0 {
		return false, lang.Errorf(lang.ValueError, "empty pattern")
	}
	if pat.root != "" && (p.root != pat.root || len(p.parts) != len(pat.parts)) {
		return false, nil
	}
	if len(pat.parts) > len(p.parts) {
		return false, nil
	}
	for i := 1; i <= len(pat.parts); i++ {
		if !fnmatch.Compile(pat.parts[len(pat.parts)-i]).Match(p.parts[len(p.parts)-i]) {
			return false, nil
		}
	}
	return true, nil
}

// fileType asks whether the file at p (links followed) is of the type
// bits typ; false when it cannot be stat'ed.
func fileType(typ uint32) func(a *lang.Args, p *path) (lang.Value, error) {
	return func(a *lang.Args, p *path) (lang.Value, error) {
		var st syscall.Stat_t
		if syscall.Stat(p.String(), &st) != nil {
			return false, nil
		}
		return st.Mode&syscall.S_IFMT == typ, nil
	}
}

// ownerName is the name of the user (group) that owns p.
func ownerName(p *path, group bool) (lang.Value, error) {
	var st syscall.Stat_t
	if err := syscall.Stat(p.String(), &st); err != nil {
		return nil, osErr(err, p)
	}
	if group {
		g, err := user.LookupGroupId(strconv.Itoa(int(st.Gid)))
		if err != nil {
			return nil, lang.Errorf(lang.KeyError, "'getgrgid(): gid not found: %d'", st.Gid)
		}
		return g.Name, nil
	}
	u, err := user.LookupId(strconv.Itoa(int(st.Uid)))
	if err != nil {
		return nil, lang.Errorf(lang.KeyError, "'getpwuid(): uid not found: %d'", st.Uid)
	}
	return u.Username, nil
}

// chmod is Path.chmod (lchmod with follow false).
func chmod(p *path, mode uint32, follow bool) error {
	if !follow {
		var st syscall.Stat_t
		if err := syscall.Lstat(p.String(), &st); err != nil {
			return osErr(err, p)
		}
		if st.Mode&syscall.S_IFMT == syscall.S_IFLNK {
			// Linux has no mode of its own for a link: CPython's error.
			return lang.Errorf(lang.ErrorKind("NotImplementedError"), "chmod: follow_symlinks unavailable on this platform")
		}
	}
	if err := syscall.Chmod(p.String(), mode); err != nil {
		return osErr(err, p)
	}
	return nil
}

// moreMethods are the Path methods of this file.
func moreMethods() []*lang.Builtin {
	return []*lang.Builtin{
		method("match(self, path_pattern)", "Whether the path matches the glob-style pattern, compared from the right part by part (the whole path for an absolute pattern).", func(a *lang.Args, p *path) (lang.Value, error) {
			s, err := strArg(a, "path_pattern")
			if err != nil {
				return nil, err
			}
			return p.match(s)
		}),
		method("chmod(self, mode, *, follow_symlinks=True)", "Sets the permission bits of the file, as os.chmod.", func(a *lang.Args, p *path) (lang.Value, error) {
			m, follow := uint32(a.Int("mode")), a.Bool("follow_symlinks")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.None, chmod(p, m, follow)
		}),
		method("lchmod(self, mode)", "chmod of a link itself, which Linux has not: NotImplementedError for a link.", func(a *lang.Args, p *path) (lang.Value, error) {
			m := uint32(a.Int("mode"))
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.None, chmod(p, m, false)
		}),
		method("lstat(self)", "os.lstat of the path: a link's own.", func(a *lang.Args, p *path) (lang.Value, error) {
			return pyos.Stat(p.String(), false)
		}),
		method("symlink_to(self, target, target_is_directory=False)", "Makes this path a symbolic link to target.", func(a *lang.Args, p *path) (lang.Value, error) {
			t, err := segment(a.Value("target"))
			if err != nil {
				return nil, err
			}
			if err := syscall.Symlink(t.String(), p.String()); err != nil {
				return nil, lang.OSErrorFrom(err, t.String(), p.String())
			}
			return lang.None, nil
		}),
		method("hardlink_to(self, target)", "Makes this path a hard link to the file target.", func(a *lang.Args, p *path) (lang.Value, error) {
			t, err := segment(a.Value("target"))
			if err != nil {
				return nil, err
			}
			if err := syscall.Link(t.String(), p.String()); err != nil {
				return nil, lang.OSErrorFrom(err, t.String(), p.String())
			}
			return lang.None, nil
		}),
		method("readlink(self)", "The path the symbolic link points to.", func(a *lang.Args, p *path) (lang.Value, error) {
			buf := make([]byte, 4096)
			n, err := syscall.Readlink(p.String(), buf)
			if err != nil {
				return nil, osErr(err, p)
			}
			return parsePath(string(buf[:n])), nil
		}),
		method("owner(self)", "The name of the user who owns the file.", func(a *lang.Args, p *path) (lang.Value, error) {
			return ownerName(p, false)
		}),
		method("group(self)", "The name of the group that owns the file.", func(a *lang.Args, p *path) (lang.Value, error) {
			return ownerName(p, true)
		}),
		method("is_mount(self)", "Whether the path is a mount point: a directory on another device than its parent path (links followed), or the same directory as it (/, and . as pathlib sees it).", func(a *lang.Args, p *path) (lang.Value, error) {
			// As pathlib's: the lexical parent, links followed.
			var st, parent syscall.Stat_t
			if syscall.Stat(p.String(), &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFDIR {
				return false, nil
			}
			up := &path{root: p.root}
			if len(p.parts) > 0 {
				up.parts = p.parts[:len(p.parts)-1]
			}
			if syscall.Stat(up.String(), &parent) != nil {
				return false, nil
			}
			return st.Dev != parent.Dev || st.Ino == parent.Ino, nil
		}),
		method("is_fifo(self)", "Whether the path is a FIFO (following links).", fileType(syscall.S_IFIFO)),
		method("is_socket(self)", "Whether the path is a socket (following links).", fileType(syscall.S_IFSOCK)),
		method("is_block_device(self)", "Whether the path is a block device (following links).", fileType(syscall.S_IFBLK)),
		method("is_char_device(self)", "Whether the path is a character device (following links).", fileType(syscall.S_IFCHR)),
	}
}
