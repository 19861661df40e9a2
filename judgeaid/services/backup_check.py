"""The restore's first reading: every row of a backup checked, and the file's signature.

`check_backup` reads the whole file once (judgeaid.services.backup_stream), checks each row's
columns (judgeaid.services.backup_rows) and the references between rows, scores every round
line again, and works out the file's checksum and whether this server signed it. Nothing is
written until all of it is right (judgeaid.services.restore).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from typing import IO, Any

from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid import venuetime
from judgeaid.edge_rules import int_problem
from judgeaid.extensions import db
from judgeaid.i18n import LOCALES, tag_for
from judgeaid.models import Operation, Player
from judgeaid.rules import DEFAULT_RULESET, MalformedHand, get_ruleset
from judgeaid.services.backup_rows import (
    BRACKET_SIZES,
    MAX_NUMBER,
    SEATED,
    TARGETS,
    WINDS,
    column_check,
    int_list_problem,
    row_place,
    show_value,
)
from judgeaid.services.backup_stream import read_backup
from judgeaid.services.exports import (
    BACKUP_FORMAT,
    BACKUP_TABLES,
    BACKUP_VERSION,
    BackupClash,
    BadBackup,
    RowDigest,
    foreign_keys,
    schema_fits,
)
from judgeaid.services.standings_data import DRAW_ORDER, PHYSICAL_DRAWS, PRIZE_PLACES
from judgeaid.tournament.card import (
    BadRound,
    DealMark,
    SeatChange,
    card_schedule,
    marked_seats,
    score_round,
)

READABLE_VERSIONS = (1, BACKUP_VERSION)
BATCH = 500  # rows per INSERT: a few hundred KB of parameters at most



def _physical_draws_problem(draws: object, rules) -> bool:
    """Return True unless `draws` is a list of physical draws (standings_data) fit for the
    ruleset: player numbers once each, a name who entered it and an ISO time."""
    if draws == []:
        return False
    if rules.ranking.draws_lots or not isinstance(draws, list):
        return True
    for draw in draws:
        if not isinstance(draw, dict) or set(draw) != {"numbers", "by", "at"}:
            return True
        numbers = draw["numbers"]
        if int_list_problem(numbers, 1, MAX_NUMBER, MAX_NUMBER) or len(set(numbers)) != len(
                numbers) or len(numbers) < 2:
            return True
        if not isinstance(draw["by"], str) or not isinstance(draw["at"], str) or (
                venuetime.parse_moment(draw["at"]) is None):
            return True
    return False

class Checker:
    """Check a backup's rows one at a time, keeping only what later rows are checked against."""

    def __init__(self, key: bytes):
        self.header: dict[str, Any] = {}
        self.version: int | None = None
        self.columns: dict[str, dict[str, Callable]] = {}
        self.nullable: dict[str, set[str]] = {}
        self.order = [model.__table__.name for model, _ in BACKUP_TABLES]
        self.seen_tables: list[str] = []
        self.counts: dict[str, int] = {}
        self.ids: dict[str, set[int]] = {name: set() for name in TARGETS}
        self.self_references: list[tuple[str, int, str, int]] = []
        self.digest: RowDigest | None = None
        self.key = key
        self.v1_rows: dict[str, list[str]] = {}
        # what later rows are checked against
        self.tournament: dict = {}
        self.player_numbers: dict[int, int] = {}
        self.tokens: list[str] = []
        self.organizers: list[tuple[int, str]] = []
        self.user_names: set[str] = set()
        self.sessions: dict[int, dict] = {}
        self.table_session: dict[int, int] = {}
        self.seats: dict[int, dict[int, int]] = {}
        self.seated_in_session: set[tuple[int, int]] = set()
        self.card_players: dict[int, tuple[int, ...]] = {}
        self.card_table: dict[int, int] = {}
        self.card_changes: dict[int, list[SeatChange]] = {}
        self.op_ids: list[str] = []
        self._rotation_cache: tuple[int, list] | None = None

    # -- header

    def on_header(self, key: str, value: Any) -> None:
        self.header[key] = value
        if key == "format" and value != BACKUP_FORMAT:
            raise BadBackup(_("This is not a judgeaid tournament backup (the 'format' field is "
                              "missing or different)."))
        if key == "version":
            if isinstance(value, bool) or value not in READABLE_VERSIONS:
                raise BadBackup(_("This backup has version %(version)s; this judgeaid reads "
                                  "versions %(versions)s.", version=show_value(value),
                                  versions=", ".join(map(str, READABLE_VERSIONS))))
            self.version = value
        if key == "schema" and self.version is not None and not schema_fits(value,
                                                                            self.version):
            raise BadBackup(_("This backup was made by a judgeaid with different tables or "
                              "columns; restore it with the version that made it, then export "
                              "again."))

    def start_table(self, name: str) -> None:
        if self.header.get("format") != BACKUP_FORMAT or self.version is None:
            raise BadBackup(_("This is not a judgeaid tournament backup (its 'format' and "
                              "'version' must come before its tables)."))
        if "schema" not in self.header:
            raise BadBackup(_("The backup's list of tables and columns ('schema') is missing "
                              "or comes after its tables."))
        if not schema_fits(self.header["schema"], self.version):
            raise BadBackup(_("This backup was made by a judgeaid with different tables or "
                              "columns; restore it with the version that made it, then export "
                              "again."))
        expected = self.order[len(self.seen_tables)] if len(self.seen_tables) < len(
            self.order) else None
        if name != expected:
            raise BadBackup(_("The backup's tables are missing, unknown or out of order: found "
                              "%(found)s where %(expected)s was expected.",
                              found=show_value(name), expected=repr(expected)))
        if self.digest is None:
            self.digest = RowDigest(self.key)
        self.seen_tables.append(name)
        self.counts[name] = 0
        model = BACKUP_TABLES[self.order.index(name)][0]
        # the file's own columns: an older file may lack those added later (exports.ADDED_LATER)
        names = self.header["schema"][name]
        columns = [model.__table__.columns[c] for c in names]
        self.columns[name] = {c.name: column_check(name, c) for c in columns}
        self.nullable[name] = {c.name for c in columns if c.nullable}
        self.references = [(c, t) for c, t in foreign_keys(model) if c in names]
        self.digest.table(name)

    # -- rows

    def on_row(self, name: str, position: int, row: Any) -> None:
        where = row_place(name, position, row)
        checks = self.columns[name]
        if not isinstance(row, dict) or set(row) != set(checks):
            raise BadBackup(_("%(where)s does not have the table's columns.", where=where))
        nullable = self.nullable[name]
        for column, check in checks.items():
            value = row[column]
            if value is None:
                if column not in nullable:
                    raise BadBackup(_("%(where)s: '%(column)s' is empty but must have a value.",
                                      where=where, column=column))
                continue
            problem = check(value)
            if problem:
                raise BadBackup(_("%(where)s: '%(column)s' %(problem)s.", where=where,
                                  column=column, problem=problem))
        for column, target in self.references:
            value = row[column]
            if value is None:
                continue
            if target == name:
                self.self_references.append((name, row["id"], column, value))
            elif value not in self.ids[target]:
                raise BadBackup(_("%(where)s: '%(column)s' points at %(target)s %(value)s, which "
                                  "is not in the backup.", where=where, column=column,
                                  target=target, value=value))
        if name in self.ids:
            if row["id"] in self.ids[name]:
                raise BadBackup(_("%(where)s: table %(name)s lists this id twice.", where=where,
                                  name=name))
            self.ids[name].add(row["id"])
        meaning = getattr(self, f"_{name}", None)
        if meaning:
            meaning(where, row)
        self.digest.row(row)
        if self.version == 1:
            self.v1_rows.setdefault(name, []).append(json.dumps(
                row, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
        self.counts[name] += 1

    def _tournament(self, where: str, row: dict) -> None:
        if self.tournament:
            raise BadBackup(_("A backup must hold exactly one tournament."))
        settings = row["settings"]
        if not isinstance(settings, dict):
            raise BadBackup(_("%(where)s: 'settings' must be an object.", where=where))
        rules = get_ruleset(row.get("ruleset") or DEFAULT_RULESET)
        if row["format"] not in rules.formats:
            raise BadBackup(_("%(where)s: the format '%(format)s' is not one of %(name)s's.",
                              where=where, format=row['format'], name=rules.name))
        # clock_session: the session the organizer switched the hall clock to (clock.py)
        # language: the event's default language (accounts.set_language)
        known = set(rules.default_settings(row["format"])) | {
            "time_over_grace_seconds", DRAW_ORDER, "clock_session", "language", PRIZE_PLACES,
            PHYSICAL_DRAWS}
        unknown = sorted(str(k) for k in settings if k not in known)
        if unknown:
            raise BadBackup(_("%(where)s: 'settings' has unknown entries: %(value)s.", where=where,
                              value=', '.join(unknown)))
        for key in ("sessions", "session_minutes", "turn_seconds", "free_seconds",
                    "round_bank_seconds", "advance", "time_over_grace_seconds",
                    "clock_session", PRIZE_PLACES):
            value = settings.get(key)
            if value is not None and int_problem(value, 0, 100_000):
                raise BadBackup(_("%(where)s: the setting '%(key)s' must be a whole number.",
                                  where=where, key=key))
        if int_list_problem(settings.get("final_day", []), 1, max(BRACKET_SIZES), 8):
            raise BadBackup(_("%(where)s: the setting 'final_day' must list bracket sizes.",
                              where=where))
        draw_order = settings.get(DRAW_ORDER, [])
        if DRAW_ORDER in settings and (not rules.ranking.draws_lots or int_list_problem(
                draw_order, 1, MAX_NUMBER, MAX_NUMBER) or len(set(draw_order)) != len(draw_order)):
            raise BadBackup(_("%(where)s: the setting '%(DRAW_ORDER)s' must list player numbers "
                              "once each, for a ruleset that draws lots.", where=where,
                              DRAW_ORDER=DRAW_ORDER))
        if "language" in settings and tag_for(settings["language"]) != settings["language"]:
            raise BadBackup(_("%(where)s: the setting 'language' must be one of %(value)s.",
                              where=where, value=', '.join(LOCALES)))
        if _physical_draws_problem(settings.get(PHYSICAL_DRAWS, []), rules):
            raise BadBackup(_("%(where)s: the setting '%(key)s' must list draws, each of player "
                              "numbers once, who entered it and when, for a ruleset whose ties "
                              "go to a seeded draw.", where=where, key=PHYSICAL_DRAWS))
        # the recorded lots and draws and the prize places are the standings'
        # (standings_data), not format settings
        _merged, problems = rules.validate_settings(
            row["format"], {k: v for k, v in settings.items()
                            if k not in (DRAW_ORDER, PHYSICAL_DRAWS, PRIZE_PLACES)})
        if problems:
            raise BadBackup(_("%(where)s: %(value)s", where=where, value=' '.join(problems)))
        try:
            venuetime.check_zone(row["time_zone"])
        except venuetime.ZoneError as exc:
            raise BadBackup(_("%(where)s: 'time_zone': %(exc)s", where=where, exc=exc)) from None
        self.tournament = {"id": row["id"], "rotation": settings.get("rotation", "standard"),
                           "scheme": settings.get("payoff_scheme", "formal"),
                           "scoring": rules.scoring, "seats_for": rules.session.session_seats}

    def _player(self, where: str, row: dict) -> None:
        if row["number"] in self.player_numbers.values():
            raise BadBackup(_("%(where)s: player number %(number)s is listed twice.", where=where,
                              number=row['number']))
        token = row["token"]
        if len(token) < 16 or not token.replace("-", "").replace("_", "").isalnum() or (
                not token.isascii()):
            raise BadBackup(_("%(where)s: 'token' is not a player page token.", where=where))
        self.player_numbers[row["id"]] = row["number"]
        self.tokens.append(token)

    def _user(self, where: str, row: dict) -> None:
        folded = row["name"].casefold()
        if folded in self.user_names:
            raise BadBackup(_("%(where)s: two accounts are named %(name)s.", where=where,
                              name=repr(row['name'])))
        self.user_names.add(folded)
        if row["role"] == "organizer":
            self.organizers.append((row["id"], row["name"]))

    def _play_session(self, where: str, row: dict) -> None:
        if row["stage"] == "final" and row["bracket_size"] not in BRACKET_SIZES:
            raise BadBackup(_("%(where)s: a final-day session needs a bracket size of %(value)s.",
                              where=where, value=', '.join(map(str, BRACKET_SIZES))))
        self.sessions[row["id"]] = row["number"]

    def _table(self, where: str, row: dict) -> None:
        self.table_session[row["id"]] = row["session_id"]

    def _seat(self, where: str, row: dict) -> None:
        seats = self.seats.setdefault(row["table_id"], {})
        if row["position"] in seats or row["player_id"] in seats.values():
            raise BadBackup(_("%(where)s: the seat or the player is taken twice at one table.",
                              where=where))
        key = (self.table_session[row["table_id"]], row["player_id"])
        if key in self.seated_in_session:
            raise BadBackup(_("%(where)s: the player is seated at two tables in one session.",
                              where=where))
        self.seated_in_session.add(key)
        seats[row["position"]] = row["player_id"]

    def _card(self, where: str, row: dict) -> None:
        table = row["table_id"]
        if self.table_session[table] != row["session_id"]:
            raise BadBackup(_("%(where)s: the card's table belongs to another session.",
                              where=where))
        if table in self.card_table.values():
            raise BadBackup(_("%(where)s: the table has two cards.", where=where))
        seats = self.seats.get(table, {})
        if sorted(seats) != [0, 1, 2, 3]:
            raise BadBackup(_("%(where)s: the card's table does not have four seated players.",
                              where=where))
        if row["recorder_player_id"] is not None and (
                row["recorder_player_id"] not in seats.values()):
            raise BadBackup(_("%(where)s: the appointed recorder is not at the card's table.",
                              where=where))
        self.card_table[row["id"]] = table
        self.card_players[row["id"]] = tuple(self.player_numbers[seats[p]] for p in range(4))

    def _card_seat_change(self, where: str, row: dict) -> None:
        card, position = row["card_id"], row["position"]
        changes = self.card_changes.setdefault(card, [])
        if any(c.seat == WINDS[position] for c in changes):
            raise BadBackup(_("%(where)s: the seat changes hands twice on one card.", where=where))
        seats = self.seats[self.card_table[card]]
        if seats[position] != row["leaving_player_id"]:
            raise BadBackup(_("%(where)s: the leaving player did not start in that seat.",
                              where=where))
        entering = row["entering_player_id"]
        if entering is not None and entering in seats.values():
            raise BadBackup(_("%(where)s: the substitute already sits at the card's table.",
                              where=where))
        changes.append(SeatChange(row["round_from"], WINDS[position],
                                  self.player_numbers[row["leaving_player_id"]],
                                  self.player_numbers[entering] if entering else None))

    def _check_seated(self, where: str, name: str, row: dict) -> tuple[int, ...]:
        # a substitute who took a seat (§4.15) is at the table too
        players = self.card_players[row["card_id"]] + tuple(
            c.entering for c in self.card_changes.get(row["card_id"], []) if c.entering)
        for column in ("winner", "discarder", "responsible", "player_number"):
            value = row.get(column)
            if (name, column) in SEATED and value is not None and value not in players:
                raise BadBackup(_("%(where)s: '%(column)s' is player %(value)s, who is not at "
                                  "the card's table.", where=where, column=column, value=value))
        return players

    def _card_round(self, where: str, row: dict) -> None:
        self._check_seated(where, "card_round", row)
        schedule = self._round_seats(row["card_id"], self.card_players[row["card_id"]])
        try:
            seats = marked_seats(schedule[row["round"] - 1],
                                 DealMark(row.get("dealer"), row.get("compensation_for")))
        except ValueError as exc:
            raise BadBackup(_("%(where)s: the round's dealer %(exc)s.", where=where,
                              exc=exc)) from exc
        players = tuple(seats.winds)  # who sat at the table in this round
        deltas = row["deltas"]
        if sorted(deltas) != sorted(str(p) for p in players):
            raise BadBackup(_("%(where)s: 'deltas' must give a delta to each of the card's four "
                              "players (%(value)s) and nobody else.", where=where,
                              value=', '.join(map(str, players))))
        if sum(deltas.values()) != 0:
            raise BadBackup(_("%(where)s: the round's deltas add up to %(value)s, not 0.",
                              where=where, value=sum(deltas.values())))
        if row["result"] == "draw":
            extra = [c for c in ("winner", "value", "win", "discarder", "same_turn", "patterns",
                                 "responsible") if row[c] is not None]
            if extra or any(deltas.values()):
                raise BadBackup(_("%(where)s: a drawn round scores nothing and has no %(value)s.",
                                  where=where, value=(extra or ['deltas'])[0]))
            return
        value = row["value"]
        if row["patterns"] is not None:
            try:
                fits = self.tournament["scoring"].recorded_value_fits(row["patterns"], value)
            except MalformedHand as exc:
                raise BadBackup(_("%(where)s: 'patterns' %(exc)s", where=where, exc=exc)) from exc
            if not fits:
                raise BadBackup(_("%(where)s: the ticked patterns do not make the value "
                                  "%(value)s.", where=where, value=value))
        try:
            result = score_round(seats, payoff=self.tournament["scoring"].payoff, result="win",
                                 scheme=self.tournament["scheme"],
                                 winner=row["winner"], value=value, win=row["win"],
                                 discarder=row["discarder"], same_turn=row["same_turn"])
        except BadRound as exc:
            raise BadBackup(_("%(where)s: %(exc)s", where=where, exc=exc)) from exc
        expected = {str(p): d for p, d in result.deltas.items()}
        if deltas != expected or row["responsible"] != result.responsible:
            should = ", ".join(f"player {p} {d:+d}" for p, d in result.deltas.items())
            raise BadBackup(_("%(where)s: the deltas do not follow from the round's win (it "
                              "scores %(should)s).", where=where, should=should))

    def _round_seats(self, card_id: int, players: tuple[int, ...]) -> list:
        if self._rotation_cache is None or self._rotation_cache[0] != card_id:
            self._rotation_cache = (card_id, card_schedule(
                dict(zip(WINDS, players, strict=True)), self.tournament["rotation"],
                self.card_changes.get(card_id, []), seats_for=self.tournament["seats_for"]))
        return self._rotation_cache[1]

    def _card_penalty(self, where: str, row: dict) -> None:
        self._check_seated(where, "card_penalty", row)
        if row["points"] == 0:
            raise BadBackup(_("%(where)s: 'points' must not be 0.", where=where))

    def _confirmation(self, where: str, row: dict) -> None:
        self._check_seated(where, "confirmation", row)

    def _play_timer(self, where: str, row: dict) -> None:
        self._check_seated(where, "play_timer", row)

    def _clock_event(self, where: str, row: dict) -> None:
        if row["table_id"] is not None and self.table_session[row["table_id"]] != row[
                "session_id"]:
            raise BadBackup(_("%(where)s: the extended table belongs to another session.",
                              where=where))

    def _operation(self, where: str, row: dict) -> None:
        self.op_ids.append(row["op_id"])

    # -- the end

    def finish(self) -> bool:
        """Check what needs the whole file; return True when the signature is ours."""
        if self.version is None or not self.seen_tables:
            raise BadBackup(_("This is not a judgeaid tournament backup (the 'format', "
                              "'version' or tables are missing)."))
        if self.seen_tables != self.order:
            raise BadBackup(_("The backup's tables are missing or incomplete."))
        if not self.tournament:
            raise BadBackup(_("A backup must hold exactly one tournament."))
        if not schema_fits(self.header.get("schema"), self.version):
            raise BadBackup(_("This backup was made by a judgeaid with different tables or "
                              "columns; restore it with the version that made it, then export "
                              "again."))
        counts = self.header.get("counts")
        if counts is not None and counts != self.counts:
            raise BadBackup(_("The backup's row counts do not match its tables: the file was "
                              "changed or cut short after it was made."))
        for name, row_id, column, target in self.self_references:
            if target not in self.ids[name]:
                raise BadBackup(_("Table %(name)s, row id %(row_id)s: '%(column)s' points at "
                                  "%(name)s %(target)s, which is not in the backup.", name=name,
                                  row_id=row_id, column=column, target=target))
        if not self.organizers:
            raise BadBackup(_("The backup has no organizer account, so nobody could manage the "
                              "restored tournament."))
        if self.version == 1:
            text = "{" + ",".join(
                json.dumps(name, ensure_ascii=False) + ":[" + ",".join(self.v1_rows.get(
                    name, [])) + "]" for name in sorted(self.order)) + "}"
            self.v1_rows = {}
            checksum = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
            signature = None
        else:
            checksum, signature = self.digest.checksum(), self.digest.signature()
        if self.header.get("checksum") != checksum:
            raise BadBackup(_("The backup's checksum does not match its content: the file was "
                              "changed or cut short after it was made."))
        given = self.header.get("signature")
        return bool(signature and isinstance(given, str)
                    and hmac.compare_digest(given, signature))


def _check_clashes(checker: Checker) -> None:
    for start in range(0, len(checker.tokens), BATCH):
        chunk = checker.tokens[start:start + BATCH]
        if db.session.scalar(select(Player.id).where(Player.token.in_(chunk)).limit(1)):
            raise BackupClash(_("This tournament's players are already in this database (their "
                                "page links would clash). Restore it into a fresh database."))
    for start in range(0, len(checker.op_ids), BATCH):
        chunk = checker.op_ids[start:start + BATCH]
        if db.session.scalar(select(Operation.op_id).where(Operation.op_id.in_(chunk))
                             .limit(1)):
            raise BackupClash(_("This tournament's recorded writes are already in this database. "
                                "Restore it into a fresh database."))


def check_backup(stream: IO[bytes], key: bytes) -> Checker:
    """Read the whole backup once and check it; raise BadBackup with the first problem."""
    checker = Checker(key)
    for kind, name, value in read_backup(stream):
        if kind == "header":
            checker.on_header(name, value)
        elif kind == "table":
            checker.start_table(name)
        else:
            checker.on_row(name, *value[:2])
    checker.is_verified = checker.finish()
    _check_clashes(checker)
    return checker
