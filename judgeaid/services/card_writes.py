"""The scoring card's write verbs: a round's line, penalties, sign-off, time over, recorder.

The verbs take checked values (judgeaid.services.card_inputs) and flush; the view's
`writes.once` keeps them to one application per op_id and commits. Each verb that changes a
round or penalty line stores the card's totals again (judgeaid.services.card_totals).
"""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select, update
from sqlalchemy.orm.attributes import set_committed_value

from judgeaid import writes
from judgeaid.extensions import db
from judgeaid.models import Card, CardPenalty, CardRound, Confirmation, utcnow
from judgeaid.rules import MalformedHand, Scoring
from judgeaid.rules.ruleset import bracketed
from judgeaid.services import right_to_win
from judgeaid.services.audit import record_event
from judgeaid.services.card_inputs import CardRoundBody
from judgeaid.services.card_totals import store_totals, store_view_totals
from judgeaid.services.card_views import card_view, round_json
from judgeaid.services.cards import (
    Actor,
    actor_display,
    confirmations_of,
    deal_marks,
    final_occupants,
    people,
    recorder_number,
    round_revisions,
    round_seats,
    rules_of,
    seat_change_rows,
    seat_changes,
)
from judgeaid.services.core_messages import say, say_rule
from judgeaid.services.errors import Conflict, Forbidden, NotFound, ServiceError, Unprocessable
from judgeaid.tournament.card import (
    BadDeal,
    BadRound,
    DealMark,
    check_deals,
    empty_from,
    marked_seats,
    score_round,
)
from judgeaid.tournament.rotation import RoundSeats
from judgeaid.wording import page_words


def touch(card: Card) -> None:
    """Bump the card's version: an SQL increment, so two writers at once never lose one,
    read back by the same statement."""
    now = utcnow()
    version = db.session.execute(
        update(Card).where(Card.id == card.id).values(version=Card.version + 1, updated_at=now)
        .returning(Card.version), execution_options={"synchronize_session": False}).scalar_one()
    set_committed_value(card, "version", version)
    set_committed_value(card, "updated_at", now)


def revoke_confirmations(card: Card) -> int:
    revoked = 0
    for confirmation in confirmations_of(card):
        confirmation.revoked_at = utcnow()
        revoked += 1
    card.status = "open"
    return revoked


def check_judge(actor: Actor, card: Card, what: str) -> None:
    if not actor.is_judge:
        raise Forbidden(_("Only a judge may %(what)s.", what=what))
    if actor.user and actor.user.tournament_id != card.tournament_id:
        raise Forbidden(_("This card belongs to another tournament."))


def check_not_final(card: Card) -> None:
    """Refuse to change a card whose session's results are posted as final: the organizer
    reopens them first, with a reason (results.unfinalize_session), so a posted score never
    moves without anyone saying why."""
    session = card.table.session
    if session.finalized_at is not None:
        raise Conflict(_("Session %(number)s's results are posted as final, so this card cannot "
                         "change. The organizer can reopen them, with a reason, for a "
                         "correction.", number=session.number))


def _check_recorder(actor: Actor, card: Card) -> None:
    if actor.is_judge:
        check_judge(actor, card, _("record rounds"))
    elif actor.player_number != recorder_number(card):
        raise Forbidden(_("Only a judge, or the player the judge appointed, may record rounds "
                          "on this card."))


def _round_line(body: CardRoundBody, scoring: Scoring, code: str) -> dict:
    """Return the round's columns from a checked body; the ticked patterns set the value."""
    line: dict = {"result": body.result, "winner": None, "value": None, "win": None,
                  "discarder": None, "same_turn": None, "patterns": None,
                  "dealer": body.dealer, "compensation_for": body.compensation_for}
    if body.result == "draw":
        return line
    value, patterns = body.value, body.patterns
    if patterns is not None:
        try:
            hand = scoring.score_hand(dict(patterns))
        except MalformedHand as exc:
            raise ServiceError(say_rule(code, str(exc))) from exc
        if hand.errors:
            # Each message names both patterns and cites its own section (§2.2, §1.5 ...).
            raise Unprocessable(_("The ticked patterns break a counting rule: %(issues)s",
                                  issues=" ".join(say_rule(code, e.message)
                                                  for e in hand.errors)))
        mismatch = scoring.win_issues(dict(patterns), body.win)
        if mismatch:
            # MCR §3.7.2.3: a fan that fixes how the hand was won agrees with the win
            raise Unprocessable(" ".join(say_rule(code, issue.message) for issue in mismatch))
        if value is not None and value != hand.value:
            raise Unprocessable(_("The value %(value)s does not match the ticked patterns, "
                                  "which make %(value2)s.", value=value, value2=hand.value))
        value = hand.value
        patterns = {k: v for k, v in patterns.items() if v}
    line.update(winner=body.winner, value=value, win=body.win,
                discarder=body.discarder if body.win == "discard" else None,
                same_turn=list(body.same_turn) if body.same_turn else None, patterns=patterns)
    return line


