"""Extract, format and print information about Python stack traces, as
CPython 3.11's traceback module.

The exceptions' formatting (format_exception, print_exception,
format_exc, print_exc, format_exception_only, format_tb, print_tb) is
written in Go, in the module _traceback; FrameSummary, StackSummary,
TracebackException and the stack functions are CPython's, written here
as Lib/traceback.py writes them, over the frames kael records.
"""

from _traceback import (format_exception, format_exception_only,
                        print_exception, format_exc, print_exc, format_tb,
                        print_tb, _tb_entries, _format_entry, _source_line,
                        _getframe, _write_stderr)

__all__ = ['extract_stack', 'extract_tb', 'format_exception',
           'format_exception_only', 'format_list', 'format_stack',
           'format_tb', 'print_exc', 'format_exc', 'print_exception',
           'print_last', 'print_stack', 'print_tb', 'clear_frames',
           'FrameSummary', 'StackSummary', 'TracebackException',
           'walk_stack', 'walk_tb']

_RECURSIVE_CUTOFF = 3

_cause_message = (
    "\nThe above exception was the direct cause "
    "of the following exception:\n\n")

_context_message = (
    "\nDuring handling of the above exception, "
    "another exception occurred:\n\n")


def print_list(extracted_list, file=None):
    """Print the list of tuples as returned by extract_tb() or
    extract_stack() as a formatted stack trace to the given file."""
    for item in StackSummary.from_list(extracted_list).format():
        _print(item, file)


def _print(text, file):
    if file is None:
        _write_stderr(text)
    else:
        file.write(text)


def format_list(extracted_list):
    """Format a list of FrameSummary objects or (filename, lineno, name,
    line) tuples for printing: one string per frame."""
    return StackSummary.from_list(extracted_list).format()


def extract_tb(tb, limit=None):
    """The frames of the traceback tb, outermost first, as a StackSummary
    of FrameSummary objects."""
    return StackSummary._from_traceback(tb, limit)


def print_last(limit=None, file=None, chain=True):
    """print_exception(sys.last_type, sys.last_value, sys.last_traceback,
    limit, file): kael sets no sys.last_type (an error nobody caught ends
    a kael program), so this is CPython's ValueError."""
    raise ValueError("no last exception")


def print_stack(f=None, limit=None, file=None):
    """Print a stack trace from its invocation point (or from frame f)."""
    if f is None:
        f = _getframe(1)
    print_list(extract_stack(f, limit=limit), file=file)


def format_stack(f=None, limit=None):
    """Shorthand for format_list(extract_stack(f, limit))."""
    if f is None:
        f = _getframe(1)
    return format_list(extract_stack(f, limit=limit))


def extract_stack(f=None, limit=None):
    """The frames from the caller's (or f) out to the program's, oldest
    first, as a StackSummary."""
    if f is None:
        f = _getframe(1)
    stack = StackSummary.extract(walk_stack(f), limit=limit)
    stack.reverse()
    return stack


def clear_frames(tb):
    """Walks the traceback's frames; kael's frames keep their locals
    until the exception goes, so there is nothing to clear."""
    while tb is not None:
        tb = tb.tb_next


def walk_stack(f):
    """Yield (frame, line number) for f and the frames it was called from,
    following f_back; None is the caller's frame."""
    if f is None:
        f = _getframe(1)
    return _walk_stack(f)


def _walk_stack(f):
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back


