"""The venue's time zone: UTC as stored, shown and entered as the venue's wall-clock time.

Times are stored as naive UTC datetimes (models.utcnow). A tournament names its venue's zone
with an IANA name ("Europe/Copenhagen"); everything a person reads as a clock time goes
through to_venue/venue_text, and a time an organizer types goes through from_venue. Pure:
the standard library's zoneinfo (with the tzdata package where the system has no zone
database), Babel for the words of a date in another language, nothing from Flask or
SQLAlchemy.

Languages (issue 29): English keeps the STYLES below; in another locale (Babel's name, e.g.
"zh_Hans") a style with words in it is written by Babel the way that language writes dates
("11月24日周二 14:30"), and the clock styles through Babel's time patterns. `venue_text` takes
the locale, or asks `current_locale()`, which judgeaid.services.venuetime points at the
request's language. Numeric styles ("date", "day_only", CSV and printed ISO dates) stay ISO.
"""

from __future__ import annotations

import contextlib
import os
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

from judgeaid import values

DEFAULT_ZONE = "UTC"
# Other names of UTC: shown as plain "UTC".
UTC_ALIASES = frozenset({"UTC", "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "UCT",
                         "Universal", "Zulu", "Etc/GMT", "GMT", "Etc/Greenwich", "Greenwich",
                         "GMT0", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "GMT+0", "GMT-0"})
ZONE_NAME_LENGTH = 64

STYLES = {
    "time": "%H:%M",
    "seconds": "%H:%M:%S",
    "day": "%a %d %b, %H:%M",
    "date": "%Y-%m-%d %H:%M",
    "day_only": "%Y-%m-%d",
}

ENGLISH = "en"
# The styles another language writes with Babel: (date skeleton or None, time pattern or None)
BABEL_STYLES = {
    "time": (None, "HH:mm"),
    "seconds": (None, "HH:mm:ss"),
    "day": ("MMMEd", "HH:mm"),
}


def _english() -> str:
    return ENGLISH


# The locale a time is written in when the caller names none (Babel's name).
current_locale: Callable[[], str] = _english


def set_locale_source(source: Callable[[], str]) -> None:
    """Say where `venue_text` finds the language it writes in (the request's, for the app)."""
    global current_locale
    current_locale = source


def _babel_text(local: datetime, style: str, locale: str) -> str:
    from babel.dates import format_skeleton, format_time

    skeleton, clock = BABEL_STYLES[style]
    parts = []
    if skeleton:
        parts.append(format_skeleton(skeleton, local, locale=locale))
    if clock:
        parts.append(format_time(local, clock, locale=locale))
    return " ".join(parts)


class ZoneError(ValueError):
    """A time zone name that is not an IANA zone this server knows."""


class LocalTimeError(ValueError):
    """A venue wall-clock time that cannot be turned into one instant."""


@dataclass(frozen=True)
class VenueInstant:
    """A venue time converted to UTC, with a note when the wall clock was ambiguous."""

    utc: datetime  # naive, UTC, as stored
    note: str | None = None


@cache
def zone_names() -> tuple[str, ...]:
    """Return every IANA zone name this server knows, sorted (no legacy aliases)."""
    names = {n for n in zoneinfo.available_timezones()
             if "/" in n and not n.startswith(("Etc/", "SystemV/", "US/", "posix", "right"))}
    return tuple(sorted(names | {DEFAULT_ZONE}))


def check_zone(name: object) -> str:
    """Return the zone name as stored, or raise ZoneError saying what is wrong."""
    if not isinstance(name, str) or not name.strip():
        raise ZoneError("Choose the venue's time zone, e.g. Europe/Copenhagen.")
    name = name.strip()
    if name in UTC_ALIASES:
        return DEFAULT_ZONE
    if len(name) > ZONE_NAME_LENGTH or name.startswith(("/", ".")) or ".." in name:
        raise ZoneError(f"“{name[:80]}” is not a time zone name. Use a region and city, "
                        "e.g. Europe/Copenhagen or Asia/Tokyo.")
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
        raise ZoneError(f"“{name}” is not a time zone this server knows. Use a region and "
                        "city from the list, e.g. Europe/Copenhagen or Asia/Tokyo.") from exc
    return name


def server_zone(configured: str | None = None, *, localtime: Path = Path("/etc/localtime"),
                timezone_file: Path = Path("/etc/timezone")) -> str:
    """Return the zone a new tournament starts with: the configured one, else the server's
    own zone if it has an IANA name, else UTC."""
    candidates = [configured]
    try:  # /etc/localtime -> /usr/share/zoneinfo/Europe/Copenhagen
        target = os.readlink(localtime)
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    except OSError:
        pass
    with contextlib.suppress(OSError, UnicodeDecodeError):
        candidates.append(timezone_file.read_text(encoding="ascii").strip())
    for candidate in candidates:
        if candidate:
            try:
                return check_zone(candidate)
            except ZoneError:
                continue
    return DEFAULT_ZONE


def _zone(name: str) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(check_zone(name))


