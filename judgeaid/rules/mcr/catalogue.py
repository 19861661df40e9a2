"""The 81 fans of MCR Appendix 1 and the tables that govern ticking them (MCR §3.8, §3.9.1).

Everything the browser needs to total a hand offline is data here and travels as
`catalogue_json()`: the fans, each fan's "does not combine with" list (`excludes`, taken only
from the sentences of this text's Appendix 1), the counting principles of MCR §3.9.1.6, the
checks we add where no legal hand could hold what was ticked (our readings, each marked so),
the warnings left to the judge, and every message template. `hand.py` and `static/js/mcr.js`
read the same tables, so the two sides cannot drift apart.

Fan ids are the fan numbers of Appendix 1 as strings, "1" Big Four Winds ... "81" Flower
Tiles; flowers are fan "81" with the number of flowers as its count. Names are this text's,
`chinese` the Chinese name from this text's own table (麻将番种分值简表, Simplified: 四风会,
小四风会, 单调将 where players also say 大四喜, 小四喜, 单钓将, kept as CHINESE_ALIASES for
search), the same as `chinese_hans`; `chinese_hant` is its Traditional form (CHINESE_HANT:
drafted with OpenCC, each checked by hand: 幺 stays 幺, 杠 is 槓, 于 is 於). Descriptions are
our own one-line summaries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judgeaid.rules.mcr.implied import NON_REPEAT, implied_json
from judgeaid.rules.payoff import SEATS, WINS

VERSION = "MCR (WMO)"
MINIMUM = 8  # MCR §3.9.1.1 (2): fans must make 8 points, flowers not counted (§3.11.6.6)
FLOWER = "81"
FLOWER_VALUE = 1
MAX_FLOWERS = 8  # eight flower tiles in the set (MCR App. 1 fan 81)
EXTRA_POINTS = 8  # MCR §3.9.1.2 (1): every other player pays the winner 8
TIERS = (88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1)  # MCR §3.8, Appendix 8


@dataclass(frozen=True)
class Fan:
    """One fan of MCR Appendix 1."""

    number: int
    value: int
    name: str
    chinese: str
    description: str
    max_count: int = 1
    # the fans this fan's own Appendix 1 entry says it does not combine with
    excludes: tuple[int, ...] = ()

    @property
    def id(self) -> str:
        """Return the fan's id, its number as a string."""
        return str(self.number)

    @property
    def label(self) -> str:
        """Return the number and name as shown in messages, e.g. "69 Pure Double Chow"."""
        return f"{self.number} {self.name}"

    @property
    def chinese_hans(self) -> str:
        """Return the Chinese name in Simplified characters (this text's own)."""
        return self.chinese

    @property
    def chinese_hant(self) -> str:
        """Return the Chinese name in Traditional characters."""
        return CHINESE_HANT[self.number]