def _same_line(row: CardRound, line: dict) -> bool:
    return all(getattr(row, key) == line[key] for key in
               ("result", "winner", "value", "win", "discarder", "same_turn", "patterns",
                "dealer", "compensation_for"))


def _latest(card: Card, number: int) -> CardRound | None:
    return db.session.scalar(select(CardRound).where(
        CardRound.card_id == card.id, CardRound.round == number)
        .order_by(CardRound.revision.desc()).limit(1))


def line_words(line: dict, names: dict[int, str], deal_section: str = "") -> str:
    """Return a round's line as a short sentence with the players' names; a wrong-East or
    compensation mark cites `deal_section` (the card's words, "" for none)."""
    def who(number: int | None) -> str:
        return names.get(number) or _("player %(number)s", number=number)

    if line["result"] == "draw":
        words = _("a draw")
    elif line["result"] != "win":
        return _("not played")
    elif line["win"] == "self":
        words = _("%(winner)s won %(value)s, self-drawn", winner=who(line["winner"]),
                  value=line["value"])
    else:
        words = _("%(winner)s won %(value)s on a discard from %(discarder)s",
                  winner=who(line["winner"]), value=line["value"],
                  discarder=who(line["discarder"]))
        if line.get("same_turn") and len(line["same_turn"]) > 1:
            words = _("%(line)s (same turn: %(order)s)", line=words,
                      order=_(", then ").join(who(p) for p in line["same_turn"]))
    # a stored line names the wrong East "wrong_dealer"; a line sent names it "dealer"
    wrong = line.get("wrong_dealer", line.get("dealer"))
    if wrong is not None:
        words = _("%(line)s, dealt by %(who)s as the wrong East%(cite)s", line=words,
                  who=who(wrong), cite=bracketed(deal_section))
    if line.get("compensation_for") is not None:
        words = _("%(line)s, %(who)s's compensation round%(cite)s", line=words,
                  who=who(line["compensation_for"]), cite=bracketed(deal_section))
    return words


def _conflict(card: Card, number: int, current: CardRound, line: dict, actor: Actor, *,
              what: str) -> str:
    """Say in words who wrote the line that stands, what it says, and what was sent."""
    names = people(card)
    section = page_words(rules_of(card))["card.deal_cite"]
    decide = (_("Choose which one stands: keep theirs, or send yours as a correction with a "
                "reason.") if actor.is_judge else _("A judge decides which one stands."))
    theirs = line_words(round_json(current, rules_of(card).scoring), names, section)
    return _("%(what)s: %(theirs)s. You entered: %(yours)s. %(decide)s", what=what,
             theirs=theirs, yours=line_words(line, names, section), decide=decide)


def _both_lines(card: Card, number: int, current: CardRound | None, line: dict,
                body: CardRoundBody) -> list[dict]:
    """Return the details of a refused write: the line that stands and the one sent."""
    sent = dict(line, reason=body.reason, base_revision=body.base_revision)
    return [{"round": number, "revision": current.revision if current else None,
             "current": round_json(current, rules_of(card).scoring) if current else None,
             "sent": sent}]


