import unittest

from textkit import slugify


class SlugifyTest(unittest.TestCase):
    def test_simple_title(self):
        self.assertEqual(slugify("hello world"), "hello-world")

    def test_digits_are_kept(self):
        self.assertEqual(slugify("top 10 tips"), "top-10-tips")


if __name__ == "__main__":
    unittest.main()
