"""The keys of a ruleset's text table: every sentence, label and citation that depends on rules.

A page, a script, a PDF or an export never writes a rule-dependent word itself and never asks
which ruleset it is: it asks the event's ruleset for a key of this table. Each ruleset package
has a `words.py` whose `WORDS` maps every key below to that ruleset's English text, citations
written as the ruleset writes them ("§2.3" in Zung Jung, "MCR §3.9.1.3" in MCR). A ruleset
missing a key, or carrying one that is not here, is refused when it is registered
(`judgeaid.rules.register`), not at a venue.

The English text of each key is the source of a message: the Chinese interface translates
it with the ruleset's code as the message context, so "fan" and "points" never share a
translation by accident. Keep each text a whole sentence or label (no sentences glued from
pieces), with `{name}` placeholders (str.format) where a number or a name goes in.

Keys are grouped by the page or script that shows them (`card.*`, `clock.*`, `standings.*`,
`print.*`, `js.*` for words the browser draws, ...). `KEYS` maps each key to what its text
says, for whoever writes the next ruleset's table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

# key -> what the text says (the brief a ruleset's author writes its words to)
KEYS: dict[str, str] = {
    # --- the ruleset itself ---------------------------------------------------------------
    "ruleset.name": "the ruleset's name as players know it",
    "ruleset.rulebook": "the rulebook's name as a page cites it",
    # --- the scoring card ----------------------------------------------------------------
    "card.hand_word": "one deal of a session, lower case (a round, a hand)",
    "card.hand_word_plural": "several deals of a session, lower case",
    "card.hand_word_title": "one deal of a session, capitalised as a heading or label",
    "card.hand_numbered": "one deal by its number {n} in a running sentence or list, lower case "
                          "(round 3, hand 3)",
    "card.hand_numbered_title": "one deal by its number {n}, capitalised as a label (Round 3)",
    "card.pattern_word": "what a scoring element is called (pattern, fan), lower case",
    "card.pattern_word_plural": "several scoring elements, lower case",
    "card.picker_name": "the picker's name on a button or link",
    # --- the standings -------------------------------------------------------------------
    "standings.points_label": "the head of the column the ranking counts first",
    "standings.raw_label": "the head of the column that breaks its ties",
    # --- services, standings, print and exports (issue 25, part A) ---
    # (keys of this part go below this line)
    "ruleset.cite": "a section number as the ruleset cites it, {section} the number (§{section})",
    "card.cycle_1": "the heading of the session's first part (its first wind cycle)",
    "card.cycle_2": "the heading of the session's second part",
    "card.cycle_3": "the heading of the session's third part",
    "card.cycle_4": "the heading of the session's fourth part",
    "card.time_cite": "the citation of the rule that ends play when the session time is over",
    "card.table_points_note": ("how the card's table points were found; empty where the card shows "
                               "none"),
    "card.seats_note": ("how players are told the seats change between the session's parts; empty "
                        "where the pages' general words serve"),
    "card.payoff_note": ("how organizers are told the hands pay; empty where the pages' general "
                         "words serve"),
    "card.penalty_example": "a citation a penalty line's reason is asked to give, as an example",
    "card.deal_cite": "the citation after a deal by the wrong East or a compensation deal",
    "card.deal_errors_cite": "the citation telling a scorer that dealing errors are a judge's",
    "card.deal_reading": "the citation saying a compensation deal is agreed before it is dealt",
    "card.deal_refused": ("a wrong-East or compensation mark the card cannot take, {problem} the "
                          "reason, with the rule's citation"),
    "card.leave_cite": "the citation of the rule for a player leaving mid-session",
    "card.substitute_cite": "the citation for a neutral substitute taking a seat",
    "card.substitute_reading": "the citation for how a substitute's score counts",
    "card.left_word": "what a player who leaves mid-session without being disqualified did",
    "card.forfeit_note": ("why a seat counts for nobody this session (a forfeit); empty where no "
                          "session is ever forfeited"),
    "card.seat_draw_cite": "the citation of the players' own draw of their starting seats",
    "timers.none": "why the event has no turn or play timers (shown when one is asked for)",
    "clock.section": "the citation of the session clock's rule",
    "clock.ended": "the clock's words when the session is over",
    "clock.over": "the clock's words when time is up",
    "clock.warn15": "the clock's words at 15 minutes left",
    "clock.warn5": "the clock's words at 5 minutes left",
    "clock.untimed": "the clock's words when the session has no time limit",
    "clock.about": "the organizer's note on what the rules set about the session clock",
    "standings.points_short": "the short form of the ranked points (MP, TP)",
    "standings.raw_words": "what the tie-breaking column counts, lower case, in a sentence",
    "standings.late_cite": "the citation of the rule for joining the event late",
    "standings.late_reading": "the citation for our reading of the rule for joining late",
    "standings.absent_cite": "the citation of the rule putting an absent player out",
    "standings.substitute_cite": "the citation of the rule for a neutral substitute",
    "standings.seed_draw_cite": "the citation of the rule that a seeded draw settles the last ties",
    "final_day.not_a_bracket": ("final-day settings that are no bracket of the rules: {advance} "
                                "advancing, {rounds} the rounds, {choices} the brackets"),
    "final_day.cut_cite": "the citation that the cut waits for the whole preliminary round",
    "final_day.ranking_cite": "the citation of the final ranking's rule",
    "final_day.filler_cite": "the citation calling an eliminated player to an empty seat",
    "final_day.filler_reading": "the citation for our reading of how a filler's seat counts",
    "final_day.untimed_cite": "the citation of the rule that the last table plays untimed",
    "timers.time_cite": "the citation of the play time limits and their points",
    "timers.bank_cite": "the citation that turn and round-total points both count",
    "timers.resign_cite": "the citation of resignation for too many time points",
    "timers.out_cite": "the citation that a resigned player is out of the event",
    "standings.missed_capped": ("a late arrival marked as missing more sessions than the pardon "
                                "covers, {player} the player, {joins} their session"),
    "out.withdrawn": "a withdrawn player's status in a list, with its rule",
    "out.disqualified": "a disqualified player's status in a list, with its rule",
    "out.resigned": "a resigned player's status in a list, with its rule",
    "out.withdrawn_you": "a player's page telling them they withdrew, with its rule",
    "out.disqualified_you": "a player's page telling them they are disqualified, with its rule",
    "out.resigned_you": "a player's page telling them they resigned, with its rule",
    "players.team_full": ("a team already at its size limit, {team} the team, {limit} the number, "
                          "{kind} the event's kind"),
    "players.csv_team_over": ("a CSV row that would put a team over its limit, {team}, {limit}, "
                              "{kind}"),
    "seating.team_apart_cite": "the citation of the rule keeping team-mates apart",
    "appeals.judge_only": "only the head judge decides appeals, with its rule",
    "appeals.final": "an appeal is already decided and the decision is final, with its rule",
    "appeals.cite": "the citation of the rule for when appeals may be made",
    "timeouts.cite": "the citation of the rule for time-outs and their free time",
    "rulings.book": "the rulebook's short name heading a ruling's citations",
    "ruleset.label": "the ruleset's name with its edition, as a list of events shows it",
    "organizer.format_legend": "the head of a new event's format choice, citing the formats' rule",
    "print.kicker": "the printed card's title (the form's name)",
    "print.round_short": "the printed card's short head of the deals' column",
    "print.penalties_cite": "the citation beside the printed card's penalty line",
    "print.signatures_note": ("what the players' signatures confirm besides the totals, after "
                              '"each player confirms the totals"'),
    "print.scheme_formal": "the printed card's words for the formal (the rulebook's) payoff",
    "print.scheme_uniform": "the printed card's words for the uniform payoff",
    "print.rotation_standard": "the printed card's words for seats changing between parts",
    "print.rotation_league": "the printed card's words for seats kept all session",
    "paper.time_penalty_round": "a paper card's time penalty that names no round",

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)
    "page.clock.session_clock_label": (
        "the session clock's label, citing the rule that sets the session's length"),
    "page.clock.control_eyebrow": (
        "the clock controls' eyebrow: the event's {event} name and the clock's rule"),
    "page.clock.warnings_note": (
        "what the session clock's warnings are and which rule sets the session's length"),
    "page.clock.at_zero": (
        "what happens at zero on the clock: {seconds} of grace before unrecorded deals close"),
    "page.clock.untimed_note": "what an untimed session is (the clock counts up)",
    "page.clock.timeouts_link": "the link to the time-outs and late-arrivals page, citing its rule",
    "page.clock.timers_link": "the link to the play timers page, citing their rule",
    "page.timeouts.eyebrow": "the time-outs page's eyebrow: the rule it applies",
    "page.timeouts.absent_rule": "what the list of players who may be ruled absent means",
    "page.timeouts.rule": "the rule for time-outs and late arrivals, in full",
    "page.timers.eyebrow": "the play timers page's eyebrow, citing the play-time rule",
    "page.timers.stalling_label": (
        "the check box that holds a stalling player to the short turn limit"),
    "page.timer.limits": (
        "a play timer's limits: {turn} seconds a turn, {free} seconds free after the deal"),
    "page.timer.limits_stalling": (
        "a stalling player's timer limits: {turn} seconds a turn, {free} seconds free"),
    "page.timer.limits_bank": (
        "a timer's limits with a time bank: {turn} s a turn, {bank} minutes a deal, {free} s "
        "free"),
    "page.timer.limits_stalling_bank": (
        "a stalling player's limits with a time bank: {turn}, {bank} minutes, {free}"),
    "page.timer.resignation_question": (
        "why the timer asks whether the player explained going over the time points"),
    "page.timer.turn_rule": "what a turn is for the timer and when time points put a player out",
    "page.judge.section": "a cited rule section with its {id} and {title}, as a chip or check box",
    "page.judge.section_id": "a cited rule section's number {id} alone",
    "page.judge.penalties_cite": "the citation beside the ruling form's penalties heading",
    "page.judge.paid_to_cite": (
        "when a penalty's points are paid to the opponents, beside that choice"),
    "page.judge.departure_tag": (
        "a penalty other than the rubric's suggestion: {departure} says how"),
    "page.judge.time_explanation": (
        "a player's accepted {explanation} for going over the time points"),
    "page.judge.departures_note": "what the head judge's list of departures from the rubric is",
    "page.judge.repeat_link": "the link to the repeat-counting settings, citing the ladder's rule",
    "page.judge.ladder": "how the suggested penalty climbs with repeats, for the event {event}",
    "page.judge.repeat_window_round": "the repeat setting's choice: the same deal",
    "page.judge.clock_penalties_note": "that penalties the clock sets never count as repeats",
    "page.judge.appeals_cite": "the citation beside an appeals heading",
    "page.judge.appeal_final_head": (
        "to the head judge: their appeal decision cannot be appealed again"),
    "page.judge.appeal_final": "to a judge: only the head judge decides appeals, finally",
    "page.judge.log_print_note": "the printed log's note on changed entries",
    "page.fouls.form_cite": (
        "the record of fouls' form citation (empty: the rulebook has no such form)"),
    "page.guide.lead": "the irregularity guide's lead",
    "page.guide.search_placeholder": (
        "the guide's search box hint: sample words and a section number"),
    "page.card.form_name": "what the event's card is called, in the card's eyebrow",
    "page.card.sheet_link": "the link to the card laid out as a score sheet to print",
    "page.card.sheet_eyebrow": (
        "the printable score sheet's eyebrow: the {event} name and the form cited"),
    "page.card.leave_rule": "what happens when a player leaves the table during a session",
    "page.card.reason_left": "the reason a player leaves the table of their own will",
    "page.card.deal_cite": "the citation beside the wrong-East deal mark",
    "page.card.deal_rule": "what a deal by the wrong East does; {count} deals remain on the card",
    "page.card.paper_signed": "the paper card form: tick who signed the paper card",
    "page.card.place_points_title": (
        "the full name of the card's row of points by place at the table"),
    "page.card.place_points_short": (
        "the short head of the card's row of points by place at the table"),
    "page.player.appeal_note": (
        "how a player appeals a ruling, and that the head judge's decision is final"),
    "page.player.arrive_note": "when a player should be in the hall before a session",
    "page.player.seats_rotate": "how seats change during a session, for a player",
    "page.results.late_one": "a late joiner's deduction: one session missed, {points} points off",
    "page.results.late_many": (
        "a late joiner's deduction: {sessions} sessions missed, {points} points off"),
    "page.results.points_note": "how a session's score becomes the points the ranking counts",
    "page.results.score_check_note": "how a player asks for a score check",
    "page.seating.session_time": "how long a session lasts: {minutes} minutes",
    "page.seating.session_untimed": "a session with no time limit",
    "page.seating.seats_league": "seats kept for the whole session",
    "page.seating.seats_rotate": "how seats change during a session",
    "page.seating.payoff_formal": "how a hand is paid (the event's payoff)",
    "page.seating.payoff_uniform": "how a hand is paid when everyone pays the value alike",
    "page.seating.turn_limit": (
        "the turn limit: {turn} seconds a turn, {free} seconds free at a deal's start"),
    "page.seating.round_limit": "a deal's time bank of {seconds} seconds",
    "page.seating.round_limit_none": "no time bank for a deal",
    "page.seating.withdraw": "the button that withdraws a player from the event",
    "page.seating.disqualify": "the button that disqualifies a player",
    "page.seating.late_legend": "the late-arrival form's legend",
    "page.seating.late_closed": "that late arrivals can no longer join",
    "page.seating.substitutes_label": "the label of the number of neutral substitutes to add",
    "page.seating.late_cut_off_rule": "the check-in cut-off rule for a late arrival",
    "page.seating.late_refuse": "the choice that refuses a late arrival for the session",
    "page.seating.absent_rule": (
        "what happens to a player absent from a later session without a reason"),
    "page.seating.absent_confirm": "the check box confirming a player is absent without a reason",
    "page.seating.absent_submit": "the button recording an absent player",
    "page.seating.swap_note": "when two players may swap seats, and how a substitute fills a seat",
    "page.seating.seats_judge_draw": (
        "a table's starting seats came from the players' own wind draw"),
    "page.seating.seats_digital_draw": "a table's starting seats came from the app's draw",
    "page.seating.wind_draw_note": "how a judge enters the players' own wind draw",
    "page.seating.table_seats_league": "a table's seats stay all session; East deals first",
    "page.seating.table_seats_rotate": (
        "a table's seats change during the session; East deals first"),
    "page.seating.clashes_label": "the count of team-mates seated at one table",
    "page.seating.clash_flag": "the short flag for a team-mate at the table",
    "page.seating.team_clashes_one": "team-mates share a table once over the event",
    "page.seating.team_clashes": "team-mates share a table {count} times over the event",
    "page.seating.board_lead_end": "the seating board's instruction to players",
    "page.standings.provisional_note": (
        "that standings stay provisional until every session is posted"),
    "page.standings.post_note": "to the organizer: posting a session as final, and reopening it",
    "page.standings.checks_note": (
        "to the organizer: what score checks are and what to do with them"),
    "page.standings.late_heading": "the heading of the late arrivals and departures section",
    "page.standings.late_rule": (
        "how late joiners and players who stop coming count in the standings"),
    "page.standings.join_session_2": "the choice: a late joiner starts at session 2",
    "page.standings.join_session_3": "the choice: a late joiner starts at session 3",
    "page.standings.mark_out": "the button marking a player out of the event",
    "page.standings.lots_note": "how players level on every count are placed by lot",
    "page.standings.lot_group": (
        "a group of players level on both counts: {ranks} places, {points}, {raw}"),
    "page.standings.final_ranking_note": "how the final ranking orders finalists and everyone else",
    "page.standings.day1_points": (
        "the short label of a player's preliminary points in the final ranking"),
    "page.standings.points_rule": (
        "how a session's score becomes the points the ranking counts, and ties"),
    "page.standings.late_deduction": (
        "a player's late-arrival deduction of {points} points in the standings"),
    "page.standings.tie_raw": "a tie on the ranking's points, broken by the second count",
    "page.standings.draw_note": "how the seeded draw places players level on every count",
    "page.standings.draw_group": (
        "a group of players placed by the draw: {ranks} places, {points}, {raw}"),
    "page.standings.teams_note": "how teams are ranked",
    "page.standings.pager": (
        "the projector's pager with the columns it shows: page {page} of {pages}"),
    "page.final_day.none": "that the event's ruleset has no final day",
    "page.final_day.rounds": "the final day's shape: {advance} players advance, rounds of {sizes}",
    "page.final_day.empty_seat": "how an empty seat in a final-day round is filled",
    "page.final_day.empty_seat_reading": (
        "our reading of what an absent finalist and their filler count for"),
    "page.final_day.cut": "the cut: the top {size} of the preliminary standings advance",
    "page.final_day.cut_tie": "a tie at the cut line, broken by {decider}",
    "page.final_day.points_head": "the short head of the preliminary points column at the cut",
    "page.final_day.absent": "a finalist who did not come: last of the round",
    "page.final_day.absent_out": (
        "a finalist who did not come: out of the tournament, last of the round"),
    "page.final_day.out": "a finalist out of the event during the round, with their {raw} score",
    "page.final_day.out_below": (
        "a finalist out of the event during the round: {raw}, below everyone still in it"),
    "page.final_day.bracket_note": "how a final-day round is ranked and who goes through",
    "page.final_day.filler": (
        "a neutral filler's note: they stand in for {name} #{number}, who is absent"),
    "page.organizer.session_minutes_label": "the label of the session length setting",
    "page.organizer.clock_note": "how the event's clock and seats work, under the settings",
    "page.organizer.turn_limit_label": "the label of the turn limit setting, in seconds",
    "page.organizer.rotate_option": "the choice that seats rotate during the session",
    "page.organizer.payoff_label": "the label of the payoff setting",
    "page.organizer.team_label": "the label of a player's optional team",
    "page.organizer.member_id_label": "the label of a player's optional membership number",
    "page.leaderboards.member_id_note": "what a player's membership number is for",
    "page.leaderboards.legend": "the heading of an event's leaderboard facts",
    "page.leaderboards.sanctioned_label": (
        "the check box: the event was sanctioned by the body whose leaderboards count it"),
    "page.leaderboards.sanctioned_note": "that only sanctioned events count on a leaderboard",
    "page.leaderboards.weights_note": "how each kind of event is weighed on the leaderboards",
    "page.leaderboards.lead": "the leaderboards page's lead",
    "page.leaderboards.window_choice": "the time-window board, as a choice",
    "page.leaderboards.lifetime_choice": "the lifetime board, as a choice; {count} events at least",
    "page.leaderboards.lifetime_note": "how the lifetime board is made; {count} events at least",
    "page.leaderboards.window_note": "how the time-window board is made",
    "page.leaderboards.points_short": (
        "the short label of a player's points on the time-window board"),
    "page.leaderboards.mean_short": (
        "the short label of a player's mean points on the lifetime board"),
    "page.leaderboards.how_sanctioned": "which events count on the leaderboards",
    "page.leaderboards.how_weights": "how events are weighed on the leaderboards",
    "page.leaderboards.how_points": "what a player's points for one event are on the leaderboards",
    "page.leaderboards.how_out": "what players out of an event keep on the leaderboards",
    "page.leaderboards.how_ties": "how equal points are placed on the leaderboards",
    "page.event.timers_fact": "the event's play timers, as a fact: {turn} seconds a turn",
    "page.event.seats_league_fact": "seats fixed for a session, as a fact",
    "page.event.seats_rotate_fact": "seats changing during a session, as a fact",
    "page.print.slips_lead": "what the printed seating slips are",
    "page.print.cards_lead": "what the printed scoring cards are",
    "page.print.blank_choice": "the choice to print the cards with no deal filled in",
    "page.print.slip_note": "the seating slip's footer: the seat comes from the app's draw",
    "page.print.list_seats": "the notice-board list's note: the seats are starting seats",
    "page.home.picker_link": (
        "a link to the ruleset's picker on pages of no event, naming the ruleset"),
    "page.seating.cycles_heading": (
        "the heading of a table's seats in each turn of the dealer round the table"),
    "page.seating.cycle_head": "the column head naming a turn of the dealer round the table",

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)
    "js.card.dealt_by_wrong_east": "a line's note: {name} dealt as the wrong East, with the rule",
    "js.card.compensation_deal":
        "a line's note: the deal is {name}'s compensation deal, with the rule",
    "js.card.recorded_patterns": "the recorded scoring elements of a line: {patterns} is the list",
    "js.card.status_recorded": "the card's status: {done} of the session's deals recorded",
    "js.card.status_not_played_from": "the card's status: deals from {round} on were not played",
    "js.card.round_button_record": "a deal's button label: record deal {round}",
    "js.card.round_button_correct": "a deal's button label: correct deal {round}",
    "js.card.grid_caption": "the card grid's caption for screen readers",
    "js.card.grid_head": "the card grid's head over the deal numbers, two letters",
    "js.card.replaced_revision":
        "before a struck-out revision's number, for screen readers: deal {round}",
    "js.card.rounds_title": "the title of the line that sums the deals",
    "js.card.substitute_total_title":
        "the title of the neutral substitute's total line, with the rule",
    "js.card.table_points_title": "the title of the card's session points line, with the rule",
    "js.card.table_points_head": "the card's session points line's short head",
    "js.card.table_points_later":
        "a sentence after the session points note: they show once every deal is settled",
    "js.card.seat_change_resigned_substitute":
        "who sat where: from deal {round}, {entering} takes the seat of {leaving}, who resigned",
    "js.card.seat_change_disqualified_substitute": (
        "who sat where: from deal {round}, {entering} takes the seat of {leaving}, who was "
        "disqualified"),
    "js.card.seat_change_resigned_empty":
        "who sat where: from deal {round}, {leaving} resigned and nobody took the seat",
    "js.card.seat_change_disqualified_empty":
        "who sat where: from deal {round}, {leaving} was disqualified and nobody took the seat",
    "js.card.leaving_total": "who sat where: {name}'s {total} for the deals before {last} + 1",
    "js.card.substitute_total":
        "who sat where: the substitute {name}'s {total} from deal {round}, never ranked",
    "js.card.penalty_round": "a penalty's deal: deal {round}",
    "js.card.confirm_when_complete": "players confirm the card once every deal is settled",
    # --- recording a hand in few taps (issue 27) ---
    "js.card.confirm_all_note": ("the judge's question before the players, present together, all "
                                 "confirm: each player confirms the totals and signs the card, "
                                 "with the rule"),
    "js.card.fouls_title": "the hand form's heading over the fouls that belong to one deal",
    "js.card.foul_false_hu": "the hand form's button for a false win (a Hu that is not one)",
    "js.card.foul_false_hu_cite": "the citation of the rule for a false win",
    "js.card.foul_dead_hand": ("the hand form's button for a dead hand, or the loss of the right "
                               "to win the deal"),
    "js.card.foul_dead_hand_cite": "the citation of the rule for a dead hand or loss of the win",
    "js.card.foul_tile_count": "the hand form's button for a hand with too many or too few tiles",
    "js.card.foul_tile_count_cite": "the citation of the rule for a wrong tile count",
    "js.card.foul_recorded": ("the hand form, once a foul is saved: {foul} for {name} in deal "
                              "{round}, {penalty} the penalty, {ruling} the ruling's number"),
    "js.card.hello_check":
        "the player's bar, after their name: check the deals and totals, then confirm",
    "js.card.hello_wait":
        "the player's bar, after their name: they confirm once every deal is recorded",
    "js.card.hello_recorder": "the player's bar: the judge appointed them to record deals",
    "js.card.left_table_note": "the player's own totals: they left the table from deal {round}",
    "js.card.confirm_check": "the player's own totals: check the deals, then confirm",
    "js.card.confirm_wait": "the player's own totals: they confirm once every deal is recorded",
    "js.card.time_over_label": "the outbox's label for closing the card at the session's time",
    "js.card.recorder_label": "the outbox's label for appointing {name} to record deals",
    "js.card.seat_change_need_round":
        "the seat change form: choose the first deal the player misses",
    "js.card.seat_change_label_substitute": (
        "the outbox's label: {name} leaves from deal {round} ({reason}); {substitute} takes "
        "the seat"),
    "js.card.seat_change_label_empty":
        "the outbox's label: {name} leaves from deal {round} ({reason}); nobody takes the seat",
    "js.card.round_title": "the round form's (and the paper card's) title: deal {round}",
    "js.card.round_title_correction": "the round form's title when it corrects deal {round}",
    "js.card.correction_recorded":
        "the round form: deal {round} is recorded as {line}; saving corrects it",
    "js.card.correction_waiting": "the round form: a line for this deal still waits to be sent",
    "js.card.deal_compensation_option": "who dealt: {name}'s compensation deal, as a choice",
    "js.card.preview_wait": "the round form's preview before the line is complete",
    "js.card.cannot_score": "the round form: the line cannot be scored as it stands",
    "js.card.no_scoring": "the round form: the page has not loaded the ruleset's scoring yet",
    "js.card.picker_refused":
        "the round form: the picker's hand breaks the counting rules: {problems}",
    "js.card.catalogue_offline": "the round form: the picker's list is not on this phone yet",
    "js.card.round_label": "the outbox's label for deal {round}'s line, {line} in words",
    "js.card.round_label_correction":
        "the outbox's label for a correction of deal {round}, {line} in words",
    "js.card.conflict_title_one": "the conflict banner's head: one deal was recorded twice",
    "js.card.conflict_title_many": "the conflict banner's head: deals were recorded twice",
    "js.card.conflict_recorded":
        "the conflict banner: {who} already recorded deal {round} as {line}",
    "js.card.conflict_corrected": "the conflict banner: {who} corrected deal {round} to {line}",
    "js.payoff.draw": "the preview's note for a draw, with the rule",
    "js.payoff.uniform":
        "the preview's note when everybody pays the value (a casual payoff scheme)",
    "js.payoff.self_draw": "the preview's note for a self-drawn win, with the rule",
    "js.payoff.value_minimum":
        "the preview's note when the value typed is below the ruleset's least, {minimum}",
    "js.payoff.responsible":
        "the preview's note on a discard: {name} pays the larger share, with the rule",
    "js.payoff.shared_small":
        "the preview's note on a discard worth {threshold} or less: the three others pay alike",
    "js.payoff.shared_immune":
        "the preview's note on a discard when nobody is responsible: the three others pay alike",
    "js.paper.time_penalty":
        "the paper card: a penalty line's tick that it is a time-limit penalty, with the rule",
    "js.judge.section_chip":
        "the ruling form: a chosen rule section {section} and its {title}, tap to remove",
    "js.judge.section_remove":
        "the ruling form: the button that removes rule section {section}, for screen readers",
    "js.judge.infraction_section":
        "the ruling form: an infraction's {label} and the {section} it comes from",
    "js.judge.beyond": "the ruling form: the penalty chosen departs from what the rules set",
    "js.judge.beyond_range": (
        "the ruling form: the points chosen are outside the range from {low} to {high} the "
        "rules give"),
    "js.judge.history_session_round":
        "a player's earlier penalty: in session {session}, deal {round}",
    "js.judge.repeat_title": "the ruling form: there is already a time penalty for deal {round}",
    "js.judge.repeat_note":
        "the ruling form: record a second time penalty only for another overrun, with the rule",
    "js.judge.resign_title": "the ruling form: {who} has {points} time points in deal {round}",
    "js.judge.resign_note": (
        "the ruling form: too many time points in one deal make a player resign, unless "
        "explained, with the rule"),
    "js.picker.series_replaced":
        "the picker: ticking {pattern} replaced {rival}, both of series {series}, with the rule",
    "js.picker.self_draw": (
        "the picker's payoff note for a self-drawn win: each other player pays {each} "
        "({extra} + the hand's {value})"),
    "js.picker.responsible": (
        "the picker's payoff note on a discard: {seat} pays {pays} ({rest} + the hand's "
        "{value}), the others {rest}"),
    "js.picker.shared_small": (
        "the picker's payoff note on a discard worth {threshold} or less: the three others "
        "pay alike"),
    "js.picker.shared_immune": "the picker's payoff note on a discard when nobody is responsible",
    "js.picker.implied_by":
        "the picker: this element is not scored beside {item}, which implies it, with the rule",
    "js.picker.tick_first": "the picker: tick the hand's elements to see who pays",
    "js.timer.turn_hint": "the play timer: when a player's turn starts, with the rule",
    "js.timer.resigned":
        "the play timer: past the time points a player may take in one deal, with the rule",
    "js.timer.resign_warning":
        "the play timer: one more step puts the player past the time points allowed, with the rule",
    "js.timer.approaching":
        "the play timer: {points} time points, getting close to the limit, with the rule",
    "js.timer.late_absent":
        "the time-out log: a late player is past the lateness the rules allow, with the rule",
    "js.clock.ended": "the session clock's status once the session is over, with the rule",
    "js.clock.over": "the session clock's status at time, with the rule",
    "js.clock.untimed": "the session clock's status for a session with no time limit",
    "js.clock.warn15": "the session clock's status with less than 15 minutes left",
    "js.clock.warn5": "the session clock's status with less than 5 minutes left",
    "js.paper.winner_label": "the paper card: the winner field of deal {round}, for screen readers",
    "js.paper.how_label": "the paper card: the how-won field of deal {round}, for screen readers",
    "js.paper.discarder_label":
        "the paper card: the discarder field of deal {round}, for screen readers",
    "js.paper.value_label":
        "the paper card: the hand value field of deal {round}, for screen readers",
    "js.paper.added_one": "the paper card's summary: one deal added",
    "js.paper.added_many": "the paper card's summary: {count} deals added",
    "js.paper.corrected_one": "the paper card's summary: one deal corrected from the paper",
    "js.paper.corrected_many": "the paper card's summary: {count} deals corrected from the paper",
    "js.paper.choose_line":
        "the paper card: for deals {rounds}, choose which line counts before saving",

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)
    "card.no_win_refused": "the card's refusal to record a winner who lost the right to win "
                           "that round or hand: {name}, {hand} (the hand word and number), "
                           "{ruling} (which ruling or penalty took it); a whole sentence",
    "card.no_win_note": "beside a player on the round form: they may not win this round or "
                        "hand, and why ({ruling})",
    "card.hu_nearest": "the card's refusal of a winner other than the claimant the rules "
                       "make the winner when several call Hu on one discard: {winner}, "
                       "{nearest}, {discarder}",
    "card.hu_claimants_bad": "the card's refusal of a claimants list it cannot use (not at "
                             "this table, the discarder among them, not a win on a discard)",
    "card.hu_no_rule": "the card's answer when the ruleset sets no order for several Hu on "
                       "one discard",
    "card.claimants_label": "the round form's label for the players who called Hu on the "
                            "discard",

    "clock.timers_note": "the desk's and the timers page's sentence on what the ruleset's "
                         "play timers time and what passing a limit costs, with the rules",
    "clock.dealer_start": "the timers page's checkbox: the timed player is the dealer, timed "
                          "from the deal to the first discard, with the rule",
    "clock.timer_limits": "the timer page's line saying the limits a judge's clock times, "
                          "{turn_s} (a discard's limit in seconds), with the rules",
    "js.timer.finished": "the play timer's button and state once the round or hand is over",
    "js.timer.limit_left": "the judge's clock: {left} left before the running turn's {limit} "
                           "limit",
    "js.timer.limit_passed": "the judge's clock: the running or a finished turn passed its "
                             "{limit} limit by {over}, and the judge may rule the foul, with "
                             "the rule",
    "js.timer.record_limit": "the judge's clock's button recording the passed-limit foul at "
                             "the rubric's suggestion {label}, with the rule",
    "js.timer.late_call": "the judge's clock's one-tap button for a Pung or Kong called too "
                          "late, at the rubric's suggestion {label}, with the rules",
    "js.timer.foul_recorded": "the judge's clock's note once a foul is on the card: {label} "
                              "(what was given) for {name}",

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)
    "callup.when_play_stopped": "the sentence beside Call a judge (card, player page): a "
                                "call-up is for when play at the table has stopped, with the "
                                "rule that says so",

    # --- the picker pages (issue 25) ---
    "picker.empty_note": ("the picker's note while nothing is ticked ({name}: the no-pattern "
                         "hand's name, {value}: its worth)"),
    "picker.minimum_note": ("what a hand needs to win, shown above the list ({minimum}: the "
                           "minimum)"),
    "picker.list_intro": "how the list is ordered and how implied or excluded items show",
    "picker.payoff_heading": "the heading of the picker's payoff part, with its citation",
    "picker.about_heading": "the heading of the part saying why a phone may help here",
    "picker.about": ("why the picker is allowed: it adds up what the player ticks, never reads "
                    "tiles ({extra}: a ruleset's fixed share, if any)"),
    "picker.combine_heading": "the heading of the counting principles, with its citation",
    # --- event day, second pass (issue 27) ---
    "standings.draw_seed": (
        "the standings page: the seed the tie-breaking draw is made from, before play "
        "decides anything; {seed}"
    ),
    "final.cut_tie_raw": (
        "the final-day page: players level at the cut line, separated by the raw total; "
        "{players} and {order} (names in order)"
    ),
    "final.cut_tie_draw": (
        "the final-day page: players level at the cut line on points and raw total, "
        "separated by the seeded draw; {players}, {seed} and {order}"
    ),
    "final.cut_tie_physical": (
        "the final-day page: players level at the cut line on points and raw total, put in "
        "order by a physical draw the organizer entered instead of the seeded one; "
        "{players}, {order}, {by} (who entered it) and {at} (when)"
    ),
    "page.standings.prize_note": (
        "the results desk, beside the prize places form: a tie at a marked prize place (or "
        "the cut line) is the only one a lot or draw is asked for, with the rule's citation"
    ),
    "page.standings.physical_note": (
        "the results desk and the final-day page: the organizer may enter a physical draw "
        "for such a tie instead of the seeded one, with the rule's citation (empty where "
        "the ruleset draws lots anyway)"
    ),

    "card.seat_move": (
        "the card: where a player moves at a wind-round (cycle) change; {round}, {name}, "
        "{seat} (East, South, West or North)"
    ),
    # --- a third ruleset needs no core edit (issue 25, point 5) ---
    # (keys of this part go below this line)
    "demo.event_name": "the name of the demo event `flask demo --ruleset` creates",
    "js.card.server_scores": ("the round form's note where the ruleset has no scoring "
                              "mirror: the server works out the score changes on saving"),
    # --- the prize-giving (issue 30): capabilities.PatternAward's words ---
    "award.pattern_1": "the name of the ruleset's first award over its patterns; empty if none",
    "award.pattern_1_how": "how that award is computed, citing the pattern; empty if none",
    "award.pattern_2": "the name of the ruleset's second award over its patterns; empty if none",
    "award.pattern_2_how": "how that award is computed, citing the patterns; empty if none",

}


class MissingWords(ValueError):
    """A ruleset's text table lacks keys every ruleset must have, or has unknown ones."""


