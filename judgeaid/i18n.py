"""The page's language: English (the source), Traditional and Simplified Chinese.

A locale is a catalogue: `judgeaid/translations/<Babel locale>/LC_MESSAGES/` holds
`messages.po` (Python, Jinja and the rulesets' words) and `js.po` (what scripts draw), compiled
by `make run` / `make test` (scripts/i18n.py). Adding a locale is adding its folder and a line
to `LOCALES`.

The language of a request, first that applies (issue 29):
1. `?lang=en|zh-Hant|zh-Hans` on any page, then remembered in a cookie and, for a signed-in
   judge or organizer, on their account;
2. the `lang` cookie, then the signed-in user's own choice;
3. the browser's `Accept-Language`: zh-TW, zh-HK, zh-MO and zh-Hant* give zh-Hant; zh-CN,
   zh-SG, zh-Hans* and a bare zh give zh-Hans; en* gives English;
4. the event's own default language (the organizer's setting, `settings["language"]`);
5. English.

URLs, cookies and `<html lang>` say the BCP 47 tag (`zh-Hant`); Babel's name (`zh_Hant`) is
only used inside.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import pass_context

from judgeaid.paths import ROOT

# BCP 47 tag -> Babel locale name; the first is the source language and the default
LOCALES: dict[str, str] = {"en": "en", "zh-Hant": "zh_Hant", "zh-Hans": "zh_Hans"}
# each language's own name, as its readers write it (the switch shows these)
NATIVE_NAMES: dict[str, str] = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_SECONDS = 365 * 24 * 3600
TRANSLATIONS = ROOT / "judgeaid" / "translations"


def tag_for(value: str | None) -> str | None:
    """Return the locale tag a `?lang=` value, cookie or stored choice names (None: none of
    ours). Case and `_` or `-` do not matter: `zh_hant` and `zh-Hant` are the same."""
    if not value:
        return None
    wanted = value.strip().replace("_", "-").lower()
    return next((tag for tag in LOCALES if tag.lower() == wanted), None)


def from_accept_language(tag: str) -> str | None:
    """Return our locale for one language tag of an `Accept-Language` header (None: not ours)."""
    parts = tag.strip().replace("_", "-").lower().split("-")
    if not parts or not parts[0]:
        return None
    if parts[0] == "en":
        return "en"
    if parts[0] != "zh":
        return None
    rest = set(parts[1:])
    if "hans" in rest:  # a script subtag says more than a region
        return "zh-Hans"
    if "hant" in rest or rest & {"tw", "hk", "mo"}:
        return "zh-Hant"
    return "zh-Hans"  # zh-CN, zh-SG, zh-Hans*, and a bare zh


def babel_name(tag: str) -> str:
    """Return Babel's name of a locale tag (`zh-Hant` -> `zh_Hant`)."""
    return LOCALES.get(tag, LOCALES[DEFAULT])


def page_lang() -> str:
    """Return the current request's locale tag (`en` outside a request, and where the web
    stack is not installed: the pure core's tests)."""
    try:
        from flask import g, has_request_context
    except ImportError:
        return DEFAULT

    if not has_request_context():
        return DEFAULT
    if "page_lang" not in g:
        g.page_lang = _select()
    return g.page_lang


def settle_without_event() -> str:
    """Settle this request's language on what the request itself asks for, else English,
    without asking the database for its event's default; return it. For an answer that must
    cost no query (a write refused as busy, judgeaid.writeturns): a phone's browser always
    sends Accept-Language, so only a client that names no language reads English there."""
    from flask import g

    g.page_lang = chosen_lang() or DEFAULT
    return g.page_lang


def _select() -> str:
    return chosen_lang() or tag_for(_event_language()) or DEFAULT


def chosen_lang() -> str | None:
    """Return the language this request chooses itself (?lang=, cookie, the signed-in user's
    choice, Accept-Language), or None: then the page is in the event's default language.
    Asks the database nothing: a shared view's tag is built from it before any query."""
    from flask import g, has_request_context, request

    if not has_request_context():
        return None
    chosen = tag_for(request.args.get("lang"))
    if chosen:
        return chosen
    chosen = tag_for(request.cookies.get(COOKIE))
    if chosen:
        return chosen
    user = g.get("user")
    chosen = tag_for(getattr(user, "locale", None))
    if chosen:
        return chosen
    for tag, _quality in request.accept_languages:
        if tag == "*":
            continue
        chosen = from_accept_language(tag)
        if chosen:
            return chosen
    return None


