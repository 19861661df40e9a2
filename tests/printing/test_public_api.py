"""Printing stands on public APIs only: no private WeasyPrint, pydyf, fpdf2 or fontTools, no
ctypes; fpdf2 through its documented calls."""

import ast
from pathlib import Path

import pytest
from fpdf import FPDF

import judgeaid.printing

PACKAGE = Path(judgeaid.printing.__file__).parent
SOURCES = sorted(PACKAGE.glob("*.py"))
REQUIREMENTS = PACKAGE.parents[1] / "requirements.txt"


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def imported(module: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_ctypes_and_nothing_private_imported(path):
    names = imported(tree(path))
    assert not any(name.split(".")[0] == "ctypes" for name in names)
    for name in names:
        if name.split(".")[0] in ("weasyprint", "pydyf", "fpdf", "fontTools"):
            assert not any(part.startswith("_") for part in name.split(".")), name


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_private_attribute_of_weasyprint_or_pydyf(path):
    """Our own objects keep private attributes (self._x); a class built on another library's
    must not, nor may any object's private attribute be read, nor its __dict__ or class."""
    module = tree(path)
    theirs = {alias.asname or alias.name for node in ast.walk(module)
              if isinstance(node, ast.ImportFrom)
              and node.module.split(".")[0] in ("weasyprint", "pydyf", "fpdf", "fontTools")
              for alias in node.names}
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        if {getattr(base, "id", None) for base in cls.bases} & theirs:
            assert not [n.attr for n in ast.walk(cls)
                        if isinstance(n, ast.Attribute) and private(n.attr)], cls.name
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("__dict__", "__class__"), (path.name, node.lineno)
            owner = node.value.id if isinstance(node.value, ast.Name) else None
            if private(node.attr):
                assert owner == "self", (path.name, node.lineno, node.attr)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "vars":
            raise AssertionError((path.name, node.lineno, "vars()"))


@pytest.mark.parametrize("package", ["weasyprint", "fpdf2"])
def test_the_printing_libraries_are_ranges_not_one_version(package):
    line = next(line for line in REQUIREMENTS.read_text().splitlines()
                if line.startswith(package))
    assert ">=" in line and "<" in line and "==" not in line


def _fpdf_calls(module: ast.Module) -> set[str]:
    """Return the attributes read of the FPDF object, `pdf` or `self.pdf`."""
    def is_pdf(node):
        return (isinstance(node, ast.Name) and node.id == "pdf") or (
            isinstance(node, ast.Attribute) and node.attr == "pdf"
            and isinstance(node.value, ast.Name) and node.value.id == "self")
    return {node.attr for node in ast.walk(module)
            if isinstance(node, ast.Attribute) and is_pdf(node.value)}


def test_fpdf2_only_through_its_documented_calls():
    """Each name used on the FPDF object is one of its methods, with a docstring, or the cell
    padding `c_margin`, which FPDF.cell's docstring names. No class of ours is built on
    fpdf2's, and only the package's top level is imported."""
    users = [path for path in SOURCES if any(
        name.split(".")[0] == "fpdf" for name in imported(tree(path)))]
    assert [path.name for path in users] == ["overlay.py"]
    module = tree(users[0])
    assert {name for name in imported(module) if name.split(".")[0] == "fpdf"} == {"fpdf.FPDF"}
    assert not [cls.name for cls in ast.walk(module) if isinstance(cls, ast.ClassDef)
                and cls.bases and any(getattr(b, "id", "") == "FPDF" for b in cls.bases)]
    calls = _fpdf_calls(module)
    assert {"add_font", "set_text_shaping", "set_fallback_fonts", "local_context", "cell"} <= calls
    for name in calls - {"c_margin"}:
        assert not private(name) and callable(getattr(FPDF, name)), name
        assert (getattr(FPDF, name).__doc__ or "").strip(), name
    assert "c_margin" in FPDF.cell.__doc__
