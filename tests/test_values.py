"""The shared value helpers: whole numbers from text, moments as text and ms, sub op-ids."""

from datetime import datetime

import pytest

from judgeaid.values import epoch_ms, iso_z, sub_op_id, whole_number


@pytest.mark.parametrize(("text", "number"), [
    ("0", 0), ("7", 7), ("007", 7), ("-3", -3), ("2147483647", 2147483647),
    ("9" * 20, int("9" * 20)),
])
def test_whole_number_reads_ascii_digits(text, number):
    assert whole_number(text) == number


@pytest.mark.parametrize("text", [
    "", " 7", "7 ", "+7", "1_000", "1.0", "1e3", "٣", "７", "7\n", "-", "--1", "9" * 21, "0x1",
])
def test_whole_number_refuses_anything_else(text):
    assert whole_number(text) is None


def test_iso_z_writes_utc_with_z():
    assert iso_z(datetime(2026, 5, 1, 9, 30, 0, 250000)) == "2026-05-01T09:30:00.250000Z"
    assert iso_z(datetime(2026, 5, 1, 9, 30)) == "2026-05-01T09:30:00Z"
    assert iso_z(None) is None


def test_epoch_ms_counts_whole_milliseconds_from_1970():
    assert epoch_ms(datetime(1970, 1, 1)) == 0
    assert epoch_ms(datetime(2026, 5, 1, 9, 30, 0, 250999)) == 1777627800250
    assert epoch_ms(None) is None


def test_sub_op_id_is_stable_distinct_and_fits_the_column():
    first = sub_op_id("op-1", "card")
    assert first == sub_op_id("op-1", "card")
    assert len({first, sub_op_id("op-1", "ruling"), sub_op_id("op-2", "card")}) == 3
    assert len(sub_op_id("x" * 64, "penalty")) <= 64
