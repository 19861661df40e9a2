"""A rulebook's citable sections, whatever the ruleset: look-up and JSON.

Each ruleset keeps its own `Section` (how it names chapters and cites) and its own list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Section:
    """A citable section of a rulebook; a ruleset subclasses it to say how it cites."""

    # how many parts of the id name the chapter ("3.11.6" -> "3.11" for 2)
    chapter_parts: ClassVar[int] = 1
    # what stands before "§" in a citation ("MCR "), empty for the home rulebook
    cite_prefix: ClassVar[str] = ""

    id: str
    title: str

    @property
    def chapter(self) -> str:
        """Return the chapter or part the section belongs to."""
        return ".".join(self.id.split(".")[:self.chapter_parts])

    @property
    def citation(self) -> str:
        """Return the section as a ruling cites it, e.g. '§1.8 Dead hands'."""
        return f"{self.cite_prefix}§{self.id} {self.title}"


class Book:
    """The sections of one rulebook, found by id."""

    def __init__(self, sections: Sequence[Section], name: str) -> None:
        self.sections = tuple(sections)
        self.name = name
        self._by_id = {s.id: s for s in self.sections}

    def get(self, section_id: str) -> Any:
        """Return the section with this id."""
        try:
            return self._by_id[section_id]
        except KeyError:
            raise ValueError(f"unknown {self.name} section: {section_id!r}") from None

    def is_section(self, section_id: str) -> bool:
        """Return whether this id is a citable section."""
        return section_id in self._by_id

    def json(self, *, citation: bool = False) -> list[dict[str, str]]:
        """Return the sections as JSON-ready data (with each one's citation if asked)."""
        return [{"id": s.id, "title": s.title, "chapter": s.chapter,
                 **({"citation": s.citation} if citation else {})} for s in self.sections]
