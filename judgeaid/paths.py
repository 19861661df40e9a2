"""Where the project lives on disk: the folder holding judgeaid/, templates/ and static/."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
