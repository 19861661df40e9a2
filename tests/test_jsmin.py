"""Scripts without comments and spacing (judgeaid.jsmin, issue 31): every token as written,
only the gaps between tokens shrink, and a script it cannot read goes as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgeaid.jsmin import ScriptUnreadable, minify

SCRIPTS = sorted((Path(__file__).resolve().parent.parent / "static" / "js").glob("*.js"))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_every_module_is_read_to_its_end_and_comes_out_smaller(path):
    source = path.read_text(encoding="utf-8")
    sent = minify(source)  # raises ScriptUnreadable where the reader lost its way
    assert len(sent) < len(source)
    assert minify(sent) == sent  # nothing left to take out
    # the module still exports what it exported
    assert exported(sent) == exported(source)


def exported(script: str) -> set[str]:
    """Return the names a module's export statements name."""
    names = set(re.findall(
        r"(?<![\w$.])export\s+(?:async\s+)?(?:function\*?|const|let|class)\s*([\w$]+)", script))
    for group in re.findall(r"(?<![\w$.])export\s*\{([^}]*)\}", script):
        names |= {name.strip() for name in group.split(",")}
    return names


@pytest.mark.parametrize(("source", "sent"), [
    # comments go; a line break stays a line break (semicolon insertion reads it)
    ("let a = 1 // one\nlet b = 2 /* two */\n", "let a=1\nlet b=2\n"),
    ("return\nvalue\n", "return\nvalue\n"),
    ("a\n++b\n", "a\n++b\n"),
    ("/* a\nb */x\ny", "x\ny\n"),
    # a break after { ( [ , ; can never matter
    ("f(\n  a,\n  b\n);\n{\n  x;\n}\n", "f(a,b\n);{x;}\n"),
    # strings, templates and regular expressions keep what looks like a comment or a space
    ('s = "a // b", t = \'c /* d */\'', 's="a // b",t=\'c /* d */\''),
    ("t = `a ${b ? `c ${ {d: 1}.d } // e` : \"}\"} f   g`",
     "t=`a ${b ? `c ${{d:1}.d} // e`:\"}\"} f   g`"),
    ("r = /[/]\\/ \\/\\/ x/g.test(s)", "r=/[/]\\/ \\/\\/ x/g.test(s)"),
    ("if (x) return /'/.test(y)", "if(x)return /'/.test(y)"),
    # division stays division, and a space that keeps two tokens apart stays
    ("a = b / c / d", "a=b / c / d"),
    ("x = a + +b - -c", "x=a + +b - -c"),
    ("n = 1 .toString()", "n=1 .toString()"),
    ("const { a } = await import(\"./b.js\")", "const{a}=await import(\"./b.js\")"),
    ("x = y?.z ?? w", "x=y?.z ?? w"),
])
def test_the_gaps_shrink_and_the_tokens_stay(source, sent):
    assert minify(source) == sent + ("" if sent.endswith("\n") else "\n")


@pytest.mark.parametrize("source", [
    "s = 'not closed\n", "t = `not closed", "r = /not closed\n/", "/* not closed",
    "t = `${ a `",
])
def test_a_script_it_cannot_read_is_refused(source):
    with pytest.raises(ScriptUnreadable):
        minify(source)


def test_the_server_sends_a_script_it_cannot_read_as_written(app, client, tmp_path, monkeypatch):
    from judgeaid import assets

    with app.test_request_context():
        broken = "export const s = 'not closed\n"
        assert assets._script(broken) == broken
