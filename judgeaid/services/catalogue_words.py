"""A ruleset's catalogue in the reader's language, for the pages that embed it (issue 29).

The pickers and the card score offline from the catalogue JSON (zj.js, mcr.js): its
descriptions, headings, principles and message templates are English in the pure core. The
API (/api/<code>/catalogue) answers in the request's language as a page does (English when
none is asked for), and a page for a Chinese reader embeds a copy in
which each of those texts is said through the ruleset's catalogue texts
(judgeaid/rules/<code>/texts_catalogue.py, message context = the ruleset's code) and each
pattern's or fan's `name` is its Chinese name in the reader's script (`name_en` keeps the
English one, for search); the scripts then fill the same templates with the same names and
say everything in Chinese. Nothing here names a ruleset.
"""

from __future__ import annotations

import copy
import importlib
import re
from functools import cache
from typing import Any

from judgeaid.i18n import DEFAULT, catalogue, page_lang
from judgeaid.rules import get_ruleset

# the Chinese name of an item, by the reader's script
SCRIPT_NAMES = {"zh-Hant": "chinese_hant", "zh-Hans": "chinese_hans"}


def page_catalogue(code: str) -> dict[str, Any]:
    """Return a ruleset's catalogue JSON for a page in the current language (the English
    catalogue itself on an English page)."""
    return _page_catalogue(code, page_lang())


# What the page shows itself and no script reads: each item's description and other names
# (the picker's rows), and the principles (a section of the page).
PAGE_ONLY_FIELDS = ("description", "kwan_name")
PAGE_ONLY_KEYS = ("principles",)


def script_catalogue(code: str) -> dict[str, Any]:
    """Return the catalogue JSON a picker page embeds for its script: the page's catalogue
    without what the page already shows (a quarter of it; issue 31)."""
    return _script_catalogue(code, page_lang())


@cache
def _script_catalogue(code: str, lang: str) -> dict[str, Any]:
    data = {key: value for key, value in _page_catalogue(code, lang).items()
            if key not in PAGE_ONLY_KEYS}
    for key in ("patterns", "fans"):  # the catalogue's items (_items)
        if key in data:
            data[key] = [{f: v for f, v in item.items() if f not in PAGE_ONLY_FIELDS}
                         for item in data[key]]
    return data


@cache
def _page_catalogue(code: str, lang: str) -> dict[str, Any]:
    data = get_ruleset(code).scoring.catalogue_json()
    if lang == DEFAULT:
        return data
    say = _sayer(code, lang)
    data = copy.deepcopy(data)
    script = SCRIPT_NAMES.get(lang)
    for item in _items(data):
        if script and item.get(script):
            item["name_en"], item["name"] = item["name"], item[script]
        if item.get("description"):
            item["description"] = say(item["description"])
    for key in ("categories", "groups", "principles"):
        for entry in data.get(key, []):
            for field in ("name", "summary", "checked"):
                if isinstance(entry.get(field), str):
                    entry[field] = say(entry[field])
    rules = data.get("rules", {})
    for named in (rules.get("chicken"), rules.get("kong_pair")):
        if isinstance(named, dict):
            if script and named.get(script):
                named["name"] = named[script]
            elif named.get("name"):
                named["name"] = say(named["name"])
    for holder in (data, rules):
        if isinstance(holder.get("messages"), dict):
            holder["messages"] = {key: say(text) for key, text in holder["messages"].items()}
    for rule in rules.get("exclusions", []):
        rule["message"] = say(rule["message"])
    _say_sections(data, lambda text: say_citation(code, lang, text))
    # the words a script cites a part of the rulebook with (mcr.js: "fan {number}")
    data["citations"] = {words: say(words) for _pattern, words in _citation_words(code)}
    return data


def _say_sections(node: Any, cite, key: str | None = None) -> None:
    # every citation the scripts fill in as {section}: a "section" field, the sections table
    if isinstance(node, dict):
        for name, value in node.items():
            if isinstance(value, str) and (name == "section" or key == "sections"):
                node[name] = cite(value)
            else:
                _say_sections(value, cite, name)
    elif isinstance(node, list):
        for value in node:
            _say_sections(value, cite, key)


@cache
def _citation_words(code: str) -> list[tuple[re.Pattern, str]]:
    """Return the words of a ruleset's citations (its texts_catalogue's CITATION_WORDS: "MCR
    App. 1", "fans {numbers}"), each as a pattern, longest first; a {token} is numbers."""
    try:
        module = importlib.import_module(f"judgeaid.rules.{code}.texts_catalogue")
    except ImportError:
        return []
    out = []
    for text in sorted(getattr(module, "CITATION_WORDS", {}), key=len, reverse=True):
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+(?:, \\d+)*)", re.escape(text))
        out.append((re.compile(r"(?<![\w.])" + pattern + r"(?![\w.])"), text))
    return out


def say_citation(code: str, lang: str, text: str) -> str:
    """Return a citation ("MCR §3.9.1.6 (1); MCR App. 1 fans 12, 33") in `lang`: its words
    said, its numbers and § kept."""
    if lang == DEFAULT or not text:
        return text
    say = _sayer(code, lang)
    for pattern, words in _citation_words(code):
        text = pattern.sub(lambda m, words=words: say(words).format(
            **{k: v.replace(", ", "、") for k, v in m.groupdict().items()}), text)
    return text


def _items(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the catalogue's patterns or fans."""
    return data.get("patterns") or data.get("fans") or []


def _sayer(code: str, lang: str):
    translations = catalogue(lang)
    return lambda text: translations.pgettext(code, text) if text else text


@cache
def label_names(code: str, lang: str) -> dict[str, str]:
    """Return what a pattern or fan is called in the core's English messages ("1.2 Concealed
    Hand", "Concealed Hand") -> what a reader of `lang` calls it ("1.2 門前清", "門前清")."""
    data = get_ruleset(code).scoring.catalogue_json()
    script = SCRIPT_NAMES.get(lang)
    if not script:
        return {}
    out: dict[str, str] = {}
    for item in _items(data):
        chinese = item.get(script)
        if not chinese:
            continue
        out[f"{item['id']} {item['name']}"] = f"{item['id']} {chinese}"
        out[item["name"]] = chinese
    kong = data.get("rules", {}).get("kong_pair")
    if isinstance(kong, dict) and kong.get(script):
        out[f"{kong['line']} {kong['name']}"] = f"{kong['line']} {kong[script]}"
        out[kong["name"]] = kong[script]
    chicken = data.get("rules", {}).get("chicken")
    if isinstance(chicken, dict) and chicken.get("name"):
        out[chicken["name"]] = _sayer(code, lang)(chicken["name"])
    return out


def say_names(code: str, lang: str, value: str) -> str:
    """Return a value of a core message with the patterns or fans it names in the reader's
    language: one label, or several joined by ", " (said with 、 when all are names)."""
    names = label_names(code, lang)
    if value in names:
        return names[value]
    parts = value.split(", ")
    if len(parts) > 1 and all(part in names for part in parts):
        return "、".join(names[part] for part in parts)
    return say_citation(code, lang, value)


def line_name(code: str, name: str) -> str:
    """Return a scored line's name (a pattern or fan, the Chicken Hand) as the page's reader
    calls it."""
    lang = page_lang()
    if lang == DEFAULT:
        return name
    return label_names(code, lang).get(name, name)
