"""The ruling log (A.5, §4.3): writing an entry with its penalties, searching the log, and
an entry's read model with its versions, penalties and appeals.

Ruling log entries are never changed: a change is a new entry whose `supersedes_id` points at
the entry it replaces. `Ruling.players` holds player numbers (as on the card).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import or_, select

from judgeaid import hanzi
from judgeaid.extensions import db
from judgeaid.models import (
    Appeal,
    CallUp,
    Card,
    Penalty,
    Player,
    PlaySession,
    Ruling,
    Seat,
    Tournament,
    User,
    utcnow,
)
from judgeaid.rules import get_ruleset
from judgeaid.services import penalties, rule_texts
from judgeaid.services.audit import record_event
from judgeaid.services.call_ups import get_call, get_card, table_players
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.judge_common import (
    check_tournament,
    roster,
    user_names,
)
from judgeaid.services.judge_inputs import LogQuery, PenaltySpec, RulingBody
from judgeaid.values import iso_z, sub_op_id
from judgeaid.wording import page_words, rule_text


def N_(text: str) -> str:
    """Mark a message for the catalogues; it is translated where it is said."""
    return text


def _stored_kind_phrase(rubric, kind: str, points: int) -> str:
    """Return a penalty as the log stores it, in English whatever the page's language: '10
    points' or the rubric's label ('Warning')."""
    return f"{points} points" if kind == "points" else rubric.kind_labels.get(kind, kind)


DECISION_LABELS = {"upheld": N_("Upheld"), "overturned": N_("Overturned"),
                   "modified": N_("Modified")}
# How far back a phone may date a ruling it saved offline (its resolved time).
OFFLINE_GRACE = timedelta(hours=12)



def _links(tournament_id: int) -> dict[int, int]:
    """Return entry id -> the entry it supersedes, for every changed entry."""
    return dict(db.session.execute(select(Ruling.id, Ruling.supersedes_id).where(
        Ruling.tournament_id == tournament_id, Ruling.supersedes_id.is_not(None))).all())


def _resolved_at(at_ms: int | None) -> datetime:
    """Return when the judge saved the ruling: the phone's time if it was offline, else now."""
    now = utcnow()
    if at_ms is None:
        return now
    at = datetime.fromtimestamp(at_ms / 1000, UTC).replace(tzinfo=None)
    return at if now - OFFLINE_GRACE <= at <= now else now


def _entry_to_change(tournament: Tournament, supersedes_id: int | None) -> Ruling | None:
    """Return the entry a change supersedes, which must still be the current one."""
    if supersedes_id is None:
        return None
    old = db.session.scalar(select(Ruling).where(
        Ruling.id == supersedes_id).with_for_update())
    check_tournament(old, tournament.id, _("ruling to change"))
    newer = db.session.scalar(select(Ruling.id).where(Ruling.tournament_id == tournament.id,
                                                      Ruling.supersedes_id == old.id))
    if newer is not None:
        raise Conflict(_("Ruling #%(id)s was already changed by entry #%(newer)s; change that "
                         "one instead.", id=old.id, newer=newer))
    return old


def _call_for_ruling(tournament: Tournament, call_up_id: int | None,
                     old: Ruling | None) -> CallUp | None:
    """Return the call-up the entry answers; each call-up has one entry (changes aside)."""
    call_id = old.call_up_id if old else call_up_id
    if call_id is None:
        return None
    call = get_call(tournament.id, call_id)
    if old is None and call.status == "resolved":
        done = db.session.scalar(select(Ruling.id).where(Ruling.call_up_id == call.id))
        raise Conflict(_("This call-up already has its entry (#%(done)s); change that entry "
                         "instead.", done=done))
    return call


def _kept(value, old: Ruling | None, column: str):
    """Return a change's value, or the old entry's when the change leaves it out (or null)."""
    if value is None and old is not None:
        return getattr(old, column)
    return value


