"""Toyland as one `Ruleset`: every capability from this package, nothing borrowed."""

from __future__ import annotations

from datetime import timedelta

from judgeaid.rules.capabilities import Capabilities, StandingsColumn
from judgeaid.rules.ruleset import Ruleset
from judgeaid.rules.words import Words
from judgeaid.tournament import rotation
from tests.toy_ruleset import game
from tests.toy_ruleset.conduct import Guide, Rubric, Timing
from tests.toy_ruleset.words import WORDS


class Scoring:
    """Six shapes; the winner takes 3 x value, everybody else pays it (Toy rule 3.2)."""

    version = game.VERSION
    min_hand_value = 1
    catalogue_json = staticmethod(game.catalogue_json)
    score_hand = staticmethod(game.score_hand)
    recorded_lines = staticmethod(game.recorded_lines)
    payoff = staticmethod(game.payoff)
    payoff_request = staticmethod(game.payoff_request)

    @staticmethod
    def implied_label(line: object) -> str:
        """No toy shape includes another."""
        return ""

    @staticmethod
    def recorded_value_fits(patterns: dict, value: int) -> bool:
        """Return True when the shapes make the value."""
        return game.score_hand(patterns).value == value

    @staticmethod
    def win_issues(patterns: dict, win: str | None) -> list:
        """No toy shape fixes how the hand was won."""
        return []


class SessionShape:
    """8 hands, seats fixed (Toy rule 2.1)."""

    rounds = game.HANDS
    winds = rotation.WINDS
    rotations = game.ROTATIONS
    hu_order = None
    hu_order_section = ""
    session_seats = staticmethod(game.session_seats)
    cycle_of = staticmethod(game.cycle_of)


class Ranking:
    """Toy points are card totals (Toy rule 5.1); no final day, no teams."""

    final_day_rounds: dict[str, tuple[int, ...]] = {}
    grand_final_size = 0
    final_day = None
    late_arrival_deduction = 0.0
    last_late_session = 2
    late_check_in_margin = timedelta(0)
    draws_lots = False
    ranks_teams = False
    team_limits = {"casual": 4, "competitive": 4}
    table_points = staticmethod(game.table_points)
    rank = staticmethod(game.rank)
    late_join_problem = staticmethod(game.late_join_problem)
    display_points = staticmethod(game.display_points)
    rank_teams = staticmethod(game.rank_teams)


TOY = Ruleset(
    code="toy",
    name="Toyland",
    words=Words("toy", WORDS),
    can=Capabilities(
        mirror=None, picker=None, same_turn_chain=False, deal_mark=False, flowers=False,
        final_day=False, print_form="score_sheet",
        # the fields of a points total ranked with a seeded draw (judgeaid/tournament/standings)
        standings_columns=(StandingsColumn("match_points", "standings.points_label"),
                           StandingsColumn("raw", "standings.raw_label")),
        session_minutes_max=120, session_minutes_required=True),
    formats=game.FORMATS,
    default_format="toy",
    default_settings=game.default_settings,
    validate_settings=game.validate_settings,
    scoring=Scoring(),
    session=SessionShape(),
    timing=Timing(),
    rubric=Rubric(),
    guide=Guide(),
    ranking=Ranking(),
)
