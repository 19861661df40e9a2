"""Quick answers for judges: what to do about common irregularities, with ZJM sections cited."""

from __future__ import annotations

from judgeaid.rules import guide
from judgeaid.rules.guide import Entry, has_prefix, tokens
from judgeaid.rules.zj import sections

__all__ = ["GUIDE", "Entry", "get", "guide_json", "search"]

GUIDE: tuple[Entry, ...] = (
    Entry(
        id="false-win",
        title="False win: Mahjong called on a hand that does not win",
        keywords=("false win", "false mahjong", "wrong mahjong", "invalid win", "hu", "chombo"),
        steps=(
            "Let the three opponents check the shown hand first; they keep their own hands "
            "closed and leave every tile on the table where it is.",
            "If the hand is not a winning hand, do not stop the round: play carries on from "
            "the point where it was interrupted.",
            "Every tile the caller revealed stays face up to the right of their concealed "
            "tiles as a live penalty tile; the false call costs no points by itself.",
            "If anyone revealed their own tiles or disturbed the table meanwhile, their revealed "
            "tiles become penalty tiles too and they get 10–20 points.",
            "Remind the caller that penalty tiles can never help claim a discard and that only "
            "live ones may still be thrown.",
        ),
        sections=("1.4.6", "1.3.4", "1.7", "A.5.5"),
        usual_penalty=(
            "Caller: no points, all revealed tiles become penalty tiles. "
            "Anyone who disturbed the tiles: 10–20 points."
        ),
        rubric_category="special",
        rubric_infraction="tiles_disturbed_after_false_win",
    ),
    Entry(
        id="cancelled-win",
        title="Cancelled win: Mahjong called and taken back before any tile is shown",
        keywords=("cancelled mahjong", "withdrawn mahjong", "retracted win", "take back"),
        steps=(
            "Make sure no tile has been shown yet; if the hand was laid open, follow the false "
            "win answer instead.",
            "Let the player withdraw the call.",
            "The player turns three tiles of their choice face up as live penalty tiles, or "
            "you choose the three.",
            "If fewer than three tiles are left in the concealed hand, all of them become "
            "penalty tiles.",
            "Play then carries on as normal.",
        ),
        sections=("1.4.6", "1.7"),
        usual_penalty="Three penalty tiles.",
    ),
    Entry(
        id="cancelled-claim",
        title="Cancelled claim: chi, pung or kong on a discard taken back",
        keywords=("cancelled chi", "cancelled pung", "withdrawn claim", "called by mistake"),
        steps=(
            "Check that the claim was spoken but no tiles were shown for it yet.",
            "Let the player withdraw it and carry on as if it had not been made.",
            "The player turns two tiles from the hand face up as live penalty tiles; you may "
            "choose the two instead.",
            "If the player keeps making claims they cannot complete, treat it as repeated "
            "wrong claims, a competitive violation.",
        ),
        sections=("1.4.6", "1.7", "A.5.3"),
        usual_penalty="Two penalty tiles.",
    ),
    Entry(
        id="cancelled-kong",
        title="Cancelled kong: kong announced on one's own turn, then dropped",
        keywords=("cancelled kong", "withdrawn kong", "quad", "gang", "concealed kong"),
        steps=(
            "Check that the player had drawn, said kong, and not yet shown any tile for it.",
            "Let the player drop the kong; there is no penalty.",
            "Tiles already shown for a kong that cannot be made were exposed wrongly and "
            "become penalty tiles.",
            "If the player keeps announcing kongs and dropping them, you may give a penalty.",
        ),
        sections=("1.4.6", "1.4.3", "1.7"),
        usual_penalty="None the first time; repeats may be penalised.",
    ),
    Entry(
        id="wrong-claim",
        title="Wrong claim: wrong tiles melded or a set that is not valid",
        keywords=("wrong chi", "wrong pung", "wrong meld", "invalid set", "improper display"),
        steps=(
            "Noticed straight away: let the player lay out the right tiles; any tile shown by "
            "mistake becomes a live penalty tile.",
            "Noticed only after the player's discard was claimed, the next player drew, or a "
            "replacement tile was taken: the set stays as it is and the hand is dead.",
            "A kong found to be wrong after its replacement tile: dead hand, with no more "
            "claims or kongs this round.",
            "A player who discarded before laying out the claimed set must still lay it out "
            "once someone claims that discard or the next player draws; the claim can no longer "
            "be withdrawn.",
            "A claim that needs a penalty tile is also a wrong claim.",
            "Wrong claims again and again are a competitive violation.",
        ),
        sections=("1.4.6", "1.7", "1.8", "A.5.3"),
        usual_penalty="Wrongly shown tiles become penalty tiles; found late: dead hand.",
        rubric_category="competitive",
        rubric_infraction="repeated_wrong_claims",
    ),
    Entry(
        id="changed-claim",
        title="Changed claim: one call switched to another",
        keywords=("changed claim", "chi to pung", "pung to mahjong", "switched call"),
        steps=(
            "A player who called chi, pung or kong may switch to a different claim, or to a "
            "win, without penalty.",
            "Tiles already shown for the first claim stay face up as penalty tiles.",
            "Settle the new claim against any others by the usual order of precedence.",
            "If a player changes claims often, you may give a penalty.",
        ),
        sections=("1.4.6", "1.4.5", "1.7"),
        usual_penalty="None; tiles shown for the first claim become penalty tiles.",
    ),
    Entry(
        id="unannounced-claim",
        title="Silent claim: a discard taken without saying chi, pung, kong or Mahjong",
        keywords=("silent claim", "not announced", "no call", "forgot to call", "verbal"),
        steps=(
            "Claims only count when spoken; the others may ignore a silent one and play on.",
            "Once the next player has completed their draw, the silent claimant has lost that "
            "discard.",
            "Discarding before showing a silently claimed set may be ruled a missed draw, "
            "which makes the hand dead.",
            "A first lapse earns a warning; repeated lapses earn penalty points.",
        ),
        sections=("1.4", "1.4.5", "4.8", "4.11", "A.5.1"),
        usual_penalty="Warning; points if it keeps happening.",
        rubric_category="minor",
    ),
    Entry(
        id="exposed-tiles-deal",
        title="Tiles exposed during the deal",
        keywords=("exposed during deal", "dropped tile", "flipped tile", "sorting tiles"),
        steps=(
            "While taking or sorting the dealt tiles, one exposed tile is free: it goes back "
            "into the hand.",
            "Two or more exposed: the player puts one back and the rest become live penalty tiles.",
            "Wall tiles that were about to be dealt to the same player count as that player's "
            "own hand tiles.",
            "A few wall tiles meant for others: handle them as wall tiles exposed during play, "
            "with no penalty if the player neither looked at nor felt their faces.",
            "Many wall tiles exposed: you may call a misdeal, and penalise the player if they "
            "examined the tiles.",
        ),
        sections=("1.2.7", "1.7", "1.3.3"),
        usual_penalty="One tile is free; from two on, all but one become penalty tiles.",
    ),
    Entry(
        id="exposed-wall-tiles",
        title="Wall tiles exposed during play",
        keywords=("exposed wall tile", "flipped wall tile", "knocked the wall"),
        steps=(
            "The next tile flipped by the player whose draw it is: they must take it; it is a "
            "live penalty tile and they may no longer claim a discard instead.",
            "The next tile flipped by someone else: warn them; the next player to draw either "
            "takes it as normal or asks for it to go back into the wall as below.",
            "Any other wall tile flipped: warn the player, take it out with at least 12 of its "
            "neighbours, shuffle them face down and rebuild that stretch of wall.",
        ),
        sections=("1.3.3", "1.7"),
        usual_penalty="Warning; on one's own draw the tile also becomes a penalty tile.",
        rubric_category="minor",
    ),
    Entry(
        id="exposed-opponent-tiles",
        title="A player exposes an opponent's tiles",
        keywords=("opponent's tiles", "knocked over hand", "saw opponent hand", "exposed"),
        steps=(
            "Stop play and find out which tiles were shown, who saw them and whether it was an "
            "accident.",
            "Choose a penalty for the player who exposed them that fits what happened; the "
            "rules set no fixed amount.",
            "Barring that player from claiming for the rest of the round is one option, also "
            "when a player has only seen an opponent's tiles.",
            "If the table was disturbed so badly that play cannot go on, give a substantial "
            "penalty.",
            "If it was deliberate, treat it as a serious violation.",
        ),
        sections=("1.3.3", "4.11", "A.5.4"),
        usual_penalty="Judge's choice to fit the case; no claims for the round is an option.",
        rubric_category="procedural",
    ),
    Entry(
        id="penalty-tiles",
        title="Penalty tiles: where they go and when they die",
        keywords=("penalty tile", "live penalty tile", "dead penalty tile", "exposed own tiles"),
        steps=(
            "Tiles a player shows by mistake stay face up on the right of their concealed "
            "tiles, kept apart from the melded sets.",
            "A live penalty tile can still be thrown: during the player's own turn, or at their "
            "coming turn when the tile was exposed while another player was to move.",
            "As soon as the player discards anything else, even another penalty tile, all "
            "remaining penalty tiles are dead and may never be discarded.",
            "Live or dead, penalty tiles may only be part of concealed sets: never used to "
            "claim a discard for a set or a win, nor to pair a claimed winning tile.",
            "A discarded penalty tile is an ordinary discard; one used in a concealed kong "
            "stops being a penalty tile.",
            "A claim that breaks these limits is a wrong claim.",
        ),
        sections=("1.7", "1.4.6"),
        usual_penalty="The tiles themselves are the penalty.",
        rubric_category="procedural",
        rubric_infraction="tiles_revealed",
    ),
    Entry(
        id="thirteen-orphans-penalty-tiles",
        title="Thirteen Orphans or Seven Pairs with penalty tiles",
        keywords=("thirteen orphans", "13 orphans", "seven pairs", "penalty tile", "kokushi"),
        steps=(
            "Thirteen Orphans: a discarded tile identical to one of the player's penalty tiles "
            "cannot be claimed for the win.",
            "Thirteen Orphans with three or more penalty tiles: no win on any discard at all; "
            "only a self-drawn win counts.",
            "Seven Pairs: a penalty tile may not be paired with a claimed discard to win.",
            "A win claimed against these limits is a wrong claim; handle it as a false or "
            "cancelled win depending on whether the hand was shown.",
        ),
        sections=("1.7", "1.4.6"),
        usual_penalty="No win on the barred discards.",
    ),
    Entry(
        id="dead-hand",
        title="Long or short hand: the wrong number of tiles",
        keywords=("dead hand", "long hand", "short hand", "wrong tile count", "too many tiles"),
        steps=(
            "Count the tiles: 14 when it is the player's turn to discard, 13 otherwise, with "
            "each quad counted as three.",
            "Too many is a long hand and too few a short hand; either way the hand is dead for "
            "the rest of the round, even if the count later comes right.",
            "A dead hand may not win, claim any discard or declare a kong; the player keeps "
            "drawing and discarding.",
            "Found during the deal, before the first discard: use the dealt-hand answer "
            "instead, since it can often be fixed.",
            "If the count was wrong on purpose (extra draws, no discard, several discards), "
            "correct it and add a penalty.",
        ),
        sections=("1.8", "1.2.7", "4.11"),
        usual_penalty="Dead hand.",
        rubric_category="procedural",
        rubric_infraction="tiles_mishandled",
    ),
    Entry(
        id="dealt-hand-errors",
        title="Wrong tiles or wrong count in the deal",
        keywords=("deal error", "dealt wrong tiles", "long dealt hand", "short dealt hand"),
        steps=(
            "Wrong tiles taken in the deal: put it right, with no penalty if the player has "
            "neither looked at nor felt their faces; if they have, you may give a penalty.",
            "A wrong count noticed before the player looked at the tiles: fix it, no penalty.",
            "Short hand found after looking but before the first discard: the player takes the "
            "missing tiles from the live wall; no penalty.",
            "Long hand found after looking but before the first discard: take the extra tiles "
            "out at random, shuffle them into the wall and give a points penalty.",
            "Found after the first discard: nothing can be fixed and the player plays on with "
            "a dead hand.",
        ),
        sections=("1.2.7", "1.2.6", "1.8"),
        usual_penalty="Long hand after looking: points; after the first discard: dead hand.",
        rubric_category="procedural",
        rubric_infraction="tiles_mishandled",
    ),
    Entry(
        id="wrong-dealer",
        title="Wrong dealer: the wrong player started taking tiles as East",
        keywords=("wrong dealer", "wrong east", "dealer mistake"),
        steps=(
            "Found before the right East has taken their first four tiles: misdeal; reshuffle "
            "and deal again.",
            "Found before the right East has taken tiles 9 to 12: keep dealing from the wrong "
            "East until everyone has 12; the right East then takes tiles 13 and 14 and plays "
            "as dealer.",
            "Found after the right East has taken their 12th tile: the right East loses the "
            "deal this round and the wrong East stays dealer.",
            "After that round the deal passes on as usual to the player on the right of the "
            "player who should have dealt.",
            "With the consent of all four players, the one who lost the deal may be given a "
            "later round as East to make up for it.",
        ),
        sections=("1.2.7", "1.2.3"),
    ),
    Entry(
        id="wrong-dice-thrower",
        title="Wrong dice thrower",
        keywords=("wrong dice", "dice thrown by wrong player", "dice count"),
        steps=(
            "Noticed straight away: the right player throws the dice again.",
            "Once players have started taking tiles from the wall, the throw stands.",
            "Seat winds follow the passing of the deal, never the dice.",
        ),
        sections=("1.2.7", "1.2.5", "1.2.1"),
    ),
    Entry(
        id="wrong-wall-break",
        title="Wall broken in the wrong place",
        keywords=("wrong break", "wall break", "break point", "wrong wall"),
        steps=(
            "Wrong spot, or the wrong player's wall broken: put it right as soon as it is noticed.",
            "Once every player has taken their first four tiles, the break stands and play "
            "goes on.",
        ),
        sections=("1.2.7", "1.2.5"),
    ),
    Entry(
        id="misdeal",
        title="Misdeal: redealing the round",
        keywords=("misdeal", "redeal", "reshuffle", "tile dealing error"),
        steps=(
            "Call a misdeal only when a mistake in the deal cannot be fixed fairly.",
            "Reshuffle, rebuild and throw the dice again; the seat winds do not move.",
            "Never call a misdeal once every player has had one turn.",
            "A wrong dealer noticed before the right East has taken their first four tiles is "
            "also a misdeal.",
            "Looking at or feeling tile faces before the deal is confirmed may be penalised; "
            "it stops players claiming a misdeal to escape a poor hand.",
        ),
        sections=("1.2.7", "1.2.6"),
    ),
    Entry(
        id="drawing-out-of-turn",
        title="Drawing out of turn or discarding without drawing",
        keywords=("drawing out of turn", "early draw", "no draw", "forgot to draw"),
        steps=(
            "Drawing before the left-hand player has discarded, or reaching over the river so "
            "others cannot see, can lead you to declare the hand dead.",
            "Discarding without drawing first may be ruled a missed draw: dead hand.",
            "Touching the live wall gives up any claim on the last discard; if someone else "
            "claims it, the player may still call a win on it under the order of precedence.",
            "A tile lifted before another player claims the discard goes back in its place; "
            "whoever reaches it next may take it or make the player who saw it take it.",
            "Players should draw at an even pace so others have time to claim; warn or "
            "penalise those who do not.",
        ),
        sections=("1.3.2", "1.8", "1.4.5"),
        usual_penalty="Dead hand may be ruled; warning for rushing.",
        rubric_category="minor",
    ),
    Entry(
        id="wrong-tile-drawn",
        title="Wrong tile drawn from the wall",
        keywords=("wrong tile drawn", "wrong end of wall", "errors when drawing"),
        steps=(
            "Play goes on as if the right tile had been drawn.",
            "If others helped cause the mistake, for example by placing the wall badly, give no "
            "penalty; otherwise give a warning.",
            "If the player later wins with that tile, you may give a points penalty.",
        ),
        sections=("1.3.3",),
        usual_penalty="Warning; points if the player wins with the tile.",
        rubric_category="minor",
    ),
    Entry(
        id="kong-errors",
        title="Kong mistakes: no call, early replacement, wrong timing",
        keywords=("kong", "quad", "replacement tile", "robbing a kong", "gang"),
        steps=(
            "Kong must be said before the tile is shown; a tile shown from the hand without the "
            "call may be ruled a discard, which the next player may chi.",
            "The four tiles must be shown before the replacement tile is drawn; drawing first "
            "can lead you to declare the hand dead.",
            "A concealed kong or a fourth tile added to a pung is only allowed on one's own turn "
            "after drawing from the wall or a replacement tile (or, for a concealed kong, on "
            "East's first turn), never right after chi or pung.",
            "A discard that matches a melded pung cannot be claimed to make a kong.",
            "A fourth tile added to a pung can be robbed by a player who wins on it; a "
            "concealed kong never can.",
            "No kong may be called on the seabed tile.",
        ),
        sections=("1.4.3", "1.4.4", "1.6"),
        usual_penalty="Dead hand if the replacement was drawn before the quad was shown.",
    ),
    Entry(
        id="seabed-riverbed",
        title="Seabed and riverbed tiles: the last draw and the last discard",
        keywords=("seabed", "riverbed", "last tile", "final draw", "final discard", "dead wall"),
        steps=(
            "The last 14 tiles are the dead wall; the tile just before them (15th from the end) "
            "is the seabed tile.",
            "The player who takes the seabed tile cannot call kong and has to discard, unless "
            "the tile completes their hand.",
            "That discard is the riverbed tile: it may be claimed only to win, never for chi, "
            "pung or kong.",
            "If nobody wins on it, the round is a draw: everyone scores 0 and the seats rotate.",
            "If a replacement draw has left a lone half stack in the dead wall, separate the 7th "
            "stack from the end: its bottom tile stays with the dead wall and its top tile "
            "becomes the last live-wall tile, the seabed.",
            "A player who draws two tiles to keep the seabed from the next player: you may let "
            "that next player draw one tile.",
        ),
        sections=("1.6", "4.11", "2.4"),
    ),
    Entry(
        id="nine-gates-self-draw",
        title="Nine Gates won by self-draw: showing the winning tile",
        keywords=("nine gates", "9 gates", "self-draw", "winning tile", "blessing of heaven"),
        steps=(
            "The winner must keep the self-drawn winning tile apart from the hand until the "
            "others have seen and confirmed it.",
            "If the tile was mixed into the hand first, Nine Gates cannot be scored; the hand "
            "still wins with its other patterns.",
            "East's opening 14 tiles include no drawn tile, so a Blessing of Heaven is never "
            "Nine Gates: score Blessing of Heaven and any other patterns, such as Full Flush.",
        ),
        sections=("1.5", "2.4"),
    ),
    Entry(
        id="time-limit",
        title="Too slow: turn and round time limits",
        keywords=("time limit", "slow play", "stalling", "turn clock", "15 seconds", "timer"),
        steps=(
            "Decide which players to time; a player who thinks an opponent is slow should "
            "call you.",
            "A turn starts with the discard before it: the left-hand player's discard for a "
            "player who draws from the wall, or the claimed tile's discard for a player who "
            "claims it. It ends once they have discarded and finished laying out any meld; "
            "after a kong a new turn starts when the replacement tile is drawn.",
            "Casual: 20 s a turn, no round limit. Competitive: 15 s a turn and 3 minutes for "
            "the whole round. The first 20 s after the deal (casual, unless the organiser sets "
            "otherwise) or 15 s (competitive) are not counted.",
            "Over a limit: 5 points for each started 15 s; in competitive events turn and "
            "round overruns are both charged.",
            "More than 80 time points in one round: the player is considered resigned, and so "
            "out of the tournament, unless you accept a reasonable explanation; the app asks "
            "you when a penalty crosses 80. Time-outs and lateness do not count towards it "
            "(our reading: they are charged per session, not per round).",
            "A casual player who stalls may be held to 15 s a turn; further stalling is a "
            "competitive violation.",
        ),
        sections=("1.9", "1.9.1", "1.9.2", "4.11", "A.5.5", "A.5.3"),
        usual_penalty=("5 points per started 15 s over; more than 80 in a round resigns the "
                       "player from the tournament unless explained."),
        rubric_category="special",
        rubric_infraction="time_violation",
    ),
    Entry(
        id="time-out",
        title="Time-outs: leaving the table during a session",
        keywords=("time-out", "timeout", "toilet", "leave the table", "break", "medication"),
        steps=(
            "A player must ask a judge before leaving; time-outs belong between rounds, and "
            "during a round only in an emergency.",
            "Add up each player's time-outs over the session: the first 180 s are free, then 5 "
            "points for each started 30 s.",
            "The other three stay seated; anyone else who leaves is on a time-out too.",
            "A player who handed in a doctor's note beforehand may take up to 60 s for "
            "medicine without charge.",
            "A leader who uses time-outs or slow play to run down the clock gets a score "
            "penalty; in competitive events you may also order all rounds to be played.",
        ),
        sections=("4.14", "3.4.1.2", "3.4.2.2"),
        usual_penalty="5 points per started 30 s beyond 180 s in a session.",
        rubric_category="special",
        rubric_infraction="timeout_or_late",
    ),
    Entry(
        id="late-arrival",
        title="Late arrival and absent players",
        keywords=("late arrival", "late", "absent", "no show", "missing player", "stand-in"),
        steps=(
            "Count the delay from the start of the session.",
            "Charge it like a time-out with no free time: 5 points for each started 30 s.",
            "More than 5 minutes late: the player may be ruled absent and either eliminated as "
            "resigned or given points you set, at least the time-out amount.",
            "If the player warned the head judge of an emergency in advance, the charge may be "
            "kept to the time-out rate.",
            "The organiser may seat a neutral stand-in to fill an empty place.",
            "Players who miss whole opening sessions are handled by the late-joining rule "
            "(15 match points per missed session).",
        ),
        sections=("4.14", "4.15", "3.7", "3.4.1.2"),
        usual_penalty="5 points per started 30 s late; over 5 minutes may be ruled absent.",
        rubric_category="special",
        rubric_infraction="timeout_or_late",
    ),
    Entry(
        id="session-end",
        title="Session time is up",
        keywords=("session end", "time up", "stop play", "unfinished round", "session clock"),
        steps=(
            "When the session clock reaches zero, every table stops at once, even mid-round.",
            "An unfinished round is over and is not played out; it is not scored.",
            "Anyone still handling tiles after time is penalised.",
            "A Grand Final has no session limit: all 16 rounds are played, but the turn and "
            "round limits still apply.",
        ),
        sections=("3.4.1.2", "3.4.2.2", "3.4.2.1"),
    ),
    Entry(
        id="score-dispute",
        title="Players disagree about the score",
        keywords=("score dispute", "scoring disagreement", "wrong score", "pattern", "payoff"),
        steps=(
            "Give an official ruling only when the players put two different readings to you "
            "(patterns, hand value or payments); otherwise help informally, without taking "
            "responsibility for the count.",
            "The winner must name each pattern; patterns not named may be refused. The value "
            "is stated before it is tripled.",
            "The opponents guard against over-scoring; anyone may ask for an under-scored hand "
            "to be raised to its full value.",
            "It is up to the discarder to point out same-turn immunity when it applies.",
            "Once all agree, record the round on the card; each player checks it before the "
            "next round starts.",
            "A player who disagrees with your ruling may appeal to the head judge in the break "
            "after the session.",
        ),
        sections=("1.5", "2.2", "2.3", "4.9", "4.3"),
    ),
    Entry(
        id="score-recording-error",
        title="Score found wrong on the card later",
        keywords=("score recording error", "wrong entry", "card mistake", "score check"),
        steps=(
            "Correct the score if that is still possible.",
            "A judge checks and signs every correction on the card; keep the old entry visible.",
            "You may give 5–10 points to whoever was careless.",
            "Players who signed the totals accepted them; once the card is handed in, a mistake "
            "may no longer be fixable.",
            "After results are posted, a player may ask the organiser for a score check.",
        ),
        sections=("A.5.5", "4.9", "1.5", "3.5.1"),
        usual_penalty="Correction; 5–10 points for negligence.",
        rubric_category="special",
        rubric_infraction="score_recording_error",
    ),
    Entry(
        id="device-rings",
        title="Phone or other device used or ringing during play",
        keywords=("phone", "mobile", "device", "ringing", "app", "calculator"),
        steps=(
            "Devices must be off or silent during play; a device that rings costs penalty points.",
            "While a finished hand is being scored, a calculator or an app where the patterns "
            "are picked by hand may be used.",
            "An app that works out the patterns from the tiles, typed in or photographed, is "
            "never allowed.",
            "A player who needs something from their bag must call a judge first and reach "
            "down only while watched.",
        ),
        sections=("4.5", "4.8"),
        usual_penalty="Penalty points.",
        rubric_category="procedural",
    ),
    Entry(
        id="appeal",
        title="A player disputes a ruling",
        keywords=("appeal", "disagree with ruling", "head judge", "protest"),
        steps=(
            "Let the player say why they disagree when you give the ruling.",
            "If they still disagree, they must not argue: they appeal to the head judge in the "
            "break after that session, before their next one.",
            "Record the ruling and your reasons so the head judge can review them.",
            "The head judge decides, and that decision cannot be challenged further.",
        ),
        sections=("4.3", "4.11"),
    ),
)

