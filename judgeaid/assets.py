"""Versioned static files: each URL carries its content hash, so caches never go stale."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import rcssmin
from flask import Flask, Response, current_app, g, has_request_context, request, url_for
from jinja2 import Template
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from judgeaid import jsmin

# The app shell the service worker fetches at install: what every page and the offline
# picker need. Other areas' files are cached the first time a page uses them, so a
# player's phone on venue Wi-Fi never downloads the judge console in the background.
# The picker asks rulesets.js for its ruleset's scoring mirror (the rulesets' can.mirror).
SHELL_FILES = ("js/app.js", "js/picker.js", "js/rulesets.js",
               "js/zj.js", "js/mcr.js", "js/outbox.js", "js/dom.js", "js/offline.js",
               "js/servertime.js", "icons/icon-192.png")


# Every page carries its stylesheets inline, each allowed by its hash in the pages'
# Content-Security-Policy: a stylesheet in a file of its own is a round trip that the first
# paint waits for, on top of the HTML's (400 ms on venue Wi-Fi, issue 31). A page's scripts
# stay in files, cached and shared between pages; its styles come with each page (a few KB
# after gzip).
INLINE_STYLES_FOLDER = "css"


def _hashes(static: Path) -> dict[str, str]:
    found = {}
    for path in sorted(static.rglob("*")):
        if path.is_file():
            rel = path.relative_to(static).as_posix()
            found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
    return found


def static_hashes() -> dict[str, str]:
    """Return {relative path: short content hash} for every static file."""
    app = current_app
    if app.debug or "judgeaid.static_hashes" not in app.extensions:
        app.extensions["judgeaid.static_hashes"] = _hashes(Path(app.static_folder))
    return app.extensions["judgeaid.static_hashes"]


def asset_url(filename: str) -> str:
    """Return the versioned URL of a static file."""
    version = static_hashes().get(filename)
    if version is None:
        raise KeyError(f"no static file {filename}")
    return url_for("static", filename=filename, v=version)


def shell_version() -> str:
    """Return one hash over all static files: the service worker's cache version."""
    digest = hashlib.sha256()
    for name, version in static_hashes().items():
        digest.update(f"{name}={version};".encode())
    return digest.hexdigest()[:12]


def shell_urls() -> list[str]:
    """Return the versioned URLs of the static files the service worker precaches."""
    return [asset_url(name) for name in SHELL_FILES if name in static_hashes()]


def import_map() -> dict[str, dict[str, str]]:
    """Map each ES module's plain URL to its versioned one, so module imports hit the cache."""
    return {"imports": {url_for("static", filename=name): asset_url(name)
                        for name in static_hashes()
                        if name.startswith("js/") and name.endswith(".js")}}


def import_map_json() -> Markup:
    """Return the import map as the exact text of its inline script, safe inside HTML.

    Every page carries it and its hash is in every answer's CSP, so it is made once per
    script root (as the static files' hashes are), not twice a request.
    """
    app = current_app
    kept = app.extensions.setdefault("judgeaid.import_maps", {})
    root = request.script_root if has_request_context() else ""
    if app.debug or root not in kept:
        kept[root] = Markup(htmlsafe_json_dumps(import_map(), dumps=app.json.dumps))
    return kept[root]


def csp_source(text: str) -> str:
    """Return the CSP source ('sha256-…') that allows exactly this inline text."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def import_map_hash() -> str:
    """Return the CSP source ('sha256-…') that allows exactly this app's inline import map."""
    return csp_source(import_map_json())


# A module's static imports ("./dom.js"), and what a page's HTML says it will run: its module
# scripts. What a module imports later (import(): a ruleset's scoring mirror, a part of the
# page used only once it is tapped, what app.js starts after the load event) is not preloaded
# with the page.
_IMPORT = re.compile(r"""^\s*import\b[^;]*?\bfrom\s*["']\./([\w-]+\.js)["']""", re.M | re.S)
_MODULE_SCRIPT = re.compile(r"""<script type="module" src="[^"?]*/static/js/([\w-]+\.js)\?""")
_AFTER_LOAD = re.compile(r'data-after-load="([\w-]+\.js)"')
# a module a part started after the load event imports when it needs it, which the page knows
# it will (data-after-load-preload="zj.js": the pickers' and the paper card's scoring mirror):
# fetched with them
_AFTER_LOAD_PRELOAD = re.compile(r'data-after-load-preload="([\w-]+\.js)"')
_IMPORT_MAP_END = '<script type="importmap">'


