"""The MCR record is MCR's own: no field borrowed from Zung Jung, and MCR's clock prices no
time away from the table (the text has no time-out rule; our reading)."""

from pathlib import Path

import pytest

from judgeaid.rules import get_ruleset
from judgeaid.rules.mcr import timing

MCR_PACKAGE = Path(__file__).resolve().parents[2] / "judgeaid" / "rules" / "mcr"


@pytest.mark.parametrize("path", sorted(MCR_PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_the_mcr_package_takes_nothing_from_zung_jung(path):
    assert "rules.zj" not in path.read_text(encoding="utf-8")
    assert "from judgeaid.rules import zj" not in path.read_text(encoding="utf-8")


def test_every_part_of_the_mcr_record_is_mcrs():
    mcr, zj = get_ruleset("mcr"), get_ruleset("zj")
    for part in ("scoring", "session", "timing", "rubric", "guide", "ranking", "words"):
        assert getattr(mcr, part) != getattr(zj, part), part
    assert mcr.formats is not zj.formats
    assert mcr.timing.time_penalty.category in mcr.rubric.categories
    assert mcr.timing.timeout_penalty.category in mcr.rubric.categories


def test_time_away_from_the_table_is_logged_and_charges_nothing():
    charge = timing.timeout_charge(120_000, 400_000)
    assert (charge.points, charge.counted_ms, charge.session_total_ms,
            charge.session_points) == (0, 400_000, 520_000, 0)
    assert get_ruleset("mcr").timing.timeout_free_ms == 0
    with pytest.raises(ValueError):
        timing.timeout_charge(0, -1)