def write_round(card: Card, body: CardRoundBody, actor: Actor, *, op_id: str | None = None
                 ) -> dict:
    """Record a round, or correct the revision `base_revision` names (a stale one is 409)."""
    _check_recorder(actor, card)
    check_not_final(card)
    number = body.round
    scoring = rules_of(card).scoring
    # "round" in Zung Jung, "hand" in MCR
    word = page_words(rules_of(card))["card.hand_word"]
    line = _round_line(body, scoring, rules_of(card).code)
    # The seat changes, the schedule and the names, read once for the whole write.
    change_rows = seat_change_rows(card)
    changes = seat_changes(card, change_rows)
    schedule = round_seats(card, changes)
    names = people(card, change_rows)
    right_to_win.settle(card, number, line, body.claimants, schedule[number - 1].winds, names)
    reason = " ".join(body.reason.split())
    revisions = round_revisions(card)
    current = revisions[number][-1] if number in revisions else None

    if current is None and card.not_played_from and number >= card.not_played_from:
        words = page_words(rules_of(card))
        raise Conflict(_("%(hand_word_title)s %(number)s was not played: the session time ran "
                         "out (%(time_cite)s).", hand_word_title=words['card.hand_word_title'],
                         number=number, time_cite=words['card.time_cite']))
    empty = empty_from(changes)
    if empty and number >= empty:
        left = min((c for c in changes if c.entering is None), key=lambda c: c.round_from)
        raise Conflict(_("%(value)s left the table from %(word)s %(round_from)s and nobody took "
                         "the seat, so %(word)ss from %(round_from)s on cannot be recorded; the "
                         "other three's scores stand. The organizer can name a "
                         "substitute%(bracketed)s.", value=names[left.leaving], word=word,
                         round_from=left.round_from,
                         bracketed=bracketed(page_words(rules_of(card))['card.substitute_cite'])))
    if body.correction:
        check_judge(actor, card, _("correct a round"))
        if current is None:
            raise Conflict(_("%(capitalize)s %(number)s is not recorded yet, so there is "
                             "nothing to correct. Reload the card.",
                             capitalize=word.capitalize(), number=number),
                           details=_both_lines(card, number, current, line, body))
        if current.revision != body.base_revision:
            values = {"who": actor_display(current.recorded_by), "word": word,
                      "number": number, "now": current.revision, "base": body.base_revision}
            raise Conflict(_conflict(
                card, number, current, line, actor,
                what=_("%(who)s corrected %(word)s %(number)s after you read it (revision "
                       "%(now)s now stands, not revision %(base)s), as", **values)
                if current.revision > 1 else
                _("%(who)s recorded %(word)s %(number)s after you read it (revision %(now)s now "
                  "stands, not revision %(base)s), as", **values)),
                details=_both_lines(card, number, current, line, body))
        if not reason:
            raise ServiceError(_("A correction needs a reason."))
    elif current is not None:
        if _same_line(current, line):
            return _answer(card, number, current.revision, changed=False)
        raise Conflict(_conflict(card, number, current, line, actor,
                                 what=_("%(who)s already recorded %(word)s %(number)s as",
                                        who=actor_display(current.recorded_by), word=word,
                                        number=number)),
                       details=_both_lines(card, number, current, line, body))
    elif card.status == "locked":
        check_judge(actor, card, _("record a round on a confirmed card"))

    seats = _checked_deal(card, number, current, line, actor, schedule, names,
                          deal_marks(revisions))
    try:
        scheme = card.table.session.tournament.settings.get("payoff_scheme", "formal")
        result = score_round(seats, payoff=scoring.payoff, scheme=scheme,
                             **{k: v for k, v in line.items() if k not in _NOT_SCORED})
    except BadRound as exc:
        raise ServiceError(say_rule(rules_of(card).code, str(exc))) from exc
    revision = current.revision + 1 if current else 1
    row = CardRound(card_id=card.id, round=number, revision=revision, **line,
                    deltas={str(k): v for k, v in result.deltas.items()},
                    responsible=result.responsible, reason=reason, recorded_by=actor.label,
                    op_id=op_id)

    def clash() -> Conflict:
        # Another judge wrote this revision a moment ago: theirs stands, this one is refused.
        now = _latest(card, number)
        message = (_conflict(card, number, now, line, actor,
                             what=_("%(who)s recorded %(word)s %(number)s a moment before "
                                    "you, as", who=actor_display(now.recorded_by), word=word,
                                    number=number))
                   if now else _("%(Word)s %(number)s was just recorded by someone else. "
                                 "Reload the card.", Word=word.capitalize(), number=number))
        return Conflict(message, details=_both_lines(card, number, now, line, body))

    writes.add_unique(row, clash)
    if current is not None:
        revoke_confirmations(card)
    touch(card)
    view = card_view(card)  # read after the bump locked the card: every line is in it
    store_view_totals(card.id, view["totals"])
    record_event("card.correct" if current else "card.round", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:round:{number}",
                 before=round_json(current, scoring) if current else None,
                 after=round_json(row, scoring))
    return {"card": view, "round": number, "revision": revision, "changed": True}


_NOT_SCORED = ("patterns", "dealer", "compensation_for")


