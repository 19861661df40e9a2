"""The 44 Zung Jung v3.3 patterns (ZJM §2.4) and the rule tables that govern ticking them.

Everything the browser needs to score a hand offline is data here and travels as
`catalogue_json()`: the patterns, the exclusions that break the counting rules (errors, one
row per rulebook sentence with its § and message), the patterns a ticked one always brings
(included), the combinations no legal hand can hold (warnings), the companions worth
offering, the message templates and the payoff constants. `hand.py` and `static/js/zj.js` both read
these tables, so the two sides cannot drift apart.

Names: `name` is the ZJM name, `kwan_name` Alan Kwan's original (rules/002), `chinese`
the Chinese name from Kwan's list (Traditional, as he writes it: 斷么九, 十三么九), the same as
`chinese_hant`; `chinese_hans` is its Simplified form (CHINESE_HANS: drafted with OpenCC, each
checked by hand, 么 written 幺 as Simplified has it). Descriptions are our own one-line summaries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judgeaid.rules.payoff import SEATS, WINS

VERSION = "3.3"
LIMIT = 320  # §2.2 maximum limit
CHICKEN_VALUE = 1  # §2.2 no minimum requirement to win
CHICKEN_ID = "chicken"
CHICKEN_NAME = "Chicken Hand"
PAYOFF_THRESHOLD = 25  # §2.3 discarder pays for big hands
SCHEMES = ("formal", "uniform")

VALUE_HONOR = "3.1"
VALUE_HONOR_MAX_SETS = 4


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern of the Zung Jung list."""

    id: str
    category: int
    series: str
    value: int
    name: str
    kwan_name: str
    chinese: str
    description: str
    max_count: int
    is_listed_limit: bool

    @property
    def label(self) -> str:
        """Return the id and name as shown in messages, e.g. "1.2 Concealed Hand"."""
        return f"{self.id} {self.name}"

    @property
    def chinese_hant(self) -> str:
        """Return the Chinese name in Traditional characters (Kwan's own)."""
        return self.chinese

    @property
    def chinese_hans(self) -> str:
        """Return the Chinese name in Simplified characters."""
        return CHINESE_HANS[self.id]


@dataclass(frozen=True)
class Category:
    """A category of patterns, named after the first number of their ids."""

    id: int
    name: str


@dataclass(frozen=True)
class Exclusion:
    """One rulebook sentence: any pattern of `a` ticked with any of `b` is an error.

    `message` is a template in our own words ({a}, {b}: the two pattern labels) and names
    the section it rests on, which `section` also carries for the API.
    """

    code: str
    a: tuple[str, ...]
    b: tuple[str, ...]
    section: str
    message: str


@dataclass(frozen=True)
class Incompatibility:
    """Any pattern of `a` (ticked at least `a_min` times) with any of `b` cannot be one hand."""

    code: str
    a: tuple[str, ...]
    b: tuple[str, ...]
    section: str
    a_min: int = 1


@dataclass(frozen=True)
class Implied:
    """Ticking `trigger` always scores `add` at least `count` times: it is included."""

    trigger: str
    add: str
    count: int
    section: str


@dataclass(frozen=True)
class Companion:
    """Ticking `trigger` means the hand certainly also holds `add`; it is offered, not added."""

    code: str
    trigger: str
    add: str
    section: str
    count: int = 1


def series_of(pattern_id: str) -> str:
    """Return the series of a pattern id: its first two numbers (§2.2)."""
    return ".".join(pattern_id.split(".")[:2])


def _pattern(
    pattern_id: str,
    value: int,
    name: str,
    chinese: str,
    description: str,
    kwan_name: str | None = None,
) -> Pattern:
    return Pattern(
        id=pattern_id,
        category=int(pattern_id.split(".")[0]),
        series=series_of(pattern_id),
        value=value,
        name=name,
        kwan_name=kwan_name or name,
        chinese=chinese,
        description=description,
        max_count=VALUE_HONOR_MAX_SETS if pattern_id == VALUE_HONOR else 1,
        is_listed_limit=value >= LIMIT,
    )


