"""Python unit testing framework, as CPython 3.11's unittest for what test files use.

TestCase with setUp/tearDown, setUpClass/tearDownClass, cleanups, subTest,
skipTest and the assert methods; the skip, skipIf, skipUnless and
expectedFailure decorators; TestSuite, TestLoader, TestResult,
TextTestResult, TextTestRunner and main(), printing what CPython prints.
"""

import contextlib
import sys
import time
import traceback
import re
import warnings

__unittest = True

_MAX_LENGTH = 80
_PLACEHOLDER_LEN = 12
_MIN_BEGIN_LEN = 5
_MIN_END_LEN = 5
_MIN_COMMON_LEN = 5
_MIN_DIFF_LEN = _MAX_LENGTH - (_MIN_BEGIN_LEN + _PLACEHOLDER_LEN + _MIN_COMMON_LEN + _PLACEHOLDER_LEN + _MIN_END_LEN)


def safe_repr(obj, short=False):
    try:
        result = repr(obj)
    except Exception:
        result = object.__repr__(obj)
    if not short or len(result) < _MAX_LENGTH:
        return result
    return result[:_MAX_LENGTH] + ' [truncated]...'


def strclass(cls):
    return "%s.%s" % (cls.__module__, cls.__qualname__)


def _commonprefix(strs):
    if not strs:
        return ''
    s1 = min(strs)
    s2 = max(strs)
    for i in range(len(s1)):
        if s1[i] != s2[i]:
            return s1[:i]
    return s1


def _shorten(s, prefixlen, suffixlen):
    skip = len(s) - prefixlen - suffixlen
    if skip > _PLACEHOLDER_LEN:
        s = '%s[%d chars]%s' % (s[:prefixlen], skip, s[len(s) - suffixlen:])
    return s


def _common_shorten_repr(*args):
    args = tuple([safe_repr(a) for a in args])
    maxlen = max([len(a) for a in args])
    if maxlen <= _MAX_LENGTH:
        return args
    prefix = _commonprefix(args)
    prefixlen = len(prefix)
    common_len = _MAX_LENGTH - (maxlen - prefixlen + _MIN_BEGIN_LEN + _PLACEHOLDER_LEN)
    if common_len > _MIN_COMMON_LEN:
        prefix = _shorten(prefix, _MIN_BEGIN_LEN, common_len)
        return tuple([prefix + s[prefixlen:] for s in args])
    prefix = _shorten(prefix, _MIN_BEGIN_LEN, _MIN_COMMON_LEN)
    return tuple([prefix + _shorten(s[prefixlen:], _MIN_DIFF_LEN, _MIN_END_LEN) for s in args])


class SkipTest(Exception):
    """Raise this exception in a test to skip it."""


class _ShouldStop(Exception):
    pass


class _UnexpectedSuccess(Exception):
    pass


def _id(obj):
    return obj


_skip_reasons = {}


def skip(reason):
    """Unconditionally skip a test."""
    def decorator(test_item):
        if isinstance(test_item, type):
            test_item.__unittest_skip__ = True
            test_item.__unittest_skip_why__ = reason
            return test_item

        def skip_wrapper(*args, **kwargs):
            raise SkipTest(reason)
        skip_wrapper.__name__ = test_item.__name__
        skip_wrapper.__qualname__ = getattr(test_item, '__qualname__', test_item.__name__)
        skip_wrapper.__doc__ = test_item.__doc__
        skip_wrapper.__unittest_skip__ = True
        skip_wrapper.__unittest_skip_why__ = reason
        return skip_wrapper
    if callable(reason) and not isinstance(reason, str):
        test_item = reason
        reason = ''
        return decorator(test_item)
    return decorator


def skipIf(condition, reason):
    """Skip a test if the condition is true."""
    if condition:
        return skip(reason)
    return _id


def skipUnless(condition, reason):
    """Skip a test unless the condition is true."""
    if not condition:
        return skip(reason)
    return _id


def expectedFailure(test_item):
    test_item.__unittest_expecting_failure__ = True
    return test_item


def _is_subtype(expected, basetype):
    if isinstance(expected, tuple):
        for e in expected:
            if not _is_subtype(e, basetype):
                return False
        return True
    return isinstance(expected, type) and issubclass(expected, basetype)


class _AssertRaisesContext:
    """The context manager assertRaises and assertRaisesRegex return."""

    _base_type = BaseException
    _base_type_str = 'an exception type or tuple of exception types'

    def __init__(self, expected, test_case, expected_regex=None):
        self.expected = expected
        self.test_case = test_case
        if expected_regex is not None and isinstance(expected_regex, str):
            expected_regex = re.compile(expected_regex)
        self.expected_regex = expected_regex
        self.obj_name = None
        self.msg = None
        self.exception = None

    def _raiseFailure(self, standardMsg):
        msg = self.test_case._formatMessage(self.msg, standardMsg)
        raise self.test_case.failureException(msg)

    def handle(self, name, args, kwargs):
        if not _is_subtype(self.expected, self._base_type):
            raise TypeError('%s() arg 1 must be %s' % (name, self._base_type_str))
        if not args:
            self.msg = kwargs.pop('msg', None)
            if kwargs:
                raise TypeError('%r is an invalid keyword argument for this function' % (next(iter(kwargs)),))
            return self
        callable_obj = args[0]
        args = args[1:]
        try:
            self.obj_name = callable_obj.__name__
        except AttributeError:
            self.obj_name = str(callable_obj)
        with self:
            callable_obj(*args, **kwargs)
        return None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            try:
                exc_name = self.expected.__name__
            except AttributeError:
                exc_name = str(self.expected)
            if self.obj_name:
                self._raiseFailure("{} not raised by {}".format(exc_name, self.obj_name))
            else:
                self._raiseFailure("{} not raised".format(exc_name))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value
        if self.expected_regex is None:
            return True
        expected_regex = self.expected_regex
        if not expected_regex.search(str(exc_value)):
            self._raiseFailure('"{}" does not match "{}"'.format(expected_regex.pattern, str(exc_value)))
        return True


class _AssertWarnsContext(_AssertRaisesContext):
    """The context manager assertWarns and assertWarnsRegex return."""

    _base_type = Warning
    _base_type_str = 'a warning type or tuple of warning types'

    def __enter__(self):
        self.warnings_manager = contextlib.ExitStack()
        self.warnings = self.warnings_manager.enter_context(warnings.catch_warnings(record=True))
        warnings.simplefilter("always")
        return self

    def __exit__(self, exc_type, exc_value, tb):
        self.warnings_manager.close()
        if exc_type is not None:
            return False
        try:
            exc_name = self.expected.__name__
        except AttributeError:
            exc_name = str(self.expected)
        first_matching = None
        for m in self.warnings:
            w = m.message
            if not isinstance(w, self.expected):
                continue
            if first_matching is None:
                first_matching = w
            if self.expected_regex is not None and not self.expected_regex.search(str(w)):
                continue
            self.warning = w
            self.filename = m.filename
            self.lineno = m.lineno
            return None
        if first_matching is not None:
            self._raiseFailure('"{}" does not match "{}"'.format(self.expected_regex.pattern, str(first_matching)))
        if self.obj_name:
            self._raiseFailure("{} not triggered by {}".format(exc_name, self.obj_name))
        else:
            self._raiseFailure("{} not triggered".format(exc_name))
        return None