F = Fan
FANS: tuple[Fan, ...] = (
    # 88 points
    F(1, 88, "Big Four Winds", "四风会", "A pung or kong of each of the four winds.",
      excludes=(38, 49, 60, 61, 73)),
    F(2, 88, "Big Three Dragons", "大三元", "A pung or kong of each of the three dragons.",
      excludes=(54, 59)),
    F(3, 88, "All Green", "绿一色",
      "Only green tiles: bamboo 2, 3, 4, 6, 8 and the green dragon."),
    F(4, 88, "Nine Gates", "九莲宝灯",
      "1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit held concealed, waiting on any tile of that suit.",
      excludes=(22, 62, 73)),
    F(5, 88, "Four Kongs", "四杠", "Four kongs, melded or concealed.", excludes=(79,)),
    F(6, 88, "Seven Shifted Pairs", "连七对",
      "Seven pairs of one suit with consecutive numbers.", excludes=(22, 62, 79)),
    F(7, 88, "Thirteen Orphans", "十三幺",
      "One each of the thirteen terminals and honors, plus a second of any one of them.",
      excludes=(52, 62, 79)),
    # 64 points
    F(8, 64, "All Terminals", "清幺九",
      "Every pung, kong and pair is of ones and nines; no honors.",
      excludes=(49, 55, 73, 76)),
    F(9, 64, "Little Four Winds", "小四风会",
      "Pungs or kongs of three winds and a pair of the fourth.", excludes=(38, 73)),
    F(10, 64, "Little Three Dragons", "小三元",
      "Pungs or kongs of two dragons and a pair of the third.", excludes=(54, 59)),
    F(11, 64, "All Honors", "字一色", "Every pung, kong and pair is of winds and dragons.",
      excludes=(49, 55, 73)),
    F(12, 64, "Four Concealed Pungs", "四暗刻",
      "Four pungs or kongs, none of them melded.", excludes=(49, 62)),
    F(13, 64, "Pure Terminal Chows", "一色双龙会",
      "Two 1-2-3 chows, two 7-8-9 chows and a pair of fives, all in one suit.",
      excludes=(19, 22, 63, 69, 72)),
    # 48 points
    F(14, 48, "Quadruple Chow", "一色四同顺", "Four identical chows in one suit.",
      excludes=(24, 64, 69)),
    F(15, 48, "Four Pure Shifted Pungs", "一色四节高",
      "Four pungs or kongs in one suit, numbers rising by one.", excludes=(23, 49)),
    # 32 points
    F(16, 32, "Four Pure Shifted Chows", "一色四步高",
      "Four chows in one suit, each starting one higher, or each two higher, than the last.",
      excludes=(71, 72)),
    F(17, 32, "Three Kongs", "三杠", "Three kongs."),
    F(18, 32, "All Terminals and Honors", "混幺九",
      "Every pung, kong and pair is of ones, nines or honors.", excludes=(49, 55, 73)),
    # 24 points
    F(19, 24, "Seven Pairs", "七对", "Seven pairs.", excludes=(62, 79)),
    F(20, 24, "Greater Honors and Knitted Tiles", "七星不靠",
      "All seven honors as singles, the rest single tiles of three knitted suits.",
      excludes=(52, 62)),
    F(21, 24, "All Even Pungs", "全双刻",
      "Pungs or kongs of 2, 4, 6 or 8 and a pair of the same kind.", excludes=(49, 68)),
    F(22, 24, "Full Flush", "清一色", "Every tile from one suit.", excludes=(76,)),
    F(23, 24, "Pure Triple Chow", "一色三同顺", "Three identical chows in one suit.",
      excludes=(24, 69)),
    F(24, 24, "Pure Shifted Pungs", "一色三节高",
      "Three pungs or kongs in one suit, numbers rising by one.", excludes=(23,)),
    F(25, 24, "Upper Tiles", "全大", "Only 7s, 8s and 9s.", excludes=(76,)),
    F(26, 24, "Middle Tiles", "全中", "Only 4s, 5s and 6s.", excludes=(68,)),
    F(27, 24, "Lower Tiles", "全小", "Only 1s, 2s and 3s.", excludes=(76,)),
    # 16 points
    F(28, 16, "Pure Straight", "清龙", "1-2-3, 4-5-6 and 7-8-9 chows in one suit."),
    F(29, 16, "Three-Suited Terminal Chows", "三色双龙会",
      "1-2-3 and 7-8-9 chows in two suits and a pair of fives in the third.",
      excludes=(63, 70, 72, 76)),
    F(30, 16, "Pure Shifted Chows", "一色三步高",
      "Three chows in one suit, each starting one higher, or each two higher, than the last."),
    F(31, 16, "All Fives", "全带五", "A five in every chow, pung, kong and the pair.",
      excludes=(68,)),
    F(32, 16, "Triple Pung", "三同刻", "Pungs or kongs of the same number in all three suits."),
    F(33, 16, "Three Concealed Pungs", "三暗刻", "Three pungs or kongs, none of them melded."),
    # 12 points
    F(34, 12, "Lesser Honors and Knitted Tiles", "全不靠",
      "Fourteen single tiles: honors and tiles of three knitted suits, no pairs.",
      excludes=(52, 62)),
    F(35, 12, "Knitted Straight", "组合龙",
      "1-4-7, 2-5-8 and 3-6-9, each in a different suit, plus a set and a pair."),
    F(36, 12, "Upper Four", "大于五", "Only suit tiles from 6 to 9.", excludes=(76,)),
    F(37, 12, "Lower Four", "小于五", "Only suit tiles from 1 to 4.", excludes=(76,)),
    F(38, 12, "Big Three Winds", "三风刻", "Pungs or kongs of three of the winds."),
    # 8 points
    F(39, 8, "Mixed Straight", "花龙", "1-2-3, 4-5-6 and 7-8-9 chows, each in a different suit."),
    F(40, 8, "Reversible Tiles", "推不倒",
      "Only tiles that look the same upside down: dots 1-5, 8, 9; bamboo 2, 4-6, 8, 9; "
      "white dragon.", excludes=(75,)),
    F(41, 8, "Mixed Triple Chow", "三色三同顺", "The same chow in each of the three suits."),
    F(42, 8, "Mixed Shifted Pungs", "三色三节高",
      "A pung or kong in each suit, numbers rising by one."),
    F(43, 8, "Chicken Hand", "无番和", "A winning hand that scores no other fan (flowers aside)."),
    F(44, 8, "Last Tile Draw", "妙手回春", "Winning on the last tile drawn from the wall.",
      excludes=(80,)),
    F(45, 8, "Last Tile Claim", "海底捞月", "Winning on the discard of the wall's last tile."),
    F(46, 8, "Out with Replacement Tile", "杠上开花",
      "Winning on the tile drawn after declaring a kong (not after a flower).",
      excludes=(80,)),
    F(47, 8, "Robbing The Kong", "抢杠和",
      "Winning on the tile another player adds to a melded pung.", excludes=(58,)),
    F(48, 8, "Two Concealed Kongs", "双暗杠", "Two kongs declared from the hand."),
    # 6 points
    F(49, 6, "All Pungs", "碰碰和", "Four pungs or kongs and a pair."),
    F(50, 6, "Half Flush", "混一色", "One suit together with honors."),
    F(51, 6, "Mixed Shifted Chows", "三色三步高",
      "A chow in each suit, each starting one higher than the last."),
    F(52, 6, "All Types", "五门齐",
      "Characters, bamboo, dots, winds and dragons each appear in the sets and pair."),
    F(53, 6, "Melded Hand", "全求人",
      "Every set melded from discards, winning on a discard to a single-tile pair wait.",
      excludes=(79,)),
    F(54, 6, "Two Dragons Pungs", "双箭刻", "Pungs or kongs of two dragons."),
    # 4 points
    F(55, 4, "Outside Hand", "全带幺", "A terminal or honor in every set and the pair."),
    F(56, 4, "Fully Concealed Hand", "不求人", "Nothing melded, and winning on a self-draw."),
    F(57, 4, "Two Melded Kongs", "双明杠", "Two melded kongs."),
    F(58, 4, "Last Tile", "和绝张",
      "Winning on the last tile of its kind, plain to all from discards and melds."),
    # 2 points
    F(59, 2, "Dragon Pung", "箭刻", "A pung or kong of dragons (counted for each).",
      max_count=2),
    F(60, 2, "Prevalent Wind", "圈风刻", "A pung or kong of the round's wind."),
    F(61, 2, "Seat Wind", "门风刻", "A pung or kong of the player's own seat wind."),
    F(62, 2, "Concealed Hand", "门前清", "Nothing melded, and winning on a discard."),
    F(63, 2, "All Chows", "平和", "Four chows and a pair of suit tiles; no honors.",
      excludes=(76,)),
    F(64, 2, "Tile Hog", "四归一",
      "All four of one suit tile used without making a kong (counted for each).",
      max_count=3),
    F(65, 2, "Double Pung", "双同刻",
      "Pungs or kongs of the same number in two suits (counted for each).", max_count=2),
    F(66, 2, "Two Concealed Pungs", "双暗刻", "Two pungs or kongs, neither of them melded."),
    F(67, 2, "Concealed Kong", "暗杠", "A kong declared from four tiles drawn by the player."),
    F(68, 2, "All Simples", "断幺", "No terminals and no honors."),
    # 1 point
    F(69, 1, "Pure Double Chow", "一般高",
      "Two identical chows in one suit (counted for each).", max_count=2),
    F(70, 1, "Mixed Double Chow", "喜相逢",
      "The same chow in two suits (counted for each).", max_count=2),
    F(71, 1, "Short Straight", "连六",
      "Two chows in one suit making six numbers in a row (counted for each).", max_count=2),
    F(72, 1, "Two Terminal Chows", "老少副",
      "A 1-2-3 and a 7-8-9 chow in one suit (counted for each).", max_count=2),
    F(73, 1, "Pung of Terminals or Honors", "幺九刻",
      "A pung or kong of ones, nines or winds (counted for each).", max_count=4),
    F(74, 1, "Melded Kong", "明杠", "A kong claimed from a discard or added to a melded pung."),
    F(75, 1, "One Voided Suit", "缺一门", "One of the three suits is missing entirely."),
    F(76, 1, "No Honors", "无字", "No winds and no dragons."),
    F(77, 1, "Edge Wait", "边张", "Waiting only on the 3 of 1-2 or the 7 of 8-9."),
    F(78, 1, "Closed Wait", "坎张", "Waiting only on the middle tile of a chow."),
    F(79, 1, "Single Wait", "单调将", "Waiting only on the tile that pairs a single."),
    F(80, 1, "Self-Drawn", "自摸", "Winning on a tile drawn from the wall."),
    F(81, 1, "Flower Tiles", "花牌",
      "Each flower tile is worth 1 point but does not help reach the 8-point minimum.",
      max_count=MAX_FLOWERS),
)
del F