CATEGORIES: tuple[Category, ...] = (
    Category(1, "Trivial Patterns"),
    Category(2, "One-Suit Patterns"),
    Category(3, "Honor Tiles"),
    Category(4, "Triplets and Quads"),
    Category(5, "Identical Sets"),
    Category(6, "Similar Sets"),
    Category(7, "Consecutive Sets"),
    Category(8, "Terminals"),
    Category(9, "Incidental Bonuses"),
    Category(10, "Irregular Hands"),
)

# fmt: off
PATTERNS: tuple[Pattern, ...] = (
    _pattern("1.1", 5, "All Sequences", "平和",
             "Four sequences and a pair; no triplet or quad anywhere."),
    _pattern("1.2", 5, "Concealed Hand", "門前清",
             "Nothing melded from discards before the win; concealed quads are fine and "
             "the winning tile may be a discard."),
    _pattern("1.3", 5, "All Simples", "斷么九",
             "Only suit tiles from 2 to 8: no ones, nines or honors.",
             kwan_name="No Terminals"),
    _pattern("2.1.1", 40, "Half Flush", "混一色",
             "Tiles of a single suit mixed with honors.",
             kwan_name="Mixed One-Suit"),
    _pattern("2.1.2", 80, "Full Flush", "清一色",
             "Tiles of a single suit and nothing else.",
             kwan_name="Pure One-Suit"),
    _pattern("2.2", 480, "Nine Gates", "九蓮寶燈",
             "Concealed 1112345678999 of one suit, completed by any further tile of that "
             "suit."),
    _pattern("3.1", 10, "Value Honor", "番牌",
             "Each triplet or quad of a dragon or of the winner's seat wind; tick once per "
             "set (the table wind does not count)."),
    _pattern("3.2.1", 40, "Small Three Dragons", "小三元",
             "Triplets or quads of two dragons, the third dragon as the pair."),
    _pattern("3.2.2", 130, "Big Three Dragons", "大三元",
             "Triplets or quads of all three dragons."),
    _pattern("3.3.1", 30, "Small Three Winds", "小三風",
             "Triplets or quads of two winds, a third wind as the pair."),
    _pattern("3.3.2", 120, "Big Three Winds", "大三風",
             "Triplets or quads of three different winds."),
    _pattern("3.3.3", 320, "Small Four Winds", "小四喜",
             "Triplets or quads of three winds, the fourth wind as the pair."),
    _pattern("3.3.4", 400, "Big Four Winds", "大四喜",
             "Triplets or quads of all four winds."),
    _pattern("3.4", 320, "All Honors", "字一色",
             "Winds and dragons only."),
    _pattern("4.1", 30, "All Triplets", "對對和",
             "Four triplets or quads and a pair; no sequence."),
    _pattern("4.2.1", 5, "Two Concealed Triplets", "二暗刻",
             "Two triplets or quads built entirely from the wall (a set finished with a "
             "claimed winning tile does not qualify)."),
    _pattern("4.2.2", 30, "Three Concealed Triplets", "三暗刻",
             "Three triplets or quads built entirely from the wall."),
    _pattern("4.2.3", 125, "Four Concealed Triplets", "四暗刻",
             "Four triplets or quads built entirely from the wall."),
    _pattern("4.3.1", 5, "One Quad", "一槓",
             "Exactly one declared quad, exposed or concealed.",
             kwan_name="One Kong"),
    _pattern("4.3.2", 20, "Two Quads", "二槓",
             "Exactly two declared quads.",
             kwan_name="Two Kong"),
    _pattern("4.3.3", 120, "Three Quads", "三槓",
             "Exactly three declared quads.",
             kwan_name="Three Kong"),
    _pattern("4.3.4", 480, "Four Quads", "四槓",
             "Four declared quads.",
             kwan_name="Four Kong"),
    _pattern("5.1.1", 10, "Two Identical Sequences", "一般高",
             "The same sequence twice in the same suit."),
    _pattern("5.1.2", 60, "Pair of Two Identical Sequences", "兩般高",
             "Two different doubled sequences: all four sets form two identical couples.",
             kwan_name="Two Identical Sequences Twice"),
    _pattern("5.1.3", 120, "Three Identical Sequences", "一色三同順",
             "The same sequence three times in the same suit."),
    _pattern("5.1.4", 480, "Four Identical Sequences", "一色四同順",
             "The same sequence four times in the same suit."),
    _pattern("6.1", 35, "Three Similar Sequences", "三色同順",
             "One sequence of the same numbers in each of the three suits."),
    _pattern("6.2.1", 30, "Small Three Similar Triplets", "三色小同刻",
             "Triplets or quads of one number in two suits, the pair of that number in the "
             "third suit."),
    _pattern("6.2.2", 120, "Three Similar Triplets", "三色同刻",
             "Triplets or quads of one number in all three suits."),
    _pattern("7.1", 40, "Nine-Tile Straight", "一氣通貫",
             "123, 456 and 789 of one suit as three sequences."),
    _pattern("7.2.1", 100, "Three Consecutive Triplets", "三連刻",
             "Triplets or quads of three numbers in a row, all in one suit."),
    _pattern("7.2.2", 200, "Four Consecutive Triplets", "四連刻",
             "Triplets or quads of four numbers in a row, all in one suit."),
    _pattern("8.1.1", 40, "Half Outside Hand", "混全帶么",
             "Every set and the pair hold a one, a nine or an honor.",
             kwan_name="Mixed Lesser Terminals"),
    _pattern("8.1.2", 50, "Full Outside Hand", "純全帶么",
             "Every set and the pair hold a one or a nine; no honors.",
             kwan_name="Pure Lesser Terminals"),
    _pattern("8.1.3", 100, "All Terminals and Honors", "混么九",
             "Nothing but ones, nines and honors (not with Thirteen Orphans).",
             kwan_name="Mixed Greater Terminals"),
    _pattern("8.1.4", 400, "All Terminals", "清么九",
             "Nothing but ones and nines.",
             kwan_name="Pure Greater Terminals"),
    _pattern("9.1.1", 10, "Final Draw", "海底撈月",
             "Self-drawn win on the last tile taken from the wall."),
    _pattern("9.1.2", 10, "Final Discard", "河底撈魚",
             "Win on the discard that follows the last draw from the wall."),
    _pattern("9.2", 10, "Win on Kong", "嶺上開花",
             "Self-drawn win on the replacement tile taken after declaring a quad."),
    _pattern("9.3", 10, "Robbing a Kong", "搶槓",
             "Win on the tile another player adds to a melded triplet to make a quad."),
    _pattern("9.4.1", 155, "Blessing of Heaven", "天和",
             "East's dealt fourteen tiles are already a winning hand (not after a concealed "
             "quad)."),
    _pattern("9.4.2", 155, "Blessing of Earth", "地和",
             "Another player wins on East's very first discard with the dealt thirteen "
             "tiles (not after East's concealed quad)."),
    _pattern("10.1", 160, "Thirteen Orphans", "十三么九",
             "One of every one, nine and honor, plus a second copy of any of them.",
             kwan_name="Thirteen Terminals"),
    _pattern("10.2", 30, "Seven Pairs", "七對子",
             "Seven pairs instead of four sets and a pair; four alike may be two pairs if no "
             "quad was declared."),
)