class _SubTest:
    """One subTest of a test: what a failure inside `with self.subTest(...)` is reported as."""

    def __init__(self, test_case, message, params):
        self._message = message
        self.test_case = test_case
        self.params = params
        self.failureException = test_case.failureException

    def _subDescription(self):
        parts = []
        if self._message is not _subtest_msg_sentinel:
            parts.append("[{}]".format(self._message))
        if self.params:
            params_desc = ', '.join(["{}={!r}".format(k, v) for k, v in self.params.items()])
            parts.append("({})".format(params_desc))
        return " ".join(parts) or '(<subtest>)'

    def id(self):
        return "{} {}".format(self.test_case.id(), self._subDescription())

    def shortDescription(self):
        return self.test_case.shortDescription()

    def __str__(self):
        return "{} {}".format(self.test_case, self._subDescription())


class _SubTestSentinel:
    def __repr__(self):
        return '<subtest sentinel>'


_subtest_msg_sentinel = _SubTestSentinel()


class _SubTestContext:
    def __init__(self, case, msg, params):
        self.case = case
        self.msg = msg
        self.params = params

    def __enter__(self):
        case = self.case
        self.parent = case._subtest
        params = dict(self.params)
        if self.parent is not None:
            merged = dict(self.parent.params)
            merged.update(params)
            params = merged
        case._subtest = _SubTest(case, self.msg, params)
        return None

    def __exit__(self, exc_type, exc_value, tb):
        case = self.case
        sub = case._subtest
        case._subtest = self.parent
        if exc_type is None:
            if case._outcome is not None and case._outcome.result_supports_subtests:
                case._outcome.result.addSubTest(case, sub, None)
            return False
        if issubclass(exc_type, KeyboardInterrupt) or case._outcome is None:
            return False
        if issubclass(exc_type, SkipTest):
            case._outcome.result.addSkip(sub, str(exc_value))
            return True
        if issubclass(exc_type, _ShouldStop):
            return False
        case._outcome.success = False
        if case._outcome.expecting_failure:
            case._outcome.expectedFailure = (exc_type, exc_value, tb)
        else:
            case._outcome.result.addSubTest(case, sub, (exc_type, exc_value, tb))
        return True


class _Outcome:
    def __init__(self, result):
        self.result = result
        self.expecting_failure = False
        self.success = True
        self.expectedFailure = None
        self.result_supports_subtests = hasattr(result, "addSubTest")

    def run(self, test_case, fn, *args):
        """Runs fn, recording an exception as CPython's testPartExecutor does; True when it did not fail."""
        try:
            fn(*args)
        except KeyboardInterrupt:
            raise
        except SkipTest as e:
            self.success = False
            self.result.addSkip(test_case, str(e))
        except _ShouldStop:
            pass
        except BaseException as e:
            self.success = False
            info = (type(e), e, e.__traceback__)
            if self.expecting_failure:
                self.expectedFailure = info
            elif issubclass(type(e), test_case.failureException):
                self.result.addFailure(test_case, info)
            else:
                self.result.addError(test_case, info)
        return self.success


_equality_funcs = [(dict, 'assertDictEqual'), (list, 'assertListEqual'), (tuple, 'assertTupleEqual'),
                   (set, 'assertSetEqual'), (frozenset, 'assertSetEqual'), (str, 'assertMultiLineEqual')]


def _enter_context(cm, addcleanup):
    cls = type(cm)
    try:
        enter = cls.__enter__
        exit = cls.__exit__
    except AttributeError:
        raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does "
                        f"not support the context manager protocol") from None
    result = enter(cm)
    addcleanup(exit, cm, None, None, None)
    return result


_module_cleanups = []


def addModuleCleanup(function, /, *args, **kwargs):
    """Same as addCleanup, except the cleanup items are called even if
    setUpModule fails (unlike tearDownModule)."""
    _module_cleanups.append((function, args, kwargs))


def enterModuleContext(cm):
    """Same as enterContext, but module-wide."""
    return _enter_context(cm, addModuleCleanup)


def doModuleCleanups():
    """Execute all module cleanup functions, last added first; the first
    exception one raised is raised again after all have run."""
    exceptions = []
    while _module_cleanups:
        function, args, kwargs = _module_cleanups.pop()
        try:
            function(*args, **kwargs)
        except Exception as exc:
            exceptions.append(exc)
    if exceptions:
        raise exceptions[0]


