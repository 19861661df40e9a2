"""Quick answers for MCR judges: what to do about common fouls, with MCR sections cited.

Compact on purpose: the fouls MCR §3.11.6 prices, late arrival, the time limit and appeals.
Every sentence is our own summary of the text; where the text is silent, "our reading".
"""

from __future__ import annotations

from judgeaid.rules import guide
from judgeaid.rules.guide import Entry, has_prefix, tokens
from judgeaid.rules.mcr import sections

__all__ = ["GUIDE", "RULEBOOK", "Entry", "get", "guide_json", "search"]

RULEBOOK = "MCR"


GUIDE: tuple[Entry, ...] = (
    Entry(
        id="mcr-false-hu-minimum",
        title="False Hu: the hand is worth less than 8 points",
        keywords=("false hu", "false mahjong", "below minimum", "8 points", "chombo"),
        steps=(
            "Count the fans with the table; flowers do not count toward the 8.",
            "If the hand is under 8, or the tile was not one the hand waits for, the caller "
            "pays 10 points to each of the three others.",
            "The caller may not win this hand; play goes on.",
        ),
        sections=("3.11.6.6", "3.9.1", "3.4.31"),
        usual_penalty="10 points to each other player; no win this hand.",
        rubric_category="false_hu",
        rubric_infraction="below_minimum",
    ),
    Entry(
        id="mcr-erroneous-hu",
        title="Hu called by a player who is not ready",
        keywords=("erroneous hu", "not ready", "not waiting", "false hu"),
        steps=(
            "Check the shown hand: if it was not yet one tile from winning, the call was "
            "erroneous.",
            "The caller pays 20 points to each of the three others and may not win this hand.",
        ),
        sections=("3.11.6.6",),
        usual_penalty="20 points to each other player; no win this hand.",
        rubric_category="false_hu",
        rubric_infraction="erroneous_hu",
    ),
    Entry(
        id="mcr-empty-call",
        title="Empty Chi, Pung or Kong call",
        keywords=("empty call", "change of mind", "called but not taken", "chi", "pung"),
        steps=(
            "Ask which hand of the session this is: the count starts again every hand.",
            "First time in the hand: a warning. Then 5, 10 and 20 points; beyond that we "
            "double (our reading of \"and so on\").",
        ),
        sections=("3.11.6.3",),
        usual_penalty="Warning, then 5, 10, 20 points within one hand.",
        rubric_category="hand_ladder",
        rubric_infraction="empty_call",
    ),
    Entry(
        id="mcr-wall-touched",
        title="Wall touched before the previous player discarded",
        keywords=("touching the wall", "early draw", "drew too early", "touch tile"),
        steps=(
            "Same per-hand count as an empty call: warning, then 5, 10, 20 points.",
            "If the tile taken was not seen, it goes back where it was.",
            "If it was seen, the player may not win this hand but plays on.",
        ),
        sections=("3.11.6.4",),
        usual_penalty="Warning, then 5, 10, 20 points within one hand.",
        rubric_category="hand_ladder",
        rubric_infraction="wall_touched",
    ),
    Entry(
        id="mcr-late-pung",
        title="Pung called after the 3 seconds",
        keywords=("late pung", "slow pung", "3 seconds", "late call"),
        steps=(
            "A Pung or Kong call must come within 3 seconds of the discard.",
            "Per hand: warning, then 5, 10, 20 points.",
        ),
        sections=("3.11.6.5", "3.6.7"),
        usual_penalty="Warning, then 5, 10, 20 points within one hand.",
        rubric_category="hand_ladder",
        rubric_infraction="late_pung",
    ),
    Entry(
        id="mcr-tiles-pushed",
        title="Tiles pushed or knocked over",
        keywords=("pushed tiles", "knocked over", "spoiled hand", "wall pushed"),
        steps=(
            "If the hand or the wall was pushed so the hand cannot go on, the player pays "
            "30 points to each of the others.",
            "If another player's tiles were knocked over, the player pays that player 5 to "
            "60 points, as you judge, and you decide whether the hand can go on.",
        ),
        sections=("3.11.6.7",),
        usual_penalty="30 to each other player, or 5-60 to the offended player.",
        rubric_category="tiles",
        rubric_infraction="hand_spoiled",
    ),
    Entry(
        id="mcr-late-arrival",
        title="A player arrives late for the session",
        keywords=("late", "late arrival", "missing player", "no show"),
        steps=(
            "Note the minutes from the session's start.",
            "Up to 10 minutes: 10 contest points off; more than 10 up to 15: 20 points off. "
            "Nobody else gains them.",
            "More than 15 minutes: the player forfeits this session but may play the later "
            "ones.",
        ),
        sections=("3.11.2.1",),
        usual_penalty="10 or 20 contest points; session forfeited after 15 minutes.",
        rubric_category="late",
        rubric_infraction="late_10",
    ),
    Entry(
        id="mcr-no-win",
        title="A foul that takes away the right to win the hand",
        keywords=("false chow", "false pung", "wrong tile count", "information", "no win"),
        steps=(
            "False melds or flower replacements, a wrong tile count, passing information, "
            "showing tiles before Hu and the other fouls of MCR §3.11.6.11 cost the right to win.",
            "The player keeps drawing and discarding to the end of the hand.",
        ),
        sections=("3.11.3", "3.11.6.2", "3.11.6.8", "3.11.6.9", "3.11.6.11"),
        usual_penalty="Loss of the right to win this hand.",
        rubric_category="no_win",
        rubric_infraction="false_meld",
    ),
    Entry(
        id="mcr-several-hu",
        title="Several players call Hu on the same discard",
        keywords=("several hu", "two hu", "double hu", "multiple hu", "same discard",
                  "intercept", "head bump", "claimants"),
        steps=(
            "Only one player wins the hand. Of those who called Hu, the one sitting nearest "
            "after the discarder in the order of play wins.",
            "Check that player's hand first; the others hide their tiles again and nobody "
            "else is paid.",
            "On the card, record the win on the discard and tick the other callers under "
            "\"Several Hu on this discard\": the card names the winner, and skips a caller "
            "who has already lost the right to win this hand.",
        ),
        sections=("3.7.2.4", "3.7.1"),
        usual_penalty="No penalty: the nearest caller after the discarder wins.",
    ),
    Entry(
        id="mcr-time-up",
        title="Session time is up",
        keywords=("time up", "time limit", "150 minutes", "15 minutes left"),
        steps=(
            "At 15 minutes left the head referee tells the players.",
            "When time is up the hand in play stops at once; only finished hands count.",
        ),
        sections=("3.5.6",),
    ),
    Entry(
        id="mcr-appeal",
        title="A player disputes a ruling",
        keywords=("appeal", "disagree", "protest", "arbitration"),
        steps=(
            "Questions must be raised at once at the table, not after play has moved on.",
            "A written appeal, signed by the player or team leader, must come within 30 "
            "minutes after the session ends; the text sets a fee, returned if the appeal "
            "succeeds.",
            "Rule questions go to the chief referee; the arbitration committee hears the rest.",
        ),
        sections=("3.12.2", "3.12.3", "3.13.1", "3.11.6.11"),
    ),
)

def get(entry_id: str) -> Entry:
    """Return the guide entry with this id."""
    return guide.get(GUIDE, entry_id, "MCR guide entry")


def search(query: str) -> list[Entry]:
    """Return the entries matching every word of the query (title, keywords, steps and
    sections), best first; every entry for an empty query."""
    return guide.search(GUIDE, query, _score)


def guide_json() -> dict:
    """Return the guide as JSON-ready data, with a version for the browser's cache."""
    return guide.guide_json(GUIDE, lambda s: sections.get(s).title, RULEBOOK)


def _score(entry: Entry, terms: list[str], phrase: str) -> tuple[int, int]:
    # a plainer ranking than Zung Jung's: title and keywords 4, a cited section 3, steps 1
    head = tokens(entry.title) + [t for k in entry.keywords for t in tokens(k)]
    body = [t for s in entry.steps for t in tokens(s)]
    score, matched = 0, 0
    for term in terms:
        weight = (4 * has_prefix(head, term) + 3 * (term in entry.sections)
                  + has_prefix(body, term))
        matched += weight > 0
        score += weight
    return matched, score