def _read_ruling(tournament: Tournament, body: RulingBody, old: Ruling | None,
                 call: CallUp | None) -> tuple[dict, Card | None, list[PenaltySpec]]:
    """Check an entry's fields; a change keeps what it leaves out (or null) from the old entry."""
    card_id = _kept(body.card_id, old, "card_id")
    if card_id is None and call is not None:
        card_id = call.card_id
    card = get_card(tournament.id, card_id) if card_id is not None else None
    if call is not None and card is not None and call.card_id != card.id:
        raise ServiceError(_("The call-up came from another table."))
    at_table = [p["number"] for p in table_players(card)] if card else []
    players = _kept(body.players, old, "players")
    if players is None:
        # Involved: the penalised players; with no penalty, the whole table.
        players = [s.player for s in body.penalties or []] or at_table
    known = set(at_table) if card else {r.number for r in roster(tournament.id).values()}
    for number in players:
        if number not in known:
            raise ServiceError(_("Player %(number)s is not at this table.", number=number))
    rules = get_ruleset(tournament.ruleset)
    cited = _kept(body.sections, old, "sections") or []
    unknown = [s for s in cited if not rules.guide.is_section(s)]
    if unknown:
        raise ServiceError(_("Unknown %(book)s section: %(join)s.",
                             book=page_words(rules)['rulings.book'], join=', '.join(unknown)))
    guide = _kept(body.guide_entry, old, "guide_entry") or None
    if guide is not None:
        try:
            rules.guide.entry(guide)
        except ValueError as exc:
            raise ServiceError(_("There is no guide answer %(guide)s.", guide=repr(guide))) from exc
    specs = list(body.penalties or [])
    if specs and card is None:
        raise ServiceError(_("Choose the table: a penalty goes on the player's card."))
    what = _kept(body.what_happened, old, "what_happened") or ""
    decision = _kept(body.decision, old, "decision") or ""
    if not what and specs:
        # A quick penalty: the infractions say what happened.
        what = "; ".join(dict.fromkeys(
            penalties.infraction_label(rules.rubric, s.category, s.infraction) for s in specs))
    if not what:
        raise ServiceError(_("Say what happened."))
    if not decision and not specs:
        raise ServiceError(_("Write the decision."))
    fields = {"round": _kept(body.round, old, "round"),
              "players": sorted(set(players)), "sections": list(dict.fromkeys(cited)),
              "guide_entry": guide, "what_happened": what, "decision": decision}
    return fields, card, specs


def record_ruling(tournament: Tournament, body: RulingBody, user: User) -> dict:
    """Write a ruling log entry with its penalties; a change is a new, linked entry."""
    op_id = body.op_id
    old = _entry_to_change(tournament, body.supersedes_id)
    call = _call_for_ruling(tournament, body.call_up_id, old)
    fields, card, specs = _read_ruling(tournament, body, old, call)
    resolved_at = _resolved_at(body.resolved_at_ms)
    if call is not None and call.status == "waiting":
        # The judge came without tapping "take it": they arrived when they wrote the ruling.
        call.status, call.taken_by, call.taken_at = "taken", user.id, resolved_at
    ruling = Ruling(
        tournament_id=tournament.id, call_up_id=call.id if call else None,
        card_id=card.id if card else None,
        session_number=card.table.session.number if card else (old.session_number if old
                                                                else None),
        table_number=card.table.number if card else (old.table_number if old else None),
        **fields, judge_id=user.id,
        called_at=call.called_at if call else (old.called_at if old else None),
        arrived_at=call.taken_at if call else (old.arrived_at if old else None),
        resolved_at=old.resolved_at if old else resolved_at,
        supersedes_id=old.id if old else None, op_id=op_id)
    db.session.add(ruling)
    db.session.flush()
    history_for: dict[int, list[dict]] = {}
    issued_here: list[dict] = []
    issued = [penalties.issue(tournament, card, spec, user, op_id=sub_op_id(op_id, f"p{i}"),
                     ruling=ruling, history_for=history_for, issued_here=issued_here, index=i)
              for i, spec in enumerate(specs)]
    if not ruling.decision:
        rubric = get_ruleset(tournament.ruleset).rubric
        ruling.decision = "; ".join(
            f"Player {db.session.get(Player, p.player_id).number}: "
            f"{_stored_kind_phrase(rubric, p.kind, p.points)}" for p in issued)
    if call is not None and call.status != "resolved":
        call.status, call.resolved_at = "resolved", resolved_at
    db.session.flush()
    record_event("judging.ruling.change" if old else "judging.ruling", tournament_id=tournament.id,
                 actor=user, subject=f"ruling:{ruling.id}",
                 before={"ruling": old.id} if old else None,
                 after={"table": ruling.table_number, "decision": ruling.decision,
                        "penalties": [p.id for p in issued]})
    return {"ruling": ruling_detail(tournament.id, ruling.id)["entry"]}