class TestCase:
    """A class whose instances are single test cases.

    Define test methods whose names start with 'test' in a subclass; setUp
    and tearDown run around each, and the assert methods report failures.
    """

    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8
    _classSetupFailed = False

    def __init__(self, methodName='runTest'):
        self._testMethodName = methodName
        self._outcome = None
        self._subtest = None
        self._cleanups = []
        self._testMethodDoc = 'No test'
        try:
            testMethod = getattr(self, methodName)
        except AttributeError:
            if methodName != 'runTest':
                raise ValueError("no such test method in %s: %s" % (self.__class__, methodName))
        else:
            self._testMethodDoc = testMethod.__doc__

    def setUp(self):
        "Hook method for setting up the test fixture before exercising it."

    def tearDown(self):
        "Hook method for deconstructing the test fixture after testing it."

    @classmethod
    def setUpClass(cls):
        "Hook method for setting up class fixture before running tests in the class."

    @classmethod
    def tearDownClass(cls):
        "Hook method for deconstructing the class fixture after running all tests in the class."

    def addCleanup(self, function, *args, **kwargs):
        """Add a function, with arguments, to be called when the test is completed."""
        self._cleanups.append((function, args, kwargs))

    def enterContext(self, cm):
        """Enters the context manager cm and adds its __exit__ as a cleanup; returns what __enter__ returned."""
        return _enter_context(cm, self.addCleanup)

    def doCleanups(self):
        """Execute all cleanup functions. Normally called for you after tearDown."""
        outcome = self._outcome
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            if outcome is None:
                self._callCleanup(function, *args, **kwargs)
            else:
                outcome.run(self, lambda: self._callCleanup(function, *args, **kwargs))
        return outcome is None or outcome.success

    def _callSetUp(self):
        self.setUp()

    def _callTestMethod(self, method):
        method()

    def _callTearDown(self):
        self.tearDown()

    def _callCleanup(self, function, /, *args, **kwargs):
        function(*args, **kwargs)

    def countTestCases(self):
        return 1

    def defaultTestResult(self):
        return TestResult()

    def shortDescription(self):
        """The first line of the test method's docstring, or None."""
        doc = self._testMethodDoc
        if doc:
            return doc.strip().split("\n")[0].strip()
        return None

    def id(self):
        return "%s.%s" % (strclass(self.__class__), self._testMethodName)

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return self._testMethodName == other._testMethodName

    def __hash__(self):
        return hash((type(self).__name__, self._testMethodName))

    def __str__(self):
        return "%s (%s.%s)" % (self._testMethodName, strclass(self.__class__), self._testMethodName)

    def __repr__(self):
        return "<%s testMethod=%s>" % (strclass(self.__class__), self._testMethodName)

    def subTest(self, msg=_subtest_msg_sentinel, **params):
        """A context manager whose failures are reported as a subtest's, the test going on after it."""
        return _SubTestContext(self, msg, params)

    def run(self, result=None):
        if result is None:
            result = self.defaultTestResult()
            startTestRun = getattr(result, 'startTestRun', None)
            if startTestRun is not None:
                startTestRun()
        result.startTest(self)
        try:
            testMethod = getattr(self, self._testMethodName)
            if getattr(self.__class__, "__unittest_skip__", False) or getattr(testMethod, "__unittest_skip__", False):
                skip_why = getattr(self.__class__, '__unittest_skip_why__', '') or getattr(testMethod, '__unittest_skip_why__', '')
                result.addSkip(self, skip_why)
                return result
            expecting_failure = getattr(self, "__unittest_expecting_failure__", False) or getattr(testMethod, "__unittest_expecting_failure__", False)
            outcome = _Outcome(result)
            self._outcome = outcome
            try:
                outcome.expecting_failure = expecting_failure
                if outcome.run(self, self._callSetUp):
                    outcome.run(self, self._callTestMethod, testMethod)
                    outcome.expecting_failure = False
                    outcome.run(self, self._callTearDown)
                self.doCleanups()
                if outcome.success:
                    if expecting_failure:
                        if outcome.expectedFailure:
                            result.addExpectedFailure(self, outcome.expectedFailure)
                        else:
                            result.addUnexpectedSuccess(self)
                    else:
                        result.addSuccess(self)
                elif expecting_failure and outcome.expectedFailure:
                    result.addExpectedFailure(self, outcome.expectedFailure)
                return result
            finally:
                self._outcome = None
        finally:
            result.stopTest(self)

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        """Run the test without collecting errors in a TestResult."""
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def skipTest(self, reason):
        """Skip this test."""
        raise SkipTest(reason)

    def fail(self, msg=None):
        """Fail immediately, with the given message."""
        raise self.failureException(msg)

    def _formatMessage(self, msg, standardMsg):
        if not self.longMessage:
            return msg or standardMsg
        if msg is None:
            return standardMsg
        return '%s : %s' % (standardMsg, msg)

    def assertFalse(self, expr, msg=None):
        """Check that the expression is false."""
        if expr:
            msg = self._formatMessage(msg, "%s is not false" % safe_repr(expr))
            raise self.failureException(msg)

    def assertTrue(self, expr, msg=None):
        """Check that the expression is true."""
        if not expr:
            msg = self._formatMessage(msg, "%s is not true" % safe_repr(expr))
            raise self.failureException(msg)

    def assertRaises(self, expected_exception, *args, **kwargs):
        """Fail unless an exception of class expected_exception is raised by the callable, or in the with block."""
        context = _AssertRaisesContext(expected_exception, self)
        return context.handle('assertRaises', args, kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
        """assertRaises, and the exception's message must match expected_regex."""
        context = _AssertRaisesContext(expected_exception, self, expected_regex)
        return context.handle('assertRaisesRegex', args, kwargs)

    def assertWarns(self, expected_warning, *args, **kwargs):
        """Fail unless a warning of class expected_warning is triggered by the callable, or in the with block."""
        context = _AssertWarnsContext(expected_warning, self)
        return context.handle('assertWarns', args, kwargs)

    def assertWarnsRegex(self, expected_warning, expected_regex, *args, **kwargs):
        """assertWarns, and the warning's message must match expected_regex."""
        context = _AssertWarnsContext(expected_warning, self, expected_regex)
        return context.handle('assertWarnsRegex', args, kwargs)

    def _getAssertEqualityFunc(self, first, second):
        if type(first) is type(second):
            for t, name in _equality_funcs:
                if type(first) is t:
                    return getattr(self, name)
        return self._baseAssertEqual

    def assertEqual(self, first, second, msg=None):
        """Fail if the two objects are unequal as determined by the '==' operator."""
        assertion_func = self._getAssertEqualityFunc(first, second)
        assertion_func(first, second, msg=msg)

    def _baseAssertEqual(self, first, second, msg=None):
        if not first == second:
            standardMsg = '%s != %s' % _common_shorten_repr(first, second)
            msg = self._formatMessage(msg, standardMsg)
            raise self.failureException(msg)

    def assertNotEqual(self, first, second, msg=None):
        """Fail if the two objects are equal as determined by the '!=' operator."""
        if not first != second:
            msg = self._formatMessage(msg, '%s == %s' % (safe_repr(first), safe_repr(second)))
            raise self.failureException(msg)

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        """Fail if the two objects differ by more than delta, or than rounding to places (7) decimal places allows."""
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standardMsg = '%s != %s within %s delta (%s difference)' % (safe_repr(first), safe_repr(second), safe_repr(delta), safe_repr(diff))
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standardMsg = '%s != %s within %r places (%s difference)' % (safe_repr(first), safe_repr(second), places, safe_repr(diff))
        msg = self._formatMessage(msg, standardMsg)
        raise self.failureException(msg)

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        """Fail if the two objects are equal within delta, or after rounding to places (7) decimal places."""
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if not (first == second) and diff > delta:
                return
            standardMsg = '%s == %s within %s delta (%s difference)' % (safe_repr(first), safe_repr(second), safe_repr(delta), safe_repr(diff))
        else:
            if places is None:
                places = 7
            if not (first == second) and round(diff, places) != 0:
                return
            standardMsg = '%s == %s within %r places' % (safe_repr(first), safe_repr(second), places)
        msg = self._formatMessage(msg, standardMsg)
        raise self.failureException(msg)

    def _sequenceDiffers(self, seq1, seq2, msg, seq_type):
        seq_type_name = seq_type.__name__
        if not isinstance(seq1, seq_type):
            raise self.failureException(self._formatMessage(msg, 'First sequence is not a %s: %s' % (seq_type_name, safe_repr(seq1))))
        if not isinstance(seq2, seq_type):
            raise self.failureException(self._formatMessage(msg, 'Second sequence is not a %s: %s' % (seq_type_name, safe_repr(seq2))))

    def assertSequenceEqual(self, seq1, seq2, msg=None, seq_type=None):
        """An equality assertion for ordered sequences (like lists and tuples)."""
        if seq_type is not None:
            self._sequenceDiffers(seq1, seq2, msg, seq_type)
            seq_type_name = seq_type.__name__
        else:
            seq_type_name = "sequence"
        if seq1 == seq2:
            return
        seq1_repr, seq2_repr = _common_shorten_repr(seq1, seq2)
        differing = '%ss differ: %s != %s\n' % ((seq_type_name.capitalize(),) + (seq1_repr, seq2_repr))
        len1, len2 = len(seq1), len(seq2)
        for i in range(min(len1, len2)):
            if seq1[i] != seq2[i]:
                differing += '\nFirst differing element %d:\n%s\n%s\n' % ((i,) + _common_shorten_repr(seq1[i], seq2[i]))
                break
        else:
            if len1 == len2 and seq_type is None and type(seq1) != type(seq2):
                # The same items in sequences of differing types.
                return
            if len1 > len2:
                differing += '\nFirst %s contains %d additional elements.\n' % (seq_type_name, len1 - len2)
                differing += 'First extra element %d:\n%s\n' % (len2, safe_repr(seq1[len2]))
            elif len1 < len2:
                differing += '\nSecond %s contains %d additional elements.\n' % (seq_type_name, len2 - len1)
                differing += 'First extra element %d:\n%s\n' % (len1, safe_repr(seq2[len1]))
        raise self.failureException(self._formatMessage(msg, differing))

    def assertListEqual(self, list1, list2, msg=None):
        """A list-specific equality assertion."""
        self.assertSequenceEqual(list1, list2, msg, seq_type=list)

    def assertTupleEqual(self, tuple1, tuple2, msg=None):
        """A tuple-specific equality assertion."""
        self.assertSequenceEqual(tuple1, tuple2, msg, seq_type=tuple)

    def assertSetEqual(self, set1, set2, msg=None):
        """A set-specific equality assertion."""
        difference1 = set1.difference(set2)
        difference2 = set2.difference(set1)
        if not (difference1 or difference2):
            return
        lines = []
        if difference1:
            lines.append('Items in the first set but not the second:')
            for item in difference1:
                lines.append(repr(item))
        if difference2:
            lines.append('Items in the second set but not the first:')
            for item in difference2:
                lines.append(repr(item))
        self.fail(self._formatMessage(msg, '\n'.join(lines)))

    def assertDictEqual(self, d1, d2, msg=None):
        """A dict-specific equality assertion."""
        if not isinstance(d1, dict):
            self.fail(self._formatMessage(msg, 'First argument is not a dictionary'))
        if not isinstance(d2, dict):
            self.fail(self._formatMessage(msg, 'Second argument is not a dictionary'))
        if d1 != d2:
            self.fail(self._formatMessage(msg, '%s != %s' % _common_shorten_repr(d1, d2)))

    def assertCountEqual(self, first, second, msg=None):
        """Fail unless first and second hold the same elements the same number of times, in any order."""
        first_seq, second_seq = list(first), list(second)
        missing = list(second_seq)
        unexpected = []
        for elem in first_seq:
            for i in range(len(missing)):
                if missing[i] == elem:
                    del missing[i]
                    break
            else:
                unexpected.append(elem)
        if not missing and not unexpected:
            return
        lines = []
        for elem in unexpected:
            lines.append('First has %d, Second has %d:  %s' % (first_seq.count(elem), second_seq.count(elem), safe_repr(elem)))
        for elem in missing:
            lines.append('First has %d, Second has %d:  %s' % (first_seq.count(elem), second_seq.count(elem), safe_repr(elem)))
        self.fail(self._formatMessage(msg, 'Element counts were not equal:\n' + '\n'.join(lines)))

    def assertMultiLineEqual(self, first, second, msg=None):
        """Assert that two multi-line strings are equal."""
        if not isinstance(first, str):
            self.fail(self._formatMessage(msg, 'First argument is not a string'))
        if not isinstance(second, str):
            self.fail(self._formatMessage(msg, 'Second argument is not a string'))
        if first != second:
            self.fail(self._formatMessage(msg, '%s != %s' % _common_shorten_repr(first, second)))

    def assertLess(self, a, b, msg=None):
        """Just like self.assertTrue(a < b), but with a nicer default message."""
        if not a < b:
            self.fail(self._formatMessage(msg, '%s not less than %s' % (safe_repr(a), safe_repr(b))))

    def assertLessEqual(self, a, b, msg=None):
        """Just like self.assertTrue(a <= b), but with a nicer default message."""
        if not a <= b:
            self.fail(self._formatMessage(msg, '%s not less than or equal to %s' % (safe_repr(a), safe_repr(b))))

    def assertGreater(self, a, b, msg=None):
        """Just like self.assertTrue(a > b), but with a nicer default message."""
        if not a > b:
            self.fail(self._formatMessage(msg, '%s not greater than %s' % (safe_repr(a), safe_repr(b))))

    def assertGreaterEqual(self, a, b, msg=None):
        """Just like self.assertTrue(a >= b), but with a nicer default message."""
        if not a >= b:
            self.fail(self._formatMessage(msg, '%s not greater than or equal to %s' % (safe_repr(a), safe_repr(b))))

    def assertIs(self, expr1, expr2, msg=None):
        """Just like self.assertTrue(a is b), but with a nicer default message."""
        if expr1 is not expr2:
            self.fail(self._formatMessage(msg, '%s is not %s' % (safe_repr(expr1), safe_repr(expr2))))

    def assertIsNot(self, expr1, expr2, msg=None):
        """Just like self.assertTrue(a is not b), but with a nicer default message."""
        if expr1 is expr2:
            self.fail(self._formatMessage(msg, 'unexpectedly identical: %s' % (safe_repr(expr1),)))

    def assertIsNone(self, obj, msg=None):
        """Same as self.assertTrue(obj is None), with a nicer default message."""
        if obj is not None:
            self.fail(self._formatMessage(msg, '%s is not None' % (safe_repr(obj),)))

    def assertIsNotNone(self, obj, msg=None):
        """Included for symmetry with assertIsNone."""
        if obj is None:
            self.fail(self._formatMessage(msg, 'unexpectedly None'))

    def assertIn(self, member, container, msg=None):
        """Just like self.assertTrue(a in b), but with a nicer default message."""
        if member not in container:
            self.fail(self._formatMessage(msg, '%s not found in %s' % (safe_repr(member), safe_repr(container))))

    def assertNotIn(self, member, container, msg=None):
        """Just like self.assertTrue(a not in b), but with a nicer default message."""
        if member in container:
            self.fail(self._formatMessage(msg, '%s unexpectedly found in %s' % (safe_repr(member), safe_repr(container))))

    def assertIsInstance(self, obj, cls, msg=None):
        """Same as self.assertTrue(isinstance(obj, cls)), with a nicer default message."""
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is not an instance of %r' % (safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        """Included for symmetry with assertIsInstance."""
        if isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is an instance of %r' % (safe_repr(obj), cls)))

    def assertRegex(self, text, expected_regex, msg=None):
        """Fail the test unless the text matches the regular expression."""
        if isinstance(expected_regex, str):
            expected_regex = re.compile(expected_regex)
        if not expected_regex.search(text):
            self.fail(self._formatMessage(msg, "Regex didn't match: %r not found in %r" % (expected_regex.pattern, text)))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        """Fail the test if the text matches the regular expression."""
        if isinstance(unexpected_regex, str):
            unexpected_regex = re.compile(unexpected_regex)
        match = unexpected_regex.search(text)
        if match:
            self.fail(self._formatMessage(msg, 'Regex matched: %r matches %r in %r' % (text[match.start():match.end()], unexpected_regex.pattern, text)))


class FunctionTestCase(TestCase):
    """A test case that wraps a test function."""

    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        TestCase.__init__(self)
        self._setUpFunc = setUp
        self._tearDownFunc = tearDown
        self._testFunc = testFunc
        self._description = description

    def setUp(self):
        if self._setUpFunc is not None:
            self._setUpFunc()

    def tearDown(self):
        if self._tearDownFunc is not None:
            self._tearDownFunc()

    def runTest(self):
        self._testFunc()

    def id(self):
        return self._testFunc.__name__

    def __str__(self):
        return "%s (%s)" % (strclass(self.__class__), self._testFunc.__name__)

    def __repr__(self):
        return "<%s tec=%s>" % (strclass(self.__class__), self._testFunc)

    def shortDescription(self):
        if self._description is not None:
            return self._description
        doc = self._testFunc.__doc__
        return doc and doc.split("\n")[0].strip() or None


class _ErrorHolder:
    """Stands for a setUpClass or tearDownClass that failed, in the errors list."""

    failureException = None

    def __init__(self, description):
        self.description = description

    def id(self):
        return self.description

    def shortDescription(self):
        return None

    def __str__(self):
        return self.description

    def run(self, result):
        pass

    def countTestCases(self):
        return 0


class TestSuite:
    """A composite test of test cases and suites, run in order."""

    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def __repr__(self):
        return "<%s tests=%s>" % (strclass(self.__class__), list(self))

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return list(self) == list(other)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        cases = 0
        for test in self:
            cases += test.countTestCases()
        return cases

    def addTest(self, test):
        if not callable(test):
            raise TypeError("{} is not callable".format(repr(test)))
        if isinstance(test, type) and issubclass(test, (TestCase, TestSuite)):
            raise TypeError("TestCases and TestSuites must be instantiated before passing them to addTest()")
        self._tests.append(test)

    def addTests(self, tests):
        if isinstance(tests, str):
            raise TypeError("tests must be an iterable of tests, not a string")
        for test in tests:
            self.addTest(test)

    def run(self, result, debug=False):
        topLevel = False
        if getattr(result, '_testRunEntered', False) is False:
            result._testRunEntered = topLevel = True
        for test in self:
            if result.shouldStop:
                break
            if isinstance(test, TestCase):
                self._tearDownPreviousClass(test, result)
                self._handleModuleFixture(test, result)
                self._handleClassSetUp(test, result)
                result._previousTestClass = test.__class__
                if getattr(test.__class__, '_classSetupFailed', False):
                    continue
            test(result)
        if topLevel:
            self._tearDownPreviousClass(None, result)
            self._handleModuleTearDown(result)
            result._testRunEntered = False
        return result

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        for test in self:
            test.debug()

    def _handleClassSetUp(self, test, result):
        previousClass = getattr(result, '_previousTestClass', None)
        currentClass = test.__class__
        if currentClass == previousClass:
            return
        if result._moduleSetUpFailed:
            return
        if getattr(currentClass, "__unittest_skip__", False):
            return
        currentClass._classSetupFailed = False
        try:
            currentClass.setUpClass()
        except Exception as e:
            currentClass._classSetupFailed = True
            self._addClassOrModuleLevelException(result, e, 'setUpClass (%s)' % strclass(currentClass))

    def _tearDownPreviousClass(self, test, result):
        previousClass = getattr(result, '_previousTestClass', None)
        currentClass = test.__class__ if test is not None else None
        if currentClass == previousClass or previousClass is None:
            return
        if getattr(previousClass, '_classSetupFailed', False):
            return
        if getattr(result, '_moduleSetUpFailed', False):
            return
        if getattr(previousClass, "__unittest_skip__", False):
            return
        try:
            previousClass.tearDownClass()
        except Exception as e:
            self._addClassOrModuleLevelException(result, e, 'tearDownClass (%s)' % strclass(previousClass))

    def _handleModuleFixture(self, test, result):
        previousClass = getattr(result, '_previousTestClass', None)
        previousModule = previousClass.__module__ if previousClass is not None else None
        currentModule = test.__class__.__module__
        if currentModule == previousModule:
            return
        self._handleModuleTearDown(result)
        result._moduleSetUpFailed = False
        module = sys.modules.get(currentModule)
        if module is None:
            return
        setUpModule = getattr(module, 'setUpModule', None)
        if setUpModule is None:
            return
        try:
            setUpModule()
        except Exception as e:
            result._moduleSetUpFailed = True
            self._addClassOrModuleLevelException(result, e, 'setUpModule (%s)' % currentModule)
        if result._moduleSetUpFailed:
            try:
                doModuleCleanups()
            except Exception as e:
                self._addClassOrModuleLevelException(result, e, 'setUpModule (%s)' % currentModule)

    def _handleModuleTearDown(self, result):
        previousClass = getattr(result, '_previousTestClass', None)
        if previousClass is None or result._moduleSetUpFailed:
            return
        previousModule = previousClass.__module__
        module = sys.modules.get(previousModule)
        if module is None:
            return
        tearDownModule = getattr(module, 'tearDownModule', None)
        if tearDownModule is not None:
            try:
                tearDownModule()
            except Exception as e:
                self._addClassOrModuleLevelException(result, e, 'tearDownModule (%s)' % previousModule)
        try:
            doModuleCleanups()
        except Exception as e:
            self._addClassOrModuleLevelException(result, e, 'tearDownModule (%s)' % previousModule)

    def _addClassOrModuleLevelException(self, result, exception, errorName):
        error = _ErrorHolder(errorName)
        if isinstance(exception, SkipTest):
            result.addSkip(error, str(exception))
        else:
            result.addError(error, (type(exception), exception, exception.__traceback__))


def _exc_info_to_string(err, test):
    """The traceback of a failed test as CPython's unittest prints it: without unittest's own frames."""
    exctype, value, tb = err
    if tb is None:
        tb = value.__traceback__
    lines = []
    cause = value.__cause__
    context = None if value.__suppress_context__ else value.__context__
    if cause is not None or context is not None:
        chained = traceback.format_exception(cause if cause is not None else context)
        lines.extend(chained)
        if cause is not None:
            lines.append("\nThe above exception was the direct cause of the following exception:\n\n")
        else:
            lines.append("\nDuring handling of the above exception, another exception occurred:\n\n")
    frames = [f for f in traceback.extract_tb(tb) if f.filename != '<frozen unittest>']
    if frames:
        lines.append('Traceback (most recent call last):\n')
        lines.extend(traceback.format_list(frames))
    lines.extend(traceback.format_exception_only(value))
    return ''.join(lines)


class TestResult:
    """Holder for test result information: the failures, errors and skips of a run."""

    _previousTestClass = None
    _testRunEntered = False
    _moduleSetUpFailed = False

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failfast = False
        self.failures = []
        self.errors = []
        self.testsRun = 0
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.collectedDurations = []
        self.shouldStop = False
        self.buffer = False
        self.tb_locals = False

    def printErrors(self):
        "Called by TestRunner after test run"

    def startTest(self, test):
        "Called when the given test is about to be run"
        self.testsRun += 1

    def startTestRun(self):
        """Called once before any tests are executed."""

    def stopTest(self, test):
        """Called when the given test has been run"""

    def stopTestRun(self):
        """Called once after all tests are executed."""

    def addError(self, test, err):
        self.errors.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addFailure(self, test, err):
        self.failures.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], test.failureException):
                errors = self.failures
            else:
                errors = self.errors
            errors.append((subtest, self._exc_info_to_string(err, test)))
            if self.failfast:
                self.stop()

    def addSuccess(self, test):
        "Called when a test has completed successfully"

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, self._exc_info_to_string(err, test)))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)
        if self.failfast:
            self.stop()

    def wasSuccessful(self):
        """Tells whether or not this result was a success."""
        return ((len(self.failures) == len(self.errors) == 0) and
                (not hasattr(self, 'unexpectedSuccesses') or len(self.unexpectedSuccesses) == 0))

    def stop(self):
        """Indicates that the tests should be aborted."""
        self.shouldStop = True

    def _exc_info_to_string(self, err, test):
        return _exc_info_to_string(err, test)

    def __repr__(self):
        return ("<%s run=%i errors=%i failures=%i>" %
                (strclass(self.__class__), self.testsRun, len(self.errors), len(self.failures)))


