"""Penalties (A.5.6, A.5.7, §4.11): the rubric's suggestion, issuing a penalty onto the
offender's card, the repeat counting setting, a player's history, and the §1.9 question when
time points take a round above 80.

Penalty points go to the offender's card through services.card_writes, so the card's penalty line
(§4.11) and the judge's record always agree. `Penalty.player_id` holds the player's row id.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import (
    Appeal,
    Card,
    CardPenalty,
    Penalty,
    Player,
    Ruling,
    Tournament,
    User,
    utcnow,
)
from judgeaid.rules import PriorPenalty, RepeatPolicy, Ruleset, get_ruleset
from judgeaid.rules.ruleset import Rubric
from judgeaid.services import card_totals, card_writes, results, session_changes
from judgeaid.services.audit import record_event
from judgeaid.services.call_ups import get_card, seated_player
from judgeaid.services.card_views import card_view
from judgeaid.services.cards import Actor
from judgeaid.services.errors import Conflict, Forbidden, ServiceError, Unprocessable
from judgeaid.services.judge_common import check_tournament
from judgeaid.services.judge_inputs import PenaltyBody, PenaltySpec, RepeatPolicyForm, SuggestQuery
from judgeaid.values import iso_z, sub_op_id
from judgeaid.wording import page_words, rule_text

DEFAULT_REPEAT_POLICY = {"scope": "category", "window": "tournament"}


def rules_of(tournament_id: int) -> Ruleset:
    """Return the ruleset the event plays by."""
    return get_ruleset(db.session.get(Tournament, tournament_id).ruleset)


def infraction_label(rubric: Rubric, category: str, infraction: str,
                     code: str | None = None) -> str:
    """Return the rubric's words for an example infraction, or the judge's own text (in the
    page's language given the ruleset's code; English without it, as stored texts say it)."""
    try:
        example = rubric.find_infraction(category, infraction)
    except ValueError:
        example = None
    if example is None:
        return infraction
    return rule_text(code, example.label) if code else example.label


def kind_phrase(rubric: Rubric, kind: str, points: int, code: str | None = None) -> str:
    """Return a penalty as a short phrase, e.g. '10 points' or 'Warning' (a kind's words in the
    page's language given the ruleset's code)."""
    if kind == "points":
        return ngettext("%(num)s point", "%(num)s points", points)
    label = rubric.kind_labels.get(kind, kind)
    return rule_text(code, label) if code and kind in rubric.kind_labels else label


def category_title(rubric: Rubric, category: str, code: str) -> str:
    """Return a rubric category's title in the page's language (its id if there is none)."""
    try:
        return rule_text(code, rubric.get_category(category).title)
    except ValueError:
        return category


# ---------------------------------------------------------------- settings (A.5.6)

def repeat_policy(tournament: Tournament) -> RepeatPolicy:
    """Return how this event counts repeated violations (a tournament setting)."""
    stored = {**DEFAULT_REPEAT_POLICY, **(tournament.settings or {}).get("repeat_policy", {})}
    try:
        return RepeatPolicy(scope=stored["scope"], window=stored["window"])
    except ValueError:
        return RepeatPolicy()


def set_repeat_policy(tournament: Tournament, form: RepeatPolicyForm, actor: User) -> dict:
    """Change how repeats are counted for the escalation ladder (A.5.6)."""
    if actor.role != "organizer":
        raise Forbidden(_("Only the organizer changes the event's settings."))
    wanted = {"scope": form.scope, "window": form.window}
    before = (tournament.settings or {}).get("repeat_policy", DEFAULT_REPEAT_POLICY)
    # A new dict, so SQLAlchemy sees the JSON column change.
    tournament.settings = {**(tournament.settings or {}), "repeat_policy": wanted}
    record_event("judging.repeat_policy", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}", before=dict(before), after=wanted)
    db.session.flush()
    return wanted


def settings_view(tournament: Tournament) -> dict:
    """Return the judging settings page's data."""
    policy = repeat_policy(tournament)
    return {"tournament": {"id": tournament.id, "name": tournament.name},
            "policy": {"scope": policy.scope, "window": policy.window}}


# ---------------------------------------------------------------- penalty history

def _overturned_rulings(tournament_id: int) -> set[int]:
    """Return the ids of entries whose ruling was overturned on appeal, with their forerunners."""
    appealed = db.session.scalars(select(Appeal.ruling_id).where(
        Appeal.tournament_id == tournament_id, Appeal.decision == "overturned")).all()
    found: set[int] = set()
    for ruling_id in appealed:
        while ruling_id is not None and ruling_id not in found:
            found.add(ruling_id)
            ruling_id = db.session.scalar(select(Ruling.supersedes_id)
                                          .where(Ruling.id == ruling_id))
    return found


