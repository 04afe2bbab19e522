"""kael's test.support.warnings_helper (see test/support/__init__.py)."""

import contextlib
import re
import warnings


def check_syntax_warning(testcase, statement, errtext='', *, lineno=1, offset=None):
    from test.support import check_syntax_error
    with warnings.catch_warnings(record=True) as warns:
        warnings.simplefilter('always', SyntaxWarning)
        compile(statement, '<testcase>', 'exec')
    testcase.assertEqual(len(warns), 1, warns)
    warn, = warns
    testcase.assertTrue(issubclass(warn.category, SyntaxWarning), warn.category)
    if errtext:
        testcase.assertRegex(str(warn.message), errtext)
    testcase.assertEqual(warn.filename, '<testcase>')
    testcase.assertIsNotNone(warn.lineno)
    if lineno is not None:
        testcase.assertEqual(warn.lineno, lineno)
    with warnings.catch_warnings(record=True) as warns:
        warnings.simplefilter('error', SyntaxWarning)
        check_syntax_error(testcase, statement, errtext, lineno=lineno, offset=offset)
    testcase.assertEqual(warns, [])


@contextlib.contextmanager
def check_no_warnings(testcase, message='', category=Warning, force_gc=False):
    with warnings.catch_warnings(record=True) as warns:
        warnings.filterwarnings('always', message=message, category=category)
        yield
    testcase.assertEqual(warns, [])


class WarningsRecorder(object):
    """The warnings check_warnings saw."""

    def __init__(self, warnings_list):
        self._warnings = warnings_list
        self._last = 0

    def __getattr__(self, attr):
        if len(self._warnings) > self._last:
            return getattr(self._warnings[-1], attr)
        elif attr in ("message", "category", "filename", "lineno", "line", "file"):
            return None
        raise AttributeError("%r has no attribute %r" % (self, attr))

    @property
    def warnings(self):
        return self._warnings[self._last:]

    def reset(self):
        self._last = len(self._warnings)


@contextlib.contextmanager
def check_warnings(*filters, quiet=True):
    """Records the warnings of the with block and fails unless each filter (message, category) matched one."""
    if not filters:
        filters = (("", Warning),)
        if quiet is None:
            quiet = True
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        yield WarningsRecorder(w)
    reraise = list(w)
    missing = []
    for msg, cat in filters:
        seen = False
        for warning in reraise[:]:
            if re.match(msg, str(warning.message), re.I) and issubclass(warning.category, cat):
                seen = True
                reraise.remove(warning)
        if not seen and not quiet:
            missing.append((msg, cat.__name__))
    if reraise:
        raise AssertionError("unhandled warning %s" % reraise[0])
    if missing:
        raise AssertionError("filter (%r, %s) did not catch any warning" % missing[0])