def _checked_deal(card: Card, number: int, current: CardRound | None, line: dict,
                  actor: Actor, schedule: list[RoundSeats], names: dict[int, str],
                  marks: dict[int, DealMark]) -> RoundSeats:
    """Return the round's seats as actually dealt (`schedule`: the card's `round_seats`,
    `marks`: its `deal_marks`), or refuse an impossible §1.2.7 mark."""
    mark = DealMark(line["dealer"], line["compensation_for"])
    words = page_words(rules_of(card))
    word = words["card.hand_word"]
    if mark.is_marked and not actor.is_judge:
        # the app leaves wrong-East marks to a judge: a dealing error is an irregularity
        raise Forbidden(_("Only a judge marks a %(word)s dealt by the wrong East or a "
                          "compensation %(word)s%(bracketed)s. Call a judge.", word=word,
                          bracketed=bracketed(words['card.deal_errors_cite'])))
    if mark.compensation_for is not None and current is not None and (
            current.compensation_for != mark.compensation_for):
        dealt_by = current.dealer or schedule[number - 1].dealer
        raise Conflict(_("%(capitalize)s %(number)s was already played with %(value)s as East: "
                         "a compensation %(word)s is agreed before it is dealt%(bracketed)s, so "
                         "mark a %(word)s still to be played.", capitalize=word.capitalize(),
                         number=number, value=names[dealt_by], word=word,
                         bracketed=bracketed(words['card.deal_reading'])))
    if mark.is_marked:
        marks[number] = mark
    else:
        marks.pop(number, None)
    try:
        check_deals(schedule, marks)
    except BadDeal as exc:
        problem = say(str(exc), lambda m: _named(names, m))
        raise Unprocessable(words.format("card.deal_refused", problem=problem)) from exc
    return marked_seats(schedule[number - 1], mark)


def _named(names: dict[int, str], message: str) -> str:
    """Put the players' names (`people`) into a core message that speaks of "Player 7"."""
    for number, name in names.items():
        message = message.replace(f"Player {number} ", f"{name} (player {number}) ")
    return message


def _answer(card: Card, number: int, revision: int, *, changed: bool) -> dict:
    return {"card": card_view(card), "round": number, "revision": revision, "changed": changed}


def put_penalty(card: Card, player: int, points: int, reason: str, actor: Actor, *,
                round_: int | None = None, op_id: str | None = None) -> dict:
    """Put penalty points on the card's penalty line (off the offender's total, §4.11)."""
    check_judge(actor, card, _("give a penalty"))
    check_not_final(card)
    if player not in people(card):
        raise ServiceError(_("Player %(player)s is not at this table.", player=player))
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(_("A penalty needs a reason."))
    penalty = CardPenalty(card_id=card.id, player_number=player, points=points, round=round_,
                          reason=reason, recorded_by=actor.label, op_id=op_id)
    db.session.add(penalty)
    db.session.flush()
    revoke_confirmations(card)
    touch(card)
    store_totals([card.id])
    record_event("card.penalty", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:penalty:{penalty.id}",
                 after={"player": player, "points": points, "reason": reason})
    return {"card": card_view(card), "penalty": penalty.id}


def strike_penalty(card: Card, penalty_id: int, reason: str, actor: Actor, *,
                   by_appeal: bool = False) -> dict:
    """Strike out a penalty with a reason; it stays on the card, marked void.

    The head judge's decision on an appeal (`by_appeal`, §4.3) is final and may come after
    the session is posted; any other strike waits for the organizer to reopen the session.
    """
    check_judge(actor, card, _("strike out a penalty"))
    if not by_appeal:
        check_not_final(card)
    penalty = db.session.get(CardPenalty, penalty_id)
    if penalty is None or penalty.card_id != card.id:
        raise NotFound(_("There is no penalty %(penalty_id)s on this card.",
                         penalty_id=penalty_id))
    if penalty.voided_at is not None:
        raise Conflict(_("This penalty is already struck out."))
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(_("Striking out a penalty needs a reason."))
    penalty.voided_at, penalty.void_reason = utcnow(), reason
    revoke_confirmations(card)
    touch(card)
    store_totals([card.id])
    record_event("card.penalty.void", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:penalty:{penalty.id}",
                 before={"points": penalty.points}, after={"void_reason": reason})
    return {"card": card_view(card)}


def confirm_totals(card: Card, player: int | None, actor: Actor, *, on_paper: bool = False
                   ) -> dict:
    """Record a player's confirmation of the totals; all four lock the card (§4.9).

    `on_paper`: a judge records the player's signature on the paper card (via "paper").
    """
    if on_paper and not actor.is_judge:
        raise Forbidden(_("Only a judge may record a signature on the paper card."))
    if actor.is_judge:
        check_judge(actor, card, _("confirm for a player"))
        if player is None:
            raise ServiceError(_("Say which player the card is confirmed for."))
    else:
        player = actor.player_number
    if player not in final_occupants(card):
        raise Forbidden(_("Player %(player)s does not sit at this table at the end of the card, "
                          "so does not confirm it.", player=player))
    view = card_view(card)
    _check_complete(card, view)
    if player not in view["pending_confirmations"]:
        return {"card": view}
    _add_confirmations(card, [player], "paper" if on_paper else (
        "judge" if actor.is_judge else "player"), actor)
    record_event("card.confirm.paper" if on_paper else "card.confirm",
                 tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}",
                 after={"player": player, "totals": view["totals"][player]})
    return {"card": card_view(card)}


