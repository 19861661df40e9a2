"""The venue's time zone: UTC stored, venue wall-clock shown and entered (judgeaid.venuetime)."""

from datetime import datetime

import pytest

from judgeaid import venuetime
from judgeaid.venuetime import LocalTimeError, ZoneError


@pytest.mark.parametrize(("name", "stored"), [
    ("Europe/Copenhagen", "Europe/Copenhagen"),
    ("  Asia/Tokyo ", "Asia/Tokyo"),
    ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
    ("UTC", "UTC"),
    ("Etc/UTC", "UTC"),
    ("Zulu", "UTC"),
])
def test_known_zones_are_stored_by_name(name, stored):
    assert venuetime.check_zone(name) == stored


@pytest.mark.parametrize("name", ["Europe/Atlantis", "Mars/Olympus_Mons", "CET+1", "",
                                  "   ", None, 7, "../../etc/passwd", "/etc/localtime",
                                  "Europe/" + "x" * 80])
def test_unknown_zones_are_refused_in_words(name):
    with pytest.raises(ZoneError) as refused:
        venuetime.check_zone(name)
    message = str(refused.value)
    assert "time zone" in message and "Europe/Copenhagen" in message


def test_the_zone_list_names_regions_and_leaves_out_posix_signed_zones():
    names = venuetime.zone_names()
    assert {"UTC", "Europe/Copenhagen", "Asia/Tokyo"} <= set(names)
    assert "Etc/GMT+5" not in names  # POSIX-signed names confuse people


@pytest.mark.parametrize(("utc", "zone", "style", "text"), [
    (datetime(2026, 11, 24, 13, 30), "Europe/Copenhagen", "time", "14:30 CET"),
    (datetime(2026, 7, 1, 12, 30), "Europe/Copenhagen", "time", "14:30 CEST"),
    (datetime(2026, 11, 24, 5, 30), "Asia/Tokyo", "day", "Tue 24 Nov, 14:30 JST"),
    ("2026-11-24T05:30:00Z", "Asia/Tokyo", "time", "14:30 JST"),
    ("2026-11-24T05:30:00", "Asia/Tokyo", "seconds", "14:30:00 JST"),
    (datetime(2026, 11, 24, 10, 30), "Asia/Dubai", "time", "14:30 UTC+04"),
    (datetime(2026, 11, 24, 9, 0), "Asia/Kolkata", "time", "14:30 IST"),
    (datetime(2026, 11, 24, 9, 0), "Asia/Kathmandu", "date", "2026-11-24 14:45 UTC+05:45"),
    (datetime(2026, 11, 24, 23, 30), "Asia/Tokyo", "day_only", "2026-11-25"),
    (datetime(2026, 11, 24, 14, 30), "UTC", "time", "14:30 UTC"),
    (None, "Asia/Tokyo", "time", ""),
])
def test_stored_utc_shows_on_the_venues_clock(utc, zone, style, text):
    assert venuetime.venue_text(utc, zone, style) == text


def test_a_page_gets_iso_utc_and_venue_text():
    moment = venuetime.venue_moment(datetime(2026, 3, 29, 8, 0), "Europe/Copenhagen")
    assert moment == {"iso": "2026-03-29T08:00:00Z", "text": "Sun 29 Mar, 10:00 CEST",
                      "zone": "Europe/Copenhagen"}
    assert venuetime.input_value(datetime(2026, 3, 29, 8, 0), "Europe/Copenhagen") \
        == "2026-03-29T10:00"


