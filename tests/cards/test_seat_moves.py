"""The card says in words where each player moves at a wind-round change (issue 27)."""

from judgeaid.extensions import db
from judgeaid.models import Card
from judgeaid.services.card_views import card_view
from tests.factories import use_ruleset


def test_the_card_says_where_players_move(app, demo):
    with app.app_context():
        card = db.session.get(Card, 1)
        rounds = card_view(card)["rounds"]
        assert [r["round"] for r in rounds if r["moves"]] == [5, 9, 13]
        assert all(text.startswith("Round 5: ") and "(§3.4)" in text
                   for text in rounds[4]["moves"])
        assert all(" moves to the " in text for text in rounds[4]["moves"])


def test_mcr_says_hand_and_appendix_4(app, demo):
    use_ruleset(app, demo["tournament_id"])
    with app.app_context():
        card = db.session.get(Card, 1)
        moves = card_view(card)["rounds"][4]["moves"]
        assert moves and all(text.startswith("Hand 5: ") and "MCR Appendix 4" in text
                             for text in moves)
        assert any(text.endswith("moves to the South seat (MCR Appendix 4).") for text in moves)
