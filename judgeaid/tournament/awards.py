"""Side prizes read from the recorded hands: best hand, most wins, most self-draws, best
session score, and the awards a ruleset declares over its own patterns (issue 30).

Plain values in, plain values out. A hand recorded by its value only (no pattern ticked)
still says who won, how and for how much, so it counts for every award read from those; an
award over patterns cannot read it, and says how many such hands it passed over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

BEST_HAND = "best_hand"
MOST_WINS = "most_wins"
MOST_SELF_DRAWS = "most_self_draws"
BEST_SESSION = "best_session_score"
# the awards every ruleset gives, in the order pages list them
BASIC = (BEST_HAND, MOST_WINS, MOST_SELF_DRAWS, BEST_SESSION)


@dataclass(frozen=True)
class Hand:
    """One recorded win (the latest revision of its round)."""

    session: int
    table: int
    hand: int
    winner: int
    value: int | None
    is_self_draw: bool
    # the ticked pattern ids and counts; None or empty: recorded by its value only
    patterns: Mapping[str, int] | None = None


@dataclass(frozen=True)
class SessionScore:
    """One player's card total (rounds and penalty line) at one table of one session."""

    session: int
    table: int
    player: int
    total: int


@dataclass(frozen=True)
class Winner:
    """One holder of an award: a player, the figure, and where (one hand's awards only)."""

    number: int
    value: int
    session: int | None = None
    table: int | None = None
    hand: int | None = None


@dataclass(frozen=True)
class Award:
    """An award's holders (ties all listed) and how many hands it could not read."""

    code: str
    winners: tuple[Winner, ...]
    unread: int = 0


def _most(counts: Mapping[int, int]) -> tuple[Winner, ...]:
    if not counts:
        return ()
    top = max(counts.values())
    return tuple(Winner(number, top) for number, count in sorted(counts.items()) if count == top)


def _count(hands: Iterable[Hand]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for hand in hands:
        counts[hand.winner] = counts.get(hand.winner, 0) + 1
    return counts


def best_hand(hands: Sequence[Hand]) -> Award:
    """Return the hand(s) of the highest value; a win without a value is not read."""
    valued = [hand for hand in hands if hand.value is not None]
    unread = len(hands) - len(valued)
    if not valued:
        return Award(BEST_HAND, (), unread)
    top = max(hand.value for hand in valued)
    return Award(BEST_HAND, tuple(
        Winner(h.winner, top, h.session, h.table, h.hand)
        for h in sorted(valued, key=lambda h: (h.session, h.table, h.hand)) if h.value == top),
        unread)


def best_session(scores: Iterable[SessionScore]) -> Award:
    """Return the highest card total of one player in one session (ties all listed); where it
    was scored is in the holder's session and table."""
    scores = sorted(scores, key=lambda s: (s.session, s.table, s.player))
    if not scores:
        return Award(BEST_SESSION, ())
    top = max(score.total for score in scores)
    return Award(BEST_SESSION, tuple(Winner(s.player, top, s.session, s.table)
                                     for s in scores if s.total == top))


def pattern_award(code: str, patterns: Iterable[str], hands: Sequence[Hand]) -> Award:
    """Return who won most hands holding one of `patterns`; hands with none ticked are not
    read."""
    wanted = set(patterns)
    read = [hand for hand in hands if hand.patterns]
    holding = [hand for hand in read if wanted & {p for p, n in hand.patterns.items() if n}]
    return Award(code, _most(_count(holding)), len(hands) - len(read))


def compute_awards(hands: Sequence[Hand], scores: Iterable[SessionScore],
                   pattern_awards: Iterable[tuple[str, Iterable[str]]] = ()) -> list[Award]:
    """Return every award: the four every ruleset gives, then the ruleset's pattern awards
    (code, pattern ids)."""
    awards = [best_hand(hands), Award(MOST_WINS, _most(_count(hands))),
              Award(MOST_SELF_DRAWS, _most(_count(h for h in hands if h.is_self_draw))),
              best_session(scores)]
    awards += [pattern_award(code, patterns, hands) for code, patterns in pattern_awards]
    return awards