def _penalty_json(rubric: Rubric, p, number: int, name: str, judge: str, *,
                  is_void: bool, code: str) -> dict:
    """Return one penalty as plain data (p: a Penalty or a row with the same fields)."""
    departure = (rubric.departure_note(p.suggested_kind, p.suggested_points, p.reason)
                 if p.is_departure else "")
    return {"id": p.id, "player": number, "player_name": name, "category": p.category,
            "category_title": category_title(rubric, p.category, code),
            "infraction": p.infraction,
            "infraction_label": infraction_label(rubric, p.category, p.infraction, code),
            "kind": p.kind, "points": p.points,
            "label": kind_phrase(rubric, p.kind, p.points, code),
            "suggested": kind_phrase(rubric, p.suggested_kind, p.suggested_points, code)
            if p.suggested_kind else "",
            "is_suggested": p.kind == p.suggested_kind and p.points == p.suggested_points,
            # A.5.6, A.5.7: the judge chose otherwise, with a reason the head judge reviews
            "is_departure": bool(p.is_departure), "departure": departure,
            "time_explanation": p.time_explanation or "",
            "explanation": p.explanation, "reason": p.reason, "paid_to": p.paid_to or {},
            "session": p.session_number, "round": p.round, "ruling_id": p.ruling_id,
            "card_penalty_id": p.card_penalty_id, "judge": judge,
            "created_at": iso_z(p.created_at), "is_void": is_void}


def penalty_rows(where, tournament_id: int) -> list[dict]:
    """Return penalties as plain data, each marked void when struck out or overturned."""
    rows = db.session.execute(
        select(Penalty.id, Penalty.category, Penalty.infraction, Penalty.kind, Penalty.points,
               Penalty.suggested_kind, Penalty.suggested_points, Penalty.explanation,
               Penalty.reason, Penalty.paid_to, Penalty.session_number, Penalty.round,
               Penalty.ruling_id, Penalty.card_penalty_id, Penalty.created_at,
               Penalty.is_departure, Penalty.time_explanation, CardPenalty.voided_at,
               Player.number, Player.name, User.name.label("judge"))
        .outerjoin(CardPenalty, CardPenalty.id == Penalty.card_penalty_id)
        .join(Player, Player.id == Penalty.player_id)
        .outerjoin(User, User.id == Penalty.judge_id)
        .where(where).order_by(Penalty.created_at, Penalty.id)).all()
    if not rows:
        return []
    overturned = _overturned_rulings(tournament_id) if any(r.ruling_id for r in rows) else set()
    rules = rules_of(tournament_id)
    return [_penalty_json(rules.rubric, r, r.number, r.name, r.judge or "?",
                          is_void=r.voided_at is not None or r.ruling_id in overturned,
                          code=rules.code)
            for r in rows]


def _known(rubric: Rubric, category: str) -> bool:
    try:
        rubric.get_category(category)
    except ValueError:
        return False
    return True


def player_history(player: Player) -> list[dict]:
    """Return the player's penalties this tournament, oldest first, void ones marked."""
    return penalty_rows(Penalty.player_id == player.id, player.tournament_id)


def _priors(rubric: Rubric, history: list[dict]) -> list[PriorPenalty]:
    return [PriorPenalty(category=h["category"], kind=h["kind"], points=h["points"],
                         session=h["session"], round=h["round"], infraction=h["infraction"])
            for h in history if not h["is_void"] and _known(rubric, h["category"])]


def _example(rubric: Rubric, category: str, infraction: str) -> str | None:
    """Return the rubric example the infraction names, or None for the judge's own words."""
    if not infraction:
        raise ServiceError(_("Say what the infraction was: pick an example or describe it."))
    if category not in rubric.categories:
        # the schema takes every registered ruleset's categories; this event has its own
        raise ServiceError(_("This event's rules have no penalty category %(category)s: choose "
                             "one of %(join)s.", category=repr(category),
                             join=', '.join(rubric.categories)))
    example = rubric.find_infraction(category, infraction)
    return example.id if example else None


def _suggestion(tournament: Tournament, history: list[dict], category: str,
                example: str | None, session: int | None, round_: int | None):
    policy = repeat_policy(tournament)
    if policy.window == "round" and round_ is None:
        raise ServiceError(_("This event counts repeats per round: give the round."))
    rubric = get_ruleset(tournament.ruleset).rubric
    return rubric.suggest(category, example, _priors(rubric, history), policy, session=session,
                          round=round_)


