import unittest
from datetime import timezone

from timeutil import parse_dt


class ParseTest(unittest.TestCase):
    def test_z_is_utc(self):
        self.assertEqual(parse_dt("2024-05-01T10:00:00Z").tzinfo, timezone.utc)

    def test_offset_is_kept(self):
        self.assertEqual(parse_dt("2024-05-01T10:00:00+02:00").utcoffset().total_seconds(), 7200)