def log_entries(tournament_id: int, rulings: list[Ruling]) -> list[dict]:
    """Return log entries as plain data, each with its chain's penalties and appeals."""
    if not rulings:
        return []
    links = _links(tournament_id)
    superseded_by = {old: new for new, old in links.items()}

    def chain(ruling: Ruling) -> list[int]:
        ids = [ruling.id]
        while ids[-1] in links:
            ids.append(links[ids[-1]])
        return ids

    chains = {r.id: chain(r) for r in rulings}
    wanted = {i for ids in chains.values() for i in ids}
    # A long log reads the event's penalties at once; a few entries read only their own.
    where = (Penalty.tournament_id == tournament_id if len(wanted) > 200
             else Penalty.ruling_id.in_(wanted))
    by_ruling: dict[int, list[dict]] = {}
    for p in penalties.penalty_rows(where, tournament_id):
        if p["ruling_id"] in wanted:
            by_ruling.setdefault(p["ruling_id"], []).append(p)
    players = roster(tournament_id)
    names = {r.number: r.name for r in players.values()}
    judges = user_names(tournament_id)
    appeals: dict[int, list[dict]] = {}
    query = select(Appeal).where(Appeal.tournament_id == tournament_id)
    if len(wanted) <= 200:
        query = query.where(Appeal.ruling_id.in_(wanted))
    for a in db.session.scalars(query.order_by(Appeal.filed_at, Appeal.id)):
        appeals.setdefault(a.ruling_id, []).append(appeal_json(a, players, judges))

    rules = penalties.rules_of(tournament_id)
    guide_of = rules.guide
    out = []
    for r in rulings:
        ids = chains[r.id]
        guide = None
        if r.guide_entry:
            try:
                guide = {"id": r.guide_entry,
                         "title": rule_text(rules.code, guide_of.entry(r.guide_entry).title)}
            except ValueError:
                guide = {"id": r.guide_entry, "title": r.guide_entry}
        out.append({
            "id": r.id, "session": r.session_number, "table": r.table_number, "round": r.round,
            "card_id": r.card_id, "call_up_id": r.call_up_id,
            "players": [{"number": n, "name": names.get(n, "?")} for n in r.players],
            "what_happened": r.what_happened, "decision": r.decision,
            "sections": [{"id": s, "title": rule_texts.section_title(rules.code,
                                                                     guide_of.section(s)),
                          "citation": rule_texts.citation(rules.code, guide_of.section(s))}
                         if guide_of.is_section(s) else {
                             "id": s, "title": "", "citation": rules.cite(s)}
                         for s in r.sections],
            "guide": guide, "judge": judges.get(r.judge_id, "?"), "judge_id": r.judge_id,
            "called_at": iso_z(r.called_at), "arrived_at": iso_z(r.arrived_at),
            "resolved_at": iso_z(r.resolved_at), "created_at": iso_z(r.created_at),
            "supersedes_id": r.supersedes_id, "superseded_by": superseded_by.get(r.id),
            "is_current": r.id not in superseded_by, "versions": len(ids),
            "penalties": [p for i in reversed(ids) for p in by_ruling.get(i, [])],
            "appeals": [a for i in reversed(ids) for a in appeals.get(i, [])],
        })
    return out


def _may_concern(tournament_id: int, number: int):
    """Return a filter for the entries that may be about a player: at their tables, or theirs."""
    player_id = select(Player.id).where(Player.tournament_id == tournament_id,
                                        Player.number == number).scalar_subquery()
    their_cards = (select(Card.id).join(Seat, Seat.table_id == Card.table_id)
                   .where(Seat.player_id == player_id))
    penalised = select(Penalty.ruling_id).where(Penalty.player_id == player_id)
    return or_(Ruling.card_id.in_(their_cards), Ruling.card_id.is_(None),
               Ruling.id.in_(penalised))