class _WritelnDecorator:
    """Used to decorate file-like objects with a handy 'writeln' method"""

    def __init__(self, stream):
        self.stream = stream

    def write(self, arg):
        return self.stream.write(arg)

    def flush(self):
        flush = getattr(self.stream, 'flush', None)
        if flush is not None:
            flush()

    def writeln(self, arg=None):
        if arg:
            self.write(arg)
        self.write('\n')


class TextTestResult(TestResult):
    """A test result class that can print formatted text results to a stream."""

    separator1 = '=' * 70
    separator2 = '-' * 70

    def __init__(self, stream, descriptions, verbosity):
        TestResult.__init__(self, stream, descriptions, verbosity)
        self.stream = stream
        self.showAll = verbosity > 1
        self.dots = verbosity == 1
        self.descriptions = descriptions
        self._newline = True

    def getDescription(self, test):
        doc_first_line = test.shortDescription()
        if self.descriptions and doc_first_line:
            return '\n'.join((str(test), doc_first_line))
        return str(test)

    def startTest(self, test):
        TestResult.startTest(self, test)
        if self.showAll:
            self.stream.write(self.getDescription(test))
            self.stream.write(" ... ")
            self.stream.flush()
            self._newline = False

    def _write_status(self, test, status):
        is_subtest = isinstance(test, _SubTest)
        if is_subtest or self._newline:
            if not self._newline:
                self.stream.writeln()
            if is_subtest:
                self.stream.write("  ")
            self.stream.write(self.getDescription(test))
            self.stream.write(" ... ")
        self.stream.writeln(status)
        self.stream.flush()
        self._newline = True

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if self.showAll:
                if issubclass(err[0], subtest.failureException):
                    self._write_status(subtest, "FAIL")
                else:
                    self._write_status(subtest, "ERROR")
            elif self.dots:
                if issubclass(err[0], subtest.failureException):
                    self.stream.write('F')
                else:
                    self.stream.write('E')
                self.stream.flush()
        TestResult.addSubTest(self, test, subtest, err)

    def addSuccess(self, test):
        TestResult.addSuccess(self, test)
        if self.showAll:
            self._write_status(test, "ok")
        elif self.dots:
            self.stream.write('.')
            self.stream.flush()

    def addError(self, test, err):
        TestResult.addError(self, test, err)
        if self.showAll:
            self._write_status(test, "ERROR")
        elif self.dots:
            self.stream.write('E')
            self.stream.flush()

    def addFailure(self, test, err):
        TestResult.addFailure(self, test, err)
        if self.showAll:
            self._write_status(test, "FAIL")
        elif self.dots:
            self.stream.write('F')
            self.stream.flush()

    def addSkip(self, test, reason):
        TestResult.addSkip(self, test, reason)
        if self.showAll:
            self._write_status(test, "skipped {0!r}".format(reason))
        elif self.dots:
            self.stream.write("s")
            self.stream.flush()

    def addExpectedFailure(self, test, err):
        TestResult.addExpectedFailure(self, test, err)
        if self.showAll:
            self.stream.writeln("expected failure")
            self.stream.flush()
        elif self.dots:
            self.stream.write("x")
            self.stream.flush()

    def addUnexpectedSuccess(self, test):
        TestResult.addUnexpectedSuccess(self, test)
        if self.showAll:
            self.stream.writeln("unexpected success")
            self.stream.flush()
        elif self.dots:
            self.stream.write("u")
            self.stream.flush()

    def printErrors(self):
        if self.dots or self.showAll:
            self.stream.writeln()
            self.stream.flush()
        self.printErrorList('ERROR', self.errors)
        self.printErrorList('FAIL', self.failures)
        unexpectedSuccesses = getattr(self, 'unexpectedSuccesses', ())
        if unexpectedSuccesses:
            self.stream.writeln(self.separator1)
            for test in unexpectedSuccesses:
                self.stream.writeln(f"UNEXPECTED SUCCESS: {self.getDescription(test)}")
            self.stream.flush()

    def printErrorList(self, flavour, errors):
        for test, err in errors:
            self.stream.writeln(self.separator1)
            self.stream.writeln("%s: %s" % (flavour, self.getDescription(test)))
            self.stream.writeln(self.separator2)
            self.stream.writeln("%s" % err)
            self.stream.flush()


