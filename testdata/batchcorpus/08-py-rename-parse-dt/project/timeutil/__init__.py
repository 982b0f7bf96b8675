from .parse import parse_dt, to_utc

__all__ = ["parse_dt", "to_utc"]
