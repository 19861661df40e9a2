"""The child process that writes one backup aside (judgeaid.services.autobackup).

It builds its own app from the job on stdin, so it lives outside the services: a service
never imports the app factory, which imports every blueprint and, through them, the services.
"""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime


def main() -> None:
    """Write one backup as asked on stdin, print its status (the child of write_backup_aside)."""
    os.nice(10)  # the hall's requests first
    job = json.load(sys.stdin)
    from judgeaid import create_app
    from judgeaid.services.autobackup import write_backup

    app = create_app({**job["config"], "BACKUP_SCHEDULER": False, "BACKUP_IN_CHILD": False})
    with app.app_context():
        status = write_backup(job["tournament_id"], job["reason"],
                              datetime.fromisoformat(job["at"]))
    sys.stdout.write(json.dumps(status))