@pytest.mark.parametrize(("typed", "zone", "utc"), [
    ("2026-11-24T14:30", "Europe/Copenhagen", datetime(2026, 11, 24, 13, 30)),
    ("2026-07-01T14:30", "Europe/Copenhagen", datetime(2026, 7, 1, 12, 30)),
    ("2026-11-24T14:30", "Asia/Tokyo", datetime(2026, 11, 24, 5, 30)),
    ("2026-11-24 14:30", "America/New_York", datetime(2026, 11, 24, 19, 30)),
    # DST change days, away from the change itself
    ("2026-03-29T01:59", "Europe/Copenhagen", datetime(2026, 3, 29, 0, 59)),
    ("2026-03-29T03:00", "Europe/Copenhagen", datetime(2026, 3, 29, 1, 0)),
    ("2026-03-29T09:00", "Europe/Copenhagen", datetime(2026, 3, 29, 7, 0)),
    ("2026-10-25T09:00", "Europe/Copenhagen", datetime(2026, 10, 25, 8, 0)),
    ("2026-03-08T09:00", "America/New_York", datetime(2026, 3, 8, 13, 0)),
])
def test_a_typed_venue_time_is_stored_as_utc(typed, zone, utc):
    instant = venuetime.parse_venue_input(typed, zone)
    assert instant.utc == utc and instant.note is None
    assert venuetime.input_value(instant.utc, zone) == typed.replace(" ", "T")


@pytest.mark.parametrize(("typed", "zone"), [
    ("2026-03-29T02:30", "Europe/Copenhagen"),  # clocks jump 02:00 -> 03:00
    ("2026-03-29T02:00", "Europe/Copenhagen"),
    ("2026-03-08T02:15", "America/New_York"),
    ("2026-10-04T02:30", "Australia/Sydney"),
])
def test_a_time_the_clocks_skip_is_refused(typed, zone):
    with pytest.raises(LocalTimeError) as refused:
        venuetime.parse_venue_input(typed, zone)
    assert "does not exist" in str(refused.value) and zone in str(refused.value)
    assert "daylight saving" in str(refused.value)


def test_a_time_the_clocks_show_twice_is_the_first_and_says_so():
    # Europe/Copenhagen, 25 Oct 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens twice.
    instant = venuetime.parse_venue_input("2026-10-25T02:30", "Europe/Copenhagen")
    assert instant.utc == datetime(2026, 10, 25, 0, 30)  # 02:30 CEST, the first
    assert "happens twice" in instant.note and "first" in instant.note
    assert "02:30 CEST" in instant.note and "02:30 CET" in instant.note
    assert venuetime.venue_text(instant.utc, "Europe/Copenhagen") == "02:30 CEST"


def test_a_typed_time_must_be_a_date_and_time():
    for typed in ("half past two", "2026-13-01T10:00", "24/11/2026 14:30"):
        with pytest.raises(LocalTimeError, match="date and a time"):
            venuetime.parse_venue_input(typed, "Europe/Copenhagen")


def test_the_server_zone_comes_from_config_then_the_system_then_utc(tmp_path):
    link = tmp_path / "localtime"
    link.symlink_to("/usr/share/zoneinfo/Europe/Copenhagen")
    named = tmp_path / "timezone"
    named.write_text("Asia/Tokyo\n")
    missing = tmp_path / "none"
    assert venuetime.server_zone("America/New_York", localtime=link) == "America/New_York"
    assert venuetime.server_zone(None, localtime=link, timezone_file=named) \
        == "Europe/Copenhagen"
    assert venuetime.server_zone("Nowhere/Else", localtime=missing, timezone_file=named) \
        == "Asia/Tokyo"
    assert venuetime.server_zone(None, localtime=missing, timezone_file=missing) == "UTC"
    utc = tmp_path / "utc"
    utc.symlink_to("/usr/share/zoneinfo/Etc/UTC")
    assert venuetime.server_zone(None, localtime=utc, timezone_file=missing) == "UTC"


def test_a_start_in_the_repeated_hour_says_which_of_the_two_it_is():
    first = venuetime.parse_venue_input("2026-10-25T02:30", "Europe/Copenhagen").utc
    assert "this is the first one (02:30 CEST)" in venuetime.repeated_hour_note(
        first, "Europe/Copenhagen")
    second = datetime(2026, 10, 25, 1, 30)  # 02:30 CET, an hour later
    assert "this is the second one (02:30 CET)" in venuetime.repeated_hour_note(
        second, "Europe/Copenhagen")
    assert venuetime.repeated_hour_note(datetime(2026, 10, 25, 8, 0), "Europe/Copenhagen") \
        is None
    assert venuetime.repeated_hour_note(None, "Europe/Copenhagen") is None