_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["']\./([\w-]+\.js)["']\s*\)""")


def _scan_modules(key: str, pattern: re.Pattern) -> dict[str, tuple[str, ...]]:
    """Return {module file: the files `pattern` finds it importing}, read once from static/js."""
    app = current_app
    if app.debug or key not in app.extensions:
        folder = Path(app.static_folder) / "js"
        app.extensions[key] = {
            path.name: tuple(dict.fromkeys(pattern.findall(path.read_text(encoding="utf-8"))))
            for path in sorted(folder.glob("*.js"))}
    return app.extensions[key]


def module_imports() -> dict[str, tuple[str, ...]]:
    """Return {module file: the files it imports statically}."""
    return _scan_modules("judgeaid.module_imports", _IMPORT)


def module_dynamic_imports() -> dict[str, tuple[str, ...]]:
    """Return {module file: the files it imports when it needs them (import("./x.js"))}."""
    return _scan_modules("judgeaid.module_dynamic_imports", _DYNAMIC_IMPORT)


def module_graph(entries: tuple[str, ...]) -> tuple[str, ...]:
    """Return every module the entry modules need, each once, dependencies first; the answer
    for each set of entries is worked out once."""
    app = current_app
    kept = app.extensions.setdefault("judgeaid.module_graphs", {})
    if app.debug or entries not in kept:
        imports = module_imports()
        order: list[str] = []

        def visit(name: str) -> None:
            if name in order or name not in imports:
                return
            order.append(name)  # marked before its imports: an import cycle ends here
            for imported in imports[name]:
                visit(imported)

        for entry in entries:
            visit(entry)
        kept[entries] = tuple(order)
    return kept[entries]


def with_module_preloads(html: str) -> str:
    """Return a page with a modulepreload link for every module it will run, right after its
    import map: the browser fetches the whole graph at once instead of an import at a time
    (each a round trip on venue Wi-Fi)."""
    at = html.find(_IMPORT_MAP_END)
    if at < 0:
        return html
    entries = ["app.js", *_MODULE_SCRIPT.findall(html)]
    end = html.find("</script>", at) + len("</script>")
    now = module_graph(tuple(dict.fromkeys(entries)))
    links = "".join(f'\n  <link rel="modulepreload" href="{asset_url("js/" + name)}">'
                    for name in now if f"js/{name}" in static_hashes() and name != "app.js")
    # What app.js starts after the load event (data-after-load) and what that imports: app.js
    # preloads them all at once then, so no import waits for the one importing it.
    after = [*_AFTER_LOAD.findall(html), *_AFTER_LOAD_PRELOAD.findall(html)]
    later = [name for name in module_graph(tuple(dict.fromkeys(after)))
             if name not in now and f"js/{name}" in static_hashes()]
    if later:
        links += f'\n  <meta name="judgeaid-after-load" content="{" ".join(later)}">'
    # What those import only when a part is used (the round form): not fetched by the page,
    # but kept by the service worker with the page, so it opens with no network (app.js).
    dynamic = module_dynamic_imports()
    wanted = tuple(dict.fromkeys(d for name in (*now, *later) for d in dynamic.get(name, ())))
    kept = [name for name in module_graph(wanted)
            if name not in now and name not in later and f"js/{name}" in static_hashes()]
    if kept:
        links += f'\n  <meta name="judgeaid-keep" content="{" ".join(kept)}">'
    return html[:end] + links + html[end:]


class PreloadingTemplate(Template):
    """A template whose whole pages name every module they run for preloading, and carry
    each of their stylesheets once."""

    def render(self, *args, **kwargs) -> str:
        # what inline_style gave is counted per page rendered, not per request: an error page
        # drawn after a page failed half-way still gets its stylesheets
        outer = g.pop("inline_styles", None) if has_request_context() else None
        try:
            return with_module_preloads(super().render(*args, **kwargs))
        finally:
            if has_request_context():
                g.pop("inline_styles", None)
                if outer is not None:
                    g.inline_styles = outer


def _inline_text(filename: str) -> str:
    """Return a static file minified, as it goes inside its element in a page."""
    return minified(filename).replace("</", "<\\/")  # never ends its element early


def _inline_styles() -> dict[str, tuple[Markup, str]]:
    """Return {stylesheet: (its <style> element, its CSP source)}, made once per version."""
    app = current_app
    if app.debug or "judgeaid.inline_styles" not in app.extensions:
        kept = {}
        for name in static_hashes():
            if name.startswith(INLINE_STYLES_FOLDER + "/") and name.endswith(".css"):
                text = _inline_text(name)
                kept[name] = (Markup(f'<style data-stylesheet="{name}">{text}</style>'),
                              csp_source(text))
        app.extensions["judgeaid.inline_styles"] = kept
    return app.extensions["judgeaid.inline_styles"]


def inline_style(filename: str) -> Markup:
    """Return a stylesheet of static/css as an inline <style> element, once a page rendered: a
    partial that brings its own stylesheet (the session clock) adds nothing when the page has
    it (PreloadingTemplate.render counts them)."""
    element = _inline_styles()[filename][0]
    if has_request_context():
        given = g.setdefault("inline_styles", set())
        if filename in given:
            return Markup("")
        given.add(filename)
    return element


# The one script a page carries inline, before its modules: it holds what they would miss
# until app.js runs (static/inline/hold.js). The pages' policy allows it by its hash.
INLINE_SCRIPT = "inline/hold.js"


def _inline_script() -> tuple[Markup, str]:
    """Return the page's first script as a <script> element and its CSP source, made once
    per version."""
    app = current_app
    if app.debug or "judgeaid.inline_script" not in app.extensions:
        text = _inline_text(INLINE_SCRIPT)
        app.extensions["judgeaid.inline_script"] = (Markup(f"<script>{text}</script>"),
                                                    csp_source(text))
    return app.extensions["judgeaid.inline_script"]


def inline_script() -> Markup:
    """Return the page's first script, inline (base.html)."""
    return _inline_script()[0]


def inline_script_hash() -> str:
    """Return the CSP source ('sha256-…') that allows exactly the page's first script."""
    return _inline_script()[1]


def inline_style_hashes() -> str:
    """Return the CSP sources ('sha256-…') that allow exactly the inline stylesheets."""
    return " ".join(source for _style, source in _inline_styles().values())


# Stylesheets and scripts go to phones without their comments and spacing, made once per
# version: a quarter fewer bytes after gzip on venue Wi-Fi (issue 31). The files in static/
# stay as they are written. A script the reader cannot read to its end goes as written.
def _script(text: str) -> str:
    try:
        return jsmin.minify(text)
    except jsmin.ScriptUnreadable as error:
        current_app.logger.warning("script sent as written: %s", error)
        return text


MINIFIERS = {".css": (rcssmin.cssmin, "text/css"), ".js": (_script, "text/javascript")}


def minified(filename: str) -> str | None:
    """Return a stylesheet or script without comments and spacing (None for other files)."""
    minify = MINIFIERS.get(Path(filename).suffix)
    version = static_hashes().get(filename)
    if minify is None or version is None:
        return None
    kept = current_app.extensions.setdefault("judgeaid.minified", {})
    if (filename, version) not in kept:
        text = (Path(current_app.static_folder) / filename).read_text(encoding="utf-8")
        kept[(filename, version)] = minify[0](text)
    return kept[(filename, version)]


def send_static(filename: str) -> Response:
    """Serve a static file; stylesheets and scripts minified, with their version as ETag."""
    text = minified(filename)
    if text is None:
        return current_app.send_static_file(filename)
    response = Response(text, mimetype=MINIFIERS[Path(filename).suffix][1])
    response.set_etag(static_hashes()[filename])
    return response.make_conditional(request)


def register(app: Flask) -> None:
    """Expose `asset()` to templates and give versioned files a long cache life."""
    app.view_functions["static"] = send_static
    app.jinja_env.template_class = PreloadingTemplate
    app.jinja_env.globals["asset"] = asset_url
    app.jinja_env.globals["inline_style"] = inline_style
    app.jinja_env.globals["inline_script"] = inline_script
    app.jinja_env.globals["import_map_json"] = import_map_json

    @app.after_request
    def cache_static(response):
        from flask import request

        if request.endpoint == "static" and request.args.get("v"):
            # a versioned URL never changes: no revalidation, not even on a second visit
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = 31536000
            response.cache_control.immutable = True
        return response
