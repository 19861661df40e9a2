"""Zung Jung v3.3 scoring: the pattern catalogue, hand counting and payoff (ZJM ch. 2)."""

from .catalogue import (
    CATEGORIES,
    PATTERN_BY_ID,
    PATTERNS,
    Category,
    Pattern,
    catalogue_json,
    series_of,
)
from .hand import (
    HandScore,
    Issue,
    Line,
    MalformedHand,
    implied_label,
    recorded_lines,
    score_hand,
)
from .payoff import MalformedPayoff, Payoff, payoff, payoff_request

__all__ = [
    "CATEGORIES",
    "PATTERNS",
    "PATTERN_BY_ID",
    "Category",
    "HandScore",
    "Issue",
    "Line",
    "MalformedHand",
    "MalformedPayoff",
    "Pattern",
    "Payoff",
    "catalogue_json",
    "implied_label",
    "payoff",
    "payoff_request",
    "recorded_lines",
    "score_hand",
    "series_of",
]
