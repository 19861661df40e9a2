"""Home page, the tournament's public page, and the PWA shell (manifest, service worker)."""

from __future__ import annotations

import unicodedata

from flask import (
    Blueprint,
    current_app,
    make_response,
    render_template,
    send_from_directory,
    url_for,
)
from flask_babel import gettext as _

from judgeaid.assets import asset_url, shell_urls, shell_version
from judgeaid.i18n import page_lang
from judgeaid.services import overview
from judgeaid.services.cards import actor_display
from judgeaid.wording import event_rules, every_ruleset

bp = Blueprint("main", __name__)

# Pages the service worker keeps so they open with no network at all.
SHELL_PAGES = ("/offline", "/picker", "/picker/mcr")


@bp.app_template_filter("actor")
def actor_filter(label: str | None) -> str:
    """Show a stored actor label ("organizer:Rita Ramos") as "Rita Ramos (organizer)"."""
    return actor_display(label)


@bp.app_template_filter("unaccented")
def unaccented(text: str) -> str:
    """Return text without its accents ("Lucía" -> "Lucia"), for lists a browser searches
    itself (a datalist): typing "Lucia" or "Zoe" then finds Lucía and Zoë."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


@bp.get("/")
def home():
    """List the tournaments on this server."""
    return render_template("main/home.html", tournaments=overview.list_tournaments(),
                           rulesets=every_ruleset())


@bp.get("/t/<int:tournament_id>")
def tournament(tournament_id: int):
    """Show a tournament's public page."""
    return render_template("main/tournament.html", rules=event_rules(tournament_id),
                           t=overview.tournament_summary(tournament_id))


@bp.get("/offline")
def offline():
    """Explain that this page needs the network."""
    return render_template("main/offline.html", rulesets=every_ruleset())


@bp.get("/favicon.ico")
def favicon():
    """Return the app's icon where browsers look for it first (no 404 on every first visit)."""
    response = send_from_directory(current_app.static_folder, "icons/icon-192.png",
                                   mimetype="image/png", max_age=86_400)
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    """Return the web app manifest, in the language its page asks for (`?lang=` on the link:
    browsers fetch a manifest without cookies)."""
    body = {
        "name": _("judgeaid — Zung Jung and MCR tournament assistant"),
        "short_name": "judgeaid",
        "description": _("Scoring cards, hand pickers, seating and judging for Zung Jung "
                         "and MCR mahjong tournaments."),
        "lang": page_lang(),
        "start_url": "/?source=pwa",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5ef",
        "theme_color": "#14532d",
        "icons": [
            {"src": asset_url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": asset_url("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": asset_url("icons/maskable-512.png"), "sizes": "512x512",
             "type": "image/png", "purpose": "maskable"},
        ],
    }
    response = make_response(body)
    response.mimetype = "application/manifest+json"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


@bp.get("/sw.js")
def service_worker():
    """Return the service worker, versioned by the app shell's content."""
    precache = [*SHELL_PAGES, url_for("api.zj_catalogue"), *shell_urls()]
    script = render_template("sw.js", version=shell_version(), precache=precache,
                             shell_pages=list(SHELL_PAGES))
    response = make_response(script)
    response.mimetype = "application/javascript"
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response
