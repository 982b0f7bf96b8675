import unittest
from datetime import datetime, timezone
from unittest import mock

from app import events


class EventsTest(unittest.TestCase):
    def test_load_event_converts_to_utc(self):
        ev = events.load_event({"kind": "order", "at": "2024-05-01T12:00:00+02:00"})
        self.assertEqual(ev["at"], datetime(2024, 5, 1, 10, 0, tzinfo=timezone.utc))

    def test_load_event_uses_the_parser(self):
        fixed = datetime(2020, 1, 1, tzinfo=timezone.utc)
        with mock.patch("app.events.parse_dt", return_value=fixed):
            self.assertEqual(events.load_event({"kind": "x", "at": "whatever"})["at"], fixed)
