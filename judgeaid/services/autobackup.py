"""Automatic backups during an event: after every posted session and every 15 minutes.

Each backup is the signed one-file backup of judgeaid.services.exports, written atomically
(a temporary file, flushed to disk, then renamed) into the backup folder (BACKUP_DIR,
default <instance>/backups) and, when set, a second folder (BACKUP_SECOND_PATH: a USB stick
or a shared folder, which must already exist: a stick that is not plugged in is reported,
never replaced by a folder of the same name on the laptop's own disk). A file's name says
the tournament, the time (UTC, sortable) and why it was written:
`t3-spring-open-20261124T143000Z-posted-s2.json`, `...-periodic.json`. Every posted-session
backup is kept; of the 15-minute ones, the newest BACKUP_PERIODIC_KEEP per tournament.

An event is in play, and gets the 15-minute backups, from the moment a session is seated
(a PlaySession no longer "planned") until every seated session is posted (finalized_at set)
and the latest posting is a day old: the gap between two days of play is covered.

Several gunicorn workers, and several instances on one machine sharing the backup folder,
write at most one backup per tournament per 15-minute slot: the first to create the slot's
file (O_EXCL) in <folder>/.slots writes it. A backup is skipped when nothing changed since
the last one, told by a cheap fingerprint: the tournament's audit events, recorded writes,
card versions and play-timer versions (every use case that changes an event leaves one).

The export takes seconds of CPU for a big event (1.4-3.7 s for 400 players' first session
on SQLite), so each backup is written by a child process at low priority (BACKUP_IN_CHILD),
which the worker waits for without holding its other requests.

The last backup of each tournament, where it went and what failed is kept in
<folder>/.last-t<id>.json, which the organizer's desk shows.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import unicodedata
from contextlib import suppress
from datetime import datetime, timedelta
from pathlib import Path

from flask import Flask, current_app
from flask_babel import gettext as _
from sqlalchemy import func, select

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Card, Operation, PlaySession, PlayTimer, utcnow
from judgeaid.paths import ROOT
from judgeaid.services import backup_hook, exports
from judgeaid.services.accounts import get_tournament_or_404

log = logging.getLogger(__name__)

PERIODIC = "periodic"
QUIET_AFTER = timedelta(days=1)  # an event all posted this long ago is over
TICK_SECONDS = 60  # how often a worker's scheduler looks for a due backup
STAMP = "%Y%m%dT%H%M%SZ"
SLOTS = ".slots"
THREAD_KEY = "judgeaid.backup_scheduler_pid"


# ---------------------------------------------------------------- where

def backup_folder() -> Path:
    """Return this server's backup folder (BACKUP_DIR, default <instance>/backups)."""
    return Path(current_app.config.get("BACKUP_DIR") or Path(current_app.instance_path,
                                                             "backups"))


def second_folder() -> Path | None:
    """Return the second folder a backup is copied to, or None."""
    second = (current_app.config.get("BACKUP_SECOND_PATH") or "").strip()
    return Path(second) if second else None


def _slug(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:40].strip("-")


def file_name(tournament_id: int, name: str, at: datetime, reason: str) -> str:
    """Return a backup's file name: tournament, UTC time (sortable) and reason."""
    slug = _slug(name)
    # The backup file (issue 28): the JSON, gzip-compressed.
    return (f"t{tournament_id}-{slug + '-' if slug else ''}{at.strftime(STAMP)}-{reason}"
            f"{exports.BACKUP_FILE_SUFFIX}")


def _backups_in(folder: Path, tournament_id: int, reason: str) -> list[Path]:
    """Return the tournament's backups of one kind in a folder, oldest first."""
    # .json too: the plain files written before issue 28 are counted, and pruned, with the rest
    pattern = re.compile(rf"t{tournament_id}-(?:.*-)?(\d{{8}}T\d{{6}}Z)-{reason}\.json(?:\.gz)?")
    found = [(match.group(1), path) for path in folder.iterdir()
             if (match := pattern.fullmatch(path.name))]
    return [path for _, path in sorted(found)]


# ---------------------------------------------------------------- writing

def _write_atomically(folder: Path, name: str, data: bytes) -> None:
    """Write a file so that a reader, or a power cut, sees the old state or the whole file."""
    handle, temporary = tempfile.mkstemp(prefix=".writing-", suffix=".json", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, folder / name)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    with suppress(OSError):  # the rename itself reaches the disk (not every OS allows this)
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def _prune(folder: Path, tournament_id: int, keep: int) -> None:
    """Delete all but the newest `keep` periodic backups of a tournament in a folder."""
    for path in _backups_in(folder, tournament_id, PERIODIC)[:-keep]:
        with suppress(FileNotFoundError):  # another worker pruned it a moment ago
            path.unlink()


