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
    # one op-id maker: outbox.newOpId
    ("the op-id maker", r"randomUUID|getRandomValues", "outbox.js"),
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


def test_every_module_is_used():
    templates = "".join(path.read_text() for path in (ROOT / "templates").rglob("*.html"))
    loaded = set(re.findall(r"asset\('js/([\w.-]+\.js)'\)", templates))
    imported = set().union(*(imports_of(name) for name in MODULES))
    assert loaded <= MODULES.keys()
    assert MODULES.keys() <= loaded | imported