# The names in Traditional characters, by fan number (docs/glossary.md lists both scripts).
CHINESE_HANT: dict[int, str] = {
    1: "四風會", 2: "大三元", 3: "綠一色", 4: "九蓮寶燈", 5: "四槓", 6: "連七對", 7: "十三幺",
    8: "清幺九", 9: "小四風會", 10: "小三元", 11: "字一色", 12: "四暗刻", 13: "一色雙龍會",
    14: "一色四同順", 15: "一色四節高", 16: "一色四步高", 17: "三槓", 18: "混幺九", 19: "七對",
    20: "七星不靠", 21: "全雙刻", 22: "清一色", 23: "一色三同順", 24: "一色三節高", 25: "全大",
    26: "全中", 27: "全小", 28: "清龍", 29: "三色雙龍會", 30: "一色三步高", 31: "全帶五",
    32: "三同刻", 33: "三暗刻", 34: "全不靠", 35: "組合龍", 36: "大於五", 37: "小於五",
    38: "三風刻", 39: "花龍", 40: "推不倒", 41: "三色三同順", 42: "三色三節高", 43: "無番和",
    44: "妙手回春", 45: "海底撈月", 46: "槓上開花", 47: "搶槓和", 48: "雙暗槓", 49: "碰碰和",
    50: "混一色", 51: "三色三步高", 52: "五門齊", 53: "全求人", 54: "雙箭刻", 55: "全帶幺",
    56: "不求人", 57: "雙明槓", 58: "和絕張", 59: "箭刻", 60: "圈風刻", 61: "門風刻",
    62: "門前清", 63: "平和", 64: "四歸一", 65: "雙同刻", 66: "雙暗刻", 67: "暗槓", 68: "斷幺",
    69: "一般高", 70: "喜相逢", 71: "連六", 72: "老少副", 73: "幺九刻", 74: "明槓", 75: "缺一門",
    76: "無字", 77: "邊張", 78: "坎張", 79: "單調將", 80: "自摸", 81: "花牌",
}
# Other names players use for a fan, in both scripts: the picker's search finds them too.
CHINESE_ALIASES: dict[int, tuple[str, ...]] = {
    1: ("大四喜",), 9: ("小四喜",), 79: ("单钓将", "單釣將"),
}

