"""Zung Jung's text table: every key of judgeaid/rules/words.py in ZJM's words (§ citations)."""

WORDS: dict[str, str] = {
    # --- the ruleset itself ---------------------------------------------------------------
    "ruleset.name": "Zung Jung",
    "ruleset.rulebook": "ZJM",
    # --- the scoring card ----------------------------------------------------------------
    "card.hand_word": "round",
    "card.hand_word_plural": "rounds",
    "card.hand_word_title": "Round",
    "card.hand_numbered": "round {n}",
    "card.hand_numbered_title": "Round {n}",
    "card.pattern_word": "pattern",
    "card.pattern_word_plural": "patterns",
    "card.picker_name": "Pattern picker",
    # --- the standings -------------------------------------------------------------------
    "standings.points_label": "Match points",
    "standings.raw_label": "Raw score",
    # --- services, standings, print and exports (issue 25, part A) ---
    # (keys of this part go below this line)
    "ruleset.cite": "§{section}",
    "card.cycle_1": "Cycle 1",
    "card.cycle_2": "Cycle 2",
    "card.cycle_3": "Cycle 3",
    "card.cycle_4": "Cycle 4",
    "card.time_cite": "§3.4",
    "card.table_points_note": "",
    "card.seats_note": "",
    "card.payoff_note": "",
    "card.penalty_example": "§4.11",
    "card.deal_cite": "§1.2.7",
    "card.deal_errors_cite": "§1.2.7 dealing errors",
    "card.deal_reading": "our reading of §1.2.7",
    "card.deal_refused": "{problem} (§1.2.7)",
    "card.leave_cite": "§4.11",
    "card.substitute_cite": "§4.15",
    "card.substitute_reading": "our reading of §4.15",
    "card.left_word": "resigned",
    "card.forfeit_note": "",
    "card.seat_draw_cite": "§1.2.2",
    "timers.none": "This event has no turn or play timers.",
    "clock.section": "§3.4.1.2, §3.4.2.2",
    "clock.ended": "Session over: stop play (§3.4.1.2, §3.4.2.2)",
    "clock.over": "Time! Stop play now (§3.4.1.2, §3.4.2.2)",
    "clock.warn15": "Less than 15 minutes left (reminder)",
    "clock.warn5": "Less than 5 minutes left (reminder)",
    "clock.untimed": "No time limit (Grand Final, §3.4.2.2): all 16 rounds are played",
    "clock.about": ("Warnings show at 15 and 5 minutes left: a convenience of this app, not a rule "
                    "(§3.4.1.2 and §3.4.2.2 set only the session length)."),
    "standings.points_short": "MP",
    "standings.raw_words": "raw",
    "standings.late_cite": "§3.7",
    "standings.late_reading": "our reading of §3.7",
    "standings.absent_cite": "§3.7",
    "standings.substitute_cite": "§4.15",
    "standings.seed_draw_cite": "§3.3",
    "final_day.not_a_bracket": ("The final-day settings ({advance} advance, rounds {rounds}) are "
                                "not a §3.3.2 bracket: use {choices}."),
    "final_day.cut_cite": "§3.3.2.1",
    "final_day.ranking_cite": "§3.5.1",
    "final_day.filler_cite": "§4.15",
    "final_day.filler_reading": "our reading of §4.15",
    "final_day.untimed_cite": "§3.4.2.2",
    "timers.time_cite": "§1.9",
    "timers.bank_cite": "§1.9.2",
    "timers.resign_cite": "§1.9, §4.11",
    "timers.out_cite": "§4.11",
    "standings.missed_capped": ("Player {player} is marked as joining at session {joins}; §3.7 "
                                "pardons at most two missed sessions, so only two are deducted."),
    "out.withdrawn": "withdrew (§4.13)",
    "out.disqualified": "disqualified (§4.11)",
    "out.resigned": "resigned: out of the event",
    "out.withdrawn_you": "You withdrew from the event (§4.13)",
    "out.disqualified_you": "You are disqualified (§4.11)",
    "out.resigned_you": "You are out of the event: resignation (§4.11)",
    "players.team_full": ("Team {team} already has {limit} players, the §3.6 limit for {kind} "
                          "events."),
    "players.csv_team_over": ("Team {team} would have more than {limit} players (§3.6 limit for "
                              "{kind} events)."),
    "seating.team_apart_cite": "§3.6",
    "appeals.judge_only": "Only the head judge decides appeals (§4.3).",
    "appeals.final": "This appeal is already decided; the head judge's decision is final (§4.3).",
    "appeals.cite": "§4.3",
    "timeouts.cite": "§4.14",
    "rulings.book": "ZJM",
    "ruleset.label": "Zung Jung (ZJM v2.1)",
    "organizer.format_legend": "Format (§3.1)",
    "print.kicker": "Official Scoring Card",
    "print.round_short": "Rd",
    "print.penalties_cite": "§4.11",
    "print.signatures_note": "(§4.9)",
    "print.scheme_formal": "formal payoff (§2.3)",
    "print.scheme_uniform": "uniform payoff",
    "print.rotation_standard": "seats change each cycle (§3.4)",
    "print.rotation_league": "seats fixed (§3.4.1.1)",
    "paper.time_penalty_round": ("A time-limit penalty needs its round: time points count round "
                                 "by round (§1.9)."),

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)
    "page.clock.session_clock_label": "Session clock (§3.4.1.2, §3.4.2.2)",
    "page.clock.control_eyebrow": "{event} · session clock (§3.4.1.2, §3.4.2.2)",
    "page.clock.warnings_note": (
        "Warnings show at 15 and 5 minutes left: a convenience of this app, not a rule "
        "(§3.4.1.2 and §3.4.2.2 set only the session length)."),
    "page.clock.at_zero": (
        "At zero every screen says to stop play; {seconds} seconds later, rounds not yet "
        "recorded become not played on the cards. Ending the clock closes the cards at once."),
    "page.clock.untimed_note": (
        "No time limit: a Grand Final plays all 16 rounds (§3.4.2.2); the clock counts up."),
    "page.clock.timeouts_link": "Time-outs and late arrivals (§4.14)",
    "page.clock.timers_link": "Play timers (§1.9)",
    "page.timeouts.eyebrow": "§4.14",
    "page.timeouts.absent_rule": (
        "More than 5 minutes late (§4.14, §4.15): the player may be ruled absent (out for "
        "resignation), or play on with a penalty of at least the time-out charge."),
    "page.timeouts.rule": (
        "Each player has 180 s of time-outs free per session; after that, 5 points for each "
        "started 30 s. A late arrival is charged the same way from the start of the session, "
        "with no free time. A medication time-out with a doctor's note has its first 60 s free."),
    "page.timers.eyebrow": "Play time (§1.9)",
    "page.timers.stalling_label": "Stalling: hold this player to 15 s a turn (§1.9.1)",
    "page.timer.limits": (
        "{turn} s a turn · first {free} s after the deal free · 5 points per started 15 s over "
        "(§1.9.1)"),
    "page.timer.limits_stalling": (
        "{turn} s a turn (stalling clock, §1.9.1) · first {free} s after the deal free · 5 "
        "points per started 15 s over (§1.9.1)"),
    "page.timer.limits_bank": (
        "{turn} s a turn · {bank} min for the whole round · first {free} s after the deal free "
        "· 5 points per started 15 s over (§1.9.2)"),
    "page.timer.limits_stalling_bank": (
        "{turn} s a turn (stalling clock, §1.9.1) · {bank} min for the whole round · first "
        "{free} s after the deal free · 5 points per started 15 s over (§1.9.2)"),
    "page.timer.resignation_question": (
        "More than 80 time-limit points in one round: the player is considered resigned unless "
        "they gave a reasonable explanation (§1.9). A resignation puts them out of the "
        "tournament (§4.11)."),
    "page.timer.turn_rule": (
        "A turn starts when the player before them discards (or when the tile they claimed is "
        "discarded) and ends with their own discard; after a kong a new turn starts with the "
        "replacement tile (§1.9). More than 80 time-limit points in one round and the player is"
        " considered resigned, out of the tournament, unless the judge accepts a reasonable "
        "explanation (§1.9, §4.11); time-outs and lateness (§4.14) do not count towards it (our"
        " reading)."),
    "page.judge.section": "§{id} {title}",
    "page.judge.section_id": "§{id}",
    "page.judge.penalties_cite": "(A.5, §4.11)",
    "page.judge.paid_to_cite": "(only if you rule so, §4.11)",
    "page.judge.departure_tag": "{departure} (A.5.6, A.5.7)",
    "page.judge.time_explanation": (
        "over 80 time points in the round; explanation accepted (§1.9): {explanation}"),
    "page.judge.departures_note": (
        "Any judge may choose a penalty above or below the rubric's suggestion, with a written "
        "reason (A.5.6, A.5.7). They are listed here for you to review; on appeal your decision"
        " is final (§4.3, §4.11)."),
    "page.judge.repeat_link": "How repeated violations are counted (A.5.6)",
    "page.judge.ladder": (
        "The suggested penalty climbs the ladder warning → 5 → 10 → 20 → 40 → disqualification "
        "with each repeat (A.5.6). Choose what counts as a repeat for {event}."),
    "page.judge.repeat_window_round": "The same round",
    "page.judge.clock_penalties_note": (
        "Time penalties follow the clock and never count as repeats (§1.9, A.5.5). Changing "
        "this affects later suggestions only."),
    "page.judge.appeals_cite": "(§4.3)",
    "page.judge.appeal_final_head": (
        "Your decision is final: it cannot be appealed again (§4.3, §4.11)."),
    "page.judge.appeal_final": (
        "Only the head judge decides appeals, and that decision is final (§4.3, §4.11); this "
        "page shows them."),
    "page.judge.log_print_note": "changed entries show their current version (A.5, §4.3)",
    "page.fouls.form_cite": "",
    "page.guide.lead": (
        "Short answers for what happens at the table, each with the ZJM sections to cite. Works"
        " offline once opened."),
    "page.guide.search_placeholder": "Search: false win, exposed tile, 1.8…",
    "page.card.form_name": "Official Scoring Card",
    "page.card.sheet_link": "Score sheet to print",
    "page.card.sheet_eyebrow": "{event} · score sheet",
    "page.card.leave_rule": (
        "A player who resigns or is disqualified during the session (§4.11) keeps the rounds "
        "they played. From the round you choose, a neutral substitute can take their seat: "
        "their score keeps the table zero-sum and is never ranked. The rulebook does not cover "
        "this in the middle of a session; this is our reading of §4.15. With nobody in the "
        "seat, no further round can be recorded and the other three’s scores stand."),
    "page.card.reason_left": "Resigned",
    "page.card.deal_cite": "(§1.2.7)",
    "page.card.deal_rule": (
        "Found after the correct East drew their 12th tile: the wrong East keeps this round’s "
        "deal, the winds follow them, and the next round goes on as if the correct East had "
        "dealt. If all four players agree, the skipped East deals a later round as "
        "compensation; the card still has {count} rounds."),
    "page.card.paper_signed": (
        "Tick each player who signed the paper card (§4.9). Their confirmation is recorded as "
        "“signed on paper”."),
    "page.card.place_points_title": "Points by place at the table",
    "page.card.place_points_short": "Place",
    "page.player.appeal_note": (
        "If you still disagree with a judge's ruling, appeal to the head judge in the break "
        "after that session, before your next one starts. The head judge's decision is final "
        "(§4.3)."),
    "page.player.arrive_note": "Be in the hall at least 10 minutes before the start (§4.10).",
    "page.player.seats_rotate": (
        "Seats change after every cycle of four rounds; the scoring card shows where."),
    "page.results.late_one": "Late arrival: 1 session missed, {points} match points off (§3.7).",
    "page.results.late_many": (
        "Late arrival: {sessions} sessions missed, {points} match points off (§3.7)."),
    "page.results.points_note": (
        "The match points of a session are the square root of its score, with the score's sign "
        "(§3.5.2)."),
    "page.results.score_check_note": (
        "If a score above looks wrong, tell the organizer which session and what you think "
        "happened (§3.5.1)."),
    "page.seating.session_time": "{minutes} minutes (§3.4)",
    "page.seating.session_untimed": "no limit: all 16 rounds (§3.4)",
    "page.seating.seats_league": "kept for the whole session (league) (§3.4)",
    "page.seating.seats_rotate": "change after every cycle of 4 rounds (§3.4)",
    "page.seating.payoff_formal": "formal scheme (§2.3)",
    "page.seating.payoff_uniform": "uniform: everyone pays the value (§2.3)",
    "page.seating.turn_limit": "{turn} s, {free} s free at the start of a round (§1.9)",
    "page.seating.round_limit": "{seconds} s per round (§1.9)",
    "page.seating.round_limit_none": "none (§1.9)",
    "page.seating.withdraw": "Withdraw (§4.13)",
    "page.seating.disqualify": "Disqualify (§4.11)",
    "page.seating.late_legend": "Late arrival (§3.7): a registered player who has not played yet",
    "page.seating.late_closed": (
        "Late arrivals are no longer possible: they must check in before session 3 (§3.7)."),
    "page.seating.substitutes_label": "Neutral substitutes (§4.15)",
    "page.seating.late_cut_off_rule": (
        "A player who checks in less than 10 minutes before a session starts may be refused for"
        " that session (§3.7); a refused player joins at the next one, and each of the first "
        "two sessions missed costs 15 match points. Before the cut-off, leave the choice empty."),
    "page.seating.late_refuse": "Checked in after the cut-off: refuse them for that session (§3.7)",
    "page.seating.absent_rule": (
        "A player who has played a session and does not come to this one without a reason you "
        "accept is out of the tournament for resignation (§3.7). One step records it; the point"
        " penalty cannot be chosen instead (§3.7). Then give their seat to a neutral substitute"
        " with the swap below. A player who has not played yet is a late arrival instead "
        "(Sessions page)."),
    "page.seating.absent_confirm": "Absent, no acceptable reason: resigned from the tournament",
    "page.seating.absent_submit": "Record as resigned (§3.7)",
    "page.seating.swap_note": (
        "Possible while neither table has anything on its card. To fill the seat of a player "
        "who is out, give a substitute's number as the second player (§4.15)."),
    "page.seating.seats_judge_draw": (
        "Starting seats: the players’ own wind draw, entered by a judge (§1.2.2)"),
    "page.seating.seats_digital_draw": "Starting seats: recorded digital draw (§1.2.2)",
    "page.seating.wind_draw_note": (
        "If the players drew wind tiles at the table (§1.2.2), enter who drew each wind. This "
        "replaces the digital draw."),
    "page.seating.table_seats_league": (
        "League: seats stay the same all session (§3.4). The player in the East seat deals "
        "first in each cycle."),
    "page.seating.table_seats_rotate": (
        "Players change seats after every cycle of four rounds (§3.4). The player in the East "
        "seat deals first in each cycle."),
    "page.seating.clashes_label": "team-mates at one table (§3.6)",
    "page.seating.clash_flag": "§3.6",
    "page.seating.team_clashes_one": (
        "Over the whole event, team-mates share a table once: a team is too large to keep apart"
        " (§3.6)."),
    "page.seating.team_clashes": (
        "Over the whole event, team-mates share a table {count} times: a team is too large to "
        "keep apart (§3.6)."),
    "page.seating.board_lead_end": (
        "Find your name, go to your table, and take the seat shown (§4.10)."),
    "page.standings.provisional_note": (
        "Scores may still be corrected until the organizer posts every session as final "
        "(§3.5.1)."),
    "page.standings.post_note": (
        "Standings stay provisional until you post a session as final (§3.5.1). Every card must"
        " be complete first; posted results can be reopened for a correction, with a reason "
        "that goes in the audit log."),
    "page.standings.checks_note": (
        "Players ask for these from their own page when a score looks wrong (§3.5.1). Check the"
        " card, have a judge correct it if needed, then close the request here."),
    "page.standings.late_heading": "Late arrivals and resignations",
    "page.standings.late_rule": (
        "A player who checks in before session 3 may still join; each of the first two sessions"
        " missed costs 15 match points (§3.7). A player who has played and then misses a later "
        "session without a reason you accept is out of the event for resignation and goes below"
        " everyone still playing; §3.7 does not let the point penalty be chosen instead. On the"
        " day, the session's tables page does this in one step."),
    "page.standings.join_session_2": "session 2 (−15 MP)",
    "page.standings.join_session_3": "session 3 (−30 MP)",
    "page.standings.mark_out": "Mark resigned",
    "page.standings.lots_note": (
        "Players rank by match points, then raw score (§3.3). Players still level are placed by"
        " the seeded draw; you record nothing here."),
    "page.standings.lot_group": "Places {ranks} · {points} match points · {raw} raw",
    "page.standings.final_ranking_note": (
        "Finalists are ranked by their raw score inside the round they went out in; everyone "
        "else keeps their preliminary place (§3.5.1)."),
    "page.standings.day1_points": "Day-1 MP",
    "page.standings.points_rule": (
        "Each session's card total becomes match points: the square root of the score, keeping "
        "its sign (§3.5.2). Equal match points are split by the raw total, then by a seeded "
        "draw (§3.3)."),
    "page.standings.late_deduction": "late −{points} MP (§3.7)",
    "page.standings.tie_raw": "tie on MP: raw total decides",
    "page.standings.draw_note": (
        "These players are level on match points and raw total. Each player's draw value comes "
        "from the event's recorded seed and their player number (SHA-256); the lower value "
        "takes the higher place. The organizer can show the seed so anyone can recompute it."),
    "page.standings.draw_group": "Places {ranks} · {points} MP · {raw} raw",
    "page.standings.teams_note": (
        "A team's match points and raw scores are its members' added up, and teams rank by them"
        " in that order (§3.6). Teams level on both share the place (our reading)."),
    "page.standings.pager": "match points · raw · page {page} / {pages}",
    "page.final_day.none": (
        "This event's format has no final day: the standings after the last session are final."),
    "page.final_day.rounds": (
        "{advance} players advance; rounds of {sizes} (§3.3.2.2). The Grand Final plays all 16 "
        "rounds with no session clock."),
    "page.final_day.empty_seat": (
        "When a player of this round does not come, call the highest-ranked eliminated player "
        "present to fill the seat (§4.15). The app proposes them by preliminary rank; if they "
        "are not here, mark them not present and the next one is proposed."),
    "page.final_day.empty_seat_reading": (
        "§4.15 says no more, so this is our reading of §4.15: the absent player is out of the "
        "tournament (resigned) and ranks last of this round; the filler plays as a neutral "
        "substitute, whose score keeps the table zero-sum but who cannot advance or change "
        "their own place."),
    "page.final_day.cut": "The top {size} of the preliminary standings advance (§3.3.2.1).",
    "page.final_day.cut_tie": "At the line the match points are equal; the {decider} decides:",
    "page.final_day.points_head": "MP",
    "page.final_day.absent": "absent: last of the round (our reading of §4.15)",
    "page.final_day.absent_out": (
        "absent: out of the tournament, last of the round (our reading of §4.15)"),
    "page.final_day.out": "{raw} · out of the event during the round (§4.11)",
    "page.final_day.out_below": (
        "{raw} · out of the event during the round (§4.11): below everyone still in it (our "
        "reading)"),
    "page.final_day.bracket_note": (
        "Each round is ranked by the session's raw score across the whole field; the bottom "
        "half goes out, a tie at the line goes to the better Day-1 match points, then to the "
        "draw (§3.3.2.2). Survivors are seeded again by their Day-1 rank alone (§3.5.3.2)."),
    "page.final_day.filler": "neutral filler for {name} #{number}, who is absent (§4.15)",
    "page.organizer.session_minutes_label": "Session minutes (empty: none)",
    "page.organizer.clock_note": (
        "Judges time each player's turn with play timers (§1.9); the session clock's warnings "
        "at 15 and 5 minutes left are this app's reminders (§3.4.1.2)."),
    "page.organizer.turn_limit_label": "Turn limit, s (§1.9)",
    "page.organizer.rotate_option": "rotate each cycle (§3.4.2.1)",
    "page.organizer.payoff_label": "Payoff (§2.3)",
    "page.organizer.team_label": "Team (optional, §3.6)",
    "page.organizer.member_id_label": "Member id (optional, §3.5.2.1)",
    "page.leaderboards.member_id_note": (
        "The ZJM affiliate's membership number matches a player across events on the "
        "leaderboards; without one, only exactly the same name matches."),
    "page.leaderboards.legend": "Leaderboards (§3.5.2.1)",
    "page.leaderboards.sanctioned_label": "Sanctioned by the Zung Jung Movement",
    "page.leaderboards.sanctioned_note": (
        "Only sanctioned events count on a leaderboard (§3.5.2.1); an unsanctioned format never"
        " does."),
    "page.leaderboards.weights_note": (
        "§3.5.2.1 weighs SoM League 1×, CSoM 2×, and RSoM 2× (out after the preliminary round) "
        "or 4× (final day). It gives international events no weight: our reading is that they "
        "count only with the weight you set here."),
    "page.leaderboards.lead": (
        "Match points (§3.5.2) carried from one event to the next, as §3.5.2.1 describes: a sum"
        " over a time window, or a lifetime average."),
    "page.leaderboards.window_choice": (
        "The sum of each player's weighted MP over the events held between two dates."),
    "page.leaderboards.lifetime_choice": (
        "The average MP per event over sanctioned competitive events, for players with at least"
        " {count} of them."),
    "page.leaderboards.lifetime_note": (
        "Each player's average MP per event over the sanctioned competitive events below, once "
        "they have played at least {count} (§3.5.2.1). Our reading: the average is not "
        "weighted; the series weights apply to the time-windowed sums."),
    "page.leaderboards.window_note": (
        "Each player's MP from every counted event held in these dates, multiplied by the "
        "event's weight and added up (§3.5.2.1)."),
    "page.leaderboards.points_short": "MP",
    "page.leaderboards.mean_short": "mean MP",
    "page.leaderboards.how_sanctioned": (
        "Only events that the Zung Jung Movement sanctioned count (§3.2.1); §3.5.2.1 rules out "
        "every other event. The organizer of each event says whether it was sanctioned."),
    "page.leaderboards.how_weights": (
        "Weights (§3.5.2.1): an SoM League result counts once, a CSoM result twice, an RSoM "
        "result twice for players out after the preliminary round and four times for players "
        "the preliminary cut sent to the final day (§3.3.2.1), also one who then missed a round"
        " there. The rulebook gives international events no weight, so (our reading) one counts"
        " only when its organizer sets a weight; the same goes for other events."),
    "page.leaderboards.how_points": (
        "A player's MP for an event is their match-point total in that event's standings, "
        "including any late-arrival deduction, plus the MP of their final-day sessions "
        "(§3.3.2.2 says those are worked out for leaderboards). Our reading of §4.15: an "
        "eliminated player called to fill an empty final-day seat plays it as a neutral player,"
        " so that score counts for nobody, and the filler stays out after the preliminary "
        "round. Results not yet posted as final are marked provisional."),
    "page.leaderboards.how_out": (
        "Our reading: resigned, withdrawn and disqualified players keep the MP of the sessions "
        "they played; neutral substitutes (§4.15) never appear."),
    "page.leaderboards.how_ties": "Equal MP share a place and are listed by name.",
    "page.event.timers_fact": "{turn} s a turn (§1.9)",
    "page.event.seats_league_fact": "fixed for a session",
    "page.event.seats_rotate_fact": "rotate every cycle (§3.4)",
    "page.print.slips_lead": (
        "A slip per player with table, seat and a QR code to their own page, then the list by "
        "name for the notice board (§3.4)."),
    "page.print.cards_lead": (
        "An Official Scoring Card per table (A.2.2), with a QR code to its live card and the "
        "rounds recorded so far."),
    "page.print.blank_choice": "Leave the rounds blank, even where some are recorded",
    "page.print.slip_note": (
        "Seat from the app's draw, in place of the wind tiles (§1.2.2); a judge may still hold "
        "the draw at the table."),
    "page.print.list_seats": "Seats are starting seats (§1.2.2).",
    "page.home.picker_link": "Zung Jung pattern picker",
    "page.seating.cycles_heading": "Seats in each cycle",
    "page.seating.cycle_head": "Cycle",

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)
    "js.card.dealt_by_wrong_east": "dealt by {name} as the wrong East (§1.2.7)",
    "js.card.compensation_deal": "{name}’s compensation round (§1.2.7)",
    "js.card.recorded_patterns": "Patterns: {patterns}",
    "js.card.status_recorded": "{done} of 16 rounds recorded",
    "js.card.status_not_played_from": "from round {round} not played",
    "js.card.round_button_record": "Round {round}: record",
    "js.card.round_button_correct": "Round {round}: correct",
    "js.card.grid_caption": "Rounds 1 to 16: each player's seat wind (E is the dealer) and score",
    "js.card.grid_head": "Rd",
    "js.card.replaced_revision": "Round {round}, replaced revision ",
    "js.card.rounds_title": "Rounds",
    "js.card.substitute_total_title":
        "Neutral substitute’s total: never ranked (our reading of §4.15)",
    "js.card.table_points_title": "Match points for the session (§3.5.2)",
    "js.card.table_points_head": "MP",
    "js.card.table_points_later":
        "They appear here once every round is recorded or the session time is over.",
    "js.card.seat_change_resigned_substitute": (
        "From round {round}: {entering} sits in {leaving}’s seat as a neutral substitute "
        "(§4.15); {leaving} resigned (§4.11)."),
    "js.card.seat_change_disqualified_substitute": (
        "From round {round}: {entering} sits in {leaving}’s seat as a neutral substitute "
        "(§4.15); {leaving} was disqualified (§4.11)."),
    "js.card.seat_change_resigned_empty": (
        "From round {round}: {leaving} resigned (§4.11) and nobody took the seat, so the "
        "table stops here; the other three’s scores stand."),
    "js.card.seat_change_disqualified_empty": (
        "From round {round}: {leaving} was disqualified (§4.11) and nobody took the seat, so "
        "the table stops here; the other three’s scores stand."),
    "js.card.leaving_total": "{name}: {total} for rounds 1–{last}",
    "js.card.substitute_total":
        "{name}: {total} from round {round} (neutral, never ranked; our reading of §4.15)",
    "js.card.penalty_round": "round {round}",
    "js.card.confirm_when_complete":
        "Players confirm once every round is recorded (or the session time is over).",
    "js.card.confirm_all_note": (
        "Each player confirms that the totals are correct and signs the scoring card (§1.5, "
        "§4.9); the printed card keeps their signature lines."),
    "js.card.fouls_title": "Foul in this round",
    "js.card.foul_false_hu": "False win",
    "js.card.foul_false_hu_cite": "§1.4.6",
    "js.card.foul_dead_hand": "Dead hand",
    "js.card.foul_dead_hand_cite": "§1.8",
    "js.card.foul_tile_count": "Long or short hand",
    "js.card.foul_tile_count_cite": "§1.8",
    "js.card.foul_recorded": "{foul} for {name} in round {round}: {penalty} (ruling #{ruling}).",
    "js.card.hello_check": "check every round and your totals, then confirm below the card.",
    "js.card.hello_wait": "you can confirm once every round is recorded.",
    "js.card.hello_recorder": "The judge appointed you to record rounds: tap a round.",
    "js.card.left_table_note": (
        "You left the table from round {round}: your total is the rounds before it. The "
        "players at the table at the end confirm the card."),
    "js.card.confirm_check": "Check every round above. If your totals are right, confirm them.",
    "js.card.confirm_wait": "You can confirm once every round is recorded.",
    "js.card.time_over_label": "Session time over: the remaining rounds not played",
    "js.card.recorder_label": "Appoint {name} to record rounds",
    "js.card.seat_change_need_round": "Choose the first round they do not play.",
    "js.card.seat_change_label_substitute":
        "{name} leaves from round {round} ({reason}); {substitute} takes the seat",
    "js.card.seat_change_label_empty":
        "{name} leaves from round {round} ({reason}); nobody takes the seat",
    "js.card.round_title": "Round {round}",
    "js.card.round_title_correction": "Round {round} · correction",
    "js.card.correction_recorded": (
        "Round {round} is recorded ({line}). Saving makes a correction: the old line stays, "
        "struck through, and the players confirm again."),
    "js.card.correction_waiting": (
        "A line for this round is still waiting to be sent: saving again sends a correction "
        "after it."),
    "js.card.deal_compensation_option": "{name}: compensation round",
    "js.card.preview_wait": "The score changes show here once the round is complete.",
    "js.card.cannot_score": "This round cannot be scored as it stands.",
    "js.card.no_scoring":
        "This page cannot work out the score changes yet: reload it, or wait for the connection.",
    "js.card.picker_refused": "The picker's patterns break the counting rules: {problems}",
    "js.card.catalogue_offline":
        "The pattern list is not available offline yet; type the value instead.",
    "js.card.round_label": "Round {round}: {line}",
    "js.card.round_label_correction": "Round {round} (correction): {line}",
    "js.card.conflict_title_one": "A round was recorded twice",
    "js.card.conflict_title_many": "Rounds recorded twice",
    "js.card.conflict_recorded": "{who} already recorded round {round} as: {line}.",
    "js.card.conflict_corrected": "{who} corrected round {round} to: {line}.",
    "js.payoff.draw": "Draw: nobody scores (§1.6).",
    "js.payoff.uniform": "Everybody pays the value (uniform payoff).",
    "js.payoff.self_draw": "Self-draw: the three others pay the value each (§2.3).",
    "js.payoff.value_minimum": "The hand value must be a whole number of at least {minimum}.",
    "js.payoff.responsible": "{name} is responsible and pays the balance (§2.3).",
    "js.payoff.shared_small": "{threshold} points or less: the three others pay alike (§2.3).",
    "js.payoff.shared_immune":
        "Nobody is responsible (same-turn immunity): the three others pay alike (§2.3).",
    "js.paper.time_penalty":
        "Time-limit penalty: counts toward the player's time points in its round (§1.9)",
    "js.judge.section_chip": "§{section} {title} ✕",
    "js.judge.section_remove": "Remove §{section}",
    "js.judge.infraction_section": "{label} (§{section})",
    "js.judge.beyond": (
        "Beyond the rubric's range: you may give it with a written reason (A.5.6, A.5.7). It "
        "is marked in the log and listed for the head judge, whose decision on appeal is "
        "final (§4.3)."),
    "js.judge.beyond_range": (
        "Beyond the rubric's range: you may give it with a written reason (A.5.6, A.5.7). It "
        "is marked in the log and listed for the head judge, whose decision on appeal is "
        "final (§4.3)."),
    "js.judge.history_session_round": "Session {session}, round {round}",
    "js.judge.repeat_title": "Already a time penalty for round {round}.",
    "js.judge.repeat_note": (
        "Record a second one only for another overrun: turn and round limits add up (§1.9). "
        "Otherwise remove this penalty."),
    "js.judge.resign_title": "{who}: {points} time points in round {round}.",
    "js.judge.resign_note": (
        "More than 80 time-limit points in one round: the player is considered resigned, "
        "unless they gave a reasonable explanation (§1.9). A resignation puts them out of the "
        "tournament (§4.11)."),
    "js.picker.series_replaced":
        "{pattern} replaces {rival}: only one pattern of series {series} counts (§2.2).",
    "js.picker.self_draw": "Self-draw: the three others pay the value each.",
    "js.picker.responsible": "{seat} is responsible and pays the balance.",
    "js.picker.shared_small": "{threshold} points or less: the three others pay alike.",
    "js.picker.shared_immune":
        "Nobody is responsible (the winner had discarded this tile): the three others pay alike.",
    "js.picker.implied_by": "Included with {item}",
    "js.picker.tick_first": "Tick the hand's patterns to see who pays.",
    "js.timer.turn_hint": "Their turn starts when the player before them discards (§1.9)",
    "js.timer.resigned": (
        "More than 80 points this round: the player is considered resigned, out of the "
        "tournament, unless they give you a reasonable explanation (§1.9, §4.11)."),
    "js.timer.resign_warning": (
        "80 points: one more step and the player is considered resigned from the tournament, "
        "unless they explain (§1.9, §4.11)."),
    "js.timer.approaching": (
        "{points} points: getting close to 80; above it a player is considered resigned from "
        "the tournament (§1.9)."),
    "js.timer.late_absent": "More than 5 minutes late: may be ruled absent (§4.14, §4.15)",
    "js.clock.ended": "Session over: stop play (§3.4.1.2, §3.4.2.2)",
    "js.clock.over": "Time! Stop play now (§3.4.1.2, §3.4.2.2)",
    "js.clock.untimed": "No time limit (Grand Final, §3.4.2.2): all 16 rounds are played",
    "js.clock.warn15": "Less than 15 minutes left (reminder)",
    "js.clock.warn5": "Less than 5 minutes left (reminder)",
    "js.paper.winner_label": "Round {round}: winner",
    "js.paper.how_label": "Round {round}: how",
    "js.paper.discarder_label": "Round {round}: discarder",
    "js.paper.value_label": "Round {round}: hand value",
    "js.paper.added_one": "1 round added",
    "js.paper.added_many": "{count} rounds added",
    "js.paper.corrected_one": "1 round corrected from the paper",
    "js.paper.corrected_many": "{count} rounds corrected from the paper",
    "js.paper.choose_line":
        "Round {rounds}: choose which line counts before saving. Nothing was sent.",

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)
    "card.no_win_refused": "{name} may not win {hand}: {ruling} made the hand dead "
                           "(§1.8, §4.11). Strike that penalty out first if it was wrong.",
    "card.no_win_note": "dead hand: {ruling}",
    "card.hu_nearest": "{winner} cannot be the winner: of the players who declared mahjong "
                       "on {discarder}'s discard, {nearest} has precedence (§1.4.5).",
    "card.hu_claimants_bad": "The players who declared mahjong must sit at this table and "
                             "not be the discarder, and the win must be on a discard "
                             "(§1.4.5).",
    "card.hu_no_rule": "Give the winner: the card does not work out the precedence of "
                       "claims here (§1.4.5).",
    "card.claimants_label": "Also declared mahjong on this discard",

    "clock.timers_note": "Play timers time each player's turns; the points for a slow turn "
                         "are set by the clock, 5 per started 15 s over the limit (§1.9).",
    "clock.dealer_start": "This player starts: time from the deal (§1.9)",
    "clock.timer_limits": "{turn_s} s a turn; 5 points per started 15 s over (§1.9).",
    "js.timer.finished": "Round over",
    "js.timer.limit_left": "{left} left before the {limit} limit",
    "js.timer.limit_passed": "{over} over the {limit} limit (§1.9).",
    "js.timer.record_limit": "Put the time penalty on the card: {label} (§1.9)",
    "js.timer.late_call": "Record a late claim: {label} (§1.9)",
    "js.timer.foul_recorded": "{label} for {name} is on the card.",

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)
    "callup.when_play_stopped": "Call a judge once play at your table has stopped: no phone "
                                "may be used during play (§4.5), so until then raise a hand.",

    # --- the picker pages (issue 25) ---
    "picker.empty_note": ("No pattern ticked: as it stands this is a {name}, worth {value} "
                          "point (§2.2). Tick the patterns the hand holds."),
    "picker.minimum_note": "Any complete hand may win, however small its value (§2.2).",
    "picker.list_intro": ("Patterns by category, as §2.4 lists them. A pattern that always comes "
                         "with one you ticked is shown as included; one that cannot be counted "
                         "beside it cannot be ticked."),
    "picker.payoff_heading": "Who pays (§2.3)",
    "picker.about_heading": "Why a phone is allowed here",
    "picker.about": ("Under the electronic-device rule (§4.5) a device may help only with scoring,"
                    " and only by hand: you choose the patterns yourself and the picker adds them"
                    " up. It never reads tiles, takes photos or suggests what a hand contains."),
    "picker.combine_heading": "How patterns combine (§2.2)",
    # --- event day, second pass (issue 27) ---
    "standings.draw_seed": (
        "Ties that match points and the raw total leave are settled by a draw fixed "
        "before play (§3.3): each player's draw is the first 16 hex digits of the SHA-256"
        " of \"{seed}|standings|\" followed by their number, and the lower draw goes first."
        " The seed is {seed}."
    ),
    "final.cut_tie_raw": (
        "At the cut line {players} were level on match points; the raw total puts them in"
        " this order: {order}."
    ),
    "final.cut_tie_draw": (
        "At the cut line {players} were level on match points and on the raw total; the "
        "draw from the seed {seed} puts them in this order: {order}."
    ),
    "final.cut_tie_physical": (
        "At the cut line {players} were level on match points and on the raw total; a "
        "physical draw entered by {by} ({at}) puts them in this order: {order} (§3.3.2.1)."
    ),
    "page.standings.prize_note": (
        "Players level at a prize place you mark are split by the raw total, then at random"
        " (§3.3.1); at the cut line the same (§3.3.2.1). Only these ties are listed here once"
        " the last session is posted; everywhere else level players keep the seeded order."
    ),
    "page.standings.physical_note": (
        "The draw from the seed decides at random (§3.3.1, §3.3.2.1). If the players drew "
        "in the hall instead, enter the order they drew: it is kept with your name, and can"
        " be taken back until the cut it decides is made."
    ),

    "card.seat_move":
        "Round {round}: {name} moves to the {seat} seat (§3.4).",
    # --- a third ruleset needs no core edit (issue 25, point 5) ---
    # (keys of this part go below this line)
    "demo.event_name": "judgeaid Demo Open",
    "js.card.server_scores": "The score changes are worked out when the round is saved.",
    # --- the prize-giving (issue 30): Zung Jung gives no award over its patterns ---
    "award.pattern_1": "",
    "award.pattern_1_how": "",
    "award.pattern_2": "",
    "award.pattern_2_how": "",

}
