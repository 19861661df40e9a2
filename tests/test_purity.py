"""The pure core (judgeaid.rules, judgeaid.tournament) knows nothing about the web."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("flask", "sqlalchemy", "weasyprint", "werkzeug", "flask_sqlalchemy", "zxingcpp",
             "fpdf", "pikepdf")
# What the core may import of judgeaid: itself, and the pure small values every layer shares.
PURE = ("judgeaid.rules", "judgeaid.tournament", "judgeaid.values")
CORE_FILES = sorted((ROOT / "judgeaid" / "rules").rglob("*.py")) + sorted(
    (ROOT / "judgeaid" / "tournament").rglob("*.py"))


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_module_imports_nothing_from_the_web(path):
    tree = ast.parse(path.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module.split(".")[0])
            if node.module.startswith("judgeaid.") and not node.module.startswith(
                    PURE):
                imported.add(node.module)
    bad = {name for name in imported if name in FORBIDDEN or name.startswith("judgeaid.")
           and not name.startswith(PURE)}
    assert not bad, f"{path.name} imports {bad}"


def test_importing_the_core_loads_no_web_module():
    code = ("import sys, importlib, pkgutil, judgeaid.rules, judgeaid.tournament\n"
            "for pkg in (judgeaid.rules, judgeaid.tournament):\n"
            "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
            "        importlib.import_module(m.name)\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_every_ruleset_package_is_registered_and_checked():
    from judgeaid.rules import RULESETS

    rules = ROOT / "judgeaid" / "rules"
    packages = {p.name for p in rules.iterdir() if (p / "__init__.py").is_file()}
    assert packages == set(RULESETS), "a package under judgeaid/rules/ is a ruleset: register it"
    for package in packages:
        assert any(path.is_relative_to(rules / package) for path in CORE_FILES), package


# Makes every import of the web stack fail, as on a machine that has only the pure core.
WITHOUT_THE_WEB = """
import sys
import pytest

class NotInstalled:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {forbidden!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}")

sys.meta_path.insert(0, NotInstalled())
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "tests/rules", "tests/tournament"]))
"""


def test_the_core_tests_run_without_flask_or_sqlalchemy():
    code = WITHOUT_THE_WEB.format(forbidden=("flask", "flask_sqlalchemy", "sqlalchemy",
                                             "werkzeug"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert " passed" in out.stdout and "error" not in out.stdout.splitlines()[-1]