class TextTestRunner:
    """A test runner that prints the results of a run as text: dots or names, the failures, then a summary."""

    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False, buffer=False, resultclass=None, warnings=None, *, tb_locals=False):
        if stream is None:
            stream = sys.stderr
        self.stream = _WritelnDecorator(stream)
        self.descriptions = descriptions
        self.verbosity = verbosity
        self.failfast = failfast
        self.buffer = buffer
        self.tb_locals = tb_locals
        self.warnings = warnings
        if resultclass is not None:
            self.resultclass = resultclass

    def _makeResult(self):
        return self.resultclass(self.stream, self.descriptions, self.verbosity)

    def run(self, test):
        "Run the given test case or test suite."
        result = self._makeResult()
        result.failfast = self.failfast
        result.buffer = self.buffer
        result.tb_locals = self.tb_locals
        startTime = time.perf_counter()
        startTestRun = getattr(result, 'startTestRun', None)
        if startTestRun is not None:
            startTestRun()
        try:
            test(result)
        finally:
            stopTestRun = getattr(result, 'stopTestRun', None)
            if stopTestRun is not None:
                stopTestRun()
        stopTime = time.perf_counter()
        timeTaken = stopTime - startTime
        result.printErrors()
        if hasattr(result, 'separator2'):
            self.stream.writeln(result.separator2)
        run = result.testsRun
        self.stream.writeln("Ran %d test%s in %.3fs" % (run, run != 1 and "s" or "", timeTaken))
        self.stream.writeln()
        expectedFails = len(result.expectedFailures)
        unexpectedSuccesses = len(result.unexpectedSuccesses)
        skipped = len(result.skipped)
        infos = []
        if not result.wasSuccessful():
            self.stream.write("FAILED")
            failed, errored = len(result.failures), len(result.errors)
            if failed:
                infos.append("failures=%d" % failed)
            if errored:
                infos.append("errors=%d" % errored)
        else:
            self.stream.write("OK")
        if skipped:
            infos.append("skipped=%d" % skipped)
        if expectedFails:
            infos.append("expected failures=%d" % expectedFails)
        if unexpectedSuccesses:
            infos.append("unexpected successes=%d" % unexpectedSuccesses)
        if infos:
            self.stream.writeln(" (%s)" % (", ".join(infos),))
        else:
            self.stream.write("\n")
        self.stream.flush()
        return result


