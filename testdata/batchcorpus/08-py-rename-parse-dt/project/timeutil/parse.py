from datetime import datetime, timezone


def parse_dt(value):
    """Parse an ISO 8601 timestamp; a trailing Z means UTC."""
    if value.endswith("Z"):
        value = value[:-1] + "+00:00"
    return datetime.fromisoformat(value)


def to_utc(dt):
    return dt.astimezone(timezone.utc)