FAN_BY_ID: dict[str, Fan] = {fan.id: fan for fan in FANS}
CHICKEN = "43"
DRAGON_PUNG = "59"
TWO_DRAGONS = "54"

# MCR §3.7.2.3 a hand is won either by a tile drawn from the wall (a replacement tile
# included) or on another player's tile (robbing a kong included), never both.
# The same fans fix the win type, so a hand recorded as won the other way cannot hold them:
# self-draw only 44, 46, 56, 80; discard only 45, 47, 53, 62 (58 Last Tile fixes neither).
DRAW_WINS = ("44", "46", "56", "80")
DISCARD_WINS = ("45", "47", "53", "62")
SCORE_WINS = ("self", "discard")

# App. 1 fans 77 and 78: a wait fan does not count when the hand waits in more than one way,
# so one hand scores at most one of the three wait fans.
WAITS = ("77", "78", "79")
WAIT_SECTION = "MCR App. 1 fans 77, 78"

# The account-once principle (MCR §3.9.1.6 (5)) read for chows, our reading: a hand holds at
# most four chows; fans pairing two chows can count at most three times in all (an error),
# and beside a fan of three chows at most once, beside a fan of all four chows never (a
# warning: the text does not count this out, so the judge looks at the tiles).
PAIR_CHOW_FANS = ("69", "70", "71", "72")
TRIPLE_CHOW_FANS = ("23", "28", "30", "39", "41", "51")
FOUR_CHOW_FANS = ("13", "14", "16", "29")
MAX_PAIRINGS = 3

