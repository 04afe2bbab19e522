"""kael's test.support: the helpers CPython's test_grammar and test_exceptions use.

Not CPython's file (which needs much that kael lacks): kael's own, its
functions written after CPython 3.11's Lib/test/support (PSF licence, see
LICENSE), doing what CPython's do where kael can and skipping the test
with the reason where it cannot.
"""

import contextlib
import io
import sys
import unittest

from test.support import import_helper, os_helper, script_helper, warnings_helper

verbose = 0


def _implementation():
    impl = getattr(sys, "implementation", None)
    return getattr(impl, "name", "kael")


def check_impl_detail(**guards):
    """Whether the running implementation is one of guards' true ones (CPython when none is named)."""
    if not guards:
        guards, default = {"cpython": True}, False
    else:
        is_true = list(guards.values())[0]
        default = not is_true
    return guards.get(_implementation(), default)


def cpython_only(test):
    """Runs test only on CPython, skipping it elsewhere, as CPython's does."""
    if check_impl_detail(cpython=True):
        return test
    return unittest.skip("implementation detail specific to cpython")(test)


def no_tracing(func):
    """CPython's runs func with sys.settrace off; kael has no tracing, so func runs as it is."""
    return func


def gc_collect():
    """CPython's collects reference cycles; kael's memory is Go's, collected on its own schedule."""
    return None


def check_syntax_error(testcase, statement, errtext='', *, lineno=None, offset=None):
    with testcase.assertRaisesRegex(SyntaxError, errtext) as cm:
        compile(statement, '<test string>', 'exec')
    err = cm.exception
    testcase.assertIsNotNone(err.lineno)
    if lineno is not None:
        testcase.assertEqual(err.lineno, lineno)
    testcase.assertIsNotNone(err.offset)
    if offset is not None:
        testcase.assertEqual(err.offset, offset)


@contextlib.contextmanager
def captured_output(stream_name):
    """Replaces sys.<stream_name> with an io.StringIO for the with block, and gives it."""
    orig = getattr(sys, stream_name)
    setattr(sys, stream_name, io.StringIO())
    try:
        yield getattr(sys, stream_name)
    finally:
        setattr(sys, stream_name, orig)


def captured_stdout():
    return captured_output("stdout")


def captured_stderr():
    return captured_output("stderr")


class SuppressCrashReport:
    """CPython's turns off the system's crash reports around a crashing test; kael has none to turn off."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        return False


def catch_unraisable_exception():
    raise unittest.SkipTest("kael has no sys.unraisablehook")