def _event_language() -> str | None:
    """Return the default language of the event the requested page belongs to, if any."""
    from flask import g, request

    from judgeaid.extensions import db
    from judgeaid.models import Card, Player, Tournament

    args = request.view_args or {}
    settings = None
    try:
        # One statement, the event's settings only: the page reads its card or player itself.
        if "tournament_id" in args:
            settings = db.session.scalar(db.select(Tournament.settings).where(
                Tournament.id == args["tournament_id"]))
        elif "card_id" in args:
            settings = db.session.scalar(db.select(Tournament.settings).join(
                Card, Card.tournament_id == Tournament.id).where(Card.id == args["card_id"]))
        elif "token" in args:
            settings = db.session.scalar(db.select(Tournament.settings).join(
                Player, Player.tournament_id == Tournament.id).where(
                Player.token == args["token"]))
        elif g.get("user") is not None:
            settings = g.user.tournament.settings
    except Exception:  # a malformed id is the view's to refuse, not the language's
        db.session.rollback()
        return None
    return (settings or {}).get("language")


def _remember(response):
    """Keep a `?lang=` choice in a cookie and on the signed-in user's account."""
    from flask import g, request

    chosen = tag_for(request.args.get("lang"))
    if not chosen:
        return response
    if request.cookies.get(COOKIE) != chosen:
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_SECONDS, samesite="Lax",
                            secure=request.is_secure, httponly=False)
    user = g.get("user")
    if user is not None and getattr(user, "locale", None) != chosen:
        from judgeaid.extensions import db

        try:
            user.locale = chosen
            db.session.commit()
        except Exception:  # the choice is also in the cookie; the page must not fail for it
            db.session.rollback()
    response.vary.add("Cookie")
    return response


def _vary(response):
    """Pages differ by language: caches must keep them apart."""
    if response.mimetype in ("text/html", "application/json"):
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def lang_links() -> list[dict[str, Any]]:
    """Return the language switch's links: this page in each language (plain data)."""
    from flask import request

    here = page_lang()
    links = []
    for tag in LOCALES:
        args = request.args.to_dict(flat=False)
        args["lang"] = [tag]
        query = "&".join(f"{_quote(k)}={_quote(v)}" for k, vs in args.items() for v in vs)
        links.append({"tag": tag, "name": NATIVE_NAMES[tag], "href": f"{request.path}?{query}",
                      "current": tag == here})
    return links


def _quote(value: str) -> str:
    from urllib.parse import quote

    return quote(value, safe="")


@cache
def _js_translations(name: str) -> dict[str, str]:
    """Return the scripts' messages of a Babel locale (msgid -> msgstr; {} for the source)."""
    mo = TRANSLATIONS / name / "LC_MESSAGES" / "js.mo"
    return _read_mo(mo) if mo.exists() else {}


