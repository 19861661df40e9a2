"""Write turns: how many of the JSON API's writes one server process runs at once.

A worker has a few threads (gunicorn 2 workers x 4 threads under `make run`), and every phone
in the hall is served by them. A round written to the database holds its thread for as long
as the database's write lock keeps it waiting (SQLite has one writer at a time), so 100 judges
saving at the same moment would fill every thread and the hall's polls would queue behind
them (issue 31: the hall's p99 was 2.3 s during such a burst). So at most WRITES_AT_ONCE
writes run in a process (one by default: a round's write is tens of milliseconds of Python,
and a second one in the same process doubles the wait of every poll sharing its interpreter
lock); one more is answered at once with 503 and Retry-After: 1, before anything else of
the request is done (no query: who is signed in and the event's language are not read).
Every write the app sends goes through the phone's outbox (static/js/outbox.js), which keeps
it and sends it again after the Retry-After, with the same op_id: nothing is lost
and nothing is doubled. The hall's reads, and signing in (which has a turn of its own:
services.accounts), are never held here.

WRITES_AT_ONCE = 0 turns this off (the test suite's default; a test turns it on).
"""

from __future__ import annotations

import threading

from flask import Flask, current_app, g, request
from flask_babel import gettext as _

from judgeaid.i18n import settle_without_event
from judgeaid.services.errors import Busy

RETRY_AFTER_SECONDS = 1
_READS = frozenset({"GET", "HEAD", "OPTIONS"})
_OWN_TURN = frozenset({"/api/login"})  # services.accounts: one PIN check at a time
EXTENSION = "judgeaid.write_turns"


class WriteTurns:
    """A count of the writes running in this process, refused past a limit read per request."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.running = 0

    def take(self, limit: int) -> bool:
        """Take a turn if fewer than `limit` writes run now; return whether one was taken."""
        with self._lock:
            if self.running >= limit:
                return False
            self.running += 1
            return True

    def give_back(self) -> None:
        """End a turn taken with take()."""
        with self._lock:
            self.running -= 1


def is_write(method: str, path: str) -> bool:
    """Return True for a request that waits for a write turn: a JSON API write."""
    return method not in _READS and path.startswith("/api/") and path not in _OWN_TURN


def register(app: Flask) -> None:
    """Hold the API's writes to WRITES_AT_ONCE per process: registered before any other
    step of a request (the signed-in user, the page's language), so that a refusal costs no
    query at the moment a hundred judges save at once. Its words are in the language the
    request asks for (?lang=, cookie, Accept-Language), else English
    (i18n.settle_without_event)."""
    app.extensions[EXTENSION] = WriteTurns()
    app.before_request(_take_turn)
    app.teardown_request(_give_back)


def _take_turn() -> None:
    limit = current_app.config["WRITES_AT_ONCE"]
    if limit <= 0 or not is_write(request.method, request.path):
        return
    if not current_app.extensions[EXTENSION].take(limit):
        settle_without_event()  # a refusal costs no query
        raise Busy(_("Many results are arriving at this moment. This phone sends it again in "
                     "a moment; nothing is lost."), retry_after=RETRY_AFTER_SECONDS)
    g.write_turn = True


def _give_back(_exc: BaseException | None) -> None:
    if g.pop("write_turn", False):
        current_app.extensions[EXTENSION].give_back()