class TestLoader:
    """Makes suites of the tests of TestCase classes and modules."""

    testMethodPrefix = 'test'
    sortTestMethodsUsing = None
    suiteClass = TestSuite
    testNamePatterns = None

    def __init__(self):
        self.errors = []

    def loadTestsFromTestCase(self, testCaseClass):
        """A suite of all test cases contained in testCaseClass."""
        if issubclass(testCaseClass, TestSuite):
            raise TypeError("Test cases should not be derived from TestSuite. Maybe you meant to derive from TestCase?")
        testCaseNames = self.getTestCaseNames(testCaseClass)
        if not testCaseNames and hasattr(testCaseClass, 'runTest'):
            testCaseNames = ['runTest']
        return self.suiteClass([testCaseClass(n) for n in testCaseNames])

    def loadTestsFromModule(self, module, *args, pattern=None, **kws):
        """A suite of all test cases contained in the given module."""
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase):
                tests.append(self.loadTestsFromTestCase(obj))
        load_tests = getattr(module, 'load_tests', None)
        tests = self.suiteClass(tests)
        if load_tests is not None:
            return load_tests(self, tests, pattern)
        return tests

    def loadTestsFromName(self, name, module=None):
        """A suite of the tests a dotted name (Class, Class.test_method) names in module."""
        parts = name.split('.')
        if module is None:
            module = __import__(parts[0])
            parts = parts[1:]
        obj = module
        parent = None
        for part in parts:
            parent, obj = obj, getattr(obj, part)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        if isinstance(parent, type) and issubclass(parent, TestCase):
            return self.suiteClass([parent(parts[-1])])
        if isinstance(obj, TestSuite):
            return obj
        if callable(obj):
            test = obj()
            if isinstance(test, (TestSuite, TestCase)):
                return test
            raise TypeError("calling %s returned %s, not a test" % (obj, test))
        if hasattr(obj, '__dict__') and not isinstance(obj, type):
            return self.loadTestsFromModule(obj)
        raise TypeError("don't know how to make test from: %s" % obj)

    def loadTestsFromNames(self, names, module=None):
        return self.suiteClass([self.loadTestsFromName(name, module) for name in names])

    def getTestCaseNames(self, testCaseClass):
        """A sorted list of the method names of testCaseClass that start with testMethodPrefix."""
        names = []
        for attrname in dir(testCaseClass):
            if not attrname.startswith(self.testMethodPrefix):
                continue
            if not callable(getattr(testCaseClass, attrname)):
                continue
            if self.testNamePatterns is not None:
                fullName = '%s.%s.%s' % (testCaseClass.__module__, testCaseClass.__qualname__, attrname)
                if not any([_pattern_matches(p, fullName) for p in self.testNamePatterns]):
                    continue
            names.append(attrname)
        if self.sortTestMethodsUsing:
            import functools
            names.sort(key=functools.cmp_to_key(self.sortTestMethodsUsing))
        else:
            names.sort()
        return names