# The names in Simplified characters, by pattern id (docs/glossary.md lists both scripts).
CHINESE_HANS: dict[str, str] = {
    "1.1": "平和", "1.2": "门前清", "1.3": "断幺九", "2.1.1": "混一色", "2.1.2": "清一色",
    "2.2": "九莲宝灯", "3.1": "番牌", "3.2.1": "小三元", "3.2.2": "大三元", "3.3.1": "小三风",
    "3.3.2": "大三风", "3.3.3": "小四喜", "3.3.4": "大四喜", "3.4": "字一色", "4.1": "对对和",
    "4.2.1": "二暗刻", "4.2.2": "三暗刻", "4.2.3": "四暗刻", "4.3.1": "一杠", "4.3.2": "二杠",
    "4.3.3": "三杠", "4.3.4": "四杠", "5.1.1": "一般高", "5.1.2": "两般高",
    "5.1.3": "一色三同顺", "5.1.4": "一色四同顺", "6.1": "三色同顺", "6.2.1": "三色小同刻",
    "6.2.2": "三色同刻", "7.1": "一气通贯", "7.2.1": "三连刻", "7.2.2": "四连刻",
    "8.1.1": "混全带幺", "8.1.2": "纯全带幺", "8.1.3": "混幺九", "8.1.4": "清幺九",
    "9.1.1": "海底捞月", "9.1.2": "河底捞鱼", "9.2": "岭上开花", "9.3": "抢杠", "9.4.1": "天和",
    "9.4.2": "地和", "10.1": "十三幺九", "10.2": "七对子",
}

