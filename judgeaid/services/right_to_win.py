"""Who may win a round or hand on a card, and who wins when several call Hu on one discard.

A penalty whose rubric entry takes the offender's right to win (MCR §3.11.3 and the §3.11.6
fouls that take it, ZJ's dead hand §1.8, §4.11: `Rubric.loses_win`) bars that player as the
winner of the round or hand it names, on that session's card, until it is struck out (its
card line voided) or its ruling overturned on appeal. The next round is not affected.

When several players call Hu on one discard, the ruleset's order (`SessionShape.hu_order`,
MCR §3.7.2.4: the nearest player after the discarder) names the winner among those who may
still win.

The card's service asks `check_winner` and `winner_among` before it records a win, and
`barred` for the card's view (the round form leaves those players out as the winner).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Appeal, Card, CardPenalty, Penalty, Player, Ruling
from judgeaid.rules import Ruleset, get_ruleset
from judgeaid.services.errors import Conflict, Unprocessable
from judgeaid.wording import page_words


def _rules(card: Card) -> Ruleset:
    return get_ruleset(card.table.session.tournament.ruleset)


def _overturned(tournament_id: int) -> set[int]:
    """The rulings overturned on appeal, with the entries they superseded."""
    found: set[int] = set()
    for ruling_id in db.session.scalars(select(Appeal.ruling_id).where(
            Appeal.tournament_id == tournament_id, Appeal.decision == "overturned")):
        while ruling_id is not None and ruling_id not in found:
            found.add(ruling_id)
            ruling_id = db.session.scalar(select(Ruling.supersedes_id)
                                          .where(Ruling.id == ruling_id))
    return found


def barred(card: Card, numbers: Iterable[int]) -> dict[int, dict[int, str]]:
    """Return round -> player number -> the words naming the penalty that took that player's
    right to win it, for the card's session and the given players."""
    session = card.table.session
    rubric = _rules(card).rubric
    numbers = list(numbers)
    rows = db.session.execute(
        select(Penalty.id, Penalty.category, Penalty.infraction, Penalty.kind, Penalty.round,
               Penalty.ruling_id, CardPenalty.voided_at, Player.number)
        .outerjoin(CardPenalty, CardPenalty.id == Penalty.card_penalty_id)
        .join(Player, Player.id == Penalty.player_id)
        .where(Penalty.tournament_id == session.tournament_id,
               Penalty.session_number == session.number, Penalty.round.is_not(None),
               Player.number.in_(numbers))
        .order_by(Penalty.created_at, Penalty.id)).all()
    rows = [r for r in rows if r.voided_at is None
            and rubric.loses_win(r.category, r.infraction, r.kind)]
    if not rows:
        return {}
    overturned = _overturned(session.tournament_id) if any(r.ruling_id for r in rows) else set()
    found: dict[int, dict[int, str]] = {}
    for r in rows:
        if r.ruling_id in overturned:
            continue
        words = rubric.line_label(r.category, r.infraction)
        words = f"{words} (ruling #{r.ruling_id})" if r.ruling_id else f"{words} (penalty #{r.id})"
        found.setdefault(r.round, {}).setdefault(r.number, words)
    return found


def check_winner(card: Card, number: int, winner: int, names: dict[int, str]) -> None:
    """Refuse (409) a winner who lost the right to win this round or hand."""
    ruling = barred(card, [winner]).get(number, {}).get(winner)
    if ruling is None:
        return
    rules = _rules(card)
    raise Conflict(page_words(rules).format(
        "card.no_win_refused", name=names.get(winner, f"player {winner}"),
        hand=page_words(rules).format("card.hand_numbered", n=number), ruling=ruling))


def winner_among(card: Card, number: int, claimants: list[int], discarder: int | None,
                 winds: dict[int, str], winner: int | None, names: dict[int, str]) -> int:
    """Return the winner when several players called Hu on one discard: the first claimant
    in the ruleset's order from the discarder who may still win; a `winner` that contradicts
    it is refused (422)."""
    rules = _rules(card)
    order = rules.session.hu_order
    if order is None:
        raise Unprocessable(page_words(rules)["card.hu_no_rule"])
    claimants = list(dict.fromkeys(claimants))
    if (discarder is None or discarder not in winds or discarder in claimants
            or any(c not in winds for c in claimants) or not claimants):
        raise Unprocessable(page_words(rules)["card.hu_claimants_bad"])
    by_wind = {wind: player for player, wind in winds.items()}
    unable = barred(card, claimants).get(number, {})
    ranked = [by_wind[w] for w in order(winds[discarder]) if by_wind.get(w) in claimants]
    able = [c for c in ranked if c not in unable] or ranked
    nearest = able[0]
    if winner is not None and winner != nearest:
        raise Unprocessable(page_words(rules).format(
            "card.hu_nearest", winner=names.get(winner, f"player {winner}"),
            nearest=names.get(nearest, f"player {nearest}"),
            discarder=names.get(discarder, f"player {discarder}")))
    return nearest


def settle(card: Card, number: int, line: dict, claimants: list[int] | None,
           winds: dict[int, str], names: dict[int, str]) -> None:
    """Settle a win's winner before the card records it: the claimant the rules make the
    winner when several called Hu, and never a player without the right to win."""
    if line["result"] != "win":
        return
    if claimants:
        line["winner"] = winner_among(card, number, claimants, line["discarder"], winds,
                                      line["winner"], names)
    check_winner(card, number, line["winner"], names)
