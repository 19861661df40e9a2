"""Reading a backup file as a stream of JSON parser events, never holding it whole.

The restore (judgeaid.services.restore) reads the file twice: once to check it, once to
write it. `read_backup` yields its header values, its tables and their rows one at a time;
a value nested too deeply, too big, or broken text is refused before it is built.
"""

from __future__ import annotations

import gzip
import io
import re
import zlib
from collections.abc import Iterator
from typing import IO, Any

import ijson
from flask_babel import gettext as _

from judgeaid.services.exports import BadBackup

MAX_DEPTH = 32  # nesting of a JSON value inside a row

# Parser events in one row: a replay record holding a whole card is a few thousand. The cap
# keeps one crafted row from taking many times its size in memory.
MAX_ROW_EVENTS = 50_000


def open_backup(data: bytes | str | IO[bytes]) -> IO[bytes]:
    """Return a seekable binary stream over the backup's JSON, whatever form it came in: text,
    bytes or a file, plain or gzip-compressed (the backup file, issue 28)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    stream = io.BytesIO(data) if isinstance(data, bytes) else data
    if isinstance(stream, io.BytesIO):
        head = bytes(stream.getbuffer()[:2])  # looked at, not read: the stream stays put
    else:
        position = stream.tell()
        head = stream.read(2)
        stream.seek(position)
    return _Inflated(stream) if head == GZIP_MAGIC else stream


GZIP_MAGIC = b"\x1f\x8b"
# A gzip file inflates to at most this much JSON: a 400-player event of 8 sessions with every
# write's history is about 17 MB; a file that inflates past it is a bomb, not a backup.
MAX_INFLATED = 256 * 1024 * 1024


class _Inflated:
    """A gzip-compressed backup read as its JSON, rewound by seek(0), capped in size."""

    def __init__(self, stream: IO[bytes]):
        self.stream = stream
        self.seek(0)

    def seek(self, offset: int, whence: int = 0) -> int:
        self.stream.seek(0)
        self.file = gzip.GzipFile(fileobj=self.stream, mode="rb")
        self.read_so_far = 0
        return 0

    def read(self, size: int = -1) -> bytes:
        if size == 0:  # the parser asks for nothing once, to learn bytes from text
            return b""
        try:
            chunk = self.file.read(size if size > 0 else 1 << 20)
        except (OSError, EOFError, zlib.error) as exc:
            raise BadBackup(_("This compressed backup is damaged (%(problem)s). Choose the file "
                              "again, or an earlier backup.", problem=exc)) from exc
        self.read_so_far += len(chunk)
        if self.read_so_far > MAX_INFLATED:
            raise BadBackup(_("This compressed file holds more than %(mb)s MB, which no "
                              "judgeaid backup does.", mb=MAX_INFLATED >> 20))
        return chunk


# A \uD800-\uDFFF escape that is not half of a pair: the parser would turn it into "?", so
# it is caught in the raw bytes first. A match starts with a backslash that is not escaped.
_SURROGATE_ESCAPE = re.compile(
    rb"(?<!\\)(\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    rb"|(?<!\\)\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_CARRY = 24  # two escapes: a pair cut by a chunk's end is seen whole in the next chunk


class _SurrogateGuard:
    """Read a stream for the parser, refusing a lone surrogate escape in the JSON text."""

    def __init__(self, stream: IO[bytes]):
        self.stream = stream
        self.tail = b""
        self.offset = 0  # of self.tail in the file

    def read(self, size: int = -1) -> bytes:
        chunk = self.stream.read(size)
        text = self.tail + chunk
        checked_from = max(0, len(self.tail) - 11)  # the rest of the tail was checked
        # a match in the last 11 bytes may be the first half of a pair: checked next time
        unchecked = len(text) - 11 if chunk else len(text)
        for match in _SURROGATE_ESCAPE.finditer(text):
            if match.group(1) is None and checked_from <= match.start() < unchecked:
                escape = match.group().decode()
                raise BadBackup(_("The backup holds broken text: a lone surrogate (%(escape)s) "
                                  "at byte %(byte)s of the file. Nothing was written.",
                                  escape=escape, byte=self.offset + match.start()))
        self.tail = text[-_CARRY:]
        self.offset += len(text) - len(self.tail)
        return chunk


def _events(stream: IO[bytes]) -> Iterator[tuple[str, str, Any]]:
    stream.seek(0)
    try:
        yield from ijson.parse(_SurrogateGuard(stream), use_float=True)
    except (ijson.JSONError, UnicodeDecodeError, ValueError) as exc:
        raise BadBackup(_("This file is not JSON (%(problem)s). Choose a judgeaid backup "
                          "file.", problem=str(exc).strip()[:120])) from exc


def _value(event: str, value: Any, events: Iterator, where: str = "The backup"
           ) -> tuple[Any, int]:
    """Return the whole JSON value that starts with this event, and its number of events."""
    if event not in ("start_map", "start_array"):
        return value, 1
    builder = ijson.ObjectBuilder()
    builder.event(event, value)
    depth = 1
    for count, (_prefix, event, value) in enumerate(events):
        if count > MAX_ROW_EVENTS:
            raise BadBackup(_("%(where)s holds a value of more than %(most)s parts, which no "
                              "judgeaid backup does.", where=where, most=MAX_ROW_EVENTS))
        builder.event(event, value)
        if event in ("start_map", "start_array"):
            depth += 1
            if depth > MAX_DEPTH:
                raise BadBackup(_("%(where)s holds a value nested more than %(most)s deep, "
                                  "which no judgeaid backup does.", where=where,
                                  most=MAX_DEPTH))
        elif event in ("end_map", "end_array"):
            depth -= 1
            if depth == 0:
                return builder.value, count + 2
    raise BadBackup(_("The backup file ends in the middle of a value: it was cut short."))


def read_backup(stream: IO[bytes]) -> Iterator[tuple[str, str, Any]]:
    """Yield ("header", key, value), ("table", name, None) and
    ("row", name, (place in the table, row, its number of parser events))."""
    events = _events(stream)
    first = next(events, None)
    if first is None or first[1] != "start_map":
        raise BadBackup(_("This is not a judgeaid tournament backup (the file is not one JSON "
                          "object)."))
    for _prefix, event, key in events:
        if event == "end_map":
            return
        _prefix, event, value = next(events)
        if key != "tables":
            yield "header", key, _value(event, value, events)[0]
            continue
        if event != "start_map":
            raise BadBackup(_("The backup's tables are missing or incomplete."))
        for _prefix, event, name in events:
            if event == "end_map":
                break
            _prefix, event, value = next(events)
            if event != "start_array":
                raise BadBackup(_("Table %(name)s must be a list of rows.", name=name))
            yield "table", name, None
            for position, (_prefix, event, value) in enumerate(events, start=1):
                if event == "end_array":
                    break
                yield "row", name, (position, *_value(event, value, events,
                                                      f"Table {name}, row {position}"))
