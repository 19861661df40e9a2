"""HTML to PDF through WeasyPrint, with a URL fetcher that reaches nothing outside the app."""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse


class StaticOnlyFetcher(URLFetcher):
    """Serve data: URIs and the app's own static files; refuse every other URL."""

    def __init__(self, base_url: str, static_folder: str | Path, static_url_path: str):
        super().__init__()
        root = urlsplit(base_url)
        self.origin = (root.scheme, root.netloc)
        # The app may live below a script root: /static is then /root/static.
        self.prefix = root.path.rstrip("/") + "/" + static_url_path.strip("/") + "/"
        self.root = Path(static_folder).resolve()

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        """Return the resource, or raise ValueError for anything not ours."""
        if url.startswith("data:"):
            return _data_uri(url)
        parts = urlsplit(url)
        if (parts.scheme, parts.netloc) != self.origin or not parts.path.startswith(
                self.prefix):
            raise ValueError(f"Printing may not fetch {url!r}: only our static files.")
        path = (self.root / unquote(parts.path[len(self.prefix):])).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            raise ValueError(f"There is no static file at {url!r}.")
        mime_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime_type})


def _data_uri(url: str) -> URLFetcherResponse:
    header, _, payload = url[len("data:"):].partition(",")
    mime_type, *params = header.split(";")
    body = (base64.b64decode(payload) if "base64" in params
            else unquote(payload).encode("utf-8"))
    return URLFetcherResponse(url, body, {"Content-Type": mime_type or "text/plain"})


def create_pdf(html: str, base_url: str, *, static_folder: str | Path | None = None,
               static_url_path: str = "/static") -> bytes:
    """Render HTML to PDF bytes; resources come only from data: URIs and our static files."""
    if static_folder is None:
        from flask import current_app

        static_folder = current_app.static_folder
        static_url_path = current_app.static_url_path
    fetcher = StaticOnlyFetcher(base_url, static_folder, static_url_path)
    return HTML(string=html, base_url=base_url, url_fetcher=fetcher).write_pdf()
