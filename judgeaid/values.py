"""Small values every layer reads or writes the same way: whole numbers, moments, op-ids.

Pure functions with no Flask or SQLAlchemy, so the edge, the services and the core share
them instead of keeping private copies.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime, timedelta

_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
_EPOCH = datetime(1970, 1, 1)
_MS = timedelta(milliseconds=1)


def whole_number(text: str) -> int | None:
    """Return the whole number `text` writes in ASCII digits (a leading minus allowed), else None.

    Only 0-9: `int()` would also take "٣", "1_000" and " 7", which no form or key here sends.
    Twenty characters at most keep a pasted wall of digits from becoming a huge integer.
    """
    return int(text) if len(text) <= 20 and _WHOLE_NUMBER.fullmatch(text) else None


def iso_z(moment: datetime | None) -> str | None:
    """Return a stored (naive UTC) moment as ISO 8601 text ending in Z, or None."""
    return None if moment is None else moment.isoformat() + "Z"


def epoch_ms(moment: datetime | None) -> int | None:
    """Return a stored (naive UTC) moment as milliseconds since the epoch, or None."""
    return None if moment is None else (moment - _EPOCH) // _MS


def sub_op_id(op_id: str, part: str) -> str:
    """Return the stable op_id of one part of a compound write (at most 64 characters).

    A write that makes several rows (a timer's penalty and its ruling) gives each row its own
    op_id derived from the request's, so the same request always derives the same ones.
    """
    return "c-" + hashlib.sha256(f"{op_id}/{part}".encode()).hexdigest()[:40]