_TITLE_WEIGHT = 6
_KEYWORD_WEIGHT = 4
_SECTION_WEIGHT = 3
_STEP_WEIGHT = 1


def get(entry_id: str) -> Entry:
    """Return the guide entry with this id."""
    return guide.get(GUIDE, entry_id)


def search(query: str) -> list[Entry]:
    """Return the entries matching the query, best first; every entry for an empty query."""
    return guide.search(GUIDE, query, _score, _stem)


def guide_json() -> dict:
    """Return the whole guide as JSON-ready data, with a version for the browser's cache."""
    return guide.guide_json(GUIDE, lambda s: sections.get(s).title)


def _score(entry: Entry, terms: list[str], phrase: str) -> tuple[int, int]:
    title = tokens(entry.title)
    keywords = [t for k in entry.keywords for t in tokens(k)]
    steps = [t for s in entry.steps for t in tokens(s)]
    matched = 0
    score = 0
    for term in terms:
        weight = 0
        if has_prefix(title, term):
            weight += _TITLE_WEIGHT
        if has_prefix(keywords, term):
            weight += _KEYWORD_WEIGHT
        if term in entry.sections:
            # the first section cited is the one the entry is mainly about
            weight += _SECTION_WEIGHT + (1 if term == entry.sections[0] else 0)
        weight += _STEP_WEIGHT * min(3, sum(t.startswith(term) for t in steps))
        if weight:
            matched += 1
            score += weight
    if len(terms) > 1:
        # a whole-phrase hit outranks the same words scattered across the entry
        if phrase in " ".join(title):
            score += 2 * _TITLE_WEIGHT
        if any(phrase in " ".join(tokens(k)) for k in entry.keywords):
            score += 2 * _KEYWORD_WEIGHT
        if phrase in " ".join(steps):
            score += 2 * _STEP_WEIGHT
    return matched, score


def _stem(term: str) -> str:
    # "tiles" should find "tile", and prefix matching finds "tiles" from "tile"
    return term[:-1] if len(term) > 3 and term.endswith("s") and not term.endswith("ss") else term
