# Module fixtures and cleanups, the deprecated loader functions, the
# break-handler registry and IsolatedAsyncioTestCase, as CPython 3.11's
# unittest runs them.
import asyncio
import contextlib
import sys
import unittest
import warnings

log = []


def setUpModule():
    log.append('setUpModule')
    unittest.addModuleCleanup(log.append, 'module cleanup 1')
    unittest.addModuleCleanup(lambda: log.append('module cleanup 2'))


def tearDownModule():
    log.append('tearDownModule')


@contextlib.contextmanager
def ctx(name):
    log.append('enter ' + name)
    yield name.upper()
    log.append('exit ' + name)


class Plain(unittest.TestCase):
    def test_b(self):
        log.append('Plain.test_b')

    def test_a(self):
        log.append('Plain.test_a')
        self.assertEqual(self.enterContext(ctx('case')), 'CASE')

    def check_x(self):
        pass


class Async(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        log.append('asyncSetUp')
        self.value = await asyncio.sleep(0, result=7)

    def setUp(self):
        log.append('setUp')

    async def asyncTearDown(self):
        log.append('asyncTearDown')

    def tearDown(self):
        log.append('tearDown')

    async def test_value(self):
        self.addAsyncCleanup(self.aclean, 'x')
        self.addCleanup(log.append, 'sync cleanup')
        self.assertEqual(self.value, 7)
        t = asyncio.get_running_loop().create_task(asyncio.sleep(0, result=3))
        self.assertEqual(await t, 3)

    async def aclean(self, what):
        await asyncio.sleep(0)
        log.append('async cleanup ' + what)

    async def test_fails(self):
        await asyncio.sleep(0)
        self.assertEqual(1, 2)

    async def test_raises(self):
        raise KeyError('k')

    def test_sync(self):
        log.append('sync test in async case')


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(unittest.getTestCaseNames(Plain, 'test'))
    print(unittest.getTestCaseNames(Plain, 'check'))
    print(unittest.getTestCaseNames(Plain, 'test', sortUsing=lambda a, b: (a < b) - (a > b)))
    print(unittest.makeSuite(Plain).countTestCases(), unittest.makeSuite(Plain, 'check').countTestCases())
    print(unittest.findTestCases(sys.modules[__name__]).countTestCases())
    print([(w.category.__name__, str(w.message)) for w in caught])

r = unittest.TestResult()
unittest.registerResult(r)
print(unittest.removeResult(r), unittest.removeResult(r))
unittest.installHandler()
unittest.installHandler()


@unittest.removeHandler
def decorated(x):
    return x * 2


print(decorated(21), decorated.__name__)
unittest.removeHandler()
unittest.removeHandler()

unittest.addModuleCleanup(log.append, 'stray')
unittest.doModuleCleanups()
print(log)
log.clear()


def failing():
    raise ValueError('cleanup failed')


unittest.addModuleCleanup(log.append, 'after failure')
unittest.addModuleCleanup(failing)
try:
    unittest.doModuleCleanups()
except ValueError as e:
    print('raised', e, log)
log.clear()
try:
    unittest.enterModuleContext(42)
except TypeError as e:
    print(e)
print(unittest.enterModuleContext(ctx('module')), log)
unittest.doModuleCleanups()
log.clear()

# Tracebacks through the event loop differ (kael's asyncio is its own),
# so the outcome is printed without them.
result = unittest.TestResult()
unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]).run(result)
print(result.testsRun, [(str(t), tb.splitlines()[-1]) for t, tb in result.errors + result.failures])
print(log)
