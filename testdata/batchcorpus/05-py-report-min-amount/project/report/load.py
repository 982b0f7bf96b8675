import csv
from decimal import Decimal


def load_rows(path):
    """Read the expenses CSV into dicts with a Decimal amount."""
    with open(path, newline="") as f:
        return [
            {"date": r["date"], "category": r["category"], "amount": Decimal(r["amount"])}
            for r in csv.DictReader(f)
        ]
