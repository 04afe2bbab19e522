"""A suite that passes, run by unittest.main() with exit=False, then exiting 0."""
import unittest


class Numbers(unittest.TestCase):
    def test_add(self):
        self.assertEqual(1 + 1, 2)

    def test_subtests(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertGreaterEqual(i, 0)

    @unittest.skip("later")
    def test_later(self):
        pass


if __name__ == "__main__":
    prog = unittest.main(exit=False)
    print(prog.result.wasSuccessful(), prog.result.testsRun)
