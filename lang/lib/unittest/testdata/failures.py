"""Every outcome unittest reports: ok, FAIL, ERROR, skip, expected failure, subtests."""
import unittest

class T(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        print("setUpClass")
    def setUp(self):
        self.x = 1
    def test_ok(self):
        self.assertEqual(self.x, 1)
        self.assertIn(1, [1, 2])
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        with self.assertRaises(ZeroDivisionError) as cm:
            1 / 0
        self.assertIsInstance(cm.exception, ZeroDivisionError)
        self.assertRaises(KeyError, dict.pop, {}, "k")
        self.assertRaisesRegex(ValueError, "inv.lid", int, "x")
    def test_fail(self):
        self.assertEqual(1 + 1, 3)
    def test_error(self):
        {}["missing"]
    @unittest.skip("not now")
    def test_skip(self):
        pass
    @unittest.expectedFailure
    def test_xfail(self):
        self.assertTrue(False)
    def test_sub(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 2)
    def test_msg(self):
        self.assertEqual(1, 2, "custom")

if __name__ == "__main__":
    unittest.main()
