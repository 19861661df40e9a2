"""A whole signed paper scoring card, entered by a judge after an outage (§4.9, A.2.2).

When the network or the server was down, the table kept the paper card and the four players
signed it. The judge types it in on one screen; this applies all of it in one transaction, or
nothing:

- every round is checked like a single round (the same schema rules and the same scoring);
- a round already recorded the same way is left alone ("already recorded");
- a round recorded another way is a conflict: nothing is applied until the judge chooses,
  for that round, "keep" (the recorded line stands) or "paper" (a correction, with the
  revision the judge saw as its base, audited like any correction);
- the penalty lines are added with the card's own verb; a line the judge marks as a
  time-limit penalty is given like any time penalty, so it counts toward the 80 time points of
  its round and may raise the §1.9 resignation question (nothing is saved until it is answered);
- each signature is recorded as a confirmation "via paper", apart from a player's own tap.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext
from pydantic import ValidationError

from judgeaid.edge import describe
from judgeaid.models import Card, Player
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services import card_views, card_writes, cards, penalties
from judgeaid.services.audit import record_event
from judgeaid.services.card_inputs import CardRoundBody, PaperCardBody, PaperPenalty, PaperRound
from judgeaid.services.cards import Actor
from judgeaid.services.core_messages import say_rule
from judgeaid.services.errors import Conflict, Forbidden, ServiceError, Unprocessable
from judgeaid.services.judge_inputs import PenaltySpec
from judgeaid.services.players import get_player_or_404
from judgeaid.tournament.card import BadRound, score_round
from judgeaid.wording import page_words

# The fields a paper card shows for a round: a recorded line with the same ones (and the same
# deltas) is the same round, whatever patterns were ticked when it was recorded.
SHOWN = ("result", "winner", "win", "discarder", "value")

CORRECTION_REASON = "Signed paper card, entered after an outage: the judge chose the paper."


def _problem(row: str, message: str, *, field: str | None = None, **where) -> dict:
    return {"kind": "error", "row": row, "field": field, "message": message, **where}


def _single(paper: PaperRound, op_id: str, **correction) -> CardRoundBody:
    """Return the paper round as the body of a single round (the same checks apply)."""
    return CardRoundBody.model_validate({**paper.model_dump(exclude_none=True), "op_id": op_id,
                                         **correction})


def _field_of(detail: dict) -> str | None:
    """Name the field a single round's rule is about ("winner is required ..." -> winner)."""
    if detail["field"] != "body":
        return detail["field"]
    first = detail["message"].split(" ", 1)[0]
    return first if first in PaperRound.model_fields else None


def _line(single: CardRoundBody, deltas: dict[int, int]) -> dict:
    line = {key: getattr(single, key) for key in SHOWN}
    if single.result == "draw":
        line.update(winner=None, win=None, discarder=None, value=None)
    elif single.win == "self":
        line["discarder"] = None
    return {**line, "same_turn": list(single.same_turn or []), "deltas": deltas}


def _is_same(recorded: dict, paper: dict) -> bool:
    return (all(recorded.get(key) == paper[key] for key in SHOWN)
            and {int(k): v for k, v in recorded["deltas"].items()} == paper["deltas"])


def _recorded(line: dict) -> dict:
    return {"result": line["result"], "winner": line["winner"], "win": line["win"],
            "discarder": line["discarder"], "value": line["value"],
            "same_turn": line["same_turn"], "deltas": line["deltas"],
            "revision": line["revision"], "recorded_by": line["recorded_by"],
            "recorded_at": line["recorded_at"]}


