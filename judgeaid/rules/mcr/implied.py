"""The non-repeat principle as data: which fan makes which other fan inevitable.

MCR §3.9.1.6 (1) and Appendix 1 note 3: a fan that another fan inevitably brings with it is
not scored beside it. Every row below is one such implication, "fan A makes fan B
inevitable", with what forces it: the definition of A and B (Appendix 1's wording where it
differs from §3.8.1, e.g. fan 17 Three Kongs is "three Kongs" there, "three Concealed Kongs"
in §3.8.1), or an Appendix 1 entry's own "does not combine with" sentence where the pair is
an inclusion. A "Combined with" example of Appendix 1 overrides any row: no example of the
text holds a pair of this table (tests/rules/test_mcr_implied.py reads them all).

`leaves` is how many times B may still count beside A. Most rows leave none. A fan that
counts once per set (73 Pung of Terminals or Honors, 65 Double Pung, 70 Mixed Double Chow,
71 Short Straight, 72 Two Terminal Chows) may still count for sets A does not use: three wind
pungs (38 Big Three Winds) leave the fourth set free to be a pung of nines, so 73 counts at
most once beside 38, never for the winds themselves.

Pairs that cannot coexist at all (Nine Gates and Concealed Hand's "win on a discard", Seven
Pairs and Concealed Hand ...) are not implications: Appendix 1 excludes them and `hand.py`
refuses them as `excluded`; an Appendix 1 pair that is also an inclusion is in both tables.

`IMPLIED` is the transitive closure (A makes B inevitable, B makes C: A makes C), the table
`hand.py` and `static/js/mcr.js` check, travelling in the catalogue JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

NON_REPEAT = "MCR §3.9.1.6 (1)"
APP = "MCR App. 1"


@dataclass(frozen=True)
class Implication:
    """Fan `fan` makes fan `implies` inevitable, `leaves` times at most beside it."""

    fan: str
    implies: str
    forced_by: str  # what forces it: the definitions or Appendix 1 sentence, cited
    leaves: int = 0
    via: tuple[str, ...] = ()  # for a derived row, the fans it passes through

    @property
    def section(self) -> str:
        """Return the citation printed with the error: the principle and the definitions."""
        return f"{NON_REPEAT}; {self.forced_by}"


def _row(fan: int, implies: int, forced_by: str, leaves: int = 0) -> Implication:
    return Implication(str(fan), str(implies), forced_by, leaves)


def _sentence(fan: int) -> str:
    # the Appendix 1 entry of `fan` names the pair in its "does not combine with" sentence
    return f"{APP} fan {fan}"


def _defs(*fans: int) -> str:
    # the definitions of these fans (Appendix 1's wording) force the inclusion
    return f"{APP} fans {', '.join(str(f) for f in fans)}"


R = _row
ROWS: tuple[Implication, ...] = (
    # 1 Big Four Winds: pungs of all four winds are three wind pungs, four pungs, the round's
    # and the seat's wind, and wind pungs (App. 1 fan 1 says so)
    R(1, 38, _sentence(1)), R(1, 49, _sentence(1)), R(1, 60, _sentence(1)),
    R(1, 61, _sentence(1)), R(1, 73, _sentence(1)),
    # 2 Big Three Dragons: two dragon pungs, dragon pungs
    R(2, 54, _sentence(2)), R(2, 59, _sentence(2)),
    # 4 Nine Gates: one suit, with pungs of ones and nines
    R(4, 22, _sentence(4)), R(4, 73, _sentence(4)),
    # 5 Four Kongs: three kongs (App. 1's fan 17), four pungs or kongs and a pair (fan 49),
    # and the pair is the only wait (App. 1 fan 5)
    R(5, 17, _defs(5, 17)), R(5, 49, _defs(5, 49)), R(5, 79, _sentence(5)),
    # 6 Seven Shifted Pairs: seven pairs, of one suit, waiting on a pair
    R(6, 19, _defs(6, 19)), R(6, 22, _sentence(6)), R(6, 79, _sentence(6)),
    # 7 Thirteen Orphans: all five kinds of tile (App. 1 fan 7)
    R(7, 52, _sentence(7)),
    # 8 All Terminals: every set of ones and nines: all pungs, outside, terminal pungs, no
    # honors; and only the tiles All Terminals and Honors allows (our reading of fans 8, 18)
    R(8, 49, _sentence(8)), R(8, 55, _sentence(8)), R(8, 73, _sentence(8)),
    R(8, 76, _sentence(8)), R(8, 18, _defs(8, 18)),
    # 9 Little Four Winds: three wind pungs
    R(9, 38, _sentence(9)), R(9, 73, _sentence(9)),
    # 10 Little Three Dragons: two dragon pungs
    R(10, 54, _sentence(10)), R(10, 59, _sentence(10)),
    # 11 All Honors: all pungs, outside, wind pungs; only the tiles fan 18 allows
    R(11, 49, _sentence(11)), R(11, 55, _sentence(11)), R(11, 73, _sentence(11)),
    R(11, 18, _defs(11, 18)),
    # 12 Four Concealed Pungs: four pungs; three and two concealed pungs among them
    R(12, 49, _sentence(12)), R(12, 33, _defs(12, 33)), R(12, 66, _defs(12, 66)),
    # 13 Pure Terminal Chows: one suit, four chows and a pair, two pairs of identical chows,
    # two terminal chows. (Its tiles also read as seven pairs, which App. 1 excludes; but the
    # hand is scored as chows, so it may still wait on a chow: not an inclusion.)
    R(13, 22, _sentence(13)), R(13, 63, _sentence(13)),
    R(13, 69, _sentence(13)), R(13, 72, _sentence(13)),
    # 14 Quadruple Chow: three (and two) identical chows, all four of each tile
    R(14, 23, _defs(14, 23)), R(14, 64, _sentence(14)), R(14, 69, _sentence(14)),
    # 15 Four Pure Shifted Pungs: three shifted pungs, four pungs
    R(15, 24, _defs(15, 24)), R(15, 49, _sentence(15)),
    # 16 Four Pure Shifted Chows: three shifted chows
    R(16, 30, _defs(16, 30)),
    # 18 All Terminals and Honors: all pungs, outside, terminal or wind pungs
    R(18, 49, _sentence(18)), R(18, 55, _sentence(18)), R(18, 73, _sentence(18)),
    # 19 Seven Pairs: the last tile always pairs a single
    R(19, 79, _sentence(19)),
    # 20 Greater Honors and Knitted Tiles is Lesser Honors and Knitted Tiles with all seven
    # honors, of all five kinds
    R(20, 34, _defs(20, 34)), R(20, 52, _sentence(20)),
    # 21 All Even Pungs: four pungs of 2, 4, 6, 8: all pungs, all simples
    R(21, 49, _sentence(21)), R(21, 68, _sentence(21)),
    # 22 Full Flush: one suit, so no honors
    R(22, 76, _sentence(22)),
    # 23 Pure Triple Chow: two identical chows among the three
    R(23, 69, _sentence(23)),
    # 25 Upper Tiles: 7-9 only is 6-9 only, no honors
    R(25, 76, _sentence(25)), R(25, 36, _defs(25, 36)),
    # 26 Middle Tiles: 4-6 only has no terminal and no honor
    R(26, 68, _sentence(26)), R(26, 76, _defs(26, 76)),
    # 27 Lower Tiles: 1-3 only is 1-4 only, no honors
    R(27, 76, _sentence(27)), R(27, 37, _defs(27, 37)),
    # 28 Pure Straight: 123-456 and 456-789 are short straights, 123-789 two terminal chows;
    # the fourth chow may still pair once with one of them
    R(28, 71, _defs(28, 71), leaves=1), R(28, 72, _defs(28, 72), leaves=1),
    # 29 Three-Suited Terminal Chows: four chows and a pair of fives, no honors
    R(29, 63, _sentence(29)), R(29, 70, _sentence(29)), R(29, 72, _sentence(29)),
    R(29, 76, _sentence(29)),
    # 31 All Fives: a five in every set, so no terminal and no honor
    R(31, 68, _sentence(31)), R(31, 76, _defs(31, 76)),
    # 32 Triple Pung: its pungs are double pungs; a fourth pung cannot make another
    R(32, 65, _defs(32, 65)),
    # 33 Three Concealed Pungs: two concealed pungs among them
    R(33, 66, _defs(33, 66)),
    # 34 Lesser Honors and Knitted Tiles: all five kinds of tile
    R(34, 52, _sentence(34)),
    # 36 Upper Four, 37 Lower Four: suit tiles only
    R(36, 76, _sentence(36)), R(37, 76, _sentence(37)),
    # 38 Big Three Winds: three wind pungs; the fourth set may still be a terminal pung
    R(38, 73, _defs(38, 73), leaves=1),
    # 40 Reversible Tiles: no characters at all
    R(40, 75, _sentence(40)),
    # 41 Mixed Triple Chow: its chows pair across suits; the fourth chow may pair once more
    R(41, 70, _defs(41, 70), leaves=1),
    # 44 Last Tile Draw, 46 Out with Replacement Tile: won on a drawn tile
    R(44, 80, _sentence(44)), R(46, 80, _sentence(46)),
    # 47 Robbing the Kong: the robbed tile is the fourth of its kind
    R(47, 58, _sentence(47)),
    # 48 Two Concealed Kongs: a concealed kong, and two pungs or kongs not melded (fans 33
    # and 12 count concealed kongs as concealed pungs; App. 1 fan 48's example has neither)
    R(48, 67, _defs(48, 67)), R(48, 66, _defs(48, 66)),
    # 53 Melded Hand: goes out on a single wait
    R(53, 79, _sentence(53)),
    # 54 Two Dragons Pungs: both dragon pungs (a third would be Big Three Dragons)
    R(54, 59, _defs(54, 59)),
    # 56 Fully Concealed Hand: won by self-draw
    R(56, 80, _defs(56, 80)),
    # 57 Two Melded Kongs: a melded kong
    R(57, 74, _defs(57, 74)),
    # 60 Prevalent Wind, 61 Seat Wind: a wind pung; the other three sets may still be
    R(60, 73, _defs(60, 73), leaves=3), R(61, 73, _defs(61, 73), leaves=3),
    # 63 All Chows: "No Honors is implied" (App. 1 fan 63)
    R(63, 76, _sentence(63)),
    # 68 All Simples: no terminal and no honor
    R(68, 76, _defs(68, 76)),
)
del R


def _closure(rows: tuple[Implication, ...]) -> tuple[Implication, ...]:
    """Return the rows with every derived implication: A makes B inevitable (none of B left)
    and B makes C inevitable, then A makes C so (the lowest `leaves` stands)."""
    table: dict[tuple[str, str], Implication] = {(r.fan, r.implies): r for r in rows}
    changed = True
    while changed:
        changed = False
        for (a, b), first in list(table.items()):
            if first.leaves:
                continue
            for (b2, c), second in list(table.items()):
                if b2 != b or c == a:
                    continue
                known = table.get((a, c))
                if known is not None and known.leaves <= second.leaves:
                    continue
                via = (*first.via, b, *second.via)
                forced = f"{first.forced_by}; {second.forced_by}"
                table[(a, c)] = Implication(a, c, forced, second.leaves, via)
                changed = True
    return tuple(sorted(table.values(), key=lambda r: (int(r.fan), int(r.implies))))


IMPLIED: tuple[Implication, ...] = _closure(ROWS)
IMPLIED_BY_PAIR: dict[tuple[str, str], Implication] = {(r.fan, r.implies): r for r in IMPLIED}


def implied_json() -> list[dict]:
    """Return the closed table as the browser receives it."""
    return [{"fan": r.fan, "implies": r.implies, "leaves": r.leaves, "section": r.section,
             "via": list(r.via)} for r in IMPLIED]