# fmt: on

PATTERN_BY_ID: dict[str, Pattern] = {p.id: p for p in PATTERNS}

# Groups used by the tables below; each is a plain tuple of ids.
# fmt: off
_TRIPLETS_AT_LEAST_1 = (
    "2.2", "3.2.1", "3.2.2", "3.3.1", "3.3.2", "3.3.3", "3.3.4", "4.1", "4.2.1", "4.2.2",
    "4.2.3", "4.3.1", "4.3.2", "4.3.3", "4.3.4", "6.2.1", "6.2.2", "7.2.1", "7.2.2", "9.2",
)
_TRIPLETS_AT_LEAST_2 = (
    "3.2.1", "3.2.2", "3.3.1", "3.3.2", "3.3.3", "3.3.4", "4.1", "4.2.1", "4.2.2", "4.2.3",
    "4.3.2", "4.3.3", "4.3.4", "6.2.1", "6.2.2", "7.2.1", "7.2.2",
)
_TRIPLETS_AT_LEAST_3 = (
    "3.2.2", "3.3.2", "3.3.3", "3.3.4", "4.1", "4.2.2", "4.2.3", "4.3.3", "4.3.4", "6.2.2",
    "7.2.1", "7.2.2",
)
_SEQUENCES_4 = ("1.1", "5.1.2", "5.1.4")
_SEQUENCES_3 = ("5.1.3", "6.1", "7.1")
_SEQUENCES_2 = ("5.1.1",)
_DRAGONS = ("3.2.1", "3.2.2")
_WINDS = ("3.3.1", "3.3.2", "3.3.3", "3.3.4")
_NUMBER_TRIPLETS = ("6.2.1", "6.2.2", "7.2.1", "7.2.2")
_QUADS = ("4.3.1", "4.3.2", "4.3.3", "4.3.4")
_IDENTICAL = ("5.1.1", "5.1.2", "5.1.3", "5.1.4")
_SIMILAR = ("6.1", "6.2.1", "6.2.2")
_CONSECUTIVE = ("7.1", "7.2.1", "7.2.2")
_NEEDS_HONORS = (VALUE_HONOR, *_DRAGONS, *_WINDS, "3.4")
_NO_HONORS = ("1.3", "2.1.2", "2.2", "8.1.2", "8.1.4")
_BLESSINGS = ("9.4.1", "9.4.2")

# Counting rules the rulebook states in so many words, one row per sentence (10.1 + 10.2 is
# our reading of §1.1.5, which names no pair). Breaking one is
# an error (the API answers 422, the picker and the card refuse the hand). The generic
# one-pattern-per-series rule of §2.2 is applied from each pattern's `series` and needs no
# row. Messages are ours; each names both patterns and the section it rests on.
EXCLUSIONS: tuple[Exclusion, ...] = (
    # §1.5 "Nine Gates" self-draw rule: East's fourteen tiles are all dealt, none is drawn.
    Exclusion("nine_gates_on_blessing_of_heaven", ("2.2",), ("9.4.1",), "§1.5",
              "{a} is never scored on a {b}: East is dealt all fourteen tiles, so none "
              "of them comes last to complete the gates (§1.5). Count the blessing with "
              "the hand's other patterns."),
    # §1.5 Freedom to Count, its first example.
    Exclusion("identical_sequences_or_consecutive_triplets", ("5.1.3",), ("7.2.1",), "§1.5",
              "{a} and {b} read the same tiles in two different ways; a hand is scored by "
              "one reading only (§1.5, Freedom to Count)."),
    # §1.5 Freedom to Count, its second example.
    Exclusion("identical_sequences_or_seven_pairs", ("5.1.2",), ("10.2",), "§1.5",
              "{a} and {b} read the same tiles in two different ways; a hand is scored by "
              "one reading only (§1.5, Freedom to Count)."),
    # §2.4 10.0: no irregular hand is scored with 1.2.
    Exclusion("irregular_with_concealed", ("10.1", "10.2"), ("1.2",), "§2.4 10.0",
              "{a} is an irregular hand, and no irregular hand is scored with {b} "
              "(§2.4 10.0)."),
    # Our reading of §1.1.5 (a winning hand has one shape, regular or one of the two
    # irregular hands); no sentence names this pair.
    Exclusion("two_irregular_hands", ("10.1",), ("10.2",), "§1.1.5",
              "{a} and {b} are the two irregular hands; a winning hand takes one shape, so "
              "it is only one of them (§1.1.5)."),
    # §2.4 8.1.3: its own description rules out 10.1.
    Exclusion("greater_terminals_with_orphans", ("8.1.3",), ("10.1",), "§2.4 8.1.3",
              "{a} is never scored with {b} (§2.4 8.1.3)."),
)