@cache
def _js_catalogue(name: str, template: str | None = None) -> str:
    """Return the scripts' messages of a Babel locale as JSON text ({} for the source): all of
    them, or only those the scripts of page `template` can draw (`_page_messages`)."""
    messages = _js_translations(name)
    wanted = _page_messages(template) if template else None
    if wanted is not None:
        messages = {key: text for key, text in messages.items() if key in wanted}
    text = json.dumps(messages, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c")  # safe inside a <script> element


# A page carries only the messages its own scripts draw (a Chinese picker does not carry the
# judge console's words): the modules its template and the templates it extends or includes
# load with asset('js/...') or start after the load event (data-after-load), app.js (every
# page's), and every module those import.
_TEMPLATE_REF = re.compile(r"""\{%-?\s*(?:include|extends|import|from)\s+["']([^"']+)["']""")
# a module the template loads, or one app.js starts after the load event (data-after-load)
_PAGE_SCRIPT = re.compile(r"""asset\(\s*["']js/([\w.-]+\.js)["']\s*\)"""
                          r"""|data-after-load=["']([\w.-]+\.js)["']""")
_MODULE_IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["']\./([\w.-]+\.js)["']""",
                            re.M | re.S)
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["']\./([\w.-]+\.js)["']\s*\)""")


def _page_scripts(template: str) -> set[str] | None:
    """Return the modules a page's template loads with the ones they import (None: the
    template is not found, so the page gets every message)."""
    templates, scripts, todo = set(), {"app.js"}, [template]
    while todo:
        name = todo.pop()
        path = ROOT / "templates" / name
        if name in templates or not path.is_file():
            if name == template:
                return None
            continue
        templates.add(name)
        text = path.read_text(encoding="utf-8")
        todo.extend(_TEMPLATE_REF.findall(text))
        scripts.update(name for pair in _PAGE_SCRIPT.findall(text) for name in pair if name)
    modules, todo = set(), list(scripts)
    while todo:
        name = todo.pop()
        path = ROOT / "static" / "js" / name
        if name in modules or not path.is_file():
            continue
        modules.add(name)
        text = path.read_text(encoding="utf-8")
        todo.extend(_MODULE_IMPORT.findall(text) + _DYNAMIC_IMPORT.findall(text))
    return modules


@cache
def _page_messages(template: str) -> frozenset[str] | None:
    """Return the keys of the scripts' messages a page's modules draw (where js.pot says each
    is used), or None for every message."""
    from babel.messages.pofile import read_po

    modules = _page_scripts(template)
    pot = TRANSLATIONS / "js.pot"
    if modules is None or not pot.exists():
        return None
    with pot.open("rb") as stream:
        catalog = read_po(stream)
    return frozenset(
        f"{message.context}\x04{message.id}" if message.context else message.id
        for message in catalog
        if message.id and any(Path(file).name in modules for file, _line in message.locations))


@cache
def catalogue(tag: str):
    """Return the `messages` translations of a locale tag (Babel's Translations; English and a
    locale without a compiled catalogue give NullTranslations: the English source)."""
    from babel.support import NullTranslations, Translations

    mo = TRANSLATIONS / babel_name(tag) / "LC_MESSAGES" / "messages.mo"
    if tag == DEFAULT or not mo.exists():
        return NullTranslations()
    with mo.open("rb") as stream:
        return Translations(stream)


def _read_mo(path: Path) -> dict[str, str]:
    """Read a compiled catalogue's translated messages (msgid -> msgstr; a message with a
    context is keyed `context\\x04msgid`, as gettext stores it)."""
    from babel.messages.mofile import read_mo

    with path.open("rb") as stream:
        catalog = read_mo(stream)
    out: dict[str, str] = {}
    for message in catalog:
        if not message.id or not message.string or isinstance(message.id, tuple):
            continue
        key = f"{message.context}\x04{message.id}" if message.context else message.id
        out[key] = message.string
    return out


@pass_context
def js_messages(context=None) -> str:
    """Return the JSON of the scripts' messages for this page's language ("{}" in English):
    those the page's own scripts draw, when the template rendering it is known."""
    from flask import current_app

    name = babel_name(page_lang())
    if current_app.debug:
        for cached in (_js_translations, _js_catalogue, _page_messages):
            cached.cache_clear()
    return _js_catalogue(name, getattr(context, "name", None))


def zh_name(chinese: str) -> str:
    """Return a pattern or fan name in the page's script (as given on an English page)."""
    from judgeaid.hanzi import name_in_script

    return name_in_script(chinese, page_lang())


def zh_lang(lang: str) -> str:
    """Return the language tag of a Chinese name shown by `zh_name`: the page's own on a
    Chinese page, else `lang` (the script the name is written in)."""
    here = page_lang()
    return here if here.startswith("zh-") else lang


def register(app) -> None:
    """Set up Flask-Babel with our locale selection and give templates the page's language."""
    from flask_babel import Babel

    Babel(app, locale_selector=lambda: babel_name(page_lang()),
          default_translation_directories=str(TRANSLATIONS))
    app.after_request(_remember)
    app.after_request(_vary)
    app.jinja_env.globals.update(page_lang=page_lang, lang_links=lang_links,
                                 js_messages=js_messages, zh_name=zh_name, zh_lang=zh_lang)
