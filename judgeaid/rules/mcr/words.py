"""MCR's text table: every key of judgeaid/rules/words.py in the MCR text's words."""

WORDS: dict[str, str] = {
    # --- the ruleset itself ---------------------------------------------------------------
    "ruleset.name": "MCR",
    "ruleset.rulebook": "the MCR text",
    # --- the scoring card ----------------------------------------------------------------
    "card.hand_word": "hand",
    "card.hand_word_plural": "hands",
    "card.hand_word_title": "Hand",
    "card.hand_numbered": "hand {n}",
    "card.hand_numbered_title": "Hand {n}",
    "card.pattern_word": "fan",
    "card.pattern_word_plural": "fans",
    "card.picker_name": "Fan picker",
    # --- the standings -------------------------------------------------------------------
    "standings.points_label": "Table points",
    "standings.raw_label": "Contest points",
    # --- services, standings, print and exports (issue 25, part A) ---
    # (keys of this part go below this line)
    "ruleset.cite": "MCR §{section}",
    "card.cycle_1": "East wind round",
    "card.cycle_2": "South wind round",
    "card.cycle_3": "West wind round",
    "card.cycle_4": "North wind round",
    "card.time_cite": "MCR §3.5.6",
    "card.table_points_note": ("Table points 4/2/1/0 by session score (MCR §3.9.2). The text does "
                               "not say how ties split, so tied places share their points equally "
                               "(our reading)."),
    "card.seats_note": ("Seats change after every wind round of four hands, as MCR Appendix 4 sets "
                        "out; the scoring card shows where."),
    "card.payoff_note": ("Self-drawn: each other player pays 8 + the hand's value; on a discard "
                         "the discarder pays 8 + value and the other two 8 (MCR §3.9.1.3). No time "
                         "penalties priced by a clock: a judge's clock shows a passed play limit, "
                         "the judge rules the foul (MCR §3.6.4)."),
    "card.penalty_example": "MCR §3.11.2",
    "card.deal_cite": "our reading: the MCR text has no rule for a wrong deal",
    "card.deal_errors_cite": "our reading: the MCR text has no rule for a wrong deal",
    "card.deal_reading": "our reading: the MCR text has no rule for a wrong deal",
    "card.deal_refused": "{problem} (our reading: the MCR text has no rule for a wrong deal)",
    "card.leave_cite": "MCR §3.11.5",
    "card.substitute_cite": "our reading",
    "card.substitute_reading": "our reading",
    "card.left_word": "left the event",
    "card.forfeit_note": ("forfeited this session, more than 15 minutes late (MCR §3.11.2.1): "
                          "whatever is scored in the seat earns them nothing, and they play again "
                          "from the next session (our reading of how the seat counts)"),
    "card.seat_draw_cite": "MCR §3.4.7",
    "timers.none": ("MCR events have no time penalties priced by a clock: the judge's clock "
                    "only shows when a play limit was passed (MCR §3.6.4), and the judge "
                    "records the foul."),
    "clock.section": "MCR §3.5.6",
    "clock.ended": "Session over: only the hands finished before time count (MCR §3.5.6)",
    "clock.over": "Time! The hand in play ends now; only finished hands count (MCR §3.5.6)",
    "clock.warn15": "15 minutes left: the head judge tells the players (MCR §3.5.6)",
    "clock.warn5": "Less than 5 minutes left (reminder)",
    "clock.untimed": "No time limit set: all 16 hands are played",
    "clock.about": ("MCR §3.5.6 sets the session's length (at most 150 minutes) and a notice to "
                    "the players at 15 minutes left; the 5-minute warning is this app's reminder. "
                    "At time the hand in play ends at once and only the hands finished before it "
                    "count."),
    "standings.points_short": "TP",
    "standings.raw_words": "contest points",
    "standings.late_cite": "our reading: the MCR text has no rule for joining late",
    "standings.late_reading": "our reading: the MCR text has no rule for joining late",
    "standings.absent_cite": "our reading: the MCR text has no rule for it",
    "standings.substitute_cite": "our reading",
    "standings.seed_draw_cite": "our reading: the MCR text settles the last ties by lot",
    "final_day.not_a_bracket": ("The final-day settings ({advance} advance, rounds {rounds}) are "
                                "not a bracket: the MCR text has no final day."),
    "final_day.cut_cite": "our reading: the MCR text has no final day",
    "final_day.ranking_cite": "our reading: the MCR text has no final day",
    "final_day.filler_cite": "our reading: the MCR text has no final day",
    "final_day.filler_reading": "our reading: the MCR text has no final day",
    "final_day.untimed_cite": "our reading: the MCR text has no final day",
    "timers.time_cite": "our reading: the MCR text has no play timers",
    "timers.bank_cite": "our reading: the MCR text has no play timers",
    "timers.resign_cite": "our reading: the MCR text has no resignation for time",
    "timers.out_cite": "MCR §3.11.5",
    "standings.missed_capped": ("Player {player} is marked as joining at session {joins}; the app "
                                "counts at most two missed sessions as late (our reading: the MCR "
                                "text has no rule for joining late)."),
    "out.withdrawn": "withdrew",
    "out.disqualified": "disqualified (MCR §3.11.5)",
    "out.resigned": "resigned: out of the event",
    "out.withdrawn_you": "You withdrew from the event",
    "out.disqualified_you": "You are disqualified (MCR §3.11.5)",
    "out.resigned_you": "You are out of the event: resignation",
    "players.team_full": ("Team {team} already has {limit} players, the app's limit for a team "
                          "(our reading: the MCR text sets none)."),
    "players.csv_team_over": ("Team {team} would have more than {limit} players (the app's limit "
                              "for a team; our reading: the MCR text sets none)."),
    "seating.team_apart_cite": "our reading of MCR §3.5.1",
    "appeals.judge_only": "Only the head judge decides appeals (MCR §3.13.1).",
    "appeals.final": ("This appeal is already decided; the head judge's decision is final (our "
                      "reading of MCR §3.13.3)."),
    "appeals.cite": "MCR §3.12.2",
    "timeouts.cite": "our reading: the MCR text sets no time-out allowance",
    "rulings.book": "MCR",
    "ruleset.label": "MCR",
    "organizer.format_legend": "Format (MCR §3.5.4)",
    "print.kicker": "MCR Score Sheet (Appendix 5)",
    "print.round_short": "Hd",
    "print.penalties_cite": "MCR §3.11",
    "print.signatures_note": "and table points (MCR §3.9.2)",
    "print.scheme_formal": "8 + value (MCR §3.9.1.3)",
    "print.scheme_uniform": "8 + value (MCR §3.9.1.3)",
    "print.rotation_standard": "seats by App. 4",
    "print.rotation_league": "seats by App. 4",
    "paper.time_penalty_round": "A time-limit penalty needs its round.",

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)
    "page.clock.session_clock_label": "Session clock (MCR §3.5.6)",
    "page.clock.control_eyebrow": "{event} · session clock (MCR §3.5.6)",
    "page.clock.warnings_note": (
        "MCR §3.5.6 sets the session's length (at most 150 minutes) and a notice to the players"
        " at 15 minutes left; the 5-minute warning is this app's reminder. At time the hand in "
        "play ends at once and only the hands finished before it count."),
    "page.clock.at_zero": (
        "At zero every screen says to stop play; {seconds} seconds later, hands not yet "
        "recorded become not played on the cards. Ending the clock closes the cards at once."),
    "page.clock.untimed_note": (
        "No time limit set: all 16 hands are played, and the clock counts up."),
    "page.clock.timeouts_link": "Time-outs and late arrivals (MCR §3.11.2.1)",
    "page.clock.timers_link": "Play timers (MCR §3.5.6)",
    "page.timeouts.eyebrow": "MCR §3.11.2.1",
    "page.timeouts.absent_rule": (
        "More than 15 minutes late: the player has forfeited this session and plays again from "
        "the next one (MCR §3.11.2.1). Ending the late arrival records it on the card."),
    "page.timeouts.rule": (
        "A player late for the session loses 10 contest points if up to 10 minutes late, and 20"
        " points if 11 to 15 minutes late; later than that, the player forfeits the session and"
        " plays again from the next one (MCR §3.11.2.1). The MCR text sets no allowance for "
        "time away from the table: a time-out is logged for the judge, who may rule a violation"
        " of 5 to 60 points (MCR §3.11.2.2, our reading)."),
    "page.timers.eyebrow": "Play limits (MCR §3.6.4, MCR §3.6.7)",
    "page.timers.stalling_label": (
        "Stalling: hold this player to a short turn limit (MCR §3.11.2.2, our reading)"),
    "page.timer.limits": (
        "{turn} s to discard after a draw or a claim (MCR §3.6.4); passing it costs nothing "
        "by itself: the judge rules the foul."),
    "page.timer.limits_stalling": (
        "{turn} s to discard after a draw or a claim (MCR §3.6.4); passing it costs nothing "
        "by itself: the judge rules the foul."),
    "page.timer.limits_bank": (
        "{turn} s to discard after a draw or a claim (MCR §3.6.4); MCR sets no time for a "
        "whole hand, and passing a limit costs nothing by itself: the judge rules the foul."),
    "page.timer.limits_stalling_bank": (
        "{turn} s to discard after a draw or a claim (MCR §3.6.4); MCR sets no time for a "
        "whole hand, and passing a limit costs nothing by itself: the judge rules the foul."),
    "page.timer.resignation_question": (
        "MCR has no resignation for time (MCR §3.5.6): a judge rules any slow play as a "
        "violation (MCR §3.11.2.2)."),
    "page.timer.turn_rule": (
        "A turn starts when the player draws, claims a discard or replaces a flower, and ends "
        "with their discard (MCR §3.6.4); the dealer's first turn runs from the deal "
        "(MCR §3.5.7 item 6). A Pung or Kong call comes within 3 s of the discard "
        "(MCR §3.6.7): too short to time, so a late one is one tap."),
    "page.judge.section": "MCR §{id} {title}",
    "page.judge.section_id": "MCR §{id}",
    "page.judge.penalties_cite": "(MCR §3.11)",
    "page.judge.paid_to_cite": "(filled in where MCR §3.11.6.6 or MCR §3.11.6.7 pays them)",
    "page.judge.departure_tag": "{departure} (the judge's choice, with the reason written)",
    "page.judge.time_explanation": "explanation recorded: {explanation}",
    "page.judge.departures_note": (
        "Any judge may choose a penalty other than the suggestion, with a written reason (our "
        "reading: the MCR text leaves many amounts to the referee). They are listed here for "
        "you to review; on appeal your decision is final (MCR §3.13.3)."),
    "page.judge.repeat_link": "How repeated fouls are counted (MCR §3.11.6.3)",
    "page.judge.ladder": (
        "An empty call, touching the wall early and a late pung each climb within one hand: a "
        "warning, then 5, 10 and 20 points, and so on (MCR §3.11.6.3, §3.11.6.4, §3.11.6.5; "
        "past 20 we double, our reading). Other fouls start with a warning, then a rule "
        "violation of 5 to 60 points (MCR §3.11.1, §3.11.2.2). Choose what counts as an earlier"
        " foul for {event}."),
    "page.judge.repeat_window_round": "The same hand",
    "page.judge.clock_penalties_note": (
        "Late arrivals follow the clock and never count as repeats (MCR §3.11.2.1). Changing "
        "this affects later suggestions only."),
    "page.judge.appeals_cite": "(MCR §3.12)",
    "page.judge.appeal_final_head": (
        "Your decision is final: it cannot be appealed again (MCR §3.13.3)."),
    "page.judge.appeal_final": (
        "Only the head judge decides appeals, and that decision is final (MCR §3.13.3); this "
        "page shows them."),
    "page.judge.log_print_note": "changed entries show their current version",
    "page.fouls.form_cite": "(MCR Appendix 6)",
    "page.guide.lead": (
        "Short answers for what happens at the table, each with the MCR sections to cite. Works"
        " offline once opened."),
    "page.guide.search_placeholder": "Search: false hu, late pung, 3.11.6…",
    "page.card.form_name": "Score sheet",
    "page.card.sheet_link": "Score sheet to print (MCR Appendix 5)",
    "page.card.sheet_eyebrow": "{event} · score sheet (MCR Appendix 5)",
    "page.card.leave_rule": (
        "A player who leaves the event or is disqualified during the session (MCR §3.11.5) "
        "keeps the hands they played. From the hand you choose, a neutral substitute can take "
        "their seat: their score keeps the table zero-sum and is never ranked. The MCR text "
        "does not cover this; this is our reading. With nobody in the seat, no further hand can"
        " be recorded and the other three’s scores stand."),
    "page.card.reason_left": "Left the event",
    "page.card.deal_cite": "(our reading)",
    "page.card.deal_rule": (
        "Found after the correct East drew their 12th tile: the wrong East keeps this hand’s "
        "deal, the winds follow them, and the next hand goes on as if the correct East had "
        "dealt. If all four players agree, the skipped East deals a later hand as compensation;"
        " the card still has {count} hands. The MCR text has no rule for a wrong deal; this is "
        "our reading."),
    "page.card.paper_signed": (
        "Tick each player who signed the paper card (MCR §3.9.1). Their confirmation is "
        "recorded as “signed on paper”."),
    "page.card.place_points_title": "Table points (MCR §3.9.2)",
    "page.card.place_points_short": "TP",
    "page.player.appeal_note": (
        "If you still disagree with a judge's ruling, appeal to the head judge in the break "
        "after that session, before your next one starts. The head judge's decision is final "
        "(MCR §3.13.3)."),
    "page.player.arrive_note": (
        "Be at your table before the start: lateness costs contest points, and more than 15 "
        "minutes late forfeits the session (MCR §3.11.2.1)."),
    "page.player.seats_rotate": "Seats change between wind rounds; the scoring card shows where.",
    "page.results.late_one": (
        "Late arrival: 1 session missed, which earns no table points or contest points."),
    "page.results.late_many": (
        "Late arrival: {sessions} sessions missed, which earn no table points or contest "
        "points."),
    "page.results.points_note": (
        "Each session gives table points by your place at the table: 4, 2, 1 and 0, tied places"
        " sharing them (MCR §3.9.2; the sharing is our reading)."),
    "page.results.score_check_note": (
        "If a score above looks wrong, tell the organizer which session and what you think "
        "happened."),
    "page.seating.session_time": (
        "{minutes} minutes, 16 hands; at time the hand in play ends (MCR §3.5.6)"),
    "page.seating.session_untimed": "no limit: all 16 hands (MCR §3.5.6)",
    "page.seating.seats_league": "kept for the whole session",
    "page.seating.seats_rotate": "change after every wind round of four hands (MCR Appendix 4)",
    "page.seating.payoff_formal": (
        "Self-drawn: each other player pays 8 + the hand's value; on a discard the discarder "
        "pays 8 + value and the other two 8 (MCR §3.9.1.3)."),
    "page.seating.payoff_uniform": (
        "Self-drawn: each other player pays 8 + the hand's value; on a discard the discarder "
        "pays 8 + value and the other two 8 (MCR §3.9.1.3)."),
    "page.seating.turn_limit": "none: MCR times the session, not the turn (MCR §3.5.6)",
    "page.seating.round_limit": "none (MCR §3.5.6)",
    "page.seating.round_limit_none": "none (MCR §3.5.6)",
    "page.seating.withdraw": "Withdraw",
    "page.seating.disqualify": "Disqualify (MCR §3.11.5)",
    "page.seating.late_legend": "Late arrival: a registered player who has not played yet",
    "page.seating.late_closed": (
        "Late arrivals are no longer possible: they must check in before session 3 (our "
        "reading)."),
    "page.seating.substitutes_label": "Neutral substitutes (our reading)",
    "page.seating.late_cut_off_rule": (
        "A player who has not checked in by the time a session starts may be refused for that "
        "session; a refused player joins at the next one, and the sessions missed earn no table"
        " points or contest points (our reading: the MCR text has no rule for joining late). "
        "Before the start, leave the choice empty."),
    "page.seating.late_refuse": "Checked in after the cut-off: refuse them for that session",
    "page.seating.absent_rule": (
        "A player who has played a session and does not come to this one without a reason you "
        "accept leaves the event (our reading: the MCR text has no rule for it). One step "
        "records it. Then give their seat to a neutral substitute with the swap below. A player"
        " more than 15 minutes late who does come forfeits only this session (MCR §3.11.2.1): a"
        " judge records it on the card. A player who has not played yet is a late arrival "
        "instead (Sessions page)."),
    "page.seating.absent_confirm": "Absent, no acceptable reason: out of the event",
    "page.seating.absent_submit": "Record as out of the event",
    "page.seating.swap_note": (
        "Possible while neither table has anything on its card. To fill the seat of a player "
        "who is out, give a substitute's number as the second player (our reading)."),
    "page.seating.seats_judge_draw": (
        "Starting seats: the players’ own wind draw, entered by a judge (MCR §3.5.1)"),
    "page.seating.seats_digital_draw": "Starting seats: recorded digital draw (MCR §3.5.1)",
    "page.seating.wind_draw_note": (
        "If the players drew wind tiles at the table (MCR §3.5.1), enter who drew each wind. "
        "This replaces the digital draw."),
    "page.seating.table_seats_league": (
        "Seats stay the same all session. The player in the East seat deals first."),
    "page.seating.table_seats_rotate": (
        "Players change seats after every wind round of four hands (MCR Appendix 4). The player"
        " in the East seat deals first in each wind round."),
    "page.seating.clashes_label": "team-mates at one table (MCR Appendix 7)",
    "page.seating.clash_flag": "team",
    "page.seating.team_clashes_one": (
        "Over the whole event, team-mates share a table once: a team is too large to keep "
        "apart."),
    "page.seating.team_clashes": (
        "Over the whole event, team-mates share a table {count} times: a team is too large to "
        "keep apart."),
    "page.seating.board_lead_end": "Find your name, go to your table, and take the seat shown.",
    "page.standings.provisional_note": (
        "Scores may still be corrected until the organizer posts every session as final."),
    "page.standings.post_note": (
        "Standings stay provisional until you post a session as final. Every card must be "
        "complete first; posted results can be reopened for a correction, with a reason that "
        "goes in the audit log."),
    "page.standings.checks_note": (
        "Players ask for these from their own page when a score looks wrong. Check the card, "
        "have a judge correct it if needed, then close the request here."),
    "page.standings.late_heading": "Late arrivals and leaving",
    "page.standings.late_rule": (
        "A player who checks in before session 3 may still join; the sessions they missed earn "
        "them no table points and no contest points, and nothing more is taken off (our "
        "reading: the MCR text has no rule for joining an event late). Lateness for a session a"
        " player is seated in is charged in contest points at the table (MCR §3.11). A player "
        "who has played and then misses a session without a reason you accept can be marked out"
        " of the event; they go below everyone still playing (our reading)."),
    "page.standings.join_session_2": "session 2",
    "page.standings.join_session_3": "session 3",
    "page.standings.mark_out": "Mark out of the event",
    "page.standings.lots_note": (
        "Players rank by table points, then contest points (MCR §3.10.1). The text goes no "
        "further; our reading: players still level draw lots in the hall, once every session is"
        " posted as final, and you record the order drawn here. Until then they share their "
        "place."),
    "page.standings.lot_group": "Places {ranks} · {points} table points · {raw} contest points",
    "page.standings.final_ranking_note": (
        "The ranking after the last session is the final one (MCR §3.10.1)."),
    "page.standings.day1_points": "Table points",
    "page.standings.points_rule": (
        "Each session gives the players of a table 4, 2, 1 and 0 table points by their place on"
        " its card; players on the same score share the points of the places they fill (MCR "
        "§3.9.2; the sharing is our reading). Players rank by their table points over all "
        "sessions, then by contest points, the sum of their session scores with penalties taken"
        " off (MCR §3.10.1). Players still level on both are placed by a lot the organizer "
        "draws and records (our reading: the text stops at contest points)."),
    "page.standings.late_deduction": "late: {points} points off",
    "page.standings.tie_raw": "level on table points: contest points decide",
    "page.standings.draw_note": (
        "These players are level on table points and contest points. Each player's draw value "
        "comes from the event's recorded seed and their player number (SHA-256); the lower "
        "value takes the higher place. The organizer can show the seed so anyone can recompute "
        "it."),
    "page.standings.draw_group": "Places {ranks} · {points} table points · {raw} contest points",
    "page.standings.teams_note": (
        "A team's table points and contest points are its members' added up, and teams rank by "
        "them in that order (MCR Appendix 7). Teams level on both share the place (our "
        "reading)."),
    "page.standings.pager": "table points · contest points (MCR §3.10.1) · page {page} / {pages}",
    "page.final_day.none": (
        "MCR events have no final day: the ranking after the last session is the final one (MCR"
        " §3.10.1)."),
    "page.final_day.rounds": (
        "{advance} players advance; rounds of {sizes}. The last round plays all 16 hands with "
        "no session clock."),
    "page.final_day.empty_seat": (
        "When a player of this round does not come, call the highest-ranked eliminated player "
        "present to fill the seat (our reading). The app proposes them by preliminary rank; if "
        "they are not here, mark them not present and the next one is proposed."),
    "page.final_day.empty_seat_reading": (
        "Our reading: the absent player is out of the event and ranks last of this round; the "
        "filler plays as a neutral substitute, whose score keeps the table zero-sum but who "
        "cannot advance or change their own place."),
    "page.final_day.cut": "The top {size} of the preliminary standings advance.",
    "page.final_day.cut_tie": "At the line the table points are equal; the {decider} decides:",
    "page.final_day.points_head": "TP",
    "page.final_day.absent": "absent: last of the round (our reading)",
    "page.final_day.absent_out": "absent: out of the event, last of the round (our reading)",
    "page.final_day.out": "{raw} · out of the event during the round (MCR §3.11.5)",
    "page.final_day.out_below": (
        "{raw} · out of the event during the round (MCR §3.11.5): below everyone still in it "
        "(our reading)"),
    "page.final_day.bracket_note": (
        "Each round is ranked by the session's score across the whole field; the bottom half "
        "goes out, a tie at the line goes to the better preliminary rank, then to the draw (our"
        " reading). Survivors are seeded again by their preliminary rank alone."),
    "page.final_day.filler": "neutral filler for {name} #{number}, who is absent (our reading)",
    "page.organizer.session_minutes_label": "Session minutes (at most 150, MCR §3.5.6)",
    "page.organizer.clock_note": (
        "MCR sets play limits but no clock price and no time bank: a discard within 10 s "
        "(MCR §3.6.4), the dealer's first discard within 20 s (MCR §3.5.7 item 6), a Pung or "
        "Kong call within 3 s (MCR §3.6.7); the judge's clock shows a passed limit and the "
        "judge records the foul. The hall clock gives notice at 15 minutes left, and at time "
        "the hand in play ends at once (MCR §3.5.6). Seats change between wind rounds as MCR "
        "Appendix 4 sets out; hands pay by MCR §3.9.1.3."),
    "page.organizer.turn_limit_label": "Turn limit, s (MCR §3.6.4 fixes 10 s)",
    "page.organizer.rotate_option": "rotate each wind round (MCR Appendix 4)",
    "page.organizer.payoff_label": "Payoff (MCR §3.9.1.3)",
    "page.organizer.team_label": "Team (optional, MCR Appendix 7)",
    "page.organizer.member_id_label": "Member id (optional)",
    "page.leaderboards.member_id_note": (
        "A membership number matches a player across events; without one, only exactly the same"
        " name matches."),
    "page.leaderboards.legend": "Leaderboards",
    "page.leaderboards.sanctioned_label": "Sanctioned event",
    "page.leaderboards.sanctioned_note": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.weights_note": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.lead": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.window_choice": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.lifetime_choice": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.lifetime_note": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.window_note": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.points_short": "TP",
    "page.leaderboards.mean_short": "mean TP",
    "page.leaderboards.how_sanctioned": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.how_weights": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.how_points": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.how_out": "MCR events count on no leaderboard of this server.",
    "page.leaderboards.how_ties": "MCR events count on no leaderboard of this server.",
    "page.event.timers_fact": (
        "none: MCR times the session only, with a notice at 15 minutes left (MCR §3.5.6)"),
    "page.event.seats_league_fact": "fixed for a session",
    "page.event.seats_rotate_fact": "change between wind rounds (MCR Appendix 4)",
    "page.print.slips_lead": (
        "A slip per player with table, seat and a QR code to their own page, then the list by "
        "name for the notice board."),
    "page.print.cards_lead": (
        "A score sheet per table (MCR Appendix 5), with a QR code to its live card and the "
        "hands recorded so far."),
    "page.print.blank_choice": "Leave the hands blank, even where some are recorded",
    "page.print.slip_note": (
        "Seat from the app's draw, in place of the wind tiles (MCR §3.5.1); a judge may still "
        "hold the draw at the table."),
    "page.print.list_seats": "Seats are starting seats (MCR §3.5.1).",
    "page.home.picker_link": "MCR fan picker",
    "page.seating.cycles_heading": "Seats in each wind round",
    "page.seating.cycle_head": "Wind round",

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)
    "js.card.dealt_by_wrong_east": (
        "dealt by {name} as the wrong East (our reading: the MCR text has no rule for a wrong "
        "deal)"),
    "js.card.compensation_deal":
        "{name}’s compensation hand (our reading: the MCR text has no rule for a wrong deal)",
    "js.card.recorded_patterns": "Fans: {patterns}",
    "js.card.status_recorded": "{done} of 16 hands recorded",
    "js.card.status_not_played_from": "from hand {round} not played",
    "js.card.round_button_record": "Hand {round}: record",
    "js.card.round_button_correct": "Hand {round}: correct",
    "js.card.grid_caption": "Hands 1 to 16: each player's seat wind (E is the dealer) and score",
    "js.card.grid_head": "Hd",
    "js.card.replaced_revision": "Hand {round}, replaced revision ",
    "js.card.rounds_title": "Hands",
    "js.card.substitute_total_title": "Neutral substitute’s total: never ranked (our reading)",
    "js.card.table_points_title": "Table points (MCR §3.9.2)",
    "js.card.table_points_head": "TP",
    "js.card.table_points_later":
        "They appear here once every hand is recorded or the session time is over.",
    "js.card.seat_change_resigned_substitute": (
        "From hand {round}: {entering} sits in {leaving}’s seat as a neutral substitute (our "
        "reading); {leaving} left the event (MCR §3.11.5)."),
    "js.card.seat_change_disqualified_substitute": (
        "From hand {round}: {entering} sits in {leaving}’s seat as a neutral substitute (our "
        "reading); {leaving} was disqualified (MCR §3.11.5)."),
    "js.card.seat_change_resigned_empty": (
        "From hand {round}: {leaving} left the event (MCR §3.11.5) and nobody took the seat, "
        "so the table stops here; the other three’s scores stand."),
    "js.card.seat_change_disqualified_empty": (
        "From hand {round}: {leaving} was disqualified (MCR §3.11.5) and nobody took the "
        "seat, so the table stops here; the other three’s scores stand."),
    "js.card.leaving_total": "{name}: {total} for hands 1–{last}",
    "js.card.substitute_total":
        "{name}: {total} from hand {round} (neutral, never ranked; our reading)",
    "js.card.penalty_round": "hand {round}",
    "js.card.confirm_when_complete":
        "Players confirm once every hand is recorded (or the session time is over).",
    "js.card.confirm_all_note": (
        "Each player checks the count and signs the score sheet (MCR §3.9.1.4); the printed "
        "sheet keeps their signature lines."),
    "js.card.fouls_title": "Foul in this hand",
    "js.card.foul_false_hu": "False Hu",
    "js.card.foul_false_hu_cite": "MCR §3.11.6.6",
    "js.card.foul_dead_hand": "Loss of the right to win",
    "js.card.foul_dead_hand_cite": "MCR §3.11.3",
    "js.card.foul_tile_count": "Wrong tile count",
    "js.card.foul_tile_count_cite": "MCR §3.11.6.8",
    "js.card.foul_recorded": "{foul} for {name} in hand {round}: {penalty} (ruling #{ruling}).",
    "js.card.hello_check": "check every hand and your totals, then confirm below the card.",
    "js.card.hello_wait": "you can confirm once every hand is recorded.",
    "js.card.hello_recorder": "The judge appointed you to record hands: tap a hand.",
    "js.card.left_table_note": (
        "You left the table from hand {round}: your total is the hands before it. The players "
        "at the table at the end confirm the card."),
    "js.card.confirm_check": "Check every hand above. If your totals are right, confirm them.",
    "js.card.confirm_wait": "You can confirm once every hand is recorded.",
    "js.card.time_over_label": "Session time over: the remaining hands not played",
    "js.card.recorder_label": "Appoint {name} to record hands",
    "js.card.seat_change_need_round": "Choose the first hand they do not play.",
    "js.card.seat_change_label_substitute":
        "{name} leaves from hand {round} ({reason}); {substitute} takes the seat",
    "js.card.seat_change_label_empty":
        "{name} leaves from hand {round} ({reason}); nobody takes the seat",
    "js.card.round_title": "Hand {round}",
    "js.card.round_title_correction": "Hand {round} · correction",
    "js.card.correction_recorded": (
        "Hand {round} is recorded ({line}). Saving makes a correction: the old line stays, "
        "struck through, and the players confirm again."),
    "js.card.correction_waiting": (
        "A line for this hand is still waiting to be sent: saving again sends a correction "
        "after it."),
    "js.card.deal_compensation_option": "{name}: compensation hand",
    "js.card.preview_wait": "The score changes show here once the hand is complete.",
    "js.card.cannot_score": "This hand cannot be scored as it stands.",
    "js.card.no_scoring":
        "This page cannot work out the score changes yet: reload it, or wait for the connection.",
    "js.card.picker_refused": "The picker's fans break the counting rules: {problems}",
    "js.card.catalogue_offline":
        "The fan list is not available offline yet; type the value instead.",
    "js.card.round_label": "Hand {round}: {line}",
    "js.card.round_label_correction": "Hand {round} (correction): {line}",
    "js.card.conflict_title_one": "A hand was recorded twice",
    "js.card.conflict_title_many": "Hands recorded twice",
    "js.card.conflict_recorded": "{who} already recorded hand {round} as: {line}.",
    "js.card.conflict_corrected": "{who} corrected hand {round} to: {line}.",
    "js.payoff.draw": "Draw game: nobody scores (MCR §3.4.30).",
    "js.payoff.uniform": "Everybody pays the value.",
    "js.payoff.value_minimum": ("The hand value must be a whole number of at least {minimum} "
                                "(MCR §3.9.1.1)."),
    "js.payoff.self_draw":
        "Self-draw: each of the three others pays 8 + the hand's value (MCR §3.9.1.3).",
    "js.payoff.responsible": (
        "{name} gave the winning tile and pays 8 + the hand's value; the other two pay 8 each "
        "(MCR §3.9.1.3)."),
    "js.payoff.shared_small": "The three others pay alike (MCR §3.9.1.3).",
    "js.payoff.shared_immune": "The three others pay alike (MCR §3.9.1.3).",
    "js.paper.time_penalty":
        "Time-limit penalty: counts toward the player's time points in its hand",
    "js.judge.section_chip": "MCR §{section} {title} ✕",
    "js.judge.section_remove": "Remove MCR §{section}",
    "js.judge.infraction_section": "{label} (MCR §{section})",
    "js.judge.beyond": (
        "Not what MCR §3.11 sets for this foul: you may give it with a written reason. It is "
        "marked in the log and listed for the head judge."),
    "js.judge.beyond_range":
        "MCR §3.11 sets {low}–{high} points for this foul: choose an amount within it.",
    "js.judge.history_session_round": "Session {session}, hand {round}",
    "js.judge.repeat_title": "Already a time penalty for hand {round}.",
    "js.judge.repeat_note":
        "Record a second one only for another overrun. Otherwise remove this penalty.",
    "js.judge.resign_title": "{who}: {points} time points in hand {round}.",
    "js.judge.resign_note": (
        "Too many time-limit points in one hand: the player is considered to have left the "
        "event, unless they gave a reasonable explanation. Leaving puts them out of the "
        "tournament (MCR §3.11.5)."),
    "js.picker.series_replaced":
        "{pattern} replaces {rival}: only one fan of series {series} counts.",
    "js.picker.self_draw": (
        "Self-drawn: each of the other three pays {each} ({extra} + the hand's {value}), MCR "
        "§3.9.1.3."),
    "js.picker.responsible": (
        "{seat} gave the winning tile and pays {pays} ({rest} + the hand's {value}); the "
        "other two pay {rest} each, MCR §3.9.1.3."),
    "js.picker.shared_small": "The three others pay alike, MCR §3.9.1.3.",
    "js.picker.shared_immune": "The three others pay alike, MCR §3.9.1.3.",
    "js.picker.implied_by": "Included in {item}, not counted (MCR §3.9.1.6 (1))",
    "js.picker.tick_first": "Tick the hand's fans to see who pays.",
    "js.timer.turn_hint": "Their turn starts when the player before them discards",
    "js.timer.resigned": (
        "Past the time points allowed in one hand: the player is out of the event unless they "
        "give you a reasonable explanation."),
    "js.timer.resign_warning": (
        "At the time points allowed in one hand: one more step and the player is out of the "
        "event, unless they explain."),
    "js.timer.approaching":
        "{points} points: getting close to the time points allowed in one hand.",
    "js.timer.late_absent": "More than 15 minutes late: the session is forfeited (MCR §3.11.2.1)",
    "js.clock.ended": "Session over: only the hands finished before time count (MCR §3.5.6)",
    "js.clock.over": "Time! The hand in play ends now; only finished hands count (MCR §3.5.6)",
    "js.clock.untimed": "No time limit set: all 16 hands are played",
    "js.clock.warn15": "15 minutes left: the head judge tells the players (MCR §3.5.6)",
    "js.clock.warn5": "Less than 5 minutes left (reminder)",
    "js.paper.winner_label": "Hand {round}: winner",
    "js.paper.how_label": "Hand {round}: how",
    "js.paper.discarder_label": "Hand {round}: discarder",
    "js.paper.value_label": "Hand {round}: hand value",
    "js.paper.added_one": "1 hand added",
    "js.paper.added_many": "{count} hands added",
    "js.paper.corrected_one": "1 hand corrected from the paper",
    "js.paper.corrected_many": "{count} hands corrected from the paper",
    "js.paper.choose_line":
        "Hand {rounds}: choose which line counts before saving. Nothing was sent.",

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)
    "card.no_win_refused": "{name} may not win {hand}: {ruling} took the right to win "
                           "that hand (MCR §3.11.3). Strike that penalty out first if it "
                           "was wrong.",
    "card.no_win_note": "may not win this hand: {ruling}",
    "card.hu_nearest": "{winner} cannot be the winner: of the players who called Hu on "
                       "{discarder}'s discard, {nearest} sits nearest after the discarder "
                       "and wins (MCR §3.7.2.4).",
    "card.hu_claimants_bad": "The players who called Hu must sit at this table and not be "
                             "the discarder, and the win must be on a discard "
                             "(MCR §3.7.2.4).",
    "card.hu_no_rule": "Give the winner: MCR §3.7.2.4 makes the nearest after the "
                       "discarder win.",
    "card.claimants_label": "Called Hu on this discard (MCR §3.7.2.4)",

    "clock.timers_note": "MCR sets play limits but no clock price: a discard within 10 s "
                         "(MCR §3.6.4), the dealer's first discard within 20 s of "
                         "arranging the tiles (MCR §3.5.7 item 6), a Pung or Kong call "
                         "within 3 s (MCR §3.6.7). The judge's clock shows when a limit "
                         "was passed and offers the foul at the rubric's price; the judge "
                         "confirms. The hall clock gives notice at 15 minutes left, and at "
                         "time the hand in play ends at once (MCR §3.5.6).",
    "clock.dealer_start": "This player is the dealer: 20 s from the deal to the first "
                          "discard (MCR §3.5.7 item 6)",
    "clock.timer_limits": "{turn_s} s to discard after a draw or a claim (MCR §3.6.4), 20 s "
                          "for the dealer's start (MCR §3.5.7 item 6). Passing a limit costs "
                          "nothing by itself: the judge rules the foul.",
    "js.timer.finished": "Hand over",
    "js.timer.limit_left": "{left} left before the {limit} limit",
    "js.timer.limit_passed": "{over} over the {limit} limit (MCR §3.6.4): you may record "
                             "the foul below.",
    "js.timer.record_limit": "Limit passed: record a rule violation, {label} "
                             "(MCR §3.11.2.2)",
    "js.timer.late_call": "Late Pung or Kong call (over 3 s, MCR §3.6.7): {label} "
                          "(MCR §3.11.6.5)",
    "js.timer.foul_recorded": "{label} for {name} is on the card.",

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)
    "callup.when_play_stopped": "Call a judge once play at your table has stopped: during "
                                "play, a player raises a hand and waits for a judge.",

    # --- the picker pages (issue 25) ---
    "picker.empty_note": ("No fan ticked yet. Tick every fan the hand holds, and count the "
                         "flowers."),
    "picker.minimum_note": ("A win needs at least {minimum} points from its fans; each flower adds"
                           " 1 on top but never helps reach the {minimum} (MCR §3.9.1.1, "
                           "§3.11.6.6)."),
    "picker.list_intro": ("Fans by value, as MCR §3.8.1 lists them. A fan that one you ticked "
                         "always brings with it is shown as included and not scored again (MCR "
                         "§3.9.1.6 (1)); a fan the text says does not combine with a ticked one "
                         "cannot be ticked beside it."),
    "picker.payoff_heading": "Who won, and off whom (MCR §3.9.1.3)",
    "picker.about_heading": "By hand, never from tiles",
    "picker.about": ("You tick the fans yourself and the picker adds them up and works out the "
                    "payment: each of the other three gives the winner {extra} points, and "
                    "whoever pays for the win adds the hand's value on top (MCR §3.9.1.2, "
                    "§3.9.1.3). It never reads tiles, takes photos or suggests what a hand holds;"
                    " the player declares the fans and the referee checks them (MCR §3.9.1.4)."),
    "picker.combine_heading": "How fans combine (MCR §3.9.1.6)",
    # --- event day, second pass (issue 27) ---
    "standings.draw_seed": (
        "Players level on table points and contest points draw lots in the hall, and the "
        "organizer records the order drawn (our reading of MCR §3.10.1); no seed decides "
        "it."
    ),
    "final.cut_tie_raw": (
        "At the cut line {players} were level on table points; the contest points put "
        "them in this order: {order}."
    ),
    "final.cut_tie_draw": (
        "At the cut line {players} were level on table points and contest points; the lot"
        " puts them in this order: {order}."
    ),
    "final.cut_tie_physical": (
        "At the cut line {players} were level on table points and contest points; a lot "
        "entered by {by} ({at}) puts them in this order: {order}."
    ),
    "page.standings.prize_note": (
        "Players level on table points and contest points at a prize place you mark draw "
        "lots in the hall (our reading of MCR §3.10.1); no lot is asked for anywhere else, "
        "and level players there share their place."
    ),
    "page.standings.physical_note": "",

    "card.seat_move":
        "Hand {round}: {name} moves to the {seat} seat (MCR Appendix 4).",
    # --- a third ruleset needs no core edit (issue 25, point 5) ---
    # (keys of this part go below this line)
    "demo.event_name": "judgeaid MCR Demo Open",
    "js.card.server_scores": "The score changes are worked out when the hand is saved.",
    # --- the prize-giving (issue 30) ---
    "award.pattern_1": "Most Chicken Hands",
    "award.pattern_1_how": ("Counts each player's winning hands recorded with fan 43 Chicken "
                            "Hand ticked (MCR Appendix 1)."),
    "award.pattern_2": "Most hands with an 88-point fan",
    "award.pattern_2_how": ("Counts each player's winning hands recorded with at least one "
                            "88-point fan ticked (MCR Appendix 1, fans 1 to 7)."),

}