# Patterns a ticked pattern is always scored with, included in the count and shown as
# included: only where §2.4 says so in the pattern's own entry ("always scored with",
# "true value"): 3.2.1 and 3.2.2 (60 and 160) and 9.4.1 and 9.4.2 (160). An included
# pattern is left out when a counting rule forbids it beside what was ticked (1.2 next to a
# category-10 hand, §2.4 10.0: Blessing of Heaven on Seven Pairs is 155 + 30). 3.1's count
# is the hand's total of Value Honor sets: these rows raise it to at least `count`, they do
# not add to what was ticked.
IMPLIED: tuple[Implied, ...] = (
    Implied("3.2.1", VALUE_HONOR, 2, "§2.4 3.2.1"),
    Implied("3.2.2", VALUE_HONOR, 3, "§2.4 3.2.2"),
    Implied("9.4.1", "1.2", 1, "§2.4 9.4.1"),
    Implied("9.4.2", "1.2", 1, "§2.4 9.4.2"),
)

# Combinations that no legal hand can hold. They are warnings: the judge sees them and may
# override. Each entry was checked against the definitions in §2.4; a pair appears only if
# every hand with one pattern rules out the other. The first matching entry names the pair.
INCOMPATIBILITIES: tuple[Incompatibility, ...] = (
    # A regular hand is four sets and a pair; sequence and triplet needs add up.
    Incompatibility("too_many_sets", _SEQUENCES_4, _TRIPLETS_AT_LEAST_1, "§1.1.5"),
    Incompatibility("too_many_sets", _SEQUENCES_3, _TRIPLETS_AT_LEAST_2, "§1.1.5"),
    Incompatibility("too_many_sets", _SEQUENCES_2, _TRIPLETS_AT_LEAST_3, "§1.1.5"),
    Incompatibility("too_many_sets", (VALUE_HONOR,), (*_SEQUENCES_4, "7.2.2"), "§1.1.5",
                    a_min=1),
    Incompatibility("too_many_sets", (VALUE_HONOR,), (*_SEQUENCES_3, "6.2.2", "7.2.1"),
                    "§1.1.5", a_min=2),
    Incompatibility("too_many_sets", (VALUE_HONOR,), (*_SEQUENCES_2, "6.2.1"), "§1.1.5",
                    a_min=3),
    # Each of these fixes the pair to a different kind of tile.
    Incompatibility("pair_conflict", ("3.2.1",), ("3.3.1", "3.3.3", "6.2.1"), "§1.1.5"),
    Incompatibility("pair_conflict", ("3.3.1", "3.3.3"), ("6.2.1",), "§1.1.5"),
    # Dragon, wind and number triplets cannot share sets.
    Incompatibility("too_many_sets", _DRAGONS, _WINDS, "§1.1.5"),
    Incompatibility("too_many_sets", (*_DRAGONS, *_WINDS), _NUMBER_TRIPLETS, "§1.1.5"),
    # Value honors are the three dragons and one seat wind.
    Incompatibility("value_honor_count", (VALUE_HONOR,), ("3.2.1", "3.3.1"), "§2.4 3.1",
                    a_min=4),
    Incompatibility("value_honor_count", (VALUE_HONOR,), ("3.3.2", "3.3.3"), "§2.4 3.1",
                    a_min=3),
    Incompatibility("value_honor_count", (VALUE_HONOR,), ("3.3.4",), "§2.4 3.1", a_min=2),
    # Seven Pairs holds no sets; Freedom to Count allows one arrangement only.
    Incompatibility(
        "seven_pairs_without_sets",
        ("10.2",),
        ("1.1", "2.2", VALUE_HONOR, *_DRAGONS, *_WINDS, "4.1", "4.2.1", "4.2.2", "4.2.3",
         *_QUADS, *_IDENTICAL, *_SIMILAR, *_CONSECUTIVE, "9.2"),
        "§2.4 10.2",
    ),
    # Thirteen Orphans has no sets, no pair structure and no quad.
    Incompatibility(
        "thirteen_orphans_alone",
        ("10.1",),
        ("1.1", "1.3", "2.1.1", "2.1.2", "2.2", *_NEEDS_HONORS, "4.1", "4.2.1", "4.2.2",
         "4.2.3", *_QUADS, *_IDENTICAL, *_SIMILAR, *_CONSECUTIVE, "8.1.1", "8.1.2", "8.1.4",
         "9.2"),
        "§2.4 10.1",
    ),
    # Tiles one pattern demands and the other forbids.
    Incompatibility("tile_conflict", _NEEDS_HONORS, _NO_HONORS, "§2.4"),
    Incompatibility("tile_conflict", ("3.4",),
                    ("1.1", *_IDENTICAL, *_SIMILAR, *_CONSECUTIVE, "10.1"), "§2.4"),
    Incompatibility("tile_conflict", ("1.3",),
                    ("2.2", "7.1", "8.1.1", "8.1.2", "8.1.3", "8.1.4", "10.1"), "§2.4"),
    Incompatibility("tile_conflict", ("8.1.3", "8.1.4"),
                    ("1.1", "2.2", *_IDENTICAL, "6.1", *_CONSECUTIVE), "§2.4"),
    Incompatibility("tile_conflict", ("8.1.1", "8.1.2"), ("2.2", *_CONSECUTIVE), "§2.4"),
    Incompatibility("tile_conflict", ("2.1.1", "2.1.2", "2.2"), (*_SIMILAR, "10.1"), "§2.4"),
    Incompatibility("tile_conflict", ("8.1.4",), ("2.1.1", "2.1.2"), "§2.4"),
    # Incidental bonuses tied to different moments of the round.
    Incompatibility("timing_conflict", ("9.1.1",), ("9.3",), "§2.4 9.0"),
    Incompatibility("timing_conflict", ("9.1.2",), ("9.2",), "§2.4 9.0"),
    Incompatibility("timing_conflict", ("9.2",), ("9.3",), "§2.4 9.0"),
    Incompatibility("timing_conflict", _BLESSINGS, ("9.1.1", "9.1.2", "9.2", "9.3"),
                    "§2.4 9.0"),
    # §2.4 9.4: a blessing leaves no turn in which to declare a quad.
    Incompatibility("no_kong", _QUADS, _BLESSINGS, "§2.4 9.4"),
    # Nine Gates is a fixed concealed shape: at most two triplets, no doubled sequence.
    Incompatibility(
        "nine_gates_shape",
        ("2.2",),
        ("4.1", "4.2.2", "4.2.3", *_QUADS, *_IDENTICAL, "7.2.1", "7.2.2", "9.2"),
        "§2.4 2.2",
    ),
)

