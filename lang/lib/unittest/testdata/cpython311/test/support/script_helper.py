"""kael's test.support.script_helper (see test/support/__init__.py): kael cannot start another interpreter."""

import unittest


def assert_python_ok(*args, **env_vars):
    raise unittest.SkipTest("kael cannot start other programs")


def assert_python_failure(*args, **env_vars):
    raise unittest.SkipTest("kael cannot start other programs")
