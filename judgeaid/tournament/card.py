"""A scoring card's arithmetic: a round's deltas and totals, who dealt, who sits where.

Rounds are recorded by player number; a ruleset's payoff works by seat wind, so a round is
translated through the seat winds that the ruleset's rotation gives for that round. What a
win is worth and how the seats move are the ruleset's; this module only adds up and looks up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgeaid.rules.ruleset import MalformedPayoff
from judgeaid.tournament.rotation import ROUNDS as ROUNDS  # a card has a line per round
from judgeaid.tournament.rotation import WINDS, RoundSeats, dealt_by


class BadRound(ValueError):
    """A round that cannot be scored as described."""


@dataclass(frozen=True)
class RoundResult:
    """Each player's delta for a round and the player held responsible, if any."""

    deltas: dict[int, int]
    responsible: int | None


def score_round(
    seats: RoundSeats,
    *,
    payoff: Callable[..., Any],
    result: str,
    scheme: str = "formal",
    winner: int | None = None,
    value: int | None = None,
    win: str | None = None,
    discarder: int | None = None,
    same_turn: Sequence[int] | None = None,
) -> RoundResult:
    """Return every player's delta for one round; raise BadRound for an impossible one.

    `payoff` is the event's ruleset's (`Ruleset.scoring.payoff`): it splits a win by seat wind.
    """
    players = list(seats.winds)
    if result in ("draw", "not_played"):
        # a draw scores nothing, and neither does a round the session clock cut
        return RoundResult(dict.fromkeys(players, 0), None)
    if result != "win":
        raise BadRound("result must be 'win', 'draw' or 'not_played'.")
    for role, who in (("winner", winner), ("discarder", discarder)):
        if who is not None and who not in seats.winds:
            raise BadRound(f"The {role} (player {who}) is not at this table.")
    if winner is None:
        raise BadRound("A win needs the winner.")
    chain = None
    if same_turn:
        unknown = [p for p in same_turn if p not in seats.winds]
        if unknown:
            raise BadRound(f"Player {unknown[0]} in the same-turn list is not at this table.")
        chain = [seats.winds[p] for p in same_turn]
    try:
        paid = payoff(value, win, seats.winds[winner],
                      seats.winds[discarder] if discarder is not None else None, chain, scheme)
    except MalformedPayoff as exc:
        raise BadRound(str(exc)) from exc
    by_wind = {wind: player for player, wind in seats.winds.items()}
    return RoundResult({by_wind[w]: d for w, d in paid.deltas.items()},
                       by_wind[paid.responsible] if paid.responsible else None)


@dataclass(frozen=True)
class Totals:
    """A player's round total, penalty total and final total for the session."""

    rounds: int
    penalties: int
    total: int


def card_totals(players: Sequence[int], round_deltas: Sequence[Mapping[int, int]],
                penalties: Sequence[tuple[int, int]]) -> dict[int, Totals]:
    """Add up the rounds and the penalty line (penalties come off the offender only)."""
    rounds = dict.fromkeys(players, 0)
    for deltas in round_deltas:
        for player, delta in deltas.items():
            # a substitute scores from their first round at the table
            rounds[player] = rounds.get(player, 0) + delta
    taken = dict.fromkeys(rounds, 0)
    for player, points in penalties:
        taken[player] = taken.get(player, 0) + points
        rounds.setdefault(player, 0)
    return {p: Totals(rounds[p], -taken[p], rounds[p] - taken[p]) for p in rounds}


# ---------------------------------------------------------------- a deal by the wrong East

class BadDeal(ValueError):
    """A wrong-East or compensation mark that the card cannot take."""


@dataclass(frozen=True)
class DealMark:
    """Who really dealt a round, when it was not the East the rotation names.

    `dealer`: the player who dealt as the wrong East (the correct East lost the round's
    deal); `compensation_for`: the skipped East who deals this later round instead, as the
    table unanimously agreed. A round carries at most one of the two.
    """

    dealer: int | None = None
    compensation_for: int | None = None

    @property
    def is_marked(self) -> bool:
        """Return True when the round was not dealt by the rotation's East."""
        return self.dealer is not None or self.compensation_for is not None


def marked_seats(seats: RoundSeats, mark: DealMark | None) -> RoundSeats:
    """Return the round's seats with the winds of whoever actually dealt it."""
    if mark is None or not mark.is_marked:
        return seats
    return dealt_by(seats, mark.dealer if mark.dealer is not None else mark.compensation_for)