def _why(exc: OSError, folder: Path) -> str:
    """Say in words why a folder could not be written."""
    if isinstance(exc, FileNotFoundError):
        return f"the folder {folder} is not there (is the stick plugged in, the share mounted?)"
    if isinstance(exc, PermissionError):
        return f"this server may not write in {folder}"
    return f"{folder}: {exc.strerror or exc}"


def fingerprint(tournament_id: int) -> list:
    """Return what changes whenever the tournament does: counts and latest ids of its
    audit events and recorded writes, the sum of its card and play-timer versions."""
    audit = db.session.execute(select(func.count(AuditEvent.id), func.max(AuditEvent.id))
                               .where(AuditEvent.tournament_id == tournament_id)).one()
    writes = db.session.execute(select(func.count(Operation.op_id),
                                       func.max(Operation.created_at))
                                .where(Operation.tournament_id == tournament_id)).one()
    versions = [db.session.scalar(select(func.coalesce(func.sum(model.version), 0))
                                  .where(model.tournament_id == tournament_id))
                for model in (Card, PlayTimer)]
    return [audit[0], audit[1], writes[0],
            writes[1].isoformat() if writes[1] else None, *(int(v) for v in versions)]


def write_backup(tournament_id: int, reason: str, at: datetime | None = None) -> dict:
    """Write the tournament's backup into the backup folder and the second folder; return
    what was written where, with the problems in words (an export failure is raised)."""
    at = at or utcnow()
    mark = fingerprint(tournament_id)
    data = exports.backup_file(tournament_id)
    name = file_name(tournament_id, get_tournament_or_404(tournament_id).name, at,
                     reason)
    keep = max(1, int(current_app.config.get("BACKUP_PERIODIC_KEEP", 8)))
    places = []
    second = second_folder()
    for folder, is_second in ((backup_folder(), False), *(((second, True),) if second else ())):
        try:
            if not is_second:
                folder.mkdir(parents=True, exist_ok=True)
            elif not folder.is_dir():
                raise FileNotFoundError(folder)
            _write_atomically(folder, name, data)
            _prune(folder, tournament_id, keep)
            places.append({"folder": str(folder), "is_second": is_second, "error": ""})
        except OSError as exc:
            log.error("Backup %s of tournament %s not written to %s: %s", name, tournament_id,
                      folder, exc)
            places.append({"folder": str(folder), "is_second": is_second,
                           "error": _why(exc, folder)})
    status = {"tournament_id": tournament_id, "at": at.isoformat(), "reason": reason,
              "file": name, "bytes": len(data), "places": places, "fingerprint": mark,
              "problem": _problem(reason, places)}
    _save_status(status)
    return status


# What a child process needs to write a backup as this server would.
CHILD_CONFIG = ("SQLALCHEMY_DATABASE_URI", "SECRET_KEY", "BACKUP_SECOND_PATH",
                "BACKUP_PERIODIC_KEEP")
CHILD_SECONDS = 300


def write_backup_aside(tournament_id: int, reason: str, at: datetime | None = None) -> dict:
    """Write the backup in a child process at low priority and return its status: the export
    takes seconds of CPU for a big event, which would otherwise hold this worker's requests."""
    return _run_child(_child_job(tournament_id, reason, at))


def _child_job(tournament_id: int, reason: str, at: datetime | None = None) -> dict:
    """Return what the child needs to write a backup as this server would."""
    return {"config": {**{key: current_app.config[key] for key in CHILD_CONFIG},
                       "BACKUP_DIR": str(backup_folder().resolve())},
            "tournament_id": tournament_id, "reason": reason,
            "at": (at or utcnow()).isoformat()}


def _run_child(job: dict) -> dict:
    """Run a child that writes one backup (no app context needed); return its status."""
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    # the job goes through stdin: the secret key and the database URL stay out of `ps`
    done = subprocess.run(
        [sys.executable, "-c", "from judgeaid import backup_child; backup_child.main()"],
        input=json.dumps(job).encode(), capture_output=True, timeout=CHILD_SECONDS,
        env={**os.environ, "PYTHONPATH": path}, cwd=ROOT, check=False)
    if done.returncode != 0:
        lines = done.stderr.decode(errors="replace").strip().splitlines()
        raise RuntimeError(f"the backup process ended with {lines[-1] if lines else 'no word'}")
    status = json.loads(done.stdout)
    if status["problem"]:  # the child's own log went to its stderr
        log.error("Backup of tournament %s: %s", job["tournament_id"], status["problem"])
    return status


