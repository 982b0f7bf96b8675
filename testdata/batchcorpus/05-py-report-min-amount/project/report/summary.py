from collections import defaultdict
from decimal import Decimal


def summarise(rows):
    """Total the amounts by category."""
    totals = defaultdict(Decimal)
    for row in rows:
        totals[row["category"]] += row["amount"]
    return dict(totals)


def render(totals, top=0):
    items = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    if top:
        items = items[:top]
    return "\n".join(f"{cat:<12}{amount:>10.2f}" for cat, amount in items)