def _pattern_matches(pattern, name):
    if '*' not in pattern:
        return pattern in name
    import fnmatch
    return fnmatch.fnmatchcase(name, pattern)


defaultTestLoader = TestLoader()


def _three_way_cmp(x, y):
    return (x > y) - (x < y)


def _makeLoader(prefix, sortUsing, suiteClass=None, testNamePatterns=None):
    loader = TestLoader()
    loader.sortTestMethodsUsing = sortUsing
    loader.testMethodPrefix = prefix
    loader.testNamePatterns = testNamePatterns
    if suiteClass:
        loader.suiteClass = suiteClass
    return loader


def _deprecated(name, instead):
    warnings.warn(f"unittest.{name}() is deprecated and will be removed in Python 3.13. "
                  f"Please use unittest.TestLoader.{instead}() instead.", DeprecationWarning, stacklevel=3)


def getTestCaseNames(testCaseClass, prefix, sortUsing=_three_way_cmp, testNamePatterns=None):
    """Deprecated: the test method names of testCaseClass starting with prefix."""
    _deprecated("getTestCaseNames", "getTestCaseNames")
    return _makeLoader(prefix, sortUsing, testNamePatterns=testNamePatterns).getTestCaseNames(testCaseClass)


def makeSuite(testCaseClass, prefix='test', sortUsing=_three_way_cmp, suiteClass=TestSuite):
    """Deprecated: a suite of the tests of testCaseClass whose names start with prefix."""
    _deprecated("makeSuite", "loadTestsFromTestCase")
    return _makeLoader(prefix, sortUsing, suiteClass).loadTestsFromTestCase(testCaseClass)