def _write(tournament_id: int, reason: str, at: datetime | None = None) -> dict:
    """Write a backup in a child process, or here when the config says so (tests)."""
    if current_app.config.get("BACKUP_IN_CHILD"):
        return write_backup_aside(tournament_id, reason, at)
    return write_backup(tournament_id, reason, at)


def _problem(reason: str, places: list[dict]) -> str:
    """Say what went wrong with a backup, for the organizer ("" when nothing did)."""
    failed = [p for p in places if p["error"]]
    if not failed:
        return ""
    what = (_("The automatic backup after session %(n)s", n=reason.removeprefix("posted-s"))
            if reason.startswith("posted-s") else _("The 15-minute automatic backup"))
    if len(failed) == len(places):
        return _("%(what)s could not be written: %(errors)s. Download a backup from the results "
                 "desk now.", what=what, errors="; ".join(p["error"] for p in failed))
    return _("%(what)s is in %(folder)s but not in the second place: %(error)s.", what=what,
             folder=places[0]["folder"], error=failed[0]["error"])


def _save_status(status: dict, folder: Path | None = None) -> None:
    """Keep the last backup's status where the desk reads it; log when that fails too."""
    folder = folder or backup_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write_atomically(folder, f".last-t{status['tournament_id']}.json",
                          json.dumps(status, ensure_ascii=False).encode("utf-8"))
    except OSError as exc:
        log.error("The backup status of tournament %s was not saved: %s",
                  status["tournament_id"], exc)


def read_status(tournament_id: int) -> dict | None:
    """Return the last automatic backup's status, or None when there is none."""
    try:
        text = (backup_folder() / f".last-t{tournament_id}.json").read_text("utf-8")
        return json.loads(text)
    except (OSError, ValueError):
        return None


def _failed(tournament_id: int, reason: str, exc: Exception, folder: Path | None = None
            ) -> dict:
    """Record a backup that could not even be made (the export failed)."""
    folder = folder or backup_folder()
    status = {"tournament_id": tournament_id, "at": utcnow().isoformat(), "reason": reason,
              "file": "", "bytes": 0, "fingerprint": None,
              "places": [{"folder": str(folder), "is_second": False,
                          "error": f"the backup could not be made ({exc})"}]}
    status["problem"] = _problem(reason, status["places"])
    _save_status(status, folder)
    return status


# ---------------------------------------------------------------- after a posted session

def backup_posted(tournament_id: int, session_number: int) -> dict | None:
    """Write the backup after a posted session; never raise (the posting stands). A child
    still writing after BACKUP_POSTED_WAIT_SECONDS goes on alone: the desk shows its end."""
    reason = f"posted-s{session_number}"
    try:
        posted = db.session.scalar(select(PlaySession.finalized_at).where(
            PlaySession.tournament_id == tournament_id, PlaySession.number == session_number))
        if posted is None:
            return None  # the posting did not commit: nothing new to keep
        if not current_app.config.get("BACKUP_IN_CHILD"):
            return write_backup(tournament_id, reason)
        job = _child_job(tournament_id, reason)
    except Exception as exc:  # a backup must never fail or undo the posting
        log.exception("The backup after session %s of tournament %s failed", session_number,
                      tournament_id)
        db.session.rollback()
        return _failed(tournament_id, reason, exc)
    result: dict = {}
    worker = threading.Thread(target=_child_for_posting, args=(job, result), daemon=True,
                              name="judgeaid-posted-backup")
    worker.start()
    worker.join(current_app.config.get("BACKUP_POSTED_WAIT_SECONDS", 10))
    status = result.get("status")
    if status and status.get("problem"):  # the child said it in English: say it again here
        status = {**status, "problem": _problem(reason, status.get("places", []))}
    return status


def _child_for_posting(job: dict, result: dict) -> None:
    """Run the posted session's backup child; record a failure where the desk reads it."""
    try:
        result["status"] = _run_child(job)
    except Exception as exc:  # logged and shown on the desk; the posting stands
        log.exception("The backup after posting (%s) of tournament %s failed", job["reason"],
                      job["tournament_id"])
        result["status"] = _failed(job["tournament_id"], job["reason"], exc,
                                   Path(job["config"]["BACKUP_DIR"]))


# ---------------------------------------------------------------- every 15 minutes

