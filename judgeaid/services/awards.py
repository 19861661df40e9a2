"""The side prizes of the prize-giving, read from the recorded hands (issue 30): best hand,
most wins, most self-draws, best session score, and the awards the event's ruleset declares
over its patterns (`rules.can.pattern_awards`). The organizer can turn them off."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.i18n import page_lang
from judgeaid.models import Card, CardRound, Player, PlaySession, Table, Tournament
from judgeaid.rules import get_ruleset
from judgeaid.services import closing
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.audit import record_event
from judgeaid.services.standings_data import computed_standings, seat_totals
from judgeaid.tournament import awards as core
from judgeaid.wording import translated_words

# the event's setting that turns the awards off (absent: on)
AWARDS_OFF = "awards_off"

TITLES = {
    core.BEST_HAND: _l("Best hand"),
    core.MOST_WINS: _l("Most wins"),
    core.MOST_SELF_DRAWS: _l("Most self-draws"),
    core.BEST_SESSION: _l("Best session score"),
}
HOW = {
    core.BEST_HAND: _l("The highest value of one winning hand as recorded on the cards (its "
                       "latest correction); every hand of that value is listed."),
    core.MOST_WINS: _l("Counts each player's winning hands, self-drawn or on a discard, over "
                       "every session; players level share the award."),
    core.MOST_SELF_DRAWS: _l("Counts each player's hands won by self-draw over every session; "
                             "players level share the award."),
    core.BEST_SESSION: _l("The highest card total of one player in one session: the hands' "
                          "scores and the penalty line, as the standings read them."),
}
# the awards over many hands: their holders name no session, table or hand
OVER_MANY = {core.MOST_WINS, core.MOST_SELF_DRAWS, core.BEST_SESSION}


def are_on(tournament: Tournament) -> bool:
    """Return whether the event gives awards (the organizer may turn them off)."""
    return not (tournament.settings or {}).get(AWARDS_OFF)


def set_awards(tournament: Tournament, is_on: bool, actor) -> None:
    """Turn the event's awards on or off (any time: it changes no score)."""
    before = dict(tournament.settings or {})
    settings = {key: value for key, value in before.items() if key != AWARDS_OFF}
    if not is_on:
        settings[AWARDS_OFF] = True
    tournament.settings = settings  # a new dict: the change is seen and the revision bumps
    record_event("tournament.awards", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}", before={"on": AWARDS_OFF not in before},
                 after={"on": is_on})
    db.session.flush()


def recorded_wins(tournament_id: int) -> list[core.Hand]:
    """Return every recorded win of the event, the latest revision of each round."""
    rows = db.session.execute(
        select(CardRound.card_id, CardRound.round, CardRound.revision, CardRound.result,
               CardRound.winner, CardRound.value, CardRound.win, CardRound.patterns,
               PlaySession.number, Table.number)
        .join(Card, Card.id == CardRound.card_id).join(Table, Table.id == Card.table_id)
        .join(PlaySession, PlaySession.id == Table.session_id)
        .where(Card.tournament_id == tournament_id)
        .order_by(CardRound.card_id, CardRound.round, CardRound.revision))
    latest = {}
    for row in rows:
        latest[row[0], row[1]] = row  # ordered by revision: the last one stands
    return [core.Hand(session=session, table=table, hand=number, winner=winner, value=value,
                      is_self_draw=win == "self", patterns=patterns)
            for (_card, number, _rev, result, winner, value, win, patterns, session, table)
            in latest.values() if result == "win" and winner is not None]


def _computed(tournament: Tournament, before: int | None) -> list[core.Award]:
    def shown(session: int) -> bool:
        return before is None or session < before

    scores = [core.SessionScore(s.session_number, s.table, s.player_number, s.total)
              for s in seat_totals(tournament.id)
              if s.card_id is not None and not s.is_neutral and shown(s.session_number)]
    declared = get_ruleset(tournament.ruleset).can.pattern_awards
    hands = [hand for hand in recorded_wins(tournament.id) if shown(hand.session)]
    return core.compute_awards(hands, scores, [(a.code, a.patterns) for a in declared])


def awards_view(tournament_id: int, *, sees_all: bool = True) -> dict:
    """Return the event's awards as plain data for the API, the page and the projector; while
    the standings are hidden from a session on (services.closing), a reader who does not
    `sees_all` gets the awards of the sessions before it only."""
    tournament = get_tournament_or_404(tournament_id)
    hidden = closing.hidden_from(tournament)
    before = hidden if hidden is not None and not sees_all else None
    if not are_on(tournament):
        return {"awards": [], "kinds": [], "is_on": False,
                "tournament": {"id": tournament.id, "name": tournament.name}}
    computed = computed_standings(tournament_id, lambda: _computed(tournament, before),
                                  part=f"awards before {before}")
    names = dict(db.session.execute(select(Player.number, Player.name)
                                    .where(Player.tournament_id == tournament_id)).all())
    words = translated_words(tournament.ruleset, dict(get_ruleset(tournament.ruleset).words),
                             page_lang())
    declared = {a.code: a.words_key for a in get_ruleset(tournament.ruleset).can.pattern_awards}
    kinds, rows = [], []
    for award in computed:
        key = declared.get(award.code)
        title = words[key] if key else str(TITLES[award.code])
        how = words[f"{key}_how"] if key else str(HOW[award.code])
        unread = ngettext("%(num)s hand recorded by its value only could not be read.",
                          "%(num)s hands recorded by their value only could not be read.",
                          award.unread) if award.unread else ""
        kind = {"code": award.code, "title": title, "how": how, "unread": award.unread,
                "unread_text": unread, "holders": []}
        for holder in award.winners:
            many = award.code in OVER_MANY
            row = {"code": award.code, "number": holder.number,
                   "name": names.get(holder.number, ""), "value": holder.value,
                   "session": None if many else holder.session,
                   "table": None if many else holder.table,
                   "hand": None if many else holder.hand,
                   "title": title, "how": how, "unread": award.unread,
                   # where a one-session award was scored (its session and table)
                   "at": ({"session": holder.session, "table": holder.table}
                          if holder.session is not None else None)}
            row["where"] = where_text(row, words["card.hand_word"])
            rows.append(row)
            kind["holders"].append(row)
        kinds.append(kind)
    return {"awards": rows, "kinds": kinds, "is_on": True,
            "tournament": {"id": tournament.id, "name": tournament.name},
            "hidden_from_session": before,
            "hidden_text": closing.hidden_text(before) if before is not None else ""}


def where_text(row: dict, hand_word: str) -> str:
    """Say where an award was won: "Session 2, table 3, hand 5" (or less)."""
    at = row.get("at")
    if not at:
        return ""
    if row["hand"] is not None:
        return _("Session %(session)s, table %(table)s, %(hand_word)s %(hand)s",
                 session=at["session"], table=at["table"], hand_word=hand_word,
                 hand=row["hand"])
    return _("Session %(session)s, table %(table)s", session=at["session"], table=at["table"])
