"""Schemas of the organizer's desk forms: settings, judges and players."""

from __future__ import annotations

import re
from typing import Annotated, Any

from flask_babel import gettext as _
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from judgeaid.edge import MAX_ID, FormSchema, OpId, length_of, name, text
from judgeaid.models import Player, Team, Tournament, User
from judgeaid.pageforms import maybe
from judgeaid.rules import DEFAULT_RULESET
from judgeaid.services.leaderboards import Facts


def _pin(value: Any) -> Any:
    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4,12}", value.strip()):
        raise PydanticCustomError("pin", _("must be 4 to 12 digits (0-9)"))
    return value.strip()


Pin = Annotated[str, BeforeValidator(_pin)]


class SettingsForm(FormSchema):
    """The event's settings; the ranges and choices are checked by the format's rules."""

    sessions: maybe(-MAX_ID, MAX_ID) = None
    session_minutes: maybe(-MAX_ID, MAX_ID) = None
    turn_seconds: maybe(-MAX_ID, MAX_ID) = None
    free_seconds: maybe(-MAX_ID, MAX_ID) = None
    round_bank_seconds: maybe(-MAX_ID, MAX_ID) = None
    rotation: text(20) | None = None
    payoff_scheme: text(20) | None = None
    # The venue's IANA zone, changeable at any time (accounts.set_time_zone checks it).
    time_zone: text(200) | None = None
    # The event's default language (en, zh-Hant, zh-Hans), changeable at any time
    # (accounts.set_language checks it).
    language: text(20) | None = None
    # Print the event's language with English beside it (settings["print_bilingual"]:
    # printing/language.py), changeable at any time (accounts.set_print_bilingual checks it).
    # The desk's check box sends "1" when ticked and nothing when not: `printing` says the
    # printing form was sent, so an unticked box turns it off.
    print_bilingual: text(10) | None = None
    printing: text(2) | None = None
    op_id: OpId | None = None


class JudgeForm(FormSchema):
    name: name(length_of(User.name))
    role: text(20) = "judge"
    pin: Pin
    op_id: OpId | None = None


class PlayerRegistrationForm(FormSchema):
    name: name(length_of(Player.name))
    team: text(length_of(Team.name)) = ""  # blank: no team
    member_id: text(length_of(Player.member_id)) = ""  # blank: none (§3.5.2.1)
    op_id: OpId | None = None


class PlayerRecordForm(FormSchema):
    """A player's EMA record on the desk (issue 30): every field blank clears it."""

    number: maybe(-MAX_ID, MAX_ID) = None
    family_name: text(length_of(Player.family_name)) = ""
    given_name: text(length_of(Player.given_name)) = ""
    # checked by the service (judgeaid.tournament.people): digits, 8 expected
    ema_number: text(40) = ""
    # a country's name or code; the service finds its ISO 3166-1 alpha-2 code
    country: text(120) = ""
    op_id: OpId | None = None


class NewTournamentForm(FormSchema):
    """Creating a tournament; the service names a missing or unknown format in its words."""

    name: text(length_of(Tournament.name)) = ""
    # a registered ruleset's code; the service names an unknown one in its words
    ruleset: text(20) = DEFAULT_RULESET
    format: text(20) = ""
    organizer_name: text(length_of(User.name)) = ""
    pin: text(12) = ""
    # The venue's IANA zone; blank: the server's default. Checked by the service.
    time_zone: text(200) = ""
    # §3.5.2.1 leaderboard facts; judgeaid.services.leaderboards checks them
    is_sanctioned: bool = False
    series: text(20) = ""
    held_on: text(20) = ""
    weight: text(20) = ""
    final_weight: text(20) = ""
    # The page's op_id: a form sent twice (a double tap) creates one tournament.
    op_id: OpId | None = None

    def facts(self) -> Facts:
        """Return the leaderboard facts the form carries."""
        return Facts(self.is_sanctioned, self.series, self.held_on, self.weight,
                     self.final_weight)


class ImportForm(FormSchema):
    """The CSV import's fields beside the file: the page's op_id (a file sent twice imports
    once)."""

    op_id: OpId | None = None


class RestoreForm(FormSchema):
    """The restore form's fields beside the file: the organizer's new PIN, and which one."""

    organizer_pin: text(12) = ""
    organizer_name: text(length_of(User.name)) | None = None
    op_id: OpId | None = None


class OwnerSignInForm(FormSchema):
    password: text(200) = ""


class NewPinForm(FormSchema):
    # Checked by accounts.change_pin, which says what a PIN is.
    pin: text(20) = ""
    op_id: OpId | None = None


class ClearLockForm(FormSchema):
    # The name as it was typed at the sign-in page (the lock's key), not necessarily a staff
    # member's name.
    account: text(200, blank=False)
    op_id: OpId | None = None