def walk_tb(tb):
    """Yield (frame, line number) for each frame of the traceback tb,
    following tb_next."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def _safe_string(value, what, func=str):
    try:
        return func(value)
    except:
        return f'<{what} {func.__name__}() failed>'


class FrameSummary:
    """Information about a single frame from a traceback: filename,
    lineno, name, line, and locals (their reprs) when captured."""

    def __init__(self, filename, lineno, name, *, lookup_line=True,
                 locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename = filename
        self.lineno = lineno
        self.end_lineno = end_lineno
        self.colno = colno
        self.end_colno = end_colno
        self.name = name
        self._line = line
        if lookup_line:
            self.line
        self.locals = {k: _safe_string(v, 'local', func=repr)
                       for k, v in locals.items()} if locals else None

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename == other.filename and
                    self.lineno == other.lineno and
                    self.name == other.name and
                    self.locals == other.locals)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

    def __getitem__(self, pos):
        return (self.filename, self.lineno, self.name, self.line)[pos]

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __repr__(self):
        return "<FrameSummary file {filename}, line {lineno} in {name}>".format(
            filename=self.filename, lineno=self.lineno, name=self.name)

    def __len__(self):
        return 4

    @property
    def _original_line(self):
        self.line
        return self._line

    @property
    def line(self):
        if self._line is None:
            if self.lineno is None:
                return None
            self._line = _source_line(self.filename, self.lineno)
        return self._line.strip()


class StackSummary(list):
    """A list of FrameSummary objects, representing a stack of frames."""

    @classmethod
    def extract(klass, frame_gen, *, limit=None, lookup_lines=True,
                capture_locals=False):
        """A StackSummary of the (frame, lineno) pairs frame_gen yields
        (walk_stack's or walk_tb's), at most limit of them (the last
        -limit for a negative one)."""
        frames = list(frame_gen)
        if limit is not None:
            frames = frames[:limit] if limit >= 0 else frames[limit:]
        result = klass()
        for f, lineno in frames:
            co = f.f_code
            f_locals = f.f_locals if capture_locals else None
            result.append(FrameSummary(co.co_filename, lineno, co.co_name,
                                       lookup_line=False, locals=f_locals))
        if lookup_lines:
            for f in result:
                f.line
        return result

    @classmethod
    def _from_traceback(klass, tb, limit=None):
        entries = _tb_entries(tb) if tb is not None else []
        if limit is not None:
            entries = entries[:limit] if limit >= 0 else entries[limit:]
        result = klass()
        for filename, lineno, name, line, end_lineno, colno, end_colno in entries:
            result.append(FrameSummary(filename, lineno, name, line=line,
                                       end_lineno=end_lineno, colno=colno,
                                       end_colno=end_colno))
        return result

    @classmethod
    def from_list(klass, a_list):
        """A StackSummary of FrameSummary objects or (filename, lineno,
        name, line) tuples."""
        result = StackSummary()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary):
        """The text of one frame: its File line, its source line and the
        carets under the part that ran, and its locals when captured."""
        row = _format_entry(frame_summary.filename, frame_summary.lineno,
                            frame_summary.name, frame_summary._original_line,
                            frame_summary.end_lineno, frame_summary.colno,
                            frame_summary.end_colno)
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row += '    {name} = {value}\n'.format(name=name, value=value)
        return row

    def format(self):
        """One string per frame, ready for printing; a frame repeated more
        than three times in a row is shown three times, then counted."""
        result = []
        last_file = None
        last_line = None
        last_name = None
        count = 0
        for frame_summary in self:
            formatted_frame = self.format_frame_summary(frame_summary)
            if formatted_frame is None:
                continue
            if (last_file is None or last_file != frame_summary.filename or
                last_line is None or last_line != frame_summary.lineno or
                last_name is None or last_name != frame_summary.name):
                if count > _RECURSIVE_CUTOFF:
                    count -= _RECURSIVE_CUTOFF
                    result.append(
                        f'  [Previous line repeated {count} more '
                        f'time{"s" if count > 1 else ""}]\n'
                    )
                last_file = frame_summary.filename
                last_line = frame_summary.lineno
                last_name = frame_summary.name
                count = 0
            count += 1
            if count > _RECURSIVE_CUTOFF:
                continue
            result.append(formatted_frame)

        if count > _RECURSIVE_CUTOFF:
            count -= _RECURSIVE_CUTOFF
            result.append(
                f'  [Previous line repeated {count} more '
                f'time{"s" if count > 1 else ""}]\n'
            )
        return result


class _PrintContext:
    """Where format() is in an exception group's tree: its depth, and
    whether the last box still needs its closing line."""

    def __init__(self):
        self.depth = 0
        self.need_close = False

    def indent(self):
        return ' ' * (2 * self.depth)

    def emit(self, text, margin=None):
        """text (a str or strs), each line behind the margin ('|', or
        margin) of the group it is in."""
        prefix = self.indent()
        if self.depth:
            prefix += (margin or '|') + ' '
        for chunk in ([text] if isinstance(text, str) else text):
            if not self.depth:
                yield chunk
            else:
                yield ''.join(prefix + line for line in chunk.splitlines(True))


class TracebackException:
    """An exception ready for rendering: its type, str, stack
    (StackSummary) and the TracebackExceptions of its __cause__ and
    __context__, as CPython's."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None,
                 lookup_lines=True, capture_locals=False, compact=False,
                 max_group_width=15, max_group_depth=10, _seen=None):
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))
        self.stack = StackSummary._from_traceback(exc_traceback, limit)
        self.exc_type = exc_type
        self._str = _safe_string(exc_value, 'exception')
        self.__notes__ = getattr(exc_value, '__notes__', None)
        if exc_type and issubclass(exc_type, SyntaxError):
            self.filename = exc_value.filename
            lno = exc_value.lineno
            self.lineno = str(lno) if lno is not None else None
            end_lno = exc_value.end_lineno
            self.end_lineno = str(end_lno) if end_lno is not None else None
            self.text = exc_value.text
            self.offset = exc_value.offset
            self.end_offset = exc_value.end_offset
            self.msg = exc_value.msg
        self.__suppress_context__ = (
            exc_value.__suppress_context__ if exc_value is not None else False)
        self.__cause__ = None
        self.__context__ = None
        self.exceptions = None
        kw = dict(limit=limit, lookup_lines=lookup_lines,
                  capture_locals=capture_locals, _seen=_seen)
        if exc_value is not None:
            cause = exc_value.__cause__
            if cause is not None and id(cause) not in _seen:
                self.__cause__ = TracebackException(
                    type(cause), cause, cause.__traceback__, **kw)
            context = exc_value.__context__
            if (not (compact and (self.__cause__ is not None or self.__suppress_context__))
                    and context is not None and id(context) not in _seen):
                self.__context__ = TracebackException(
                    type(context), context, context.__traceback__, **kw)
            if isinstance(exc_value, BaseExceptionGroup):
                self.exceptions = [
                    TracebackException(type(e), e, e.__traceback__,
                                       max_group_width=max_group_width,
                                       max_group_depth=max_group_depth, **kw)
                    for e in exc_value.exceptions]
        self.max_group_width = max_group_width
        self.max_group_depth = max_group_depth
        self._exc = exc_value

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        """A TracebackException of the exception exc."""
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            mine = {k: v for k, v in self.__dict__.items() if k != '_exc'}
            theirs = {k: v for k, v in other.__dict__.items() if k != '_exc'}
            return mine == theirs
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self):
        """The exception's last lines: 'Class: message\\n' (where a
        SyntaxError was, first), then its notes."""
        yield from format_exception_only(self._exc)

    def format(self, *, chain=True, _ctx=None):
        """The lines CPython prints for the exception, its chain first
        when chain is true; each ends in a newline. An exception group's
        exceptions follow it, each in its numbered box."""
        if _ctx is None:
            _ctx = _PrintContext()
        output = []
        exc = self
        if chain:
            while exc:
                if exc.__cause__ is not None:
                    chained_msg = _cause_message
                    chained_exc = exc.__cause__
                elif (exc.__context__ is not None and
                      not exc.__suppress_context__):
                    chained_msg = _context_message
                    chained_exc = exc.__context__
                else:
                    chained_msg = None
                    chained_exc = None
                output.append((chained_msg, exc))
                exc = chained_exc
        else:
            output.append((None, exc))
        for msg, exc in reversed(output):
            if msg is not None:
                yield from _ctx.emit(msg)
            if exc.exceptions is None:
                if exc.stack:
                    yield from _ctx.emit('Traceback (most recent call last):\n')
                    yield from _ctx.emit(exc.stack.format())
                yield from _ctx.emit(exc.format_exception_only())
            elif _ctx.depth > self.max_group_depth:
                yield from _ctx.emit(
                    f"... (max_group_depth is {self.max_group_depth})\n")
            else:
                toplevel = _ctx.depth == 0
                if toplevel:
                    _ctx.depth += 1
                if exc.stack:
                    yield from _ctx.emit(
                        'Exception Group Traceback (most recent call last):\n',
                        margin='+' if toplevel else None)
                    yield from _ctx.emit(exc.stack.format())
                yield from _ctx.emit(exc.format_exception_only())
                count = len(exc.exceptions)
                n = count if count <= self.max_group_width else self.max_group_width + 1
                _ctx.need_close = False
                for i in range(n):
                    last = i == n - 1
                    if last:
                        _ctx.need_close = True
                    truncated = i >= self.max_group_width
                    title = '...' if truncated else f'{i + 1}'
                    yield (_ctx.indent() + ('+-' if i == 0 else '  ') +
                           f'+---------------- {title} ----------------\n')
                    _ctx.depth += 1
                    if not truncated:
                        yield from exc.exceptions[i].format(chain=chain, _ctx=_ctx)
                    else:
                        more = count - self.max_group_width
                        yield from _ctx.emit(
                            f"and {more} more exception{'s' if more > 1 else ''}\n")
                    if last and _ctx.need_close:
                        yield _ctx.indent() + '+------------------------------------\n'
                        _ctx.need_close = False
                    _ctx.depth -= 1
                if toplevel:
                    _ctx.depth = 0

    def print(self, *, file=None, chain=True):
        """Print format()'s lines to file (sys.stderr by default)."""
        for line in self.format(chain=chain):
            _print(line, file)
