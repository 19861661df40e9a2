"""The scripts as phones receive them (judgeaid.jsmin, issue 31) mean what their sources mean:
tricky cases give the same result in Chromium before and after, and every module the server
sends parses as a module."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgeaid.assets import static_hashes
from judgeaid.jsmin import minify

pytestmark = pytest.mark.browser

SCRIPTS = sorted(path.name for path in
                 (Path(__file__).resolve().parents[2] / "static" / "js").glob("*.js"))

# function bodies; each returns a value the page hands back as JSON
CASES = [
    "let a = 1\nlet b = a\n++a\nreturn [a, b]",
    "function f() { return\n 42 }\nreturn [f() === undefined]",
    "const b = true, d = {x: 2}\n"
    "return `a ${b ? `c ${ {x: 1}.x } // e` : \"}\"} f   g` + `${d.x}` + `/* ${'k'} */`",
    "return /[/]\\/ \\/\\/ x/g.source + '|' + 'a/b'.replace(/\\//g, '-')",
    "const a = 8, b = 2, c = 2\nreturn a / b / c",
    "const a = [6]\nreturn a[0] / 2 / 3",
    "const a = 1, b = 2\nreturn a + +b - -a",
    "return 1 .toString() + 2..toString()",
    "const y = {z: null}\nreturn [y?.z ?? 'w', y?.q?.r ?? 'none']",
    "return 'a\\\nb' + \"c // d\" + '/* e */'",
    "const a = 2 /* c */ - /* d */ 1\nreturn a",
    "return [/[`'\"]/.test('`'), /\\/\\*/.test('/*')]",
    "const f = (x) => ({ x })\nreturn f(3).x",
    "{ } /x/.test('x'); return 'ok'",
    "if (true) return /'/.test(\"'\")",
    "let i = 0\nconst s = []\nfor (const w of ['a', 'b']) { s.push(`${i++}:${w}`) }\nreturn s",
    "const o = {a: 1, b: {c: [1, 2, {d: `${'}'}`}]}}\nreturn JSON.stringify(o)",
]


@pytest.mark.parametrize("body", CASES)
def test_a_minified_script_means_what_its_source_means(browser, body):
    context = browser.new_context()
    try:
        tab = context.new_page()
        run = "(body) => JSON.stringify(new Function(body)())"
        assert tab.evaluate(run, minify(body)) == tab.evaluate(run, body)
    finally:
        context.close()


def test_every_module_the_server_sends_parses(app, live_server, context):
    with app.test_request_context():
        urls = [f"/static/js/{name}?v={static_hashes()['js/' + name]}" for name in SCRIPTS]
    tab = context.new_page()
    tab.goto(live_server.url + "/offline")
    # importing runs each module: a page module may stop at an element this page lacks, but
    # a script the minifier broke does not parse (SyntaxError)
    errors = tab.evaluate("""async (urls) => {
      const errors = {};
      for (const url of urls) {
        try { await import(url); }
        catch (error) { errors[url] = `${error.name}: ${error.message}`; }
      }
      return errors;
    }""", urls)
    assert not {url: error for url, error in errors.items() if error.startswith("SyntaxError")}
    # and each is what the minifier made of it
    sent = tab.evaluate("async (url) => (await fetch(url)).text()", urls[0])
    source = (Path(__file__).resolve().parents[2] / "static" / "js" / SCRIPTS[0]).read_text()
    assert sent == minify(source)