# Patterns the ticked one certainly brings but that the rulebook does not call "always
# scored with". §2.2 says every pattern present *may* be counted, and its worked example
# (4.2.3 + 1.2 + 4.1 = 160) prices a hand whose winner declares all three; §1.5 leaves
# declaring the patterns to the winner (who may under-declare). So the picker asks ("add
# it?", one tap) and never adds them silently; never offered when adding would break a
# counting rule (1.2 beside Seven Pairs).
COMPANIONS: tuple[Companion, ...] = (
    Companion("implied_pattern", "4.2.3", "1.2", "§2.2"),  # the §2.2 worked example
    Companion("implied_pattern", "4.2.3", "4.1", "§2.2"),  # the §2.2 worked example
    Companion("implied_pattern", "7.2.2", "4.1", "§2.2"),  # four triplets are all the sets
    Companion("implied_pattern", "5.1.2", "1.1", "§2.2"),  # four sequences are all the sets
)

# fmt: on

# Templates shared with the browser. Placeholders: {a} {b} (pattern labels), {names},
# {series}, {count}, {max}, {min}, {id}, {section}. Exclusions carry their own message.
MESSAGES: dict[str, str] = {
    # errors
    "same_series": "Only one pattern of series {series} may count; ticked: {names} ({section}).",
    # warnings
    "too_many_sets": (
        "{a} and {b} need more sets between them than a hand's four sets and a pair "
        "({section}); only one arrangement of the tiles may be scored."
    ),
    "pair_conflict": (
        "{a} and {b} each fix the pair to a different tile; a hand has one pair ({section})."
    ),
    "value_honor_count": (
        "Beside {b} there is room for at most {max} sets of {a}, not {count} ({section})."
    ),
    "seven_pairs_without_sets": "{a} has no sets, so it cannot also have {b} ({section}).",
    "thirteen_orphans_alone": (
        "{a} only combines with incidental bonuses that need no quad, not with {b} ({section})."
    ),
    "tile_conflict": "{a} and {b} need tiles that cannot be in the same hand ({section}).",
    "timing_conflict": (
        "{a} and {b} happen at different moments; one win cannot have both ({section})."
    ),
    "no_kong": "{b} leaves no turn to declare the quad that {a} needs ({section}).",
    "nine_gates_shape": "The fixed shape of {a} leaves no room for {b} ({section}).",
    # offers
    "implied_pattern": "{a} always also makes {b}, and every pattern present may be "
                       "counted ({section}); add it?",
    # included patterns, as the picker and the card label them
    "implied_line": "included with {trigger} ({section})",
    # malformed input (HTTP 400)
    "not_a_mapping": "Patterns must map pattern ids to counts.",
    "unknown_pattern": "Unknown pattern id: {id}.",
    "bad_count": "The count for {id} must be a whole number.",
    "negative_count": "The count for {id} cannot be negative.",
    "count_too_high": "The count for {id} may be at most {max}.",
}