# How a confirmation was given (Confirmation.via): on the player's own page, on a judge's
# phone for one player, on the paper card, or by the players together before a judge.
WITNESSED = "witnessed"


def confirm_all(card: Card, players: list[int] | None, actor: Actor) -> dict:
    """Record that the players at the table, present together, each confirmed the totals
    before this judge (ZJ §1.5, MCR §3.9.1.4: each player confirms and signs): one
    confirmation per player, each "confirmed before judge X". `players` names those who
    confirmed (None: every player still to confirm); all of them lock the card (§4.9)."""
    check_judge(actor, card, "record the players' confirmations")
    view = card_view(card)
    signers = view["signers"]
    chosen = list(dict.fromkeys(signers if players is None else players))
    strangers = [n for n in chosen if n not in signers]
    if strangers:
        raise Forbidden(_("Player %(n)s does not sit at this table at the end of the card, so "
                          "does not confirm it.", n=strangers[0]))
    if not chosen:
        raise ServiceError(_("Say which players confirmed the card before you."))
    _check_complete(card, view)
    pending = [n for n in chosen if n in view["pending_confirmations"]]
    if not pending:
        return {"card": view}
    _add_confirmations(card, pending, WITNESSED, actor)
    record_event("card.confirm.witnessed", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}",
                 after={"players": pending,
                        "totals": {n: view["totals"][n] for n in pending}})
    return {"card": card_view(card)}


def _check_complete(card: Card, view: dict) -> None:
    """Refuse a confirmation before every round is recorded or marked not played."""
    if view["is_complete"]:
        return
    missing = [r["round"] for r in view["rounds"]
               if not r["recorded"] and r.get("result") != "not_played"]
    word = page_words(rules_of(card))["card.hand_word"]
    raise Conflict(_("The card is not finished: %(word)s %(value)s and %(value2)s more are "
                     "not recorded. Record them, or mark the session time over.", word=word,
                     value=missing[0], value2=len(missing) - 1))


def _add_confirmations(card: Card, players: list[int], via: str, actor: Actor) -> None:
    for player in players:
        db.session.add(Confirmation(card_id=card.id, player_number=player,
                                    card_version=card.version, via=via,
                                    confirmed_by=actor.label))
    db.session.flush()
    if len(confirmations_of(card)) == len(final_occupants(card)):
        card.status = "locked"
    touch(card)


def close_rounds(card: Card, actor: Actor, *, from_round: int | None = None) -> dict:
    """Mark every round not yet recorded as not played: the session time ran out (§3.4)."""
    check_judge(actor, card, _("end play on a card"))
    check_not_final(card)
    session = card.table.session
    rules = rules_of(card)
    if session.stage == "final" and session.bracket_size == rules.ranking.grand_final_size:
        raise Conflict(_("The Grand Final has no session time limit (%(untimed_cite)s): all "
                         "%(rounds)s rounds are played.",
                         untimed_cite=page_words(rules)['final_day.untimed_cite'],
                         rounds=rules.session.rounds))
    if session.tournament.settings.get("session_minutes") is None:
        raise Conflict(_("This event has no session time limit, so every round is played."))
    recorded = max(round_revisions(card), default=0)
    first = from_round or recorded + 1
    if first <= recorded:
        word = page_words(rules)["card.hand_word"]
        raise Conflict(_("%(capitalize)s %(recorded)s is already recorded; %(word)ss from "
                         "%(value)s on can be marked not played.", capitalize=word.capitalize(),
                         recorded=recorded, word=word, value=recorded + 1))
    card.not_played_from = first if first <= rules.session.rounds else None
    touch(card)
    record_event("card.time_over", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}",
                 after={"not_played_from": card.not_played_from})
    return {"card": card_view(card)}


def appoint_recorder(card: Card, number: int | None, actor: Actor) -> dict:
    """Let one player at the table record rounds (or nobody, with player null)."""
    check_judge(actor, card, _("appoint a recorder"))
    if number is None:
        card.recorder_player_id = None
    else:
        seat = next((s for s in card.table.seats if s.player.number == number), None)
        if seat is None:
            raise ServiceError(_("Player %(number)s is not at this table.", number=number))
        card.recorder_player_id = seat.player_id
    touch(card)
    record_event("card.recorder", tournament_id=card.tournament_id, actor=actor.user,
                 subject=f"card:{card.id}", after={"player": number})
    return {"card": card_view(card)}
