import unittest
from decimal import Decimal

from report.summary import summarise, render


ROWS = [
    {"date": "d", "category": "food", "amount": Decimal("12.50")},
    {"date": "d", "category": "food", "amount": Decimal("7.25")},
    {"date": "d", "category": "books", "amount": Decimal("18.90")},
]


class SummaryTest(unittest.TestCase):
    def test_totals_by_category(self):
        self.assertEqual(summarise(ROWS), {"food": Decimal("19.75"), "books": Decimal("18.90")})

    def test_render_biggest_first(self):
        self.assertEqual(render(summarise(ROWS)).splitlines()[0].split(), ["food", "19.75"])


if __name__ == "__main__":
    unittest.main()