def enter_paper_card(card: Card, body: PaperCardBody, actor: Actor) -> dict:
    """Apply a whole signed paper card at once, or raise with what is wrong, row by row."""
    if not actor.is_judge:
        raise Forbidden(_("Only a judge may enter a paper card."))
    view = card_views.card_view(card)
    seats = cards.round_seats(card)
    payoff = get_ruleset(card.table.session.tournament.ruleset).scoring.payoff
    # everyone who sat at the table (a substitute too, §4.15) may have a penalty line; the
    # players seated at the end sign
    players = {p["number"] for p in view["people"]}
    signers = set(view["signers"])
    problems: list[dict] = []
    conflicts: list[dict] = []
    new: list[CardRoundBody] = []
    corrected: list[CardRoundBody] = []
    same: list[int] = []
    kept: list[int] = []
    choices = {choice.round: choice for choice in body.choices}
    seen: set[int] = set()

    for paper in body.rounds:
        number, row = paper.round, f"round {paper.round}"
        if number in seen:
            problems.append(_problem(row, _("Round %(number)s is on the paper card twice.",
                                            number=number),
                                     field="round", round=number))
            continue
        seen.add(number)
        try:
            single = _single(paper, body.op_id)
        except ValidationError as exc:
            problems.extend(_problem(row, d["message"], field=_field_of(d), round=number)
                            for d in describe(exc.errors()))
            continue
        recorded = view["rounds"][number - 1]
        if not recorded["recorded"] and recorded.get("result") == "not_played":
            words = page_words(get_ruleset(card.table.session.tournament.ruleset))
            message = (_("%(Round)s %(number)s was marked not played: a player left%(cite)s "
                         "and nobody took the seat.", Round=words['card.hand_word_title'],
                         number=number, cite=bracketed(words['card.leave_cite']))
                       if recorded.get("not_played_reason") == "seat_empty" else
                       _("%(Round)s %(number)s was marked not played: the session time ran "
                         "out%(cite)s.", Round=words['card.hand_word_title'], number=number,
                         cite=bracketed(words['card.time_cite'])))
            problems.append(_problem(row, message, round=number))
            continue
        try:
            result = score_round(seats[number - 1], payoff=payoff, scheme=view["scheme"],
                                 result=single.result, winner=single.winner,
                                 value=single.value, win=single.win,
                                 discarder=single.discarder if single.win == "discard" else None,
                                 same_turn=single.same_turn)
        except BadRound as exc:
            problems.append(_problem(row, say_rule(card.table.session.tournament.ruleset,
                                                   str(exc)), round=number))
            continue
        line = _line(single, result.deltas)
        if not recorded["recorded"]:
            new.append(single)
        elif _is_same(recorded, line):
            same.append(number)
        elif (choice := choices.get(number)) is None or choice.base_revision != recorded[
                "revision"]:
            stale = choice is not None
            conflicts.append({
                "kind": "conflict", "row": row, "round": number,
                "message": (_("Round %(number)s changed again since you chose (revision "
                              "%(revision)s now stands): look again and choose.",
                              number=number, revision=recorded['revision'])
                            if stale else
                            _("Round %(number)s is recorded differently (by %(who)s): keep the "
                              "recorded line or use the paper.", number=number,
                              who=recorded['recorded_by'].split(':', 1)[-1])),
                "recorded": _recorded(recorded), "paper": line})
        elif choice.choice == "keep":
            kept.append(number)
        else:
            # the paper has no column for §1.2.7 marks: the recorded ones stay
            marks = {key: value for key, value in (
                ("dealer", recorded["wrong_dealer"]),
                ("compensation_for", recorded["compensation_for"])) if value is not None}
            corrected.append(_single(paper, body.op_id, correction=True,
                                     base_revision=choice.base_revision,
                                     reason=CORRECTION_REASON, **marks))

    rules = get_ruleset(card.table.session.tournament.ruleset)
    for index, penalty in enumerate(body.penalties, start=1):
        row = f"penalty {index}"
        if penalty.player not in players:
            problems.append(_problem(row, _("Player %(player)s is not at this table.",
                                            player=penalty.player),
                                     field="player", penalty=index))
        if not " ".join(penalty.reason.split()):
            problems.append(_problem(row, _("A penalty needs a reason (cite the rule, e.g. "
                                            "%(penalty_example)s).",
                                            penalty_example=page_words(rules)['card.penalty_example']),
                                     field="reason", penalty=index))
        if penalty.is_time and not rules.timing.has_play_timers:
            problems.append(_problem(row, page_words(rules)["timers.none"], field="is_time",
                                     penalty=index, code="no_time_penalties"))
        elif penalty.is_time and penalty.round is None:
            problems.append(_problem(row, page_words(rules)["paper.time_penalty_round"],
                                     field="round",
                                     penalty=index, code="round_required"))

    signed = list(dict.fromkeys(body.signed))
    for number in signed:
        if number not in signers:
            problems.append(_problem("signatures", _("Player %(number)s is not at this table.",
                                                     number=number),
                                     field="signed", player=number))
    if signed:
        missing = _missing_rounds(view, seen, time_over=body.time_over)
        if missing:
            words = page_words(rules)
            values = {"Round": words['card.hand_word_title'], "number": missing[0],
                      "more": len(missing) - 1, "round": words['card.hand_word'],
                      "cite": bracketed(words['card.time_cite'])}
            problems.append(_problem("signatures", _(
                "%(Round)s %(number)s and %(more)s more are not on the card, so the signatures "
                "cannot be recorded yet: enter every %(round)s, or tick “session time "
                "over”%(cite)s.", **values) if len(missing) > 1 else _(
                "%(Round)s %(number)s is not on the card, so the signatures cannot be recorded "
                "yet: enter every %(round)s, or tick “session time over”%(cite)s.", **values),
                field="signed"))

    if problems or conflicts:
        details = problems + conflicts
        if problems:
            raise Unprocessable(ngettext(
                "The paper card was not saved: %(num)s thing needs fixing. Nothing on the card "
                "changed.", "The paper card was not saved: %(num)s things need fixing. Nothing "
                "on the card changed.", len(problems)), details=details)
        raise Conflict(ngettext(
            "The paper card was not saved: %(num)s round is recorded differently. Choose for "
            "each: keep the recorded line or use the paper. Nothing on the card changed.",
            "The paper card was not saved: %(num)s rounds are recorded differently. Choose for "
            "each: keep the recorded line or use the paper. Nothing on the card changed.",
            len(conflicts)), details=details)
    _ask_resignations(card, view["session"], body.penalties)

    for single in new:
        card_writes.write_round(card, single, actor, op_id=body.op_id)
    for single in corrected:
        card_writes.write_round(card, single, actor, op_id=body.op_id)
    history_for: dict[int, list[dict]] = {}
    issued_here: list[dict] = []
    for index, penalty in enumerate(body.penalties, start=1):
        if penalty.is_time:
            penalties.issue_paper_time_line(
                card.table.session.tournament, card, _time_spec(card, penalty), actor.user,
                op_id=body.op_id, history_for=history_for,
                issued_here=issued_here, index=index)
        else:
            card_writes.put_penalty(card, penalty.player, penalty.points, penalty.reason, actor,
                                    round_=penalty.round, op_id=body.op_id)
    if body.time_over:
        card_writes.close_rounds(card, actor)
    for number in signed:
        card_writes.confirm_totals(card, number, actor, on_paper=True)
    summary = {"added": sorted(s.round for s in new), "already_recorded": sorted(same),
               "kept": sorted(kept), "corrected": sorted(s.round for s in corrected),
               "penalties": len(body.penalties), "signed_on_paper": signed,
               "time_over": body.time_over}
    record_event("card.paper", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}", after=summary)
    return {"card": card_views.card_view(card), "summary": summary}