def events_in_play(now: datetime) -> list[int]:
    """Return the tournaments in play at `now` (UTC): a session seated, and a seated session
    not yet posted or the latest posting less than a day old."""
    latest: dict[int, datetime | None] = {}
    unposted: set[int] = set()
    for tournament_id, finalized_at in db.session.execute(
            select(PlaySession.tournament_id, PlaySession.finalized_at)
            .where(PlaySession.is_seated)):
        if finalized_at is None:
            unposted.add(tournament_id)
        elif latest.get(tournament_id) is None or finalized_at > latest[tournament_id]:
            latest[tournament_id] = finalized_at
        latest.setdefault(tournament_id, None)
    return sorted(t for t, at in latest.items()
                  if t in unposted or (at is not None and now - at < QUIET_AFTER))


def slot_of(now: datetime, period: int) -> datetime:
    """Return the start of the period-long slot (UTC) that `now` falls in."""
    epoch = datetime(1970, 1, 1)
    seconds = math.floor((now - epoch).total_seconds() / period) * period
    return epoch + timedelta(seconds=seconds)


def claim_slot(tournament_id: int, slot: datetime) -> bool:
    """Claim a tournament's slot on this machine; True for the one caller that gets it."""
    folder = backup_folder() / SLOTS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"t{tournament_id}-{slot.strftime(STAMP)}"
    try:
        handle = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return False
    os.close(handle)
    _forget_slots(folder, slot - QUIET_AFTER)
    return True


def _forget_slots(folder: Path, before: datetime) -> None:
    """Delete the claims of slots long past."""
    cutoff = before.strftime(STAMP)
    for path in folder.iterdir():
        if path.name.rsplit("-", 1)[-1] < cutoff:
            with suppress(FileNotFoundError):
                path.unlink()


def run_due(now: datetime | None = None) -> list[dict]:
    """Write the 15-minute backups due at `now` (UTC) that no worker on this machine has
    written in this slot; return what each in-play tournament got."""
    now = now or utcnow()
    slot = slot_of(now, int(current_app.config.get("BACKUP_PERIOD_SECONDS", 900)))
    done = []
    for tournament_id in events_in_play(now):
        if not claim_slot(tournament_id, slot):
            done.append({"tournament_id": tournament_id, "skipped": "claimed"})
            continue
        try:
            last = read_status(tournament_id)
            if (last and not last.get("problem") and last.get("fingerprint")
                    == fingerprint(tournament_id)):
                done.append({"tournament_id": tournament_id, "skipped": "unchanged"})
                continue
            done.append(_write(tournament_id, PERIODIC, now))
        except Exception as exc:  # one event's failure must not stop the others' backups
            log.exception("The 15-minute backup of tournament %s failed", tournament_id)
            db.session.rollback()
            done.append(_failed(tournament_id, PERIODIC, exc))
    return done


def _run_forever(app: Flask, stop: threading.Event) -> None:
    """Look for due backups every minute, each run in an app context of its own."""
    while not stop.wait(TICK_SECONDS):
        try:
            with app.app_context():  # its end returns the connection: none is held between runs
                run_due()
        except Exception:  # the scheduler outlives any one failure (logged, tried next minute)
            log.exception("The automatic backups could not run")


def start_scheduler(app: Flask) -> threading.Event | None:
    """Start this process's backup thread once; return its stop event (None if running)."""
    with _start_lock:
        # a pid, not a flag: a worker forked from a process that had one starts its own
        if app.extensions.get(THREAD_KEY) == os.getpid():
            return None
        app.extensions[THREAD_KEY] = os.getpid()
    stop = threading.Event()
    threading.Thread(target=_run_forever, args=(app, stop), name="judgeaid-backups",
                     daemon=True).start()
    return stop


_start_lock = threading.Lock()


def register(app: Flask) -> None:
    """Write a backup after each posted session, and start the 15-minute backups at the
    first request (after gunicorn has forked its workers, in each of them)."""
    app.extensions[backup_hook.HOOK] = backup_posted
    if app.config.get("BACKUP_AUTOMATIC") and app.config.get("BACKUP_SCHEDULER"):
        @app.before_request
        def _start_backups() -> None:
            start_scheduler(app)


# ---------------------------------------------------------------- the desk




def last_backup_view(tournament_id: int, zone: str) -> dict | None:
    """Return the last automatic backup for the desk: when, why, where, what failed."""
    status = read_status(tournament_id)
    if status is None:
        return None
    reason = status.get("reason", "")
    return {"at": venuetime.venue_moment(datetime.fromisoformat(status["at"]), zone),
            "why": _("the 15-minute one") if reason == PERIODIC else
            _("after session %(n)s was posted", n=reason.removeprefix("posted-s")),
            "file": status.get("file", ""),
            "written_to": [p["folder"] for p in status.get("places", []) if not p["error"]],
            # said again in the page's language (the status was written with no page)
            "problem": _problem(reason, status.get("places", [])) if status.get("problem")
            else ""}