# Fans that need a pung or kong, and the dragon and terminal/wind pungs counted per pung.
PUNG_FANS = ("1", "2", "5", "9", "10", "12", "15", "17", "21", "24", "32", "33", "38", "42",
             "48", "54", "57", "59", "60", "61", "65", "66", "67", "73", "74")
CHOW_FANS = (*PAIR_CHOW_FANS, *TRIPLE_CHOW_FANS, *FOUR_CHOW_FANS, "63")
MAX_PUNGS = 4  # MCR §3.7.2.1 four sets and a pair
COUNTED_PUNGS = ("59", "73")


@dataclass(frozen=True)
class ShapeRule:
    """A fan whose hand shape leaves no room for fans of another shape (MCR §3.7.2)."""

    fan: str
    others: tuple[str, ...]


# MCR §3.7.2 the shape of a hand: four sets and a pair, seven pairs, or fourteen singles.
# Our reading: a fan that fixes the shape rules out fans that need another.
SHAPES: tuple[ShapeRule, ...] = (
    ShapeRule("49", CHOW_FANS),  # all pungs: no chows
    ShapeRule("63", PUNG_FANS),  # all chows: no pungs
    *(ShapeRule(fan, (*CHOW_FANS, *PUNG_FANS)) for fan in ("6", "7", "19", "20", "34")),
)


@dataclass(frozen=True)
class Repeat:
    """A fan usually counted inside another, that this text's Appendix 1 does not exclude."""

    a: str
    b: str


# MCR §3.9.1.6 (1) non-repeat: the second fan is always present in the first, but no
# Appendix 1 sentence of this text says so, so the judge decides (a warning, not an error).
# The pairs one fan's definition makes inevitable are errors (implied.py); these stay
# warnings: kongs of Four Kongs or Three Kongs may be melded or concealed, so neither makes a
# kong fan inevitable, and the judge decides whether a kong was counted twice.
REPEATS: tuple[Repeat, ...] = tuple(Repeat(a, b) for a, b in (
    ("5", "57"), ("5", "74"), ("17", "57"), ("17", "74"), ("1", "9"), ("2", "10"),
))

# MCR §3.8.1 fan 57 (App. 1 fan 57): one melded kong and one concealed kong, with no other
# kong fan, are worth 6 points, scored as one line in place of fans 74 and 67.
KONG_PAIR = ("74", "67")
KONG_PAIR_LINE = "57"
KONG_PAIR_VALUE = 6
KONG_PAIR_NAME = "Two Melded Kongs (one melded, one concealed kong)"
KONG_PAIR_CHINESE = "一明杠一暗杠"
KONG_PAIR_CHINESE_HANT = "一明槓一暗槓"
KONG_FANS = ("5", "17", "48", "57")  # any of these ticked: the two kongs stay as ticked
KONG_SECTION = "MCR §3.8.1 fan 57"

# Fans that need a wind or dragon, and fans that allow none (MCR §3.8.1 definitions).
NEEDS_HONORS = ("1", "2", "7", "9", "10", "11", "20", "34", "38", "50", "52", "54", "59",
                "60", "61")
NO_HONORS = ("4", "6", "8", "13", "21", "22", "25", "26", "27", "29", "31", "36", "37",
             "63", "68", "76")


@dataclass(frozen=True)
class Prefer:
    """A fan ticked `count` times that another, higher fan covers (MCR §3.9.1.6 (4))."""

    fan: str
    count: int
    better: str


PREFERS: tuple[Prefer, ...] = (Prefer(DRAGON_PUNG, 2, TWO_DRAGONS),)


@dataclass(frozen=True)
class Principle:
    """One counting principle of MCR §3.9.1.6, and how far ticks can show it."""

    id: str
    name: str
    section: str
    summary: str
    checked: str