def _suggestion_json(rubric: Rubric, s, code: str) -> dict:
    shares = rubric.payees(s.category, s.infraction)
    return {"kind": s.kind, "points": s.points,
            "label": kind_phrase(rubric, s.kind, s.points, code),
            # the rubric's fixed texts in the page's language (texts_guide.py lists them)
            "explanation": rule_text(code, s.explanation), "occurrence": s.occurrence,
            "ladder_step": s.ladder_step, "allowed_range": list(s.allowed_range),
            "allowed_kinds": list(s.allowed_kinds),
            "notes": [rule_text(code, note) for note in s.notes],
            # who the rules pay the points to (MCR §3.11.6.6/7); ZJ: nobody unless ruled
            "payees": {"each": shares.each, "offended": shares.offended}}


def suggestion_for(tournament: Tournament, player: Player, category: str, infraction: str,
                   session: int, round_: int | None) -> tuple[Any, dict]:
    """Return the rubric's next step for this player's foul, and it as the console shows it."""
    rubric = get_ruleset(tournament.ruleset).rubric
    suggestion = _suggestion(tournament, player_history(player), category,
                             _example(rubric, category, infraction), session, round_)
    return suggestion, _suggestion_json(rubric, suggestion, tournament.ruleset)


def suggest(tournament: Tournament, query: SuggestQuery) -> dict:
    """Return the player's earlier penalties and the rubric's next step for this infraction."""
    card = get_card(tournament.id, query.card)
    player = seated_player(card, query.player)
    rubric = get_ruleset(tournament.ruleset).rubric
    example = _example(rubric, query.category, query.infraction)
    history = player_history(player)
    suggestion = _suggestion(tournament, history, query.category, example,
                             card.table.session.number, query.round)
    policy = repeat_policy(tournament)
    return {"player": {"number": player.number, "name": player.name},
            "session": card.table.session.number, "history": history,
            "policy": {"scope": policy.scope, "window": policy.window},
            "suggestion": _suggestion_json(rubric, suggestion, tournament.ruleset)}


# ---------------------------------------------------------------- issuing penalties

def _paid_to(raw: dict[int, int] | None, card: Card, offender: int,
             points: int) -> dict[str, int] | None:
    if not raw:
        return None
    at_table = {s.player.number for s in card.table.seats}
    paid: dict[str, int] = {}
    for number, amount in raw.items():
        if number == offender or number not in at_table:
            raise ServiceError(_("Points can only be paid to the offender's opponents at table "
                                 "%(number)s; %(number2)s is not one of them.",
                                 number=card.table.number, number2=number))
        if amount:
            paid[str(number)] = amount
    if sum(paid.values()) > points:
        raise ServiceError(_("The points paid to opponents add up to more than the penalty."))
    return paid or None


