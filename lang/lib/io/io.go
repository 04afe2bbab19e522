// Package io is Python's io module for kael. As in CPython, the streams
// are a module of their own, _io, here in Go: StringIO and BytesIO, the
// in-memory text and binary streams (write, read, readline, readlines,
// getvalue, seek, tell, truncate, iteration by line, with), open (the
// builtin) and the classes of open's files; io itself is Python
// (module.py): _io's names and the abstract classes IOBase, RawIOBase,
// BufferedIOBase and TextIOBase, CPython's _pyio's, with _io's classes
// registered.
package io

import (
	"fmt"
	"sort"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/abc" // the modules module.py imports
	_ "github.com/kael-dev/kael/lang/lib/operator"
)

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// memFile is a StringIO (T is rune: positions count characters) or a
// BytesIO (T is byte).
type memFile[T rune | byte] struct {
	data   []T
	pos    int
	closed bool
}

// stringIO is io.StringIO.
type stringIO struct{ memFile[rune] }

// bytesIO is io.BytesIO.
type bytesIO struct{ memFile[byte] }

var (
	_ lang.HasAttrs = (*stringIO)(nil)
	_ lang.Iterable = (*stringIO)(nil)
	_ lang.Reprer   = (*stringIO)(nil)
	_ lang.HasAttrs = (*bytesIO)(nil)
	_ lang.Iterable = (*bytesIO)(nil)
	_ lang.Reprer   = (*bytesIO)(nil)
)

func (s *stringIO) TypeName() string { return "_io.StringIO" }
func (b *bytesIO) TypeName() string  { return "_io.BytesIO" }
func (s *stringIO) PyRepr() string {
	return fmt.Sprintf("<_io.StringIO object at 0x%x>", lang.ID(s))
}
func (b *bytesIO) PyRepr() string { return fmt.Sprintf("<_io.BytesIO object at 0x%x>", lang.ID(b)) }

// The with statement returns the stream and closes it at the end.
func (s *stringIO) Enter() (lang.Value, error) { return s, s.check() }
func (s *stringIO) Exit()                      { s.closed = true }
func (b *bytesIO) Enter() (lang.Value, error)  { return b, b.check() }
func (b *bytesIO) Exit()                       { b.closed = true }

// check is the error of using a closed stream: CPython's StringIO says
// it without a period, BytesIO with one.
func (s *stringIO) check() error {
	if s.closed {
		return lang.Errorf(lang.ValueError, "I/O operation on closed file")
	}
	return nil
}

func (b *bytesIO) check() error {
	if b.closed {
		return lang.Errorf(lang.ValueError, "I/O operation on closed file.")
	}
	return nil
}

// maxSize bounds a stream's data, so that a seek far past the end and a
// write cannot exhaust the process.
const maxSize = 1 << 30

// write writes p at the position, padding with zeros when the position
// is past the end, and moves past it.
func (m *memFile[T]) write(p []T) error {
	if m.pos+len(p) > maxSize {
		return lang.Errorf(lang.MemoryError, "the stream would hold more than %d elements", maxSize)
	}
	if m.pos > len(m.data) {
		m.data = append(m.data, make([]T, m.pos-len(m.data))...)
	}
	end := m.pos + len(p)
	if end > len(m.data) {
		m.data = append(m.data[:m.pos], p...)
	} else {
		copy(m.data[m.pos:], p)
	}
	m.pos = end
	return nil
}

// read returns up to n elements from the position (all for n < 0).
func (m *memFile[T]) read(n int) []T {
	if m.pos >= len(m.data) {
		return nil
	}
	end := len(m.data)
	if n >= 0 && m.pos+n < end {
		end = m.pos + n
	}
	out := m.data[m.pos:end]
	m.pos = end
	return out
}

// readline returns the next line with its '\n', at most n elements (all
// for n < 0).
func (m *memFile[T]) readline(n int) []T {
	if m.pos >= len(m.data) {
		return nil
	}
	end := m.pos
	for end < len(m.data) && (n < 0 || end-m.pos < n) {
		end++
		if m.data[end-1] == '\n' {
			break
		}
	}
	out := m.data[m.pos:end]
	m.pos = end
	return out
}

// truncate cuts the data at size (the position when nil) and returns it.
func (m *memFile[T]) truncate(size *int) (int, error) {
	n := m.pos
	if size != nil {
		n = *size
	}
	if n < 0 {
		return 0, lang.Errorf(lang.ValueError, "Negative size value %d", n)
	}
	if n < len(m.data) {
		m.data = m.data[:n]
	}
	return n, nil
}

func (s *stringIO) Iterate(yield func(lang.Value) bool) error {
	for {
		if s.closed { // CPython's iteration says it with a period
			return lang.Errorf(lang.ValueError, "I/O operation on closed file.")
		}
		line := s.readline(-1)
		if len(line) == 0 || !yield(string(line)) {
			return nil
		}
	}
}

func (b *bytesIO) Iterate(yield func(lang.Value) bool) error {
	for {
		if err := b.check(); err != nil {
			return err
		}
		line := b.readline(-1)
		if len(line) == 0 || !yield(lang.NewBytes(append([]byte(nil), line...))) {
			return nil
		}
	}
}

func (s *stringIO) Attr(name string) (lang.Value, bool) {
	if name == "closed" {
		return s.closed, true
	}
	if m, ok := stringIOMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	return nil, false
}

func (s *stringIO) AttrNames() []string { return append(sortedKeys(stringIOMethods), "closed") }

func (b *bytesIO) Attr(name string) (lang.Value, bool) {
	if name == "closed" {
		return b.closed, true
	}
	if m, ok := bytesIOMethods[name]; ok {
		return &lang.BoundMethod{Recv: b, Method: m}, true
	}
	return nil, false
}

func (b *bytesIO) AttrNames() []string { return append(sortedKeys(bytesIOMethods), "closed") }

// sizeArg is a read size: an int, or None for all (-1).
func sizeArg(v lang.Value) (int, error) {
	if v == lang.None {
		return -1, nil
	}
	if n, ok := v.(int64); ok {
		return int(n), nil
	}
	if b, ok := v.(bool); ok {
		if b {
			return 1, nil
		}
		return 0, nil
	}
	return 0, lang.Errorf(lang.TypeError, "argument should be integer or None, not '%s'", lang.TypeName(v))
}

// seekTarget is the position seek(pos, whence) asks of a stream of n
// elements at cur; text streams (StringIO) take only whence 0 or a zero
// offset, as CPython's.
func seekTarget(pos lang.Value, whence lang.Value, cur, n int, text bool) (int, error) {
	p, ok := pos.(int64)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(pos))
	}
	w, ok := whence.(int64)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(whence))
	}
	switch w {
	case 0:
		if p < 0 {
			if text {
				return 0, lang.Errorf(lang.ValueError, "Negative seek position %d", p)
			}
			return 0, lang.Errorf(lang.ValueError, "negative seek value %d", p)
		}
		return int(min(p, 1<<40)), nil
	case 1, 2:
		if text && p != 0 { // CPython 3.11 says cur-relative for both
			return 0, lang.Errorf(lang.OSError, "Can't do nonzero cur-relative seeks")
		}
		base := int64(cur)
		if w == 2 {
			base = int64(n)
		}
		return int(max(0, min(base+p, 1<<40))), nil
	}
	if text {
		return 0, lang.Errorf(lang.ValueError, "Invalid whence (%d, should be 0, 1 or 2)", w)
	}
	return 0, lang.Errorf(lang.ValueError, "invalid whence (%d, should be 0, 1 or 2)", w)
}
