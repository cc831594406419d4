import unittest, io, sys, re
class T(unittest.TestCase):
    def test_ok(self): self.assertEqual(1 + 1, 2)
    def test_fail(self): self.assertEqual([1, 2], [1, 3])
    def test_error(self): {}["x"]
    def test_sub(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 2)
buf = io.StringIO()
r = unittest.TextTestRunner(stream=buf, verbosity=2).run(unittest.defaultTestLoader.loadTestsFromTestCase(T))
print(re.sub(r"in \d+\.\d+s", "in Xs", buf.getvalue()))
print(r.testsRun, len(r.failures), len(r.errors), len(r.skipped), r.wasSuccessful())
