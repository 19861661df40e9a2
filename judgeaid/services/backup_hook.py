"""The call a posting use case makes for an automatic backup once its write is committed.

A use case only flushes; the request commits (judgeaid.writes). So the use case asks here,
and the backup is written after the view has returned, when what it posted is committed.
The writer is the one judgeaid.services.autobackup registers on the app: this module
imports no other service, so a use case can call it without an import circle.
"""

from __future__ import annotations

from flask import after_this_request, current_app, flash, has_request_context

HOOK = "judgeaid.backup_after_posting"


def backup_after_posting(tournament_id: int, session_number: int) -> None:
    """Write the tournament's backup once the request that posts this session has committed."""
    # A script that posts outside a request gets the next 15-minute backup instead.
    if not has_request_context() or not current_app.config.get("BACKUP_AUTOMATIC"):
        return
    write = current_app.extensions.get(HOOK)
    if write is None:
        return

    @after_this_request
    def _backup(response):
        if response.status_code < 400:  # a refused posting wrote nothing to back up
            status = write(tournament_id, session_number)
            if status and status.get("problem"):
                flash(status["problem"], "warning")
        return response
