"""The translation catalogues: extract the messages, update each locale, compile them.

    python scripts/i18n.py extract   # messages.pot and js.pot from the code, then each .po updated
    python scripts/i18n.py compile   # every .po to its .mo (`make run` and `make test` do this)
    python scripts/i18n.py merge other/zh_Hant/LC_MESSAGES/messages.po ...
                                     # take another copy's translations into ours

Two domains: `messages` (Python, Jinja templates, and every shipped ruleset's words, each with
the ruleset's code as its message context, so that "fan" and "points" never share a
translation by accident) and `js` (the strings scripts draw with `t(...)`, sent to the
browser as JSON by judgeaid.i18n.js_messages). English is the source: it has no catalogue.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "judgeaid" / "translations"
sys.path.insert(0, str(ROOT))

KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "ngettext": (1, 2),
            "lazy_ngettext": (1, 2), "pgettext": ((1, "c"), 2), "lazy_pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "N_": None, "_l": None}
PY_MAP = [("judgeaid/translations/**", "ignore"), ("judgeaid/**.py", "python")]
JINJA_MAP = [("**.html", "jinja2"), ("sw.js", "jinja2")]
JINJA_OPTIONS = {"**.html": {"extensions": "jinja2.ext.do", "trimmed": "true"},
                 "sw.js": {"extensions": "jinja2.ext.do", "trimmed": "true"}}
JS_MAP = [("**.js", "javascript")]
JS_KEYWORDS = {"t": None, "tc": ((1, "c"), 2)}


def locales() -> list[str]:
    """Return the Babel names of every locale with a catalogue folder."""
    return sorted(path.name for path in TRANSLATIONS.iterdir() if path.is_dir())


def _add(catalog: Catalog, found, base: Path) -> None:
    for filename, lineno, message, comments, context in found:
        catalog.add(message, locations=[(str((base / filename).relative_to(ROOT)), lineno)],
                    auto_comments=comments, context=context)


def messages_template() -> Catalog:
    """Return the `messages` domain's template: Python, templates and the rulesets' words."""
    catalog = Catalog(project="judgeaid", charset="utf-8")
    _add(catalog, extract_from_dir(str(ROOT), PY_MAP, keywords=KEYWORDS,
                                   comment_tags=("Translators:",)), ROOT)
    templates = ROOT / "templates"
    _add(catalog, extract_from_dir(str(templates), JINJA_MAP, JINJA_OPTIONS, keywords=KEYWORDS,
                                   comment_tags=("Translators:",)), templates)
    from judgeaid.rules import RULESETS
    from judgeaid.rules.words import KEYS

    for code, rules in RULESETS.items():
        for key in KEYS:
            text = rules.words[key]
            if text:
                catalog.add(text, context=code, auto_comments=[f"{code} {key}: {KEYS[key]}"],
                            locations=[(f"judgeaid/rules/{code}/words.py", 0)])
    for code in RULESETS:
        for text, note in ruleset_texts(code):
            catalog.add(text, context=code, auto_comments=[f"{code}: {note}"] if note else [],
                        locations=[(f"judgeaid/rules/{code}", 0)])
    return catalog


def ruleset_texts(code: str) -> list[tuple[str, str]]:
    """Return what a ruleset shows besides its words (its catalogue's descriptions, its guide,
    its rubric ...): every `judgeaid/rules/<code>/texts_*.py` has `texts()`, yielding each
    English text (or a (text, note for the translator) pair). Pages show them through
    `judgeaid.wording.rule_text`, with the ruleset's code as the message context."""
    import importlib

    folder = ROOT / "judgeaid" / "rules" / code
    found: list[tuple[str, str]] = []
    for path in sorted(folder.glob("texts_*.py")):
        module = importlib.import_module(f"judgeaid.rules.{code}.{path.stem}")
        for item in module.texts():
            text, note = (item, "") if isinstance(item, str) else item
            if text:
                found.append((text, note))
    return found


def js_template() -> Catalog:
    """Return the `js` domain's template: what the scripts in static/js draw."""
    catalog = Catalog(project="judgeaid", charset="utf-8")
    scripts = ROOT / "static" / "js"
    _add(catalog, extract_from_dir(str(scripts), JS_MAP, keywords=JS_KEYWORDS,
                                   comment_tags=("Translators:",)), scripts)
    return catalog


def extract() -> None:
    """Write both templates and bring every locale's catalogues up to them."""
    for domain, template in (("messages", messages_template()), ("js", js_template())):
        with (TRANSLATIONS / f"{domain}.pot").open("wb") as stream:
            write_po(stream, template, width=100, omit_header=False, sort_output=False)
        for name in locales():
            path = TRANSLATIONS / name / "LC_MESSAGES" / f"{domain}.po"
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                with path.open("rb") as stream:
                    catalog = read_po(stream, locale=name)
            else:
                catalog = Catalog(locale=name, project="judgeaid", charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            with path.open("wb") as stream:
                write_po(stream, catalog, width=100, include_previous=False)
            print(f"{path.relative_to(ROOT)}: {len(catalog)} messages, "
                  f"{sum(1 for m in catalog if m.id and not _translated(m.string))} untranslated")


def compile_all() -> None:
    """Compile every locale's catalogues (untranslated messages fall back to English)."""
    for name in locales():
        for po in (TRANSLATIONS / name / "LC_MESSAGES").glob("*.po"):
            with po.open("rb") as stream:
                catalog = read_po(stream, locale=name)
            with po.with_suffix(".mo").open("wb") as stream:
                write_mo(stream, catalog, use_fuzzy=False)


def _translated(string) -> bool:
    """Say whether a message's translation is there (every form of a plural)."""
    return all(string) if isinstance(string, (tuple, list)) else bool(string)


def merge(paths: list[str]) -> None:
    """Take the translations another copy of a catalogue has (a branch's `.po`, say) into ours:
    each `.po` given is read for its locale (its folder's name, or its Language header) and
    domain (its file name), and fills every message ours has untranslated."""
    for given in map(Path, paths):
        with given.open("rb") as stream:
            theirs = read_po(stream)
        name = str(theirs.locale) if theirs.locale else given.parent.parent.name
        ours_path = TRANSLATIONS / name / "LC_MESSAGES" / given.name
        with ours_path.open("rb") as stream:
            ours = read_po(stream, locale=name)
        taken = 0
        for message in theirs:
            if not message.id or not _translated(message.string):
                continue
            mine = ours.get(message.id, message.context)
            if mine is None:
                ours.add(message.id, message.string, context=message.context,
                         auto_comments=message.auto_comments, locations=message.locations)
            elif not _translated(mine.string) or mine.fuzzy:
                mine.string = message.string
                mine.flags.discard("fuzzy")
            else:
                continue
            taken += 1
        with ours_path.open("wb") as stream:
            write_po(stream, ours, width=100, include_previous=False)
        print(f"{ours_path.relative_to(ROOT)}: {taken} translations taken from {given}")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "merge":
        merge(sys.argv[2:])
    elif command == "compile":
        compile_all()
    else:
        sys.exit(__doc__)
