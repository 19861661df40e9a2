"""The competitive final day through the database: cut, seed tables, elimination, reseeding,
the Grand Final and the final ranking (§3.3.2, §3.5.1, §3.5.3), with real cards."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from judgeaid.rules.zj.brackets import SEED_TABLES
from judgeaid.services import accounts, cards, final_day
from judgeaid.services.errors import ServiceError
from judgeaid.services.standings_data import load_sheet
from tests import factories
from tests.factories import (
    DRAW,
    current_round,
    finish_with_draws,
    make_event,
    organizer_of,
    play,
    play_preliminary,
    players_at,
    win,
)

# §3.5.3.2 worked example: (Day-1 MP rank, seed, table) of the 16 survivors of a round of 32
WORKED_EXAMPLE = [
    (1, 1, 1), (2, 2, 4), (4, 3, 2), (6, 4, 3), (7, 5, 3), (9, 6, 2), (10, 7, 4), (12, 8, 1),
    (13, 9, 1), (15, 10, 4), (17, 11, 2), (19, 12, 3), (20, 13, 3), (23, 14, 2), (26, 15, 4),
    (29, 16, 1),
]


def table_players(session):
    """Return {table number: set of player numbers}."""
    return {t.number: {s.player.number for s in t.seats} for t in session.tables}


def test_regional_final_day_from_cut_to_final_ranking(app, client):
    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        with pytest.raises(ServiceError, match="Finalize all 1 preliminary"):
            final_day.advance(tournament, organizer)
        by_rank = play_preliminary(tournament, organizer)
        rank_of = {number: rank for rank, number in by_rank.items()}

        final_day.advance(tournament, organizer)  # the cut: top 16, seeded (§3.5.3.4)
        round16 = current_round(tournament)
        assert (round16.number, round16.bracket_size) == (2, 16)
        assert table_players(round16) == {
            t: {by_rank[seed] for seed in seeds}
            for t, seeds in enumerate(SEED_TABLES[16], start=1)}

        # each table: one self-draw worth 10 × table; losers tie by table, Day-1 MP splits them
        outcome16 = {}
        for table in round16.tables:
            card = cards.card_for_table(table)
            first, *rest = players_at(card)
            play(card, organizer, win(first, 10 * table.number))
            outcome16.update({first: 30 * table.number, **dict.fromkeys(rest, -10 * table.number)})
        with pytest.raises(ServiceError, match="missing rounds"):
            final_day.advance(tournament, organizer)
        for table in round16.tables:
            factories.mark_time_over(cards.card_for_table(table), {"op_id": f"t16-{table.id}-over"},
                                 cards.Actor.for_user(organizer))
        final_day.advance(tournament, organizer)
        survivors16 = sorted(outcome16, key=lambda n: (-outcome16[n], rank_of[n]))[:8]
        round8 = current_round(tournament)
        assert (round8.number, round8.bracket_size) == (3, 8)
        seeded = sorted(survivors16, key=rank_of.get)
        assert table_players(round8) == {
            t: {seeded[seed - 1] for seed in seeds}
            for t, seeds in enumerate(SEED_TABLES[8], start=1)}

        outcome8 = {}
        for table in round8.tables:
            card = cards.card_for_table(table)
            first, *rest = players_at(card)
            play(card, organizer, win(first, 10 * table.number))
            factories.mark_time_over(card, {"op_id": f"t8-{table.id}-over"},
                                 cards.Actor.for_user(organizer))
            outcome8.update({first: 30 * table.number, **dict.fromkeys(rest, -10 * table.number)})
        final_day.advance(tournament, organizer)
        order8 = sorted(outcome8, key=lambda n: (-outcome8[n], rank_of[n]))
        grand_final = current_round(tournament)
        assert grand_final.bracket_size == 4
        assert table_players(grand_final) == {1: set(order8[:4])}

        card = cards.card_for_table(grand_final.tables[0])
        q = players_at(card)
        play(card, organizer, win(q[0], 50), win(q[1], 20, "discard", q[2]))
        outcome_gf = {q[0]: 130, q[1]: 10, q[2]: -70, q[3]: -70}
        finish_with_draws(card, organizer)  # the Grand Final has no clock: all 16 are played
        step = final_day.next_step(load_sheet(tournament.id))
        assert step["label"] == "Close the Grand Final and publish the ranking"
        final_day.advance(tournament, organizer)
        db.session.commit()
        tid = tournament.id

    expected = (sorted(outcome_gf, key=lambda n: (-outcome_gf[n], rank_of[n]))
                + order8[4:]
                + sorted(outcome16, key=lambda n: (-outcome16[n], rank_of[n]))[8:]
                + [by_rank[r] for r in range(17, 21)])
    body = client.get(f"/api/tournaments/{tid}/standings").get_json()
    assert body["phase"] == "final" and body["provisional"] is False
    assert [row["number"] for row in body["standings"]] == expected
    assert [row["rank"] for row in body["standings"]] == list(range(1, 21))
    assert body["standings"][0]["bracket"] == "Grand Final"
    assert body["standings"][0]["bracket_raw"] == 130
    assert [r["size"] for r in body["final_day"]["rounds"]] == [16, 8, 4]
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "Final ranking" in page and "Round of 16" in page


def test_the_worked_example_of_section_3_5_3_2_through_the_database(app, client):
    with app.app_context():
        tournament, organizer = make_event("nwsom", players=32, sessions=1)
        by_rank = play_preliminary(tournament, organizer)
        final_day.advance(tournament, organizer)
        round32 = current_round(tournament)
        assert table_players(round32) == {
            t: {by_rank[seed] for seed in seeds}
            for t, seeds in enumerate(SEED_TABLES[32], start=1)}

        # the survivors of the example go through; everyone else finishes below zero
        through = {by_rank[rank] for rank, _, _ in WORKED_EXAMPLE}
        for table in round32.tables:
            card = cards.card_for_table(table)
            seated = players_at(card)
            ins = [n for n in seated if n in through]
            outs = [n for n in seated if n not in through]
            if len(ins) == 4:
                play(card, organizer, DRAW)
            elif len(ins) == 1:
                play(card, organizer, win(ins[0], 10))
            else:
                assert len(ins) == 2
                play(card, organizer, win(ins[0], 30), win(ins[1], 20, "discard", outs[0]))
            factories.mark_time_over(card, {"op_id": f"t32-{table.id}-over"},
                                 cards.Actor.for_user(organizer))
        final_day.advance(tournament, organizer)
        db.session.commit()
        round16 = current_round(tournament)
        assert round16.bracket_size == 16
        seated = {s.player.number: t.number for t in round16.tables for s in t.seats}
        for rank, _seed, table in WORKED_EXAMPLE:
            assert seated[by_rank[rank]] == table, f"Day-1 rank {rank}"
        bracket = final_day.bracket_data(load_sheet(tournament.id))
        seeds = {p["day1_rank"]: (p["seed"], t["number"])
                 for t in bracket["rounds"][-1]["tables"] for p in t["players"]}
        assert seeds == {rank: (seed, table) for rank, seed, table in WORKED_EXAMPLE}


def test_final_day_pages_are_for_the_organizer(app, client):
    with app.app_context():
        tournament, _ = make_event("rsom", players=16, sessions=1)
        accounts.add_user(tournament, "Jin", "judge", "2468", actor="test")
        db.session.commit()
        tid = tournament.id
        name = organizer_of(tournament).name
    assert client.get(f"/t/{tid}/final-day").status_code == 302
    client.post("/api/login", json={"tournament_id": tid, "name": "Jin", "pin": "2468"})
    assert client.get(f"/t/{tid}/final-day").status_code == 403
    assert client.post(f"/t/{tid}/final-day/advance").status_code == 403
    client.post("/api/logout", json={})
    client.post("/api/login", json={"tournament_id": tid, "name": name, "pin": "1234"})
    page = client.get(f"/t/{tid}/final-day")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Make the cut and seat the round of 16" in text
    assert "Finalize all 1 preliminary sessions first" in text
    refused = client.post(f"/t/{tid}/final-day/advance")
    assert refused.status_code == 409


def test_a_final_day_that_is_no_bracket_names_the_rulesets_brackets(app):
    with app.app_context():
        tournament, _ = make_event("rsom", players=20)
        tournament.settings = {**tournament.settings, "final_day": [16, 8]}
        with pytest.raises(ServiceError) as refused:
            final_day.round_sizes(tournament)
        assert refused.value.message == (
            "The final-day settings (16 advance, rounds [16, 8]) are not a §3.3.2 bracket: "
            "use 16 → 8 → 4 or 32 → 16 → 8 → 4.")
        tournament.settings = {**tournament.settings, "final_day": [16, 8, 4]}
        assert final_day.round_sizes(tournament) == (16, 8, 4)
