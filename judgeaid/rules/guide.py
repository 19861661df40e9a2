"""A judge's quick-answer guide, whatever the ruleset: the entry shape, look-up, search, JSON.

Each ruleset keeps its own entries (and, where it ranks differently, its own scoring); this
module is the machinery they share.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

_TOKEN = re.compile(r"[a-z0-9]+(?:\.[a-z0-9]+)*")


@dataclass(frozen=True)
class Entry:
    """One irregularity or situation and the steps a judge takes to settle it."""

    id: str
    title: str
    keywords: tuple[str, ...]
    steps: tuple[str, ...]
    sections: tuple[str, ...]
    usual_penalty: str | None = None
    rubric_category: str | None = None
    rubric_infraction: str | None = None


# score(entry, terms, phrase) -> (terms matched, score)
Score = Callable[[Entry, list[str], str], tuple[int, int]]


def get(entries: Sequence[Entry], entry_id: str, what: str = "guide entry") -> Entry:
    """Return the entry with this id, or raise ValueError naming `what` was asked for."""
    for entry in entries:
        if entry.id == entry_id:
            return entry
    raise ValueError(f"unknown {what}: {entry_id!r}")


def search(entries: Sequence[Entry], query: str, score: Score,
           stem: Callable[[str], str] = lambda term: term) -> list[Entry]:
    """Return the entries matching every term of the query, best first; failing that, those
    matching some of them; every entry for an empty query."""
    terms = [stem(t) for t in tokens(query)]
    if not terms:
        return list(entries)
    phrase = " ".join(tokens(query))
    scored = []
    for index, entry in enumerate(entries):
        matched, points = score(entry, terms, phrase)
        scored.append((matched, points, index, entry))
    hits = [s for s in scored if s[0] == len(terms)]
    if not hits:
        hits = [s for s in scored if s[0] > 0]
    hits.sort(key=lambda s: (-s[0], -s[1], s[2]))
    return [s[3] for s in hits]


def guide_json(entries: Sequence[Entry], section_title: Callable[[str], str],
               rulebook: str | None = None) -> dict:
    """Return the guide as JSON-ready data, with a version for the browser's cache."""
    data = [
        {
            "id": e.id,
            "title": e.title,
            "keywords": list(e.keywords),
            "steps": list(e.steps),
            "sections": [{"id": s, "title": section_title(s)} for s in e.sections],
            "usual_penalty": e.usual_penalty,
            "rubric": (
                None
                if e.rubric_category is None
                else {"category": e.rubric_category, "infraction": e.rubric_infraction}
            ),
        }
        for e in entries
    ]
    body = json.dumps(data, sort_keys=True, ensure_ascii=False).encode()
    version = {"version": hashlib.sha256(body).hexdigest()[:12]}
    return {**version, "entries": data} if rulebook is None else {
        **version, "rulebook": rulebook, "entries": data}


def tokens(text: str) -> list[str]:
    """Return the lower-case words and section numbers of a text."""
    return _TOKEN.findall(text.casefold().replace("§", " "))


def has_prefix(words: list[str], term: str) -> bool:
    """Return whether any of the words starts with the term."""
    return any(t.startswith(term) for t in words)