def _time_spec(card: Card, penalty: PaperPenalty) -> PenaltySpec:
    """Return a paper time line as the penalty a judge gives for a time-limit violation."""
    clocked = get_ruleset(card.table.session.tournament.ruleset).timing.time_penalty
    # The paper is signed: a second time line in one round is what happened, not a slip.
    return PenaltySpec(player=penalty.player, category=clocked.category,
                       infraction=clocked.infraction, kind="points", points=penalty.points,
                       reason=penalty.reason, round=penalty.round, confirm_repeat=True,
                       resignation=penalty.resignation, explanation=penalty.explanation)


def _ask_resignations(card: Card, session: int, lines: list[PaperPenalty]) -> None:
    """Ask every §1.9 question the paper's time lines raise at once, before anything is saved."""
    questions: list[dict] = []
    problems: list[dict] = []
    histories: dict[int, tuple[Player, list[dict]]] = {}
    added: dict[tuple[int, int], int] = {}
    rubric = get_ruleset(card.table.session.tournament.ruleset).rubric
    for index, line in enumerate(lines, start=1):
        if not line.is_time:
            continue
        if line.player not in histories:
            player = get_player_or_404(card.table.session.tournament, line.player)
            histories[line.player] = player, penalties.player_history(player)
        player, history = histories[line.player]
        key = (line.player, line.round)
        before = (penalties.round_time_points(rubric, history, session, line.round)
                  + added.get(key, 0))
        added[key] = added.get(key, 0) + line.points
        try:
            penalties.ask_resignation(player, session, line.round, before, line.points,
                                    answer=line.resignation, explanation=line.explanation,
                                    index=index)
        except ServiceError as exc:
            where = {"row": f"penalty {index}", "penalty": index}
            if exc.code == "resignation_question":
                questions.extend({**d, "kind": "question", "field": "resignation", **where}
                                 for d in exc.details)
            else:
                problems.extend({**d, "kind": "error", "field": "explanation", **where}
                                for d in exc.details)
    if problems:
        cite = page_words(get_ruleset(card.table.session.tournament.ruleset))["timers.time_cite"]
        raise Unprocessable(_("The paper card was not saved: write down the explanation you "
                              "accepted (%(cite)s). Nothing on the card changed.", cite=cite),
                           details=problems)
    if questions:
        raise Conflict(_("The paper card was not saved: %(questions)s Nothing on the card "
                         "changed.", questions=" ".join(q["message"] for q in questions)),
                       details=questions,
                       code="resignation_question")


def _missing_rounds(view: dict, paper: set[int], *, time_over: bool) -> list[int]:
    """Return the rounds that would still be blank once the paper card is in."""
    have = {r["round"] for r in view["rounds"]
            if r["recorded"] or r.get("result") == "not_played"} | paper
    # the card view has a line for each of the ruleset's rounds
    last = max(have, default=0) if time_over else len(view["rounds"])
    return [n for n in range(1, last + 1) if n not in have]
