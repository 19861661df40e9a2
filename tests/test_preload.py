"""Every page names each module it will run for preloading, so a phone fetches the whole graph
in one round trip instead of one import at a time (issue 31)."""

import re

import pytest

PRELOADED = re.compile(r'<link rel="modulepreload" href="/static/js/([\w-]+\.js)\?v=\w+">')
RUN = re.compile(r'<script type="module" src="/static/js/([\w-]+\.js)\?v=\w+">')
AFTER_LOAD = re.compile(r'<meta name="judgeaid-after-load" content="([^"]*)">')
IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["']\./([\w.-]+\.js)["']""", re.M | re.S)


def static_imports(app, name):
    with open(f"{app.static_folder}/js/{name}", encoding="utf-8") as module:
        return set(IMPORT.findall(module.read()))


@pytest.mark.parametrize("path", ["/picker", "/picker/mcr", "card", "player", "standings"])
def test_page_preloads_its_whole_module_graph(app, client, demo, path):
    path = {"card": demo["cards"][0]["url"], "player": demo["players"][0]["url"],
            "standings": f"/t/{demo['tournament_id']}/standings"}.get(path, path)
    html = client.get(path).get_data(as_text=True)
    preloaded = set(PRELOADED.findall(html))
    run = set(RUN.findall(html)) - {"app.js"}
    later = AFTER_LOAD.search(html)
    later = set(later.group(1).split()) if later else set()
    # a page runs its modules at once, or starts its parts after the load event (the card)
    assert run or later
    assert run <= preloaded
    # closed under static imports: no module waits for the one importing it, before the load
    # event or after it (app.js preloads the whole list at once)
    for name in preloaded | {"app.js"}:
        assert static_imports(app, name) <= preloaded, name
    for name in later:
        assert static_imports(app, name) <= preloaded | later, name
    # after the import map, which the preloads' URLs need
    assert html.index('type="importmap"') < html.index('rel="modulepreload"')


@pytest.mark.parametrize(("path", "mirror"), [("/picker", "zj.js"), ("/picker/mcr", "mcr.js")])
def test_picker_starts_after_the_load_event_with_its_scoring_mirror(client, path, mirror):
    # picker.js imports its mirror by name (rulesets.js), so the page names it: fetched with
    # picker.js once the page has loaded, never before (the page's bytes before it load)
    html = client.get(path).get_data(as_text=True)
    later = AFTER_LOAD.search(html).group(1).split()
    assert {"picker.js", mirror} <= set(later)
    assert not {"picker.js", mirror} & set(PRELOADED.findall(html))
    assert RUN.findall(html) == ["app.js"]
