// Package fileguard opens and rewrites the files kael reads on a user's
// behalf (scripts, REPL and kernel history) so that a bad path fails at
// once instead of hanging or filling memory: a FIFO would block the open
// until some writer appears, and /dev/zero (or a symlink to it) never ends.
//
// OpenRegular opens without blocking and accepts regular files only, and
// ReadFile reads one whole;
// ReadTail reads at most a given number of bytes from the end of a file,
// starting at a line boundary; WriteAtomic replaces a file's contents so
// that a crash leaves either the old or the new file, never half of one.
package fileguard

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Errors of OpenRegular for what is not a regular file. They do not repeat
// the path, which callers show already.
var (
	ErrNotRegular = errors.New("not a regular file") // FIFOs, devices, sockets
	ErrDirectory  = errors.New("is a directory")
)

// OpenRegular opens path with flag (os.O_RDONLY, os.O_RDWR|os.O_CREATE, ...)
// and perm, and returns the file with its information. The open does not
// block (O_NONBLOCK, which has no effect on the reads and writes of a
// regular file), and anything but a regular file, after following
// symbolic links, is closed again and refused.
func OpenRegular(path string, flag int, perm os.FileMode) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, perm)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	switch {
	case err != nil:
	case info.IsDir():
		err = ErrDirectory
	case !info.Mode().IsRegular():
		err = ErrNotRegular
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// ReadFile is os.ReadFile through OpenRegular: the whole of a regular
// file, and anything else (a FIFO, a device, a directory) refused at once.
// Its errors are *fs.PathError, as os.ReadFile's, naming the file.
func ReadFile(path string) ([]byte, error) {
	f, info, err := OpenRegular(path, os.O_RDONLY, 0)
	if errors.Is(err, ErrNotRegular) || errors.Is(err, ErrDirectory) {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, 0, info.Size()+1) // +1: io.ReadAll's end test
	buf := bytes.NewBuffer(data)
	_, err = buf.ReadFrom(f)
	return buf.Bytes(), err
}

// ReadTail reads the last max bytes of f, whose size is size. When that is
// not the whole file, the partial line at the start of the window is
// dropped, so the result begins at a line. It reports whether anything was
// left out.
func ReadTail(f *os.File, size, max int64) (data []byte, truncated bool, err error) {
	start := int64(0)
	if size > max {
		start, truncated = size-max, true
	}
	data = make([]byte, size-start)
	n, err := f.ReadAt(data, start)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, truncated, err
	}
	data = data[:n]
	if truncated {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:]
		} else {
			data = nil
		}
	}
	return data, truncated, nil
}

// WriteAtomic replaces the contents of path with data: it writes a
// temporary file in the same directory, syncs it and renames it over
// path. A symbolic link at path is replaced by the file.
func WriteAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, perm)
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}

// TerminateLine appends a newline to f (opened with os.O_APPEND), whose size
// is size, unless it is empty or ends with one: a line torn by a crash then
// stays a damaged line of its own instead of gluing itself to the next
// record appended.
func TerminateLine(f *os.File, size int64) error {
	if size == 0 {
		return nil
	}
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, size-1); err != nil {
		return err
	}
	if last[0] == '\n' {
		return nil
	}
	_, err := f.Write([]byte{'\n'})
	return err
}
