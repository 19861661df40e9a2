"""Every message has a translation in every locale, with the same placeholders (issue 29).

For each locale's catalogues (judgeaid/translations/<locale>/LC_MESSAGES/messages.po and
js.po), read as the repository holds them:
- every message the code has (as scripts/i18n.py extracts it) is in the catalogue: a message
  added without `scripts/i18n.py extract` would print in English;
- every message has a translation that is not marked fuzzy (plural forms: every form);
- Babel's own checkers pass: `%(name)s` placeholders of python-format messages match, and
  plural messages have the locale's number of forms;
- brace placeholders (`{name}`: the scripts' `t("Hand {n}", {n})` and the rulesets' words)
  are the same set in the translation as in the source;
- section citations (§2.3, MCR §3.9.1.3) stay as written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from judgeaid.i18n import LOCALES, TRANSLATIONS

DOMAINS = ("messages", "js")
BRACES = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
CITATION = re.compile(r"§\s?\d+(?:\.\d+)*")
SHOWN = 20  # problems printed per failure


def catalogue_paths() -> list[tuple[str, str, Path]]:
    return [(name, domain, TRANSLATIONS / name / "LC_MESSAGES" / f"{domain}.po")
            for tag, name in LOCALES.items() if tag != "en" for domain in DOMAINS]


PATHS = catalogue_paths()
IDS = [f"{name}/{domain}" for name, domain, _ in PATHS]


def read(name: str, path: Path):
    assert path.exists(), f"{path} is missing: run scripts/i18n.py extract"
    with path.open("rb") as stream:
        return read_po(stream, locale=name)


def texts(value) -> list[str]:
    """Return a message's id or string as a list (a plural message has several)."""
    return [v for v in value if v] if isinstance(value, (list, tuple)) else [value or ""]


def label(message) -> str:
    context = f"[{message.context}] " if message.context else ""
    first = texts(message.id)[0]
    return context + (first if len(first) <= 90 else first[:87] + "...")


def report(what: str, problems: list[str]) -> str:
    return (f"{len(problems)} {what}:\n  " + "\n  ".join(problems[:SHOWN])
            + (f"\n  ... and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""))


def brace_names(text: str) -> set[str]:
    return set(BRACES.findall(text))


def brace_problems(message) -> list[str]:
    """Return what differs between the brace placeholders of a message and its translation."""
    wanted = set().union(*(brace_names(t) for t in texts(message.id)))
    problems = []
    for string in texts(message.string):
        got = brace_names(string)
        if got != wanted:
            missing, extra = sorted(wanted - got), sorted(got - wanted)
            problems.append(f"{label(message)}: placeholders missing {missing}, unknown {extra}")
    return problems


def citation_problems(message) -> list[str]:
    """Return the section citations a translation lost or changed."""
    wanted = sorted(m.replace(" ", "") for t in texts(message.id) for m in CITATION.findall(t))
    problems = []
    for string in texts(message.string):
        got = sorted(m.replace(" ", "") for m in CITATION.findall(string))
        if got != wanted:
            problems.append(f"{label(message)}: citations {wanted} printed as {got}")
    return problems


@pytest.mark.parametrize(("name", "domain", "path"), PATHS, ids=IDS)
def test_every_message_is_translated(name, domain, path):
    catalog = read(name, path)
    # a plural has as many forms as the language has (Chinese: one, nplurals=1)
    missing = [label(m) for m in catalog if m.id and (m.fuzzy or not all(
        texts(m.string)) or len(texts(m.string)) < (catalog.num_plurals if m.pluralizable
                                                     else 1))]
    assert not missing, report(f"untranslated or fuzzy messages in {name}/{domain}.po",
                               missing)


@pytest.mark.parametrize(("name", "domain", "path"), PATHS, ids=IDS)
def test_placeholders_match(name, domain, path):
    catalog = read(name, path)
    problems = [f"{label(message)}: {error}"
                for message, errors in catalog.check() for error in errors]
    for message in catalog:
        if message.id and any(texts(message.string)):
            problems += brace_problems(message) + citation_problems(message)
    assert not problems, report(f"placeholder problems in {name}/{domain}.po", problems)


@pytest.fixture(scope="module")
def templates_of_the_code():
    """The messages the code has now, by domain (scripts/i18n.py's extraction)."""
    import importlib.util

    script = Path(__file__).resolve().parents[2] / "scripts" / "i18n.py"
    spec = importlib.util.spec_from_file_location("i18n_script", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {"messages": module.messages_template(), "js": module.js_template()}


@pytest.mark.parametrize(("name", "domain", "path"), PATHS, ids=IDS)
def test_every_message_of_the_code_is_in_the_catalogue(name, domain, path,
                                                       templates_of_the_code):
    catalog = read(name, path)
    missing = [label(m) for m in templates_of_the_code[domain]
               if m.id and catalog.get(m.id, m.context) is None]
    assert not missing, report(f"messages of the code missing from {name}/{domain}.po (run "
                               "scripts/i18n.py extract)", missing)


def test_the_brace_check_catches_a_lost_placeholder():
    from babel.messages.catalog import Message

    assert brace_problems(Message("Hand {n} of {total}", "第{n}盤，共{total}盤")) == []
    assert brace_problems(Message("Hand {n} of {total}", "第{n}盤")) != []
    assert brace_problems(Message("Hand {n}", "第{m}盤")) != []
    assert citation_problems(Message("Dead hand (§4.2)", "死牌 (§4.2)")) == []
    assert citation_problems(Message("Dead hand (§4.2)", "死牌")) != []
