import io
import os
import unittest

from report.cli import main

SAMPLE = os.path.join(os.path.dirname(__file__), "..", "data", "sample.csv")


class CliTest(unittest.TestCase):
    def run_cli(self, *args):
        out = io.StringIO()
        self.assertEqual(main([SAMPLE, *args], out=out), 0)
        return out.getvalue().split()

    def test_all_categories(self):
        self.assertEqual(self.run_cli()[::2], ["rent", "food", "books", "transport"])

    def test_top(self):
        self.assertEqual(self.run_cli("--top", "1"), ["rent", "650.00"])


if __name__ == "__main__":
    unittest.main()
