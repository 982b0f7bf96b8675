from timeutil import parse_dt, to_utc


def load_event(raw):
    return {"kind": raw["kind"], "at": to_utc(parse_dt(raw["at"]))}