PRINCIPLES: tuple[Principle, ...] = (
    Principle("non_repeat", "Non-repeat", "MCR §3.9.1.6 (1)",
              "A fan that another fan always brings with it is not scored again.",
              "Checked: a fan that a ticked fan's definition makes inevitable is shown as "
              "included and not scored; the Appendix 1 pairs are errors; kong fans that "
              "may or may not repeat are warnings for the judge."),
    Principle("non_separation", "Non-separation", "MCR §3.9.1.6 (2)",
              "Sets that made one fan are not split up and rearranged to make another.",
              "Partly shown: a warning when a fan of three or four chows leaves no room for "
              "the chow pairings ticked. The rest needs the tiles: the judge looks."),
    Principle("non_identical", "Non-identical", "MCR §3.9.1.6 (3)",
              "A set already used for a fan is not paired again the same way for that fan.",
              "Checked as the most times each fan can count in one hand."),
    Principle("highest", "Highest points", "MCR §3.9.1.6 (4)",
              "When a set can make a high fan or a low one, the player takes the high one.",
              "Guidance; a warning where a higher fan plainly covers the ticks (two Dragon "
              "Pungs are Two Dragons Pungs)."),
    Principle("account_once", "Account once", "MCR §3.9.1.6 (5)",
              "Once sets have made a fan, each remaining set may join a used set only once.",
              "Checked for chows, our reading: at most three chow pairings in a hand (an "
              "error); more than one beside a fan of three chows, or any beside a fan of "
              "four, is a warning for the judge."),
)

APPENDIX_1 = "MCR App. 1"
SHAPE_SECTION = "MCR §3.7.2"
WIN_SECTION = "MCR §3.7.2.3"
COUNT_SECTION = "MCR §3.9.1.6 (3)"
PAIRING_SECTION = "MCR §3.9.1.6 (5)"
MINIMUM_SECTION = "MCR §3.9.1.1, §3.11.6.6"
REPEAT_SECTION = NON_REPEAT
HONOR_SECTION = "MCR §3.8.1"
PREFER_SECTION = "MCR §3.9.1.6 (4)"

# Message templates: {token}s are filled the same way by hand.py and mcr.js.
MESSAGES: dict[str, str] = {
    "not_a_mapping": "The fans must be an object of fan number -> count.",
    "unknown_fan": "There is no fan {id} in MCR; fans are numbered 1 to 81 (MCR App. 1).",
    "bad_count": "The count for fan {id} must be a whole number.",
    "negative_count": "The count for fan {id} cannot be negative.",
    "too_many_flowers": "There are only {max} flower tiles; {count} flowers cannot be right.",
    "excluded": "{a} and {b} cannot both score: the Appendix 1 entry for {owner} says they "
                "do not combine ({section}).",
    "chicken_alone": "{a} is for a hand that scores no other fan, so it cannot stand beside "
                     "{b} ({section}).",
    "win_conflict": "{a} is a win on a drawn tile and {b} a win on another player's tile; a "
                    "hand is won only one way ({section}).",
    "one_wait": "{a} and {b} cannot both score: a wait fan counts only when the hand waits "
                "in that one way ({section}).",
    "shape_conflict": "{a} and {b} need different hand shapes, so no hand holds both (our "
                      "reading of {section}).",
    "too_many_times": "{a} is ticked {count} times; one hand can count it at most {max} "
                      "times (our reading of {section}).",
    "too_many_pairings": "With {names} ticked, the chow pairings come to {count}; four "
                         "chows make at most {max} (our reading of {section}).",
    "too_many_pungs": "The pungs counted one by one ({names}) add up to {count}; a hand "
                      "holds at most {max} (our reading of {section}).",
    "below_minimum": "The fans make {points} points, below the minimum: a win needs at least "
                     "{minimum} without flowers ({section}).",
    "implied": "{b} is always part of {a}, so it is not scored beside it (the non-repeat "
               "principle, {section}).",
    "implied_count": "{a} already holds {b}; beside it {b} can count at most {max} more "
                     "times, for other sets, not {count} (the non-repeat principle, "
                     "{section}).",
    "win_mismatch_self": "{a} is scored only on a self-drawn win, and this hand was won on "
                         "a discard ({section}).",
    "win_mismatch_discard": "{a} is scored only on a win on a discard, and this hand was "
                            "self-drawn ({section}).",
    "bad_win": "The win type must be 'self' or 'discard'.",
    # the fan picker's words (static/js/picker.js fills them the same way)
    "picker_included": "{a} is always part of {b}, so it is included and not scored again "
                       "(MCR §3.9.1.6 (1)).",
    "picker_blocked": "{a} cannot be ticked beside {b}: MCR App. 1 fan {owner} says they do "
                      "not combine. Untick it first.",
    "picker_win_self": "{a} is won by self-draw, so the win is set to self-draw "
                       "(MCR §3.7.2.3).",
    "picker_win_discard": "{a} is won on a discard, so the win is set to a discard "
                          "(MCR §3.7.2.3).",
    "picker_blocked_note": "Does not combine with {b} (MCR App. 1 fan {owner})",
    "picker_ticked": "Ticked: {names}",
    "picker_ticked_included": "{a} (included, not counted)",
    "picker_flowers": "{count} flowers",
    "picker_one_flower": "1 flower",
    "repeat": "{b} is normally part of {a} and not scored again; this text's Appendix 1 does "
              "not say so, so the judge decides ({section}).",
    "tile_conflict": "{a} needs a wind or dragon and {b} allows none: check the hand (our "
                     "reading of {section}).",
    "prefer": "{a} ticked {count} times is {b}, worth more: the player takes the higher "
              "fan ({section}).",
    "few_chows_left": "The chow pairings ticked ({names}) come to {count}; beside {limits} "
                      "the chows left allow {max}: check the tiles (our reading of "
                      "{section}).",
}


