"""The language of paper: what the printed slips, cards and records of fouls are printed in.

Paper is read at the tables by the event's players, whatever language the judge who prints it
reads the screen in, so it prints in the event's own language (the organizer's setting,
`tournament.settings["language"]`, a tag of judgeaid.i18n.LOCALES; English when unset).

Bilingual: when the organizer asks (`settings["print_bilingual"]` true, or `?bilingual=1` on
the print link; `?bilingual=0` turns it off for one print), every printed label of an event in
another language than English says the event's language first, then the English (the source
text) after it, smaller and grey in the laid-out form (`<span class="en" lang="en">`), after a
space in the data drawn over it ("南 South"). Names, numbers, citations and the QR codes are
printed once; so are the big data (a slip's seat, a card's session and table, whose winds a
printed key gives in both) and the narrow grid labels of the MCR sheet (`local`), which have no
room for two languages. An English event prints English only.

    with printing_in(language):      # judgeaid.i18n.page_lang() and Flask-Babel say its tag
        say(N_("Table %(n)s"), n=3)  # -> "第3桌" or "第3桌 Table 3"
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from flask import g, has_app_context
from flask_babel import force_locale, get_translations
from markupsafe import Markup, escape

from judgeaid import venuetime
from judgeaid.i18n import DEFAULT, babel_name, tag_for

TRUE = {"1", "true", "yes", "on"}


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark, translate later"
    """Mark a message for the catalogue; `say` translates it where it is printed."""
    return message


@dataclass(frozen=True)
class PrintLanguage:
    """The language a print job is in: a locale tag, and whether English is printed beside."""

    tag: str = DEFAULT
    bilingual: bool = False


def print_language(tournament, bilingual: str | None = None) -> PrintLanguage:
    """Return the language a tournament's paper prints in; `bilingual` is the print link's
    `?bilingual=` ("1" or "0"; None: the organizer's setting decides)."""
    settings = getattr(tournament, "settings", None) or {}
    tag = tag_for(settings.get("language")) or DEFAULT
    if bilingual is None:
        both = settings.get("print_bilingual") in (True, *TRUE)
    else:
        both = str(bilingual).lower() in TRUE
    return PrintLanguage(tag, both and tag != DEFAULT)


@contextmanager
def printing_in(language: PrintLanguage) -> Iterator[PrintLanguage]:
    """Render what is inside in the print language, whatever the request's language is: the
    templates' `_`, Python's gettext and the rulesets' words (judgeaid.wording) alike."""
    had = "page_lang" in g
    before = g.get("page_lang")
    before_bilingual = g.get("print_bilingual", False)
    g.page_lang = language.tag
    g.print_bilingual = language.bilingual
    try:
        with force_locale(babel_name(language.tag)):
            yield language
    finally:
        g.print_bilingual = before_bilingual
        if had:
            g.page_lang = before
        else:
            g.pop("page_lang", None)


def _bilingual() -> bool:
    return has_app_context() and bool(g.get("print_bilingual", False))


def say(message: str, **values) -> str:
    """Return a marked message (`N_`) as printed: in the print language, then the English
    after a space when the print is bilingual. Plain text (for drawn data and titles)."""
    local = get_translations().ugettext(message)
    local = local % values if values else local
    if not _bilingual():
        return local
    english = message % values if values else message
    return local if local == english else f"{local} {english}"


def pair(text: str, english: str) -> str:
    """Return a text already in the print language, then its English when bilingual (the
    rulesets' words, translated by judgeaid.wording)."""
    return f"{text} {english}" if _bilingual() and text != english else text


def local(message: str, **values) -> str:
    """Return a marked message in the print language only, even on a bilingual print: for the
    big data and the narrow grid labels, which have no room for a second language."""
    text = get_translations().ugettext(message)
    return text % values if values else text


def template_gettext(message: str, **values) -> Markup:
    """The print templates' `_`: Jinja's newstyle gettext (values escaped, a literal percent
    written `%%`), then the English in a smaller span when the print is bilingual."""
    text = escape(get_translations().ugettext(message)) % values
    if not _bilingual():
        return text
    english = escape(message) % values
    if english == text:
        return text
    return text + Markup(' <span class="en" lang="en">') + english + Markup("</span>")


def print_tag() -> str:
    """Return the locale tag paper is being printed in (inside `printing_in`; English
    outside an app)."""
    return g.get("page_lang", DEFAULT) if has_app_context() else DEFAULT


def cjk_region() -> str:
    """Return the Noto CJK region whose glyphs suit the print language: TC for Traditional,
    SC for Simplified (and for Chinese names on an English print)."""
    return "TC" if print_tag() == "zh-Hant" else "SC"


def template_context() -> dict:
    """What every print template gets: the page's `<html lang>`, the bilingual `_`, and the
    CJK fonts of the print language."""
    region = cjk_region()
    return {"_": template_gettext, "print_lang": print_tag(),
            "print_bilingual": _bilingual(), "cjk_font": f"Noto Sans CJK {region}",
            "cjk_mono_font": f"Noto Sans Mono CJK {region}",
            "legend": " · ".join(say(WINDS[w]) for w in WINDS)}


# ---------------------------------------------------------------- winds and dates

WINDS = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
# A wind in one letter (or one character), for the card's narrow columns.
WIND_LETTERS = {"E": N_("E"), "S": N_("S"), "W": N_("W"), "N": N_("N")}


def wind(letter: str, *, both: bool = True) -> str:
    """Return a seat wind's name as printed ("South", "南", "南 South"; both=False: never
    with the English, for a big seat the legend explains)."""
    return say(WINDS[letter]) if both else local(WINDS[letter])


def wind_letter(letter: str) -> str:
    """Return a seat wind in one character as printed ("S", "南", "南 S")."""
    return say(WIND_LETTERS[letter])


def start_text(moment: datetime | None, zone: str) -> str:
    """Return a start time on the venue's clock in the print language: "Sat 17 May, 13:30
    CEST" in English, "5月17日 週六 13:30 CEST" in Traditional Chinese."""
    tag = print_tag()
    if moment is None or tag == DEFAULT:
        return venuetime.venue_text(moment, zone, "day")
    from babel.dates import format_skeleton

    local = venuetime.to_venue(moment, zone)
    day = format_skeleton("MMMEd", local, locale=babel_name(tag))
    return f"{day} {local:%H:%M} {venuetime.zone_abbreviation(moment, zone)}"
