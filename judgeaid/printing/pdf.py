"""HTML to PDF through WeasyPrint, with a URL fetcher that reaches nothing outside the app."""

from __future__ import annotations

import base64
import mimetypes
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint import HTML, Page
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse


class StaticOnlyFetcher(URLFetcher):
    """Serve data: URIs and the app's own static files; refuse every other URL."""

    def __init__(self, base_url: str, static_folder: str | Path, static_url_path: str):
        super().__init__()
        root = urlsplit(base_url)
        self._origin = (root.scheme, root.netloc)
        # The app may live below a script root: /static is then /root/static.
        self._prefix = root.path.rstrip("/") + "/" + static_url_path.strip("/") + "/"
        self._static = Path(static_folder).resolve()

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        """Return the resource, or raise ValueError for anything not ours."""
        if url.startswith("data:"):
            return _data_uri(url)
        parts = urlsplit(url)
        if (parts.scheme, parts.netloc) != self._origin or not parts.path.startswith(
                self._prefix):
            raise ValueError(f"Printing may not fetch {url!r}: only our static files.")
        path = (self._static / unquote(parts.path[len(self._prefix):])).resolve()
        if not path.is_relative_to(self._static) or not path.is_file():
            raise ValueError(f"There is no static file at {url!r}.")
        mime_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime_type})


def _data_uri(url: str) -> URLFetcherResponse:
    header, _, payload = url[len("data:"):].partition(",")
    mime_type, *params = header.split(";")
    body = (base64.b64decode(payload) if "base64" in params
            else unquote(payload).encode("utf-8"))
    return URLFetcherResponse(url, body, {"Content-Type": mime_type or "text/plain"})


class _Stamp:
    """A page of fixed form drawn once per PDF as a Form XObject, then referenced per page.

    This paints through WeasyPrint 70's page-drawing API (pinned in requirements.txt);
    tests/printing/test_pdf.py checks that each form lands in the file once.
    """

    def __init__(self, page: Page):
        self.page = page
        self._drawn: tuple[object, str] | None = None

    def draw(self, stream, scale: float) -> None:
        """Draw the form on this page, painting it the first time only."""
        # All pages of one PDF share one resource dictionary (weasyprint.pdf.generate_pdf),
        # so the form painted into a group on the first page serves every later page.
        resources = stream._resources
        if self._drawn is None or self._drawn[0] is not resources:
            group = stream.add_group(0, 0, self.page.width * scale, self.page.height * scale)
            self.page.paint(group, scale)
            self._drawn = (resources, group.id)
        stream.draw_x_object(self._drawn[1])


class _StampedPage(Page):
    """A rendered page painted over its fixed form."""

    def __init__(self, page: Page, stamp: _Stamp | None):
        self.__dict__.update(vars(page))
        self._stamp = stamp

    def paint(self, stream, scale=1):
        """Paint the form, then this page's own content over it."""
        if self._stamp is not None:
            self._stamp.draw(stream, scale)
        super().paint(stream, scale)


def create_pdf(html: str, base_url: str, *, form_html: str | None = None,
               forms: Sequence[int | None] = (), static_folder: str | Path | None = None,
               static_url_path: str = "/static") -> bytes:
    """Render HTML to PDF bytes; resources come only from data: URIs and our static files.

    With `form_html`, its pages are the fixed forms: each is laid out once and drawn under
    the pages of `html` (page i over form `forms[i]`, None for none), so a form printed a
    hundred times costs one layout.
    """
    if static_folder is None:
        from flask import current_app

        static_folder = current_app.static_folder
        static_url_path = current_app.static_url_path
    fetcher = StaticOnlyFetcher(base_url, static_folder, static_url_path)
    fonts = FontConfiguration()
    document = HTML(string=html, base_url=base_url, url_fetcher=fetcher).render(
        font_config=fonts)
    if form_html is None:
        return document.write_pdf()
    form_pages = HTML(string=form_html, base_url=base_url, url_fetcher=fetcher).render(
        font_config=fonts).pages
    if len(forms) != len(document.pages):
        raise RuntimeError(f"{len(document.pages)} pages came out for {len(forms)} forms: "
                           "something overflowed its box.")
    stamps = [_Stamp(page) for page in form_pages]
    pages = [_StampedPage(page, None if i is None else stamps[i])
             for page, i in zip(document.pages, forms, strict=True)]
    return document.copy(pages).write_pdf()