SAME_SERIES_SECTION = "§2.2"


def catalogue_json() -> dict[str, Any]:
    """Return the catalogue and its rule tables as a JSON-ready dict for the browser."""
    return {
        "version": VERSION,
        "patterns": [
            {
                "id": p.id,
                "category": p.category,
                "series": p.series,
                "value": p.value,
                "name": p.name,
                "kwan_name": p.kwan_name,
                "chinese": p.chinese,
                "chinese_hant": p.chinese_hant,
                "chinese_hans": p.chinese_hans,
                "description": p.description,
                "max_count": p.max_count,
                "is_listed_limit": p.is_listed_limit,
            }
            for p in PATTERNS
        ],
        "categories": [{"id": c.id, "name": c.name} for c in CATEGORIES],
        "rules": {
            "limit": LIMIT,
            "chicken": {"id": CHICKEN_ID, "name": CHICKEN_NAME, "value": CHICKEN_VALUE},
            "same_series_section": SAME_SERIES_SECTION,
            "exclusions": [
                {"code": e.code, "a": list(e.a), "b": list(e.b), "section": e.section,
                 "message": e.message}
                for e in EXCLUSIONS
            ],
            "implied": [
                {"trigger": i.trigger, "add": i.add, "count": i.count, "section": i.section}
                for i in IMPLIED
            ],
            "incompatibilities": [
                {"code": w.code, "a": list(w.a), "b": list(w.b), "a_min": w.a_min,
                 "section": w.section}
                for w in INCOMPATIBILITIES
            ],
            "companions": [
                {"code": c.code, "trigger": c.trigger, "add": c.add, "count": c.count,
                 "section": c.section}
                for c in COMPANIONS
            ],
            "messages": dict(MESSAGES),
            "payoff": {
                "threshold": PAYOFF_THRESHOLD,
                "seats": list(SEATS),
                "wins": list(WINS),
                "schemes": list(SCHEMES),
            },
        },
    }