@dataclass(frozen=True)
class Words(Mapping[str, str]):
    """One ruleset's text table: every key of `KEYS`, in that ruleset's English."""

    code: str
    table: Mapping[str, str]

    def __getitem__(self, key: str) -> str:
        try:
            return self.table[key]
        except KeyError:
            raise KeyError(f"no words for {key!r} in ruleset {self.code!r} "
                           f"(judgeaid/rules/words.py lists the keys)") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)

    def format(self, key: str, /, **values: object) -> str:
        """Return a key's text with its `{name}` placeholders filled in."""
        return self[key].format(**values)

    def as_dict(self, prefix: str | tuple[str, ...] = "") -> dict[str, str]:
        """Return the table (or the keys starting with `prefix`, or one of several) as a plain
        dict."""
        return {key: text for key, text in self.table.items() if key.startswith(prefix)}


def check_words(code: str, table: Mapping[str, str]) -> Words:
    """Return the table as `Words`, or raise MissingWords naming what is missing or unknown."""
    missing = sorted(set(KEYS) - set(table))
    unknown = sorted(set(table) - set(KEYS))
    empty = sorted(key for key, text in table.items() if not isinstance(text, str))
    if missing or unknown or empty:
        raise MissingWords(f"ruleset {code!r}: missing keys {missing}, unknown keys {unknown}, "
                           f"not text {empty}")
    return Words(code, dict(table))
