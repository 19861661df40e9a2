"""Chinese names for readers of either script (issue 29): search that folds Traditional and
Simplified, alphabetical order by pinyin, and the rulesets' pattern and fan names in the
page's script.

- `fold(text)`: the form two names are compared in: accents dropped, case folded, and each
  Traditional character written as its Simplified one (陳 -> 陈), so that 陳 finds 陈 and back
  (the table is judgeaid/hanzi_table.py, written by scripts/hanzi_table.py from OpenCC's data;
  static/js/find.js folds with the same table).
- `sort_key(name, lang)`: a list of players in alphabetical order, for the page's language:
  for a Chinese reader a Chinese name sorts by its pinyin (陈 as "chen", between Carla and
  Dora), as a Chinese phone book does; for anyone else by its folded letters.
- `name_in_script(chinese, lang)`: a pattern or fan name as a zh-Hant or zh-Hans reader
  writes it (each ruleset's catalogue holds both, as `chinese_hant` and `chinese_hans`).

Pure: no Flask, no database.
"""

from __future__ import annotations

import os
import unicodedata
from functools import cache
from typing import Any

from judgeaid.hanzi_table import PAIRS

_TABLE = "".join(PAIRS)
TRAD_TO_SIMP: dict[str, str] = dict(zip(_TABLE[0::2], _TABLE[1::2], strict=True))
_TRANSLATE = str.maketrans(TRAD_TO_SIMP)
SCRIPTS = ("zh-Hant", "zh-Hans")


def fold(text: str | None) -> str:
    """Return text as search compares it: no accents, case folded, Simplified characters,
    spaces collapsed ("Lucía" -> "lucia", "陳大文" -> "陈大文")."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().translate(_TRANSLATE).split())


def matches(name: str | None, typed: str | None) -> bool:
    """Say whether a name holds what was typed, folded (an empty search matches all)."""
    needle = fold(typed)
    return not needle or needle in fold(name)


def is_han(char: str) -> bool:
    """Say whether a character is a Chinese character (CJK Unified Ideographs)."""
    return unicodedata.name(char, "").startswith("CJK UNIFIED IDEOGRAPH")


@cache
def _pinyin(text: str) -> tuple[str, ...]:
    # A name is read character by character: pypinyin's phrase dictionary (some 45 MB in
    # each worker) reads words, not names, so it is left unloaded.
    os.environ.setdefault("PYPINYIN_NO_PHRASES", "true")
    os.environ.setdefault("PYPINYIN_NO_DICT_COPY", "true")
    from pypinyin import Style, lazy_pinyin

    return tuple(lazy_pinyin(text, style=Style.TONE3, neutral_tone_with_five=True,
                             errors=lambda chars: [fold(chars)]))


def sort_key(name: str, lang: str = "en") -> tuple[Any, ...]:
    """Return the key that puts a list of names in alphabetical order for a reader of `lang`.

    For zh-Hant and zh-Hans a name's Chinese characters count by their pinyin, letter by
    letter first and then by tone (a Latin name sorts among them by its letters); otherwise,
    and for names with no Chinese character, by the folded name. The name itself breaks ties.
    """
    folded = fold(name)
    if lang in SCRIPTS and any(is_han(c) for c in name):
        syllables = _pinyin(fold(name))
        letters = " ".join(s.rstrip("12345") for s in syllables)
        return (letters, " ".join(syllables), folded, name)
    return (folded, "", folded, name)


@cache
def _catalogue_names() -> dict[str, tuple[str, str]]:
    """Return every catalogue name, in either script, -> (Traditional, Simplified)."""
    from judgeaid.rules import RULESETS

    names: dict[str, tuple[str, str]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("chinese_hant"), str) and isinstance(
                    node.get("chinese_hans"), str):
                pair = (node["chinese_hant"], node["chinese_hans"])
                for name in (*pair, node.get("chinese")):
                    if name:
                        names.setdefault(name, pair)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for rules in RULESETS.values():
        walk(rules.scoring.catalogue_json())
    return names


def name_in_script(chinese: str, lang: str) -> str:
    """Return a pattern or fan name as a reader of `lang` writes it: Traditional for zh-Hant,
    Simplified for zh-Hans, as given for any other language. A name no catalogue holds is
    given back (in Simplified for zh-Hans, character by character)."""
    if lang not in SCRIPTS or not chinese:
        return chinese
    pair = _catalogue_names().get(chinese)
    if pair is not None:
        return pair[SCRIPTS.index(lang)]
    return chinese.translate(_TRANSLATE) if lang == "zh-Hans" else chinese