def entries_about(tournament_id: int, number: int) -> list[dict]:
    """Return the current log entries about one player, newest first: what their own page
    shows (search_log without its filters' lists)."""
    rulings = list(db.session.scalars(
        select(Ruling).where(Ruling.tournament_id == tournament_id,
                             _may_concern(tournament_id, number))
        .order_by(Ruling.created_at.desc(), Ruling.id.desc())))
    return [e for e in log_entries(tournament_id, rulings)
            if involves(e, number) and e["is_current"]]


def search_log(tournament_id: int, filters: LogQuery | None = None) -> dict:
    """Return log entries filtered by table, player, judge, session or words."""
    filters = filters or LogQuery()
    table, player, judge, session = filters.table, filters.player, filters.judge, filters.session
    words = hanzi.fold(filters.q).split()
    with_history = filters.history
    query = select(Ruling).where(Ruling.tournament_id == tournament_id)
    if table is not None:
        query = query.where(Ruling.table_number == table)
    if judge is not None:
        query = query.where(Ruling.judge_id == judge)
    if session is not None:
        query = query.where(Ruling.session_number == session)
    if player is not None:
        query = query.where(_may_concern(tournament_id, player))
    rulings = list(db.session.scalars(query.order_by(Ruling.created_at.desc(),
                                                     Ruling.id.desc())))
    entries = log_entries(tournament_id, rulings)
    if player is not None:
        entries = [e for e in entries if involves(e, player)]
    if words:
        def matches(e: dict) -> bool:
            text = " ".join([e["what_happened"], e["decision"],
                             *(s["id"] for s in e["sections"]),
                             *(p["name"] for p in e["players"])])
            text = hanzi.fold(text)
            return all(w in text for w in words)
        entries = [e for e in entries if matches(e)]
    if not with_history:
        entries = [e for e in entries if e["is_current"]]
    staff = db.session.execute(select(User.id, User.name, User.role).where(
        User.tournament_id == tournament_id, User.role.in_(("judge", "head_judge", "organizer")))
        .order_by(User.name)).all()
    sessions_ = db.session.scalars(select(PlaySession.number).where(
        PlaySession.tournament_id == tournament_id).order_by(PlaySession.number)).all()
    return {"entries": entries,
            "filters": {"table": table, "player": player, "judge": judge, "session": session,
                        "q": " ".join(words), "history": with_history},
            "judges": [{"id": i, "name": n, "role": r} for i, n, r in staff],
            "sessions": list(sessions_)}


def ruling_detail(tournament_id: int, ruling_id: int) -> dict:
    """Return one log entry with its earlier and later versions."""
    ruling = db.session.get(Ruling, ruling_id)
    check_tournament(ruling, tournament_id, _("ruling #%(ruling_id)s", ruling_id=ruling_id))
    links = _links(tournament_id)
    later = {old: new for new, old in links.items()}
    ids = [ruling.id]
    while ids[-1] in links:
        ids.append(links[ids[-1]])
    newer: list[int] = []
    while (newer[-1] if newer else ruling.id) in later:
        newer.append(later[newer[-1] if newer else ruling.id])
    order = [*reversed(newer), *ids]
    rows = {r.id: r for r in db.session.scalars(select(Ruling).where(Ruling.id.in_(order)))}
    entries = log_entries(tournament_id, [rows[i] for i in order])
    return {"entry": entries[len(newer)], "newer": entries[:len(newer)],
            "older": entries[len(newer) + 1:]}


def appeal_json(appeal: Appeal, roster: dict[int, Any], judges: dict[int, str]) -> dict:
    """Return one appeal as plain data (roster: player rows by id; judges: names by id)."""
    by = roster.get(appeal.player_id)
    return {"id": appeal.id, "ruling_id": appeal.ruling_id,
            "player": by.number if by else None, "player_name": by.name if by else "?",
            "text": appeal.text, "filed_at": iso_z(appeal.filed_at), "status": appeal.status,
            "decision": appeal.decision,
            "decision_label": (_(DECISION_LABELS[appeal.decision])
                               if appeal.decision in DECISION_LABELS else ""),
            "decision_reason": appeal.decision_reason,
            "decided_by": judges.get(appeal.decided_by) if appeal.decided_by else None,
            "decided_at": iso_z(appeal.decided_at)}


def involves(entry: dict, number: int) -> bool:
    """Say whether a log entry is about this player: involved, or penalised in it."""
    return (any(p["number"] == number for p in entry["players"])
            or any(p["player"] == number for p in entry["penalties"]))