def findTestCases(module, prefix='test', sortUsing=_three_way_cmp, suiteClass=TestSuite):
    """Deprecated: a suite of the tests of the TestCase classes of module."""
    _deprecated("findTestCases", "loadTestsFromModule")
    return _makeLoader(prefix, sortUsing, suiteClass).loadTestsFromModule(module)


_results = {}
_interrupt_handler = None


class _InterruptHandler:
    def __init__(self, default_handler):
        self.called = False
        self.original_handler = default_handler


def registerResult(result):
    """Registers result, whose stop() the break handler would call."""
    _results[id(result)] = result


def removeResult(result):
    """Unregisters result; True when it was registered."""
    return _results.pop(id(result), None) is not None


def installHandler():
    """Installs unittest's Ctrl-C handler (-c, --catch). kael delivers an
    interrupt as KeyboardInterrupt, which ends the run as without it."""
    global _interrupt_handler
    if _interrupt_handler is None:
        import signal
        _interrupt_handler = _InterruptHandler(signal.getsignal(signal.SIGINT))


def removeHandler(method=None):
    """Removes the Ctrl-C handler; as a decorator, runs method without it."""
    if method is not None:
        import functools

        @functools.wraps(method)
        def inner(*args, **kwargs):
            global _interrupt_handler
            initial = _interrupt_handler
            removeHandler()
            try:
                return method(*args, **kwargs)
            finally:
                _interrupt_handler = initial
        return inner
    global _interrupt_handler
    _interrupt_handler = None


class IsolatedAsyncioTestCase(TestCase):
    """A TestCase whose test methods, asyncSetUp, asyncTearDown and async
    cleanups are coroutines, each test run in an event loop of its own."""

    def __init__(self, methodName='runTest'):
        super().__init__(methodName)
        self._asyncioLoop = None

    async def asyncSetUp(self):
        pass

    async def asyncTearDown(self):
        pass

    def addAsyncCleanup(self, func, /, *args, **kwargs):
        self.addCleanup(*(func, *args), **kwargs)

    async def enterAsyncContext(self, cm):
        """Enters the asynchronous context manager cm and adds its __aexit__ as a cleanup."""
        cls = type(cm)
        try:
            enter = cls.__aenter__
            exit = cls.__aexit__
        except AttributeError:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does "
                            f"not support the asynchronous context manager protocol") from None
        result = await enter(cm)
        self.addAsyncCleanup(exit, cm, None, None, None)
        return result

    def _callSetUp(self):
        self.setUp()
        self._callAsync(self.asyncSetUp)

    def _callTestMethod(self, method):
        self._callMaybeAsync(method)

    def _callTearDown(self):
        self._callAsync(self.asyncTearDown)
        self.tearDown()

    def _callCleanup(self, function, *args, **kwargs):
        self._callMaybeAsync(function, *args, **kwargs)

    def _callAsync(self, func, /, *args, **kwargs):
        assert self._asyncioLoop is not None, 'asyncio runner is not initialized'
        return self._asyncioLoop.run_until_complete(func(*args, **kwargs))

    def _callMaybeAsync(self, func, /, *args, **kwargs):
        assert self._asyncioLoop is not None, 'asyncio runner is not initialized'
        import asyncio
        ret = func(*args, **kwargs)
        if asyncio.iscoroutine(ret):
            return self._asyncioLoop.run_until_complete(ret)
        return ret

    def run(self, result=None):
        import asyncio
        self._asyncioLoop = asyncio.new_event_loop()
        asyncio.set_event_loop(self._asyncioLoop)
        try:
            return super().run(result)
        finally:
            loop, self._asyncioLoop = self._asyncioLoop, None
            try:
                asyncio._cancel_all_tasks(loop)
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                asyncio.set_event_loop(None)
                loop.close()


class TestProgram:
    """A command-line program that runs a set of tests: unittest.main()."""

    def __init__(self, module='__main__', defaultTest=None, argv=None, testRunner=None, testLoader=defaultTestLoader,
                 exit=True, verbosity=1, failfast=None, catchbreak=None, buffer=None, warnings=None, *, tb_locals=False):
        if isinstance(module, str):
            self.module = sys.modules[module]
            for part in module.split('.')[1:]:
                self.module = getattr(self.module, part)
        else:
            self.module = module
        if argv is None:
            argv = sys.argv
        self.exit = exit
        self.failfast = failfast
        self.verbosity = verbosity
        self.buffer = buffer
        self.catchbreak = catchbreak
        self.tb_locals = tb_locals
        self.warnings = warnings
        self.defaultTest = defaultTest
        self.testRunner = testRunner
        self.testLoader = testLoader
        self.progName = argv[0] if argv else 'python -m unittest'
        self.testNames = None
        self.parseArgs(argv)
        self.runTests()

    def parseArgs(self, argv):
        names = []
        patterns = []
        args = list(argv[1:])
        i = 0
        while i < len(args):
            a = args[i]
            if a in ('-v', '--verbose'):
                self.verbosity = 2
            elif a in ('-q', '--quiet'):
                self.verbosity = 0
            elif a in ('-f', '--failfast'):
                self.failfast = True
            elif a == '-k':
                i += 1
                p = args[i]
                patterns.append(p if '*' in p else '*%s*' % p)
            elif a.startswith('-'):
                sys.stderr.write("%s: error: unrecognized arguments: %s\n" % (self.progName, a))
                sys.exit(2)
            else:
                names.append(a)
            i += 1
        if patterns:
            self.testLoader.testNamePatterns = patterns
        if names:
            self.testNames = names
        elif self.defaultTest is not None:
            self.testNames = [self.defaultTest] if isinstance(self.defaultTest, str) else list(self.defaultTest)
        self.createTests()

    def createTests(self):
        if self.testNames is None:
            self.test = self.testLoader.loadTestsFromModule(self.module)
        else:
            self.test = self.testLoader.loadTestsFromNames(self.testNames, self.module)

    def runTests(self):
        if self.catchbreak:
            installHandler()
        if self.testRunner is None:
            self.testRunner = TextTestRunner
        if isinstance(self.testRunner, type):
            testRunner = self.testRunner(verbosity=self.verbosity, failfast=bool(self.failfast), buffer=bool(self.buffer),
                                         warnings=self.warnings, tb_locals=self.tb_locals)
        else:
            testRunner = self.testRunner
        self.result = testRunner.run(self.test)
        if self.exit:
            sys.exit(not self.result.wasSuccessful())


main = TestProgram