def check_deals(schedule: Sequence[RoundSeats], marks: Mapping[int, DealMark]) -> None:
    """Raise BadDeal unless every wrong-East and compensation mark of a card can stand.

    `schedule` is the rotation's rounds; `marks` the marked rounds by number. After a wrong
    East the deal goes on as if the correct East had dealt (it passes to the seat after the
    correct East), so a mark changes its own round only.
    Each compensation round needs an earlier round where that player was skipped and not yet
    compensated; a card keeps its 16 rounds, so a compensation round takes a round's place.
    """
    owed: dict[int, list[int]] = {}  # skipped East -> the rounds they were skipped in
    for number in sorted(marks):
        mark, seats = marks[number], schedule[number - 1]
        if mark.dealer is not None and mark.compensation_for is not None:
            raise BadDeal(f"Round {number} cannot be both dealt by the wrong East and a "
                          "compensation round.")
        if mark.dealer is not None:
            if mark.dealer not in seats.winds:
                raise BadDeal(f"Player {mark.dealer} is not at this table in round {number}.")
            if mark.dealer == seats.dealer:
                raise BadDeal(f"Player {mark.dealer} is round {number}'s correct East: a "
                              "wrong-East mark names the player who dealt instead.")
            owed.setdefault(seats.dealer, []).append(number)
        elif mark.compensation_for is not None:
            player = mark.compensation_for
            if player not in seats.winds:
                raise BadDeal(f"Player {player} is not at this table in round {number}.")
            if player == seats.dealer:
                raise BadDeal(f"Player {player} is East in round {number} anyway, so it "
                              "cannot be their compensation round.")
            skipped = owed.get(player)
            if not skipped:
                raise BadDeal(f"Player {player} lost no deal to a wrong East before round "
                              f"{number}, so round {number} cannot be their compensation "
                              "round.")
            skipped.pop(0)


def deal_owed(schedule: Sequence[RoundSeats],
              marks: Mapping[int, DealMark]) -> dict[int, list[int]]:
    """Return each skipped East's rounds not compensated yet, given valid marks."""
    owed: dict[int, list[int]] = {}
    for number in sorted(marks):
        mark = marks[number]
        if mark.dealer is not None:
            owed.setdefault(schedule[number - 1].dealer, []).append(number)
        elif mark.compensation_for is not None and owed.get(mark.compensation_for):
            owed[mark.compensation_for].pop(0)
    return {player: rounds for player, rounds in owed.items() if rounds}


# ---------------------------------------------------------------- who sits in each seat

@dataclass(frozen=True)
class SeatChange:
    """A player leaving the table from a round on, and who takes their seat.

    `seat` is the starting seat (E, S, W, N) the leaving player drew; the substitute takes
    it over, so they follow the same seat moves between cycles. `entering` is None
    when nobody takes the seat: the table cannot record rounds from `round_from` on.
    """

    round_from: int
    seat: str
    leaving: int
    entering: int | None


def card_schedule(starting: Mapping[str, int], rotation: str,
                  changes: Sequence[SeatChange] = (), *,
                  seats_for: Callable[[Mapping[str, int], str], Sequence[RoundSeats]]
                  ) -> list[RoundSeats]:
    """Return the seats and winds of rounds 1-16 with every substitute in their seat.

    `seats_for` is the ruleset's session schedule (`Ruleset.session.session_seats`). A seat
    left empty keeps the leaving player in the schedule (the rounds from there on cannot be
    played; see `empty_from`).
    """
    rounds = list(seats_for(starting, rotation))
    for change in sorted(changes, key=lambda c: c.round_from):
        if change.entering is None:
            continue
        seats = dict(starting)
        for earlier in changes:
            if earlier.entering is not None and earlier.round_from <= change.round_from:
                seats[earlier.seat] = earlier.entering
        later = seats_for(seats, rotation)
        rounds[change.round_from - 1:] = later[change.round_from - 1:]
    return rounds


def empty_from(changes: Sequence[SeatChange]) -> int | None:
    """Return the first round a seat stands empty (nobody took it), or None."""
    return min((c.round_from for c in changes if c.entering is None), default=None)


def occupants(starting: Mapping[str, int], changes: Sequence[SeatChange],
              round_no: int) -> dict[int, int]:
    """Return who sits, in a round, in the seat each starting player drew (number -> number)."""
    seated = {player: player for player in starting.values()}
    for change in changes:
        if change.entering is not None and change.round_from <= round_no:
            seated[starting[change.seat]] = change.entering
    return seated


def seat_of(starting: Mapping[str, int], player: int) -> str:
    """Return the starting seat a player drew, or raise ValueError."""
    for seat in WINDS:
        if starting.get(seat) == player:
            return seat
    raise ValueError(f"player {player} has no starting seat at this table")
