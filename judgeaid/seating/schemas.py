"""Schemas of the seating forms: start times, substitutes, changes between sessions, draws."""

from __future__ import annotations

from judgeaid.edge import FormSchema, Id, OpId, between, text
from judgeaid.pageforms import maybe
from judgeaid.services.session_changes import MAX_SUBSTITUTES


class StartTimeForm(FormSchema):
    """A session's start on the venue's clock (blank clears it)."""

    starts_at: text(40) = ""
    # Ignored: the time is the venue's (Tournament.time_zone), not the browser's. Still
    # checked, so a form from an older page loaded on a phone posts without an error.
    tz_offset: maybe(-840, 840) = None
    op_id: OpId | None = None


class SubstitutesForm(FormSchema):
    count: between(1, MAX_SUBSTITUTES)
    op_id: OpId | None = None


class PlayerForm(FormSchema):
    """A change aimed at one player, by number: withdraw, disqualify, reinstate."""

    player: Id
    op_id: OpId | None = None


class LateArrivalForm(FormSchema):
    """A late arrival (§3.7); `decision` is "allow" or "refuse" after the check-in cut-off."""

    player: Id
    joins: maybe(1, 2**31 - 1) = None
    decision: text(8) = ""
    op_id: OpId | None = None


class AbsentForm(FormSchema):
    """A player absent from a seated session without an acceptable reason (§3.7)."""

    player: Id
    confirm: text(8) = ""
    op_id: OpId | None = None


class SwapForm(FormSchema):
    a: Id
    b: Id
    confirm: text(8) = ""
    op_id: OpId | None = None


class SeatDrawForm(FormSchema):
    """Who drew each wind tile; a missing one is named by the service ("Choose who drew East")."""

    E: maybe(1, 2**31 - 1) = None
    S: maybe(1, 2**31 - 1) = None
    W: maybe(1, 2**31 - 1) = None
    N: maybe(1, 2**31 - 1) = None
    op_id: OpId | None = None
