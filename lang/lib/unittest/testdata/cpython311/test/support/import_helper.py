"""kael's test.support.import_helper (see test/support/__init__.py)."""

import unittest


def import_module(name, deprecated=False, *, required_on=()):
    """Imports and returns the module name, skipping the test when it is not there."""
    try:
        return __import__(name)
    except ImportError as msg:
        raise unittest.SkipTest(str(msg))


def import_fresh_module(name, fresh=(), blocked=(), *, deprecated=False):
    raise unittest.SkipTest("kael cannot import a module afresh (it has no importlib)")
