"""The browser modules (static/js) keep one way to do each thing, and the offline shell holds
every module its own modules import (issue 15, point 3)."""

import re
from pathlib import Path

import pytest

from judgeaid.assets import SHELL_FILES

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
MODULES = {path.name: path.read_text() for path in sorted((STATIC / "js").glob("*.js"))}
IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["']\./([\w.-]+\.js)["']""", re.M | re.S)
# A module a page loads only when it needs it: import("./mcr.js") (the picker's scoring).
DYNAMIC = re.compile(r"""\bimport\(\s*["']\./([\w.-]+\.js)["']\s*\)""")


def defining(pattern):
    """Return the modules whose text matches pattern."""
    return sorted(name for name, text in MODULES.items() if re.search(pattern, text))


def imports_of(name):
    """Return the modules that module name imports, statically or when it needs them."""
    return set(IMPORT.findall(MODULES[name])) | set(DYNAMIC.findall(MODULES[name]))


@pytest.mark.parametrize(("what", "pattern", "home"), [
    # the server's clock (DESIGN §4): only servertime.js reads /api/time's now_ms and adds an
    # offset to this device's clock; every other module asks it for now()
    ("the server offset", r"now_ms|Date\.now\(\)\s*\+|\+\s*Date\.now\(\)", "servertime.js"),
    # one op-id maker: dom.newOpId (outbox.js passes it on; a page that sends without the
    # outbox makes its op-ids without loading it)
    ("the op-id maker", r"randomUUID|getRandomValues", "dom.js"),
    # one DOM builder: dom.h
    ("the DOM builder", r"\bdocument\.createElement\(", "dom.js"),
    # one pair of element finders: dom.$ and dom.$$
    ("the element finders", r"(?:const|let|function)\s+\$\$?\s*[=(]", "dom.js"),
])
def test_one_module_does_it(what, pattern, home):
    assert defining(pattern) == [home], f"{what} belongs in {home} alone"


def test_every_module_imported_is_there():
    for name in MODULES:
        assert imports_of(name) <= MODULES.keys(), name


def test_the_offline_shell_holds_what_its_modules_import():
    shell = {name.removeprefix("js/") for name in SHELL_FILES if name.startswith("js/")}
    needed = set()
    for name in shell:
        needed |= imports_of(name)
    assert needed <= shell, f"the shell misses {sorted(needed - shell)}"


def mirrors():
    """Return the scoring mirrors the registered rulesets name (rulesets.js imports them)."""
    from judgeaid.rules import RULESETS

    return {r.can.mirror for r in RULESETS.values() if r.can.mirror}


def test_every_module_is_used():
    templates = "".join(path.read_text() for path in (ROOT / "templates").rglob("*.html"))
    loaded = set(re.findall(r"asset\('js/([\w.-]+\.js)'\)", templates))
    # a part of a page that app.js starts after the load event (data-after-load="callup.js")
    loaded |= set(re.findall(r'data-after-load="([\w.-]+\.js)"', templates))
    imported = set().union(*(imports_of(name) for name in MODULES))
    assert loaded <= MODULES.keys()
    assert mirrors() <= MODULES.keys()
    assert MODULES.keys() <= loaded | imported | mirrors()


def test_the_offline_shell_holds_every_mirror():
    # the picker and the card import the ruleset's mirror by the name its data gives
    shell = {name.removeprefix("js/") for name in SHELL_FILES}
    assert mirrors() <= shell


def test_no_module_names_a_ruleset_or_cites_a_section():
    # a script asks its ruleset (rulesets.js) for words and capabilities; only the mirrors,
    # each a ruleset's own module, cite the rulebook
    mirrored = mirrors()
    for name, text in MODULES.items():
        if name in mirrored:
            continue
        assert "\u00a7" not in text, f"{name} cites a section: its words belong to the ruleset"
        named = r"""isMcr|===?\s*["'](?:mcr|zj)["']|["'](?:mcr|zj)["']\s*===?"""
        assert not re.search(named, text), f"{name} branches on a ruleset's code"


def test_no_import_circle():
    # a page's modules form a tree of siblings under its entry (a later issue preloads them all)
    def visit(name, path):
        assert name not in path, f"import circle: {' -> '.join([*path, name])}"
        for child in imports_of(name):
            visit(child, [*path, name])

    for name in MODULES:
        visit(name, [])


def test_every_words_key_a_script_draws_is_in_the_table():
    # a script draws its rule words from the ruleset by key (rulesets.js say); each key it
    # names is one every ruleset must have, and each js.* key of the table is drawn somewhere
    from judgeaid.rules.words import KEYS

    named = set()
    patterns = set()
    for text in MODULES.values():
        named |= set(re.findall(r"""["'](js\.[a-z0-9_.]+[a-z0-9_])["']""", text))
        # keys built from parts: `js.card.seat_change_${reason}_${...}`
        patterns |= {re.sub(r"\\\$\\\{[^}]*\\\}", "[a-z0-9_]+", re.escape(t))
                     for t in re.findall(r"`(js\.[^`]*\$\{[^`]*)`", text)}
    assert named <= KEYS.keys(), sorted(named - KEYS.keys())
    scripted = {key for key in KEYS if key.startswith("js.")}
    drawn = {key for key in scripted
             if key in named or any(re.fullmatch(p, key) for p in patterns)}
    assert drawn == scripted, f"no script draws {sorted(scripted - drawn)}"