def parse_moment(value: datetime | str | None) -> datetime | None:
    """Return a naive UTC datetime from a stored datetime or an ISO 8601 text ("...Z")."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value


def to_venue(moment: datetime | str, zone: str) -> datetime:
    """Return the stored UTC moment as an aware datetime on the venue's wall clock."""
    utc = parse_moment(moment)
    if utc is None:
        raise ValueError("not a date and time")
    return utc.replace(tzinfo=UTC).astimezone(_zone(zone))


def zone_abbreviation(moment: datetime | str, zone: str) -> str:
    """Return the zone's short name at that moment ("CET", "CEST", "JST"; "UTC+04" where
    the zone database has only an offset)."""
    local = to_venue(moment, zone)
    name = local.tzname() or ""
    if not name or name[0] in "+-":
        offset = local.utcoffset() or timedelta(0)
        minutes = int(offset.total_seconds()) // 60
        sign = "+" if minutes >= 0 else "−"
        hours, rest = divmod(abs(minutes), 60)
        name = f"UTC{sign}{hours:02d}" + (f":{rest:02d}" if rest else "")
    return name


def venue_text(moment: datetime | str | None, zone: str, style: str = "time", *,
               with_zone: bool = True, locale: str | None = None) -> str:
    """Return the moment as venue wall-clock text, e.g. "14:30 CET" or "Tue 24 Nov, 14:30 CET"
    ("" for no moment); in Chinese "11月24日周二 14:30 CET" (`locale`: Babel's name, else
    `current_locale()`)."""
    utc = parse_moment(moment)
    if utc is None:
        return ""
    locale = locale or current_locale()
    local = to_venue(utc, zone)
    if locale != ENGLISH and style in BABEL_STYLES:
        text = _babel_text(local, style, locale)
    else:
        text = local.strftime(STYLES[style])
    if with_zone and style != "day_only":
        text += " " + zone_abbreviation(utc, zone)
    return text


def venue_moment(moment: datetime | None, zone: str, style: str = "day") -> dict | None:
    """Return {"iso": UTC ISO with Z, "text": venue text, "zone": name} for a page, or None."""
    utc = parse_moment(moment)
    if utc is None:
        return None
    return {"iso": values.iso_z(utc), "text": venue_text(utc, zone, style), "zone": zone}


def input_value(moment: datetime | None, zone: str) -> str:
    """Return the moment as a datetime-local input's value on the venue's wall clock."""
    utc = parse_moment(moment)
    return "" if utc is None else to_venue(utc, zone).strftime("%Y-%m-%dT%H:%M")


def repeated_hour_note(moment: datetime | None, zone: str) -> str | None:
    """Return a note when the moment's venue wall time happens twice that night (the clocks
    go back), saying which of the two it is; None otherwise."""
    utc = parse_moment(moment)
    if utc is None:
        return None
    local = to_venue(utc, zone)
    wall = local.replace(tzinfo=None)
    tz = _zone(zone)
    if wall.replace(tzinfo=tz, fold=0).utcoffset() == wall.replace(tzinfo=tz, fold=1).utcoffset():
        return None
    which = "second" if local.fold else "first"
    return (f"The clocks go back that night and show {wall:%H:%M} twice; this is the {which} "
            f"one ({venue_text(utc, zone)}).")


def from_venue(local: datetime, zone: str) -> VenueInstant:
    """Return the UTC instant of a venue wall-clock time (naive), or raise LocalTimeError.

    On a DST change day a wall time may not exist (the clocks jump over it: refused) or
    exist twice (the clocks go back over it: the first occurrence, with a note saying so).
    """
    if local.tzinfo is not None:
        raise LocalTimeError("A venue time is a wall-clock time without an offset.")
    tz = _zone(zone)
    first, second = local.replace(tzinfo=tz, fold=0), local.replace(tzinfo=tz, fold=1)
    utc_first = first.astimezone(UTC)
    if utc_first.astimezone(tz).replace(tzinfo=None) != local:
        raise LocalTimeError(
            f"{local:%H:%M} on {local:%a %d %b %Y} does not exist in {zone}: the clocks jump "
            "over it for daylight saving time. Choose a time before or after the change.")
    note = None
    if first.utcoffset() != second.utcoffset():
        later = second.astimezone(UTC).replace(tzinfo=None)
        note = (f"{local:%H:%M} on {local:%a %d %b %Y} happens twice in {zone} (the clocks go "
                f"back). Saved as the first one, {venue_text(utc_first, zone)} "
                f"({utc_first:%H:%M} UTC); the second, "
                f"{venue_text(later, zone)}, is an hour later.")
    return VenueInstant(utc=utc_first.replace(tzinfo=None), note=note)


def parse_venue_input(text: str, zone: str) -> VenueInstant:
    """Return the UTC instant of a datetime-local value ("2026-03-29T02:30") at the venue."""
    try:
        local = datetime.fromisoformat((text or "").strip())
    except ValueError as exc:
        raise LocalTimeError("Give the start time as a date and a time, e.g. 2026-11-24 14:30.") \
            from exc
    if local.tzinfo is not None:
        local = local.astimezone(_zone(zone)).replace(tzinfo=None)
    return from_venue(local.replace(second=0, microsecond=0), zone)