def tier_name(value: int) -> str:
    """Return a value tier's heading, e.g. "88 points" or "1 point"."""
    return f"{value} point" if value == 1 else f"{value} points"


def catalogue_json() -> dict[str, Any]:
    """Return the fans and their rule tables as a JSON-ready dict for the API and the browser."""
    return {
        "version": VERSION,
        "minimum": MINIMUM,
        "flower": FLOWER,
        "flower_value": FLOWER_VALUE,
        "max_flowers": MAX_FLOWERS,
        "fans": [
            {
                "id": fan.id,
                "number": fan.number,
                "value": fan.value,
                "name": fan.name,
                "chinese": fan.chinese,
                "chinese_hant": fan.chinese_hant,
                "chinese_hans": fan.chinese_hans,
                "description": fan.description,
                "max_count": fan.max_count,
                "excludes": [str(n) for n in fan.excludes],
                "group": str(fan.value),
                **({"chinese_aka": list(CHINESE_ALIASES[fan.number])}
                   if fan.number in CHINESE_ALIASES else {}),
            }
            for fan in FANS
        ],
        "groups": [
            {"id": str(value), "name": tier_name(value),
             "fans": [fan.id for fan in FANS if fan.value == value]}
            for value in TIERS
        ],
        "principles": [
            {"id": p.id, "name": p.name, "section": p.section, "summary": p.summary,
             "checked": p.checked}
            for p in PRINCIPLES
        ],
        "rules": {
            "chicken": CHICKEN,
            "draw_wins": list(DRAW_WINS),
            "discard_wins": list(DISCARD_WINS),
            "waits": list(WAITS),
            "pair_chow_fans": list(PAIR_CHOW_FANS),
            "triple_chow_fans": list(TRIPLE_CHOW_FANS),
            "four_chow_fans": list(FOUR_CHOW_FANS),
            "max_pairings": MAX_PAIRINGS,
            "counted_pungs": list(COUNTED_PUNGS),
            "max_pungs": MAX_PUNGS,
            "shapes": [{"fan": s.fan, "others": list(s.others)} for s in SHAPES],
            "repeats": [{"a": r.a, "b": r.b} for r in REPEATS],
            "implied": implied_json(),
            "kong_pair": {"fans": list(KONG_PAIR), "line": KONG_PAIR_LINE,
                          "value": KONG_PAIR_VALUE, "name": KONG_PAIR_NAME,
                          "chinese": KONG_PAIR_CHINESE,
                          "chinese_hant": KONG_PAIR_CHINESE_HANT,
                          "chinese_hans": KONG_PAIR_CHINESE, "unless": list(KONG_FANS)},
            "score_wins": list(SCORE_WINS),
            "needs_honors": list(NEEDS_HONORS),
            "no_honors": list(NO_HONORS),
            "prefers": [{"fan": p.fan, "count": p.count, "better": p.better} for p in PREFERS],
            "sections": {
                "appendix": APPENDIX_1, "shape": SHAPE_SECTION, "win": WIN_SECTION,
                "wait": WAIT_SECTION,
                "count": COUNT_SECTION, "pairing": PAIRING_SECTION,
                "minimum": MINIMUM_SECTION, "repeat": REPEAT_SECTION,
                "honor": HONOR_SECTION, "prefer": PREFER_SECTION,
                "kong": KONG_SECTION,
            },
            "payoff": {"extra": EXTRA_POINTS, "minimum": MINIMUM, "seats": list(SEATS),
                       "wins": list(WINS)},
        },
        "messages": dict(MESSAGES),
    }
