"""The event's ruleset as plain page data: its words by key and what it can do.

Views pass `ruleset_view(code)` to their template as `rules` (`rules.words['card.hand_word']`,
`rules.can.same_turn_chain`) and scripts get the same dict in the JSON they load; nothing
outside judgeaid/rules asks which ruleset it is. This is the one place a later language
layer translates the ruleset's words (the ruleset's code is the message context).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from judgeaid.i18n import DEFAULT, catalogue, page_lang
from judgeaid.rules import RULESETS, get_ruleset


def ruleset_view(code: str) -> dict[str, Any]:
    """Return a ruleset's code, name, words and capabilities as plain data for a page, in the
    page's language (built once per ruleset and language; pages only read it)."""
    return _ruleset_view(code, page_lang())


@cache
def _ruleset_view(code: str, lang: str) -> dict[str, Any]:
    rules = get_ruleset(code)
    words = translated_words(code, dict(rules.words), lang)
    return {"code": rules.code, "name": words["ruleset.name"], "words": words,
            "can": rules.can.as_json()}


def translated_words(code: str, words: dict[str, str], lang: str) -> dict[str, str]:
    """Return a ruleset's words in a language: each English text is a message whose context is
    the ruleset's code (an untranslated one stays English)."""
    if lang == DEFAULT:
        return words
    translations = catalogue(lang)
    return {key: (translations.pgettext(code, text) if text else text)
            for key, text in words.items()}


def event_rules(tournament_id: int) -> dict[str, Any]:
    """Return `ruleset_view` of a tournament's ruleset, for a view to pass as `rules`.

    The tournament is usually in the session already (the view has checked it), so this
    asks the database nothing more.
    """
    from judgeaid.extensions import db
    from judgeaid.models import Tournament

    tournament = db.session.get(Tournament, tournament_id)
    if tournament is None:
        from flask import abort

        abort(404, description="There is no such tournament.")
    return ruleset_view(tournament.ruleset)


def every_ruleset() -> list[dict[str, Any]]:
    """Return `ruleset_view` of every registered ruleset, for pages of no event."""
    return [ruleset_view(code) for code in RULESETS]


def leaderboard_rules() -> dict[str, Any] | None:
    """Return `ruleset_view` of the ruleset whose events count on the leaderboards (None:
    no registered ruleset has leaderboards)."""
    return next((ruleset_view(code) for code, rules in RULESETS.items()
                 if rules.can.leaderboards), None)


def script_view(code: str, prefix: str | tuple[str, ...] = "js.") -> dict[str, Any]:
    """Return what a page's scripts need of a ruleset: its code, its words for scripts (the keys
    starting with `prefix`, or with one of several, only those, to keep the JSON small) and its
    capabilities (static/js/rulesets.js reads it)."""
    rules = get_ruleset(code)
    words = translated_words(code, rules.words.as_dict(prefix), page_lang())
    return {"code": rules.code, "words": words, "can": rules.can.as_json()}


class PageWords:
    """A ruleset's words in the page's language, for the messages and page data a service
    builds (`page_words(rules)["card.hand_word"]`, `.format(key, **values)`): the pure core
    keeps its English words; the translation happens here, at the web's boundary."""

    def __init__(self, rules) -> None:
        self.code = rules.code
        self._words = rules.words
        self._lang = page_lang()

    def __getitem__(self, key: str) -> str:
        text = self._words[key]
        if not text or self._lang == DEFAULT:
            return text
        return catalogue(self._lang).pgettext(self.code, text)

    def format(self, key: str, /, **values: object) -> str:
        return self[key].format(**values)


def page_words(rules) -> PageWords:
    """Return a ruleset's words (of a `Ruleset`) in the current page's language."""
    return PageWords(rules)


def rule_text(code: str, text: str) -> str:
    """Return a text a ruleset shows besides its words (a pattern's description, a guide's
    step, a rubric's line: its `texts_*.py` lists them) in the page's language; the English
    text itself where the page is English or the text has no translation."""
    lang = page_lang()
    if lang == DEFAULT or not text:
        return text
    return catalogue(lang).pgettext(code, text)
