from collections import Counter

from timeutil import parse_dt


def per_day(raw_events):
    return Counter(parse_dt(e["at"]).date().isoformat() for e in raw_events)
