import unittest

from textkit import wrap


class WrapTest(unittest.TestCase):
    def test_short_text_is_one_line(self):
        self.assertEqual(wrap("a b c", width=10), "a b c")

    def test_wraps_at_width(self):
        self.assertEqual(wrap("aaa bbb ccc", width=7), "aaa bbb\nccc")


if __name__ == "__main__":
    unittest.main()
