"""The failure message of each assert method, printed, and the passing forms.

kael has no difflib: the ndiff CPython appends to the messages of
assertEqual on strings, lists, tuples and dicts is left out, so those are
not here."""
import unittest
import warnings

t = unittest.TestCase()
checks = [
    lambda: t.assertEqual(1, 2),
    lambda: t.assertEqual({1, 2}, {2, 3}),
    lambda: t.assertNotEqual(1, 1),
    lambda: t.assertTrue(0),
    lambda: t.assertFalse([1]),
    lambda: t.assertIs(1, None),
    lambda: t.assertIsNot(None, None),
    lambda: t.assertIsNone(0),
    lambda: t.assertIsNotNone(None),
    lambda: t.assertIn(3, [1, 2]),
    lambda: t.assertNotIn(1, [1, 2]),
    lambda: t.assertIsInstance(1, str),
    lambda: t.assertNotIsInstance(1, int),
    lambda: t.assertAlmostEqual(1.0, 1.1),
    lambda: t.assertAlmostEqual(1.0, 1.5, delta=0.25),
    lambda: t.assertNotAlmostEqual(1.0, 1.0 + 1e-9),
    lambda: t.assertGreater(1, 2),
    lambda: t.assertGreaterEqual(1, 2),
    lambda: t.assertLess(2, 1),
    lambda: t.assertLessEqual(2, 1),
    lambda: t.assertRegex("hello", "^w"),
    lambda: t.assertNotRegex("hello", "l+"),
    lambda: t.assertCountEqual([1, 1, 2], [1, 2, 2]),
    lambda: t.assertListEqual([1], (1,)),
    lambda: t.assertRaises(ValueError, int, "1"),
    lambda: t.assertRaisesRegex(ValueError, "nope", int, "x"),
    lambda: t.assertWarns(UserWarning, lambda: None),
    lambda: t.assertEqual(1, 2, msg="extra"),
    lambda: t.fail("stop"),
    lambda: t.fail(),
]
for check in checks:
    try:
        check()
        print("passed")
    except AssertionError as e:
        print(type(e).__name__, repr(str(e)))

with t.assertRaises(KeyError) as cm:
    {}["k"]
print(repr(cm.exception))
try:
    with t.assertRaises(KeyError):
        pass
except AssertionError as e:
    print(e)
with t.assertRaisesRegex(ZeroDivisionError, "division"):
    1 / 0
with t.assertWarns(DeprecationWarning) as w:
    warnings.warn("old", DeprecationWarning)
print(type(w.warning).__name__, str(w.warning))
t.assertWarnsRegex(UserWarning, "x+", warnings.warn, "xxx")
t.assertAlmostEqual(0.1 + 0.2, 0.3)
t.assertCountEqual("abc", "cba")
t.assertDictEqual({"a": [1]}, {"a": [1]})
try:
    t.assertRaises(int, int, "1")
except TypeError as e:
    print("TypeError", e)
try:
    t.skipTest("why")
except unittest.SkipTest as e:
    print("SkipTest", e)
print(unittest.TestCase.failureException, unittest.TestCase.longMessage)