def _rule_payees(rubric: Rubric, card: Card, offender: int, category: str,
                 example: str | None, points: int,
                 paid_to: dict[str, int] | None) -> dict[str, int] | None:
    """Apply the rules' own payees: an even share to each other player when the judge named
    none (MCR §3.11.6.6/7), and refuse shapes the rules do not allow."""
    others = sorted(s.player.number for s in card.table.seats if s.player.number != offender)
    shares = rubric.payees(category, example)
    if shares.each and not paid_to and others and points % len(others) == 0:
        paid_to = {str(n): points // len(others) for n in others}
    problems = rubric.check_payees(category, example, "points", points,
                                   {int(n): p for n, p in (paid_to or {}).items()}, len(others))
    if problems:
        raise Unprocessable(" ".join(p.message for p in problems),
                            details=[{"code": p.code, "message": p.message, "player": offender}
                                     for p in problems])
    return paid_to


def _earlier_time_penalty(rubric: Rubric, history: list[dict], category: str,
                          example: str | None, session: int, round_: int | None) -> dict | None:
    """Return the player's live time penalty for this round, if a new one would repeat it."""
    new = PriorPenalty(category=category, infraction=example, session=session, round=round_)
    for earlier in history:
        if earlier["is_void"] or not _known(rubric, earlier["category"]):
            continue
        prior = PriorPenalty(category=earlier["category"], infraction=earlier["infraction"],
                             session=earlier["session"], round=earlier["round"])
        if rubric.is_repeat_time_penalty(new, prior):
            return earlier
    return None


def _refuse_repeat(first: dict, number: int, index: int | None, cite: str) -> None:
    """Refuse a second time penalty for one round until the judge confirms it."""
    message = (_("#%(number)s %(player_name)s already has a time penalty for round %(round)s: "
                 "%(label)s, given by %(judge)s. A second one is right only for another overrun "
                 "(turn and round limits add up, %(cite)s); confirm it to record it.",
                 number=number, player_name=first['player_name'], round=first['round'],
                 label=first['label'], judge=first['judge'], cite=cite))
    detail = {"code": "repeat_time_penalty", "message": message, "player": number,
              "first": first}
    if index is not None:
        detail["index"] = index
    raise Conflict(message, details=[detail])


def issue(tournament: Tournament, card: Card, spec: PenaltySpec, user: User, *, op_id: str,
          ruling: Ruling | None, history_for: dict[int, list[dict]],
          card_views: list[dict] | None = None, issued_here: list[dict] | None = None,
          index: int | None = None) -> Penalty:
    """Check one penalty against the rubric, store it and put its points on the card."""
    number = spec.player
    player = seated_player(card, number)
    category, infraction, kind = spec.category, spec.infraction, spec.kind
    rubric = get_ruleset(tournament.ruleset).rubric
    example = _example(rubric, category, infraction)
    points = spec.points or 0
    reason = spec.reason
    round_ = spec.round
    if round_ is None and ruling is not None:
        round_ = ruling.round
    session = card.table.session.number
    # Every penalty of one ruling is weighed against the history before that ruling.
    if number not in history_for:
        history_for[number] = player_history(player)
    suggestion = _suggestion(tournament, history_for[number], category, example, session, round_)
    # The same player's earlier penalties, and those given earlier in this same ruling.
    here = [p for p in issued_here or [] if p["player"] == number]
    first = _earlier_time_penalty(rubric, history_for[number] + here, category, example,
                                  session, round_)
    if first is not None and not spec.confirm_repeat:
        _refuse_repeat(first, number, index,
                       page_words(get_ruleset(tournament.ruleset))["timers.time_cite"])
    missing_round = rubric.needs_round(category, example) if round_ is None else None
    if missing_round:
        # the rules count this foul per round or hand (MCR §3.11.6.3-5)
        raise Unprocessable(missing_round, details=[{"code": "round_required", "player": number,
                                                     "message": missing_round}])
    problems = rubric.check_choice(category, kind, points, infraction=example,
                                   occurrence=suggestion.occurrence, reason=reason)
    if problems:
        # A.5.6, A.5.7: any judge may depart from the rubric; only a missing reason stops it.
        raise Unprocessable(" ".join(p.message for p in problems),
                            details=[{"code": p.code, "message": p.message, "player": number}
                                    for p in problems])
    timed_points = (points if kind == "points"
                    and rubric.counts_for_resignation(category, example) else 0)
    if timed_points and round_ is None:
        cite = page_words(get_ruleset(tournament.ruleset))["timers.time_cite"]
        raise Unprocessable(_("Give the round: time-limit points count per round (%(cite)s).",
                              cite=cite),
                            details=[{"code": "round_required", "player": number,
                                      "message": _("Give the round (%(cite)s).", cite=cite)}])
    before = round_time_points(rubric, history_for[number] + here, session, round_)
    answer = ask_resignation(player, session, round_, before, timed_points,
                             answer=spec.resignation, explanation=spec.explanation, index=index)
    paid_to = _paid_to(spec.paid_to, card, number, points) if kind == "points" else None
    if kind == "points":
        paid_to = _rule_payees(rubric, card, number, category, example, points, paid_to)
    penalty = Penalty(tournament_id=tournament.id, player_id=player.id,
                      ruling_id=ruling.id if ruling else None, session_number=session,
                      round=round_, category=category, infraction=infraction, kind=kind,
                      points=points if kind == "points" else 0,
                      suggested_kind=suggestion.kind, suggested_points=suggestion.points,
                      explanation=suggestion.explanation, reason=reason, paid_to=paid_to,
                      judge_id=user.id, op_id=op_id,
                      is_departure=suggestion.is_departure(kind, points))
    if kind == "points":
        # §4.11: the points come off the offender's total on their card's penalty line.
        line = (f"{rubric.get_category(category).title}: "
                f"{infraction_label(rubric, category, infraction)}")
        if ruling is not None:
            line += f" (ruling #{ruling.id})"
        body = card_writes.put_penalty(card, number, points, line, Actor.for_user(user),
                                       round_=round_, op_id=sub_op_id(op_id, "card"))
        penalty.card_penalty_id = body["penalty"]
        if card_views is not None:
            card_views.append(body["card"])
        if paid_to:
            _credit(card, paid_to, number, line, user)
    if kind == "disqualification":
        player.status = "disqualified"
        player.left_session = session + 1
    if kind == "session_forfeit":
        # MCR §3.11.2.1: absent for this session only, back in the next one
        session_changes.forfeit_session(card, player, user, reason or infraction)
    db.session.add(penalty)
    db.session.flush()
    if kind != "points" and round_ is not None and rubric.loses_win(category, infraction, kind):
        # MCR §3.11.3, ZJ §1.8: the card now refuses this player as that round's winner
        card_writes.touch(card)
    if kind == "resignation" and player.status == "active":
        # §4.11: a resignation puts the player out of the tournament, not just the round
        results.mark_resigned(tournament, number, session + 1,
                                f"Ruled resigned by {user.name}: {reason}"[:500], user)
    settle_resignation(tournament, card, player, penalty, answer, spec.explanation,
                       before + timed_points, user)
    record_event("judging.penalty", tournament_id=tournament.id, actor=user,
                 subject=f"penalty:{penalty.id}",
                 after={"player": number, "category": category, "infraction": infraction,
                        "kind": kind, "points": penalty.points, "suggested": suggestion.label,
                        "paid_to": paid_to, "ruling": penalty.ruling_id,
                        **({"repeat_of": first["id"]} if first is not None else {})})
    if issued_here is not None:
        issued_here.append(_penalty_json(rubric, penalty, number, player.name, user.name,
                                         is_void=False, code=tournament.ruleset))
    return penalty


def issue_paper_time_line(tournament: Tournament, card: Card, spec: PenaltySpec, user: User, *,
                          op_id: str, history_for: dict[int, list[dict]],
                          issued_here: list[dict], index: int) -> Penalty:
    """Give a signed paper card's time-limit line as a penalty that counts toward §1.9's 80."""
    return issue(tournament, card, spec, user, op_id=sub_op_id(op_id, f"paper-time-{index}"),
                 ruling=None, history_for=history_for, issued_here=issued_here, index=index)


def _credit(card: Card, paid_to: dict[str, int], offender: int, line: str, user: User) -> None:
    """Credit opponents on the penalty line when the judge rules the points are paid (§4.11)."""
    # A negative line adds to a total; add_penalty refuses those, so they are written here,
    # in the same transaction that already bumped the card's version.
    for number, amount in paid_to.items():
        db.session.add(CardPenalty(card_id=card.id, player_number=int(number), points=-amount,
                                   round=None, reason=f"Paid by player {offender}: {line}",
                                   recorded_by=Actor.for_user(user).label))
    db.session.flush()
    card_totals.store_totals([card.id])


def issue_penalty(tournament: Tournament, body: PenaltyBody, user: User) -> dict:
    """Give one penalty, checked against the rubric; optionally attach it to a ruling."""
    card = get_card(tournament.id, body.card_id)
    ruling = None
    if body.ruling_id is not None:
        ruling = db.session.get(Ruling, body.ruling_id)
        check_tournament(ruling, tournament.id, _("ruling"))
    views: list[dict] = []
    penalty = issue(tournament, card, body, user, op_id=body.op_id, ruling=ruling,
                     history_for={}, card_views=views)
    totals = views[-1]["totals"] if views and not penalty.paid_to else None
    if penalty.kind == "points" and totals is None:
        totals = card_view(card)["totals"]
    player = db.session.get(Player, penalty.player_id)
    rubric = get_ruleset(tournament.ruleset).rubric
    return {"penalty": _penalty_json(rubric, penalty, player.number, player.name, user.name,
                                     is_void=False, code=tournament.ruleset),
            "card": {"id": card.id, "totals": totals}}


# ---------------------------------------------------------------- resignation (§1.9, §4.11)

def round_time_points(rubric: Rubric, history: list[dict], session: int,
                      round_: int | None) -> int:
    """Return a player's live time-limit penalty points in one round (§1.9)."""
    if round_ is None:
        return 0
    return sum(h["points"] for h in history
               if not h["is_void"] and h["kind"] == "points" and h["session"] == session
               and h["round"] == round_
               and rubric.counts_for_resignation(h["category"], h["infraction"]))


def ask_resignation(player: Player, session: int, round_: int | None, before: int, added: int,
                    *, answer: str | None, explanation: str,
                    index: int | None = None) -> str | None:
    """Ask the judge the §1.9 question when new time points take a round above 80.

    Return the judge's answer ('explained' or 'resigned'), or None when there is nothing to
    ask; without an answer, refuse the write (409 resignation_question) so nothing is saved.
    """
    rules = rules_of(player.tournament_id)
    timing, words = rules.timing, page_words(rules)
    if (round_ is None or player.status != "active"
            or not timing.crosses_resignation(before, added)):
        return None
    total = before + added
    over = timing.resignation_over_points
    if answer is None:
        message = (_("#%(number)s %(name)s would have %(total)s time-penalty points in round "
                     "%(round)s of session %(session)s: more than %(over)s, so the player is "
                     "considered resigned unless they gave a reasonable explanation "
                     "(%(time_cite)s). Was a reasonable explanation given? If yes, write it "
                     "down and nothing else changes. If not, confirm: the player resigns from "
                     "the tournament and is out of it (%(out_cite)s).", number=player.number,
                     name=player.name, total=total, round=round_, session=session, over=over,
                     time_cite=words['timers.time_cite'], out_cite=words['timers.out_cite']))
        detail = {"code": "resignation_question", "message": message, "player": player.number,
                  "name": player.name, "session": session, "round": round_,
                  "points_before": before, "points_after": total,
                  "choices": ["explained", "resigned"]}
        if index is not None:
            detail["index"] = index
        raise Conflict(message, details=[detail], code="resignation_question")
    if answer == "explained" and not explanation:
        message = (_("Write down the explanation you accepted from the player (%(time_cite)s).",
                     time_cite=words['timers.time_cite']))
        raise Unprocessable(message, details=[
            {"code": "explanation_missing", "message": message, "player": player.number,
             **({"index": index} if index is not None else {})}])
    return answer


def settle_resignation(tournament: Tournament, card: Card, player: Player, penalty: Penalty,
                       answer: str | None, explanation: str, total: int,
                       user: User) -> Ruling | None:
    """Carry out the judge's answer: keep the explanation, or resign the player (§1.9, §4.11)."""
    if answer is None:
        return None
    session, round_ = card.table.session.number, penalty.round
    rules = get_ruleset(tournament.ruleset)
    over, words = rules.timing.resignation_over_points, rules.words
    if answer == "explained":
        penalty.time_explanation = explanation
        db.session.flush()
        record_event("judging.time_explanation", tournament_id=tournament.id, actor=user,
                     subject=f"penalty:{penalty.id}",
                     after={"player": player.number, "session": session, "round": round_,
                            "time_points": total, "explanation": explanation})
        return None
    what = (f"Player {player.number} ({player.name}) reached {total} time-penalty points in "
            f"round {round_} of session {session}, more than {over}, and gave "
            f"no reasonable explanation ({words['timers.time_cite']}).")
    decision = (f"Player {player.number} ({player.name}) resigns from the tournament: out of "
                f"every session from {session + 1} on ({words['timers.resign_cite']}), ranked "
                "below everyone "
                "still playing (our reading).")
    ruling = Ruling(tournament_id=tournament.id, card_id=card.id, session_number=session,
                    table_number=card.table.number, round=round_, players=[player.number],
                    what_happened=what, sections=list(rules.timing.resignation_sections),
                    decision=decision,
                    judge_id=user.id, resolved_at=utcnow(),
                    op_id=sub_op_id(penalty.op_id or str(penalty.id), "resign"))
    db.session.add(ruling)
    db.session.flush()
    results.mark_resigned(tournament, player.number, session + 1,
                            f"More than {over} time-penalty points in round "
                            f"{round_} of session {session}, no reasonable explanation "
                            f"({words['timers.resign_cite']}); ruling #{ruling.id}", user)
    record_event("judging.resignation", tournament_id=tournament.id, actor=user,
                 subject=f"ruling:{ruling.id}",
                 after={"player": player.number, "session": session, "round": round_,
                        "time_points": total, "penalty": penalty.id})
    return ruling


# ---------------------------------------------------------------- departures (A.5.7)

def departures(tournament_id: int) -> list[dict]:
    """Return the penalties that depart from the rubric, newest first, for the head judge.

    Any judge may depart from the suggestion with a reason (A.5.6, A.5.7); the head judge
    reviews them and has the final decision on appeal (§4.3, §4.11).
    """
    rows = penalty_rows((Penalty.tournament_id == tournament_id)
                        & Penalty.is_departure.is_(True), tournament_id)
    return rows[::-1]
