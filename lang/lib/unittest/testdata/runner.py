"""Fixtures, cleanups, skips and suites run by an explicit TextTestRunner on stdout."""
import sys
import unittest

log = []


class Fixtures(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        log.append("setUpClass")

    @classmethod
    def tearDownClass(cls):
        log.append("tearDownClass")

    def setUp(self):
        log.append("setUp " + self._testMethodName)
        self.addCleanup(log.append, "cleanup " + self._testMethodName)

    def tearDown(self):
        log.append("tearDown " + self._testMethodName)

    def test_b(self):
        """Second, by name; its docstring is its description."""
        log.append("b")

    def test_a(self):
        log.append("a")

    def helper(self):
        log.append("never")


@unittest.skip("the whole class")
class Skipped(unittest.TestCase):
    def test_x(self):
        pass


class Conditions(unittest.TestCase):
    @unittest.skipIf(True, "if")
    def test_if(self):
        pass

    @unittest.skipUnless(False, "unless")
    def test_unless(self):
        pass

    @unittest.skipIf(False, "runs")
    def test_runs(self):
        pass

    @unittest.expectedFailure
    def test_unexpected_success(self):
        pass

    def test_skip_inside(self):
        self.skipTest("inside")


class BrokenSetUp(unittest.TestCase):
    def setUp(self):
        raise RuntimeError("setUp failed")

    def test_never(self):
        log.append("never")


class BrokenClass(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise ValueError("class setup")

    def test_never(self):
        log.append("never")


loader = unittest.TestLoader()
print(loader.getTestCaseNames(Fixtures))
for verbosity in (1, 2):
    suite = unittest.TestSuite()
    for case in (Fixtures, Skipped, Conditions, BrokenSetUp, BrokenClass):
        suite.addTests(loader.loadTestsFromTestCase(case))
    print(suite.countTestCases())
    log.clear()
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=verbosity).run(suite)
    print(result.testsRun, len(result.errors), len(result.failures), result.wasSuccessful(), len(result.skipped), len(result.expectedFailures), len(result.unexpectedSuccesses))
    print(log)
single = Fixtures("test_a")
print(single, single.id(), single.shortDescription(), Fixtures("test_b").shortDescription())
r = unittest.TestResult()
single.run(r)
print(r.testsRun, r.errors, r.failures)
print(unittest.TestSuite([Fixtures("test_a")]).countTestCases())
try:
    Fixtures("test_zzz")
except ValueError as e:
    print("ValueError", e)
